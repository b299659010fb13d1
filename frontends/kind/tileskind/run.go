package tileskind

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// Result is one method's run on one board, judged.
type Result struct {
	// Outcome is what the method found; its Plan has passed tiles.Check
	// when the status is solved.
	Outcome
	// Parity reports that the board was answered unsolvable by its parity,
	// without a search.
	Parity bool
	// Judged holds the verdict and the method's error: a stop, the state
	// limit, the horizon passed, a failure, or a panic.
	kind.Judged
}

// Run answers the board p (named id in messages) under ctx: a board of
// the wrong parity is unsolvable at once (unless o.Exhaust); on the others
// the method runs and the outcome is judged: the SAT method's horizon is
// unknown, worded here; the rest is kind.PlanSearch's, so that a plan
// counts only once tiles.Check accepts it. A panic in the method is an
// error.
func Run(ctx context.Context, id string, m Method, p *tiles.Puzzle, o Options) Result {
	if err := p.Solvability(); err != nil && !o.Exhaust {
		reason := strings.TrimPrefix(err.Error(), tiles.ErrUnsolvable.Error()+": ")
		return Result{Parity: true, Judged: kind.Judged{Verdict: kind.Verdict{Status: kind.StatusUnsolvable, Reason: reason}}}
	}
	var r Result
	r.Judged = kind.Time(id, func() (err error) {
		r.Outcome, err = m.Solve(ctx, p, o)
		return err
	})
	if errors.Is(r.Err, statespace.ErrHorizon) {
		r.Verdict = kind.Verdict{Status: kind.StatusUnknown, Reason: fmt.Sprintf("no plan of at most %d moves", o.MaxMoves)}
		return r
	}
	search := kind.PlanSearch{Method: m.Name, Err: r.Err, NoPlan: r.Exhausted,
		Proof: fmt.Sprintf("all %d reachable boards explored, none solved", r.Stats.Stored)}
	if r.Plan != nil {
		search.Check = func() error { return tiles.Check(p, r.Plan) }
	}
	r.Verdict = search.Verdict(ctx)
	return r
}

// Answer says the result as compare shows it: "optimal 22", on which
// every engine must agree, "unsolvable (parity)" or "unsolvable (181440
// boards explored)", which agree whatever their proof, or why it stopped.
// An error has no words: its message says it.
func (r Result) Answer() kind.Answer {
	a := kind.Answer{Status: r.Status}
	switch r.Status {
	case kind.StatusSolved:
		return kind.Optimal(len(r.Plan))
	case kind.StatusUnsolvable:
		if r.Parity {
			return kind.Unsolvable("unsolvable (parity)")
		}
		return kind.Unsolvable(fmt.Sprintf("unsolvable (%d boards explored)", r.Stats.Stored))
	case kind.StatusUnknown, kind.StatusInterrupted:
		a.Words = r.Reason
	}
	return a
}
