// Package puzzleerr holds the two errors every puzzle model (jugs,
// watersort, tiles, rush, torch, river, aquarium) reports: a puzzle that
// breaks its format's rules (Validate) and a plan that breaks the puzzle's
// rules (the independent checkers, Check). Each model re-exports them as
// its own ErrInvalidPuzzle and ErrWrongPlan. The checkers share nothing
// else, with each other or with the solvers, so that each can judge its
// solvers.
package puzzleerr

import (
	"errors"
	"fmt"
)

// ErrInvalidPuzzle is wrapped by every error Invalidf returns.
var ErrInvalidPuzzle = errors.New("invalid puzzle")

// ErrWrongPlan is wrapped by every error Wrongf returns.
var ErrWrongPlan = errors.New("wrong plan")

// Invalidf returns an error that wraps ErrInvalidPuzzle and reads
// "invalid puzzle: " followed by the formatted message.
func Invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidPuzzle, fmt.Sprintf(format, args...))
}

// Wrongf returns an error that wraps ErrWrongPlan and reads
// "wrong plan: " followed by the formatted message.
func Wrongf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrWrongPlan, fmt.Sprintf(format, args...))
}
