package kind

import (
	"context"
	"errors"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/membudget"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Stop says what stopped a piece of work before it could answer.
type Stop int

// The ways work stops. Every engine ends in one of them, and Ended tells
// which.
const (
	// Done: nothing stopped the work; it answered, or failed on its own.
	Done Stop = iota
	// TimedOut: its time limit passed (its context's deadline).
	TimedOut
	// Interrupted: a signal, or its caller, cancelled its context.
	Interrupted
	// OverBudget: the memory budget, by an estimate over it or by the
	// watch that ends the work's context when the process crosses it.
	OverBudget
	// AtLimit: a search limit, of states, nodes or a formula's size.
	AtLimit
)

// Ending is how a piece of work ended, as Ended classifies it.
type Ending struct {
	Stop Stop
	// Err is the error that says so: the work's own (a deadline, a limit,
	// a budget estimate), or the *membudget.Error of the watch that
	// cancelled the work's context. It is nil when Stop is Done.
	Err error
}

// Ended says how work that ran under ctx and returned err ended: Done
// when err is nil or a failure of the work's own, else what stopped it.
// The memory watch (membudget.Watch) ends work by cancelling its
// context, so a context.Canceled under a ctx whose cause is a
// *membudget.Error is OverBudget, not Interrupted. ctx may be nil when
// err alone decides.
func Ended(ctx context.Context, err error) Ending {
	switch {
	case err == nil:
		return Ending{}
	case errors.Is(err, membudget.ErrBudget):
		return Ending{OverBudget, err}
	case errors.Is(err, context.DeadlineExceeded):
		return Ending{TimedOut, err}
	case errors.Is(err, context.Canceled):
		if ctx != nil {
			if be, ok := membudget.Cause(ctx); ok {
				return Ending{OverBudget, be}
			}
		}
		return Ending{Interrupted, err}
	case errors.Is(err, statespace.ErrLimit), errors.Is(err, statespace.ErrFormulaLimit), errors.Is(err, cp.ErrLimit):
		return Ending{AtLimit, err}
	}
	return Ending{}
}

// Stopped reports whether something stopped the work before an answer.
func (e Ending) Stopped() bool { return e.Stop != Done }

// Status is the status of stopped work: interrupted for an interrupt,
// unknown for a timeout, the budget or a limit, and "" when the work was
// not stopped.
func (e Ending) Status() Status {
	switch e.Stop {
	case Done:
		return ""
	case Interrupted:
		return StatusInterrupted
	}
	return StatusUnknown
}

// Reason says in words what stopped the work: "timed out",
// "interrupted", or the budget's or the limit's own message ("memory
// budget of 1 GiB reached at ..."); "" when nothing did.
func (e Ending) Reason() string {
	switch e.Stop {
	case Done:
		return ""
	case TimedOut:
		return "timed out"
	case Interrupted:
		return "interrupted"
	}
	return e.Err.Error()
}
