package jugskind

import (
	"context"
	"errors"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Result is one method's run on one puzzle, judged.
type Result struct {
	// Outcome is what the method found; its Plan has passed jugs.Check
	// when the status is solved.
	Outcome
	// Judged holds the verdict and the method's error: a stop, a limit,
	// a horizon passed, a puzzle too large for the method (wrapping
	// jugs.ErrTooLarge), a failure, or a panic (a *kind.InternalError).
	kind.Judged
}

// Run runs the method on the puzzle p (named id in messages) under ctx,
// once Fits has said that it takes it, and judges the outcome: a horizon
// passed is unknown; the rest is kind.PlanSearch's, so that a plan counts
// only once jugs.Check accepts it. A panic in the method is an error.
func Run(ctx context.Context, id string, m Method, p *jugs.Puzzle, o Options) Result {
	var r Result
	r.Judged = kind.Time(id, func() (err error) {
		if err := m.Fits(p, o); err != nil {
			return err
		}
		r.Outcome, err = m.Solve(ctx, p, o)
		return err
	})
	if errors.Is(r.Err, statespace.ErrHorizon) {
		r.Verdict = kind.Verdict{Status: kind.StatusUnknown, Reason: r.Err.Error()}
		return r
	}
	search := kind.PlanSearch{Method: m.Name, Err: r.Err, NoPlan: !r.Solvable, Proof: r.Proof}
	if r.Solvable {
		search.Check = func() error { return jugs.Check(p, r.Plan) }
	}
	r.Verdict = search.Verdict(ctx)
	return r
}

// Answer says the result as compare shows it: "optimal 6", on which every
// engine that proves an optimum must agree, "unsolvable", or why it
// stopped. An error has no words: its message says it.
func (r Result) Answer() kind.Answer {
	a := kind.Answer{Status: r.Status}
	switch r.Status {
	case kind.StatusSolved:
		// Every method returns a fewest-actions plan: BFS by search order,
		// sat and cp by refuting every shorter length.
		a = kind.Optimal(len(r.Plan))
	case kind.StatusUnsolvable:
		a.Words, a.Key = "unsolvable", "unsolvable"
	case kind.StatusUnknown, kind.StatusInterrupted:
		a.Words = r.Reason
	}
	return a
}
