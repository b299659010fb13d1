// Package plancheck holds what the puzzles' independent plan checkers
// (jugs, watersort, tiles, rush, torch and river Check) share: the error
// that marks a plan breaking the rules, as opposed to an invalid puzzle.
// The checkers share nothing else, with each other or with the solvers,
// so that each can judge its solvers.
package plancheck

import (
	"errors"
	"fmt"
)

// ErrWrongPlan is wrapped by every error Wrongf returns.
var ErrWrongPlan = errors.New("wrong plan")

// Wrongf returns an error that wraps ErrWrongPlan and reads
// "wrong plan: " followed by the formatted message.
func Wrongf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrWrongPlan, fmt.Sprintf(format, args...))
}
