package kind

import (
	"context"
	"fmt"
	"time"
)

// PlanSearch is how a search for a plan ended, for Verdict. A plan puzzle
// (jugs, Water Sort, tiles, Rush Hour, the crossings) sorts out its own
// cases first (a horizon passed, a limit it words its own way) and hands
// the rest here, so that every plan is judged the same way.
type PlanSearch struct {
	// Method names the method in messages: "bfs", "astar", "sat/gini".
	Method string
	// Err is the search's error; nil when it answered.
	Err error
	// NoPlan reports that the search proved there is no plan, and Proof
	// says how, in words ("all 2,183 reachable boards explored").
	NoPlan bool
	Proof  string
	// Check replays the plan found with the puzzle's independent checker;
	// nil when the search found none.
	Check func() error
}

// Verdict is a status with the words that explain it.
type Verdict struct {
	Status Status
	// Reason says why the input is unsolvable or the status unknown.
	Reason string
	// Error says what went wrong when Status is StatusError.
	Error string
}

// Verdict judges a search that ran under ctx: a stop (see Ended) is
// unknown or interrupted, with what stopped it as the reason; another
// error is an error; a proof that there is no plan is unsolvable; a plan
// is solved once the checker accepts it, and a plan the checker refuses
// is an internal error, never an answer.
func (s PlanSearch) Verdict(ctx context.Context) Verdict {
	if end := Ended(ctx, s.Err); end.Stopped() {
		return Verdict{Status: end.Status(), Reason: end.Reason()}
	}
	switch {
	case s.Err != nil:
		return Verdict{Status: StatusError, Error: s.Err.Error()}
	case s.NoPlan:
		return Verdict{Status: StatusUnsolvable, Reason: s.Proof}
	case s.Check == nil:
		return Verdict{Status: StatusError, Error: fmt.Sprintf("internal error: %s ended with neither a plan nor a proof that there is none", s.Method)}
	}
	if err := s.Check(); err != nil {
		return Verdict{Status: StatusError, Error: fmt.Sprintf("internal error: the %s plan failed the check: %v", s.Method, err)}
	}
	return Verdict{Status: StatusSolved}
}

// Judged is one engine's run on one input, judged: what the Result of
// every plan puzzle's kind holds beside the engine's own outcome.
type Judged struct {
	// Verdict is the status, with the reason for unsolvable and unknown
	// and the message of an error.
	Verdict
	// Err is the engine's error: a stop, a limit, a failure, or a panic
	// (a *InternalError).
	Err error
	// Elapsed is the engine's time, the check left out.
	Elapsed time.Duration
}

// Time runs work on the input id, a panic inside it made an
// *InternalError (Safely), and returns its error and its time, to be
// judged.
func Time(id string, work func() error) Judged {
	start := time.Now()
	err := Safely(id, work)
	return Judged{Err: err, Elapsed: time.Since(start)}
}
