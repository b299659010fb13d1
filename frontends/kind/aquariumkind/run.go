package aquariumkind

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Task is one puzzle for an engine.
type Task struct {
	// ID names the puzzle in messages.
	ID     string
	Puzzle *aquarium.Puzzle
	Rule   aquarium.Rule
	// Limit is how many solutions to look for: 1 solves, 2 decides
	// uniqueness, 0 counts them all.
	Limit int
}

// Result is one engine's run on one puzzle, judged.
type Result struct {
	// Solutions each passed aquarium.Check; there are none when one
	// failed it.
	Solutions []aquarium.Solution
	// Exhausted reports that the engine explored every possibility, so
	// Solutions is complete when shorter than the limit.
	Exhausted bool
	Stats     kind.StatList
	// Status is solved (some solution), unsolvable (none, and the proof),
	// unknown or interrupted (see End), or error (see Err).
	Status kind.Status
	// End is how the work ended: what stopped it, when something did.
	End kind.Ending
	// Err is the engine's error, a panic (a *kind.InternalError), or
	// the solution that failed the check (wrapping
	// aquarium.ErrWrongSolution).
	Err error
	// Elapsed is the engine's time, checks left out.
	Elapsed time.Duration
}

// Run runs the engine on the task under ctx, re-checks every solution it
// returns with the independent checker and judges the outcome: a solution
// that fails the check makes the status an error, never an answer, and so
// does a panic inside the engine.
func Run(ctx context.Context, e Engine, t Task) Result {
	start := time.Now()
	var got Outcome
	err := kind.Safely(t.ID, func() (err error) {
		got, err = e.Solve(ctx, t.Puzzle, t.Rule, t.Limit)
		return err
	})
	r := Result{Stats: got.Stats, Elapsed: time.Since(start), Err: err}
	for i, s := range got.Solutions {
		if cerr := aquarium.Check(t.Puzzle, s, t.Rule); cerr != nil {
			r.Status, r.Err = kind.StatusError, fmt.Errorf("internal error: solution %d of %s fails the check: %w", i+1, e.Name, cerr)
			return r
		}
	}
	r.Solutions, r.Exhausted, r.End = got.Solutions, got.Exhausted, kind.Ended(ctx, err)
	switch n := len(got.Solutions); {
	case r.End.Stopped():
		r.Status = r.End.Status()
	case err != nil:
		r.Status = kind.StatusError
	case n == 0 && got.Exhausted:
		r.Status = kind.StatusUnsolvable
	case n == 0:
		r.Status = kind.StatusUnknown // the engine gave up
	default:
		r.Status = kind.StatusSolved
	}
	return r
}

// Answer says the result in words, as compare and the race show it, for
// a run that looked for up to limit solutions: "unique", "3 solutions",
// "2+ solutions" (the limit reached), "unsolvable", what stopped the work,
// "gave up", "wrong answer" or "error". The engines that settled the
// question must agree on the words.
func (r Result) Answer(limit int) kind.Answer {
	a := kind.Answer{Status: r.Status}
	n := len(r.Solutions)
	switch {
	case r.Status == kind.StatusUnsolvable:
		a.Words = "unsolvable"
	case r.Status == kind.StatusSolved && n == 1 && r.Exhausted:
		a.Words = "unique"
	case r.Status == kind.StatusSolved && r.Exhausted && (limit <= 0 || n < limit):
		a.Words = fmt.Sprintf("%d solutions", n)
	case r.Status == kind.StatusSolved:
		a.Words = fmt.Sprintf("%d+ solutions", n)
	case r.End.Stopped():
		a.Words = r.End.Reason()
	case r.Status == kind.StatusUnknown:
		a.Words = "gave up"
	case errors.Is(r.Err, aquarium.ErrWrongSolution):
		a.Words = "wrong answer"
	default:
		a.Words = "error"
	}
	if r.Status.Settled() {
		a.Key = a.Words
	}
	return a
}
