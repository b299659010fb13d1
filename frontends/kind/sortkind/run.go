package sortkind

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// Result is one method's run on one level, judged.
type Result struct {
	// Outcome is what the method found; its Plan has passed
	// watersort.Check when the status is solved.
	Outcome
	// Judged holds the verdict and the method's error: a stop, the state
	// limit, the horizon passed, a failure, or a panic.
	kind.Judged
}

// Run runs the method on the level p (named id in messages) under ctx
// and judges the outcome: the state limit and the SAT method's horizon
// are unknown, worded here; the rest is kind.PlanSearch's, so that a plan
// counts only once watersort.Check accepts it. A panic in the method is
// an error.
func Run(ctx context.Context, id string, m Method, p *watersort.Puzzle, o Options) Result {
	var r Result
	r.Judged = kind.Time(id, func() (err error) {
		r.Outcome, err = m.Solve(ctx, p, o)
		return err
	})
	switch {
	case errors.Is(r.Err, watersort.ErrLimit):
		r.Verdict = kind.Verdict{Status: kind.StatusUnknown, Reason: fmt.Sprintf("stopped after %d states", r.Stats.Stored)}
		return r
	case errors.Is(r.Err, watersort.ErrHorizon):
		r.Verdict = kind.Verdict{Status: kind.StatusUnknown, Reason: fmt.Sprintf("no plan of at most %d moves, not a proof of unsolvability", o.MaxMoves)}
		return r
	}
	search := kind.PlanSearch{Method: m.Name, Err: r.Err, NoPlan: r.Found == watersort.Unsolvable,
		Proof: fmt.Sprintf("all %d reachable positions explored", r.Stats.Stored)}
	if r.Found == watersort.Solved {
		search.Check = func() error { return watersort.Check(p, o.Rule, r.Plan) }
	}
	r.Verdict = search.Verdict(ctx)
	return r
}

// Answer says the result as compare shows it: "optimal 6", on which every
// engine that proves an optimum must agree, "6 moves" for a plan not
// proven optimal (greedy's), "unsolvable" (every reachable position
// explored, by any search), or why it stopped; the SAT method's unknown
// past its horizon proves nothing. An error has no words: its message
// says it.
func (r Result) Answer() kind.Answer {
	a := kind.Answer{Status: r.Status}
	switch r.Status {
	case kind.StatusSolved:
		if r.Optimal {
			return kind.Optimal(len(r.Plan))
		}
		a.Words = fmt.Sprintf("%d moves", len(r.Plan))
	case kind.StatusUnsolvable:
		return kind.Unsolvable("unsolvable")
	case kind.StatusUnknown, kind.StatusInterrupted:
		a.Words = r.Reason
	}
	return a
}
