// Package gini is the [sat.Solver] backend on github.com/go-air/gini: an
// incremental CDCL solver in pure Go with assumptions and failed-assumption
// cores ([sat.Explainer]).
//
// Clauses go straight into one gini instance, which keeps what it learned
// from one Solve to the next. A Solve under a context that can end runs
// through gini's GoSolve handle: this goroutine polls the handle's Test
// and calls Stop when the context ends, which stops the search within
// about 20000 propagations. Gini's own time limit (Try) is not used: its
// deadline sticks to later solves. Nor is gini's Write: it exports a
// simplified database, not our clauses.
package gini

import (
	"context"
	"time"

	ginilib "github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"waterworks/sat"
)

// Solver is an incremental gini solver. The zero value is not usable; call
// New.
type Solver struct {
	g      *ginilib.Gini
	last   sat.Status
	solves int64
}

// New returns an empty solver.
func New() *Solver { return &Solver{g: ginilib.New()} }

// lit converts a DIMACS literal to gini's.
func lit(l sat.Lit) z.Lit {
	if l == 0 {
		panic("gini: literal 0")
	}
	return z.Dimacs2Lit(int(l))
}

// AddClause implements [sat.Solver].
func (s *Solver) AddClause(lits ...sat.Lit) {
	for _, l := range lits {
		s.g.Add(lit(l))
	}
	s.g.Add(z.LitNull)
}

// Poll intervals while waiting for a cancellable solve: short at first so
// quick solves return quickly, then longer to cost nothing.
const (
	firstPoll = 20 * time.Microsecond
	lastPoll  = 2 * time.Millisecond
)

// Solve implements [sat.Solver].
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.last = sat.Unknown
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	for _, a := range assumptions {
		s.g.Assume(lit(a))
	}
	s.solves++
	var res int
	if ctx.Done() == nil {
		res = s.g.Solve()
	} else {
		res = s.solveUntil(ctx)
	}
	switch res {
	case 1:
		s.last = sat.Sat
	case -1:
		s.last = sat.Unsat
	default:
		return sat.Unknown, ctx.Err()
	}
	return s.last, nil
}

// solveUntil runs the solve in gini's goroutine and stops it when ctx
// ends. It polls Test rather than blocking in Wait, because Wait holds the
// handle's lock until the search ends, which would block Stop.
func (s *Solver) solveUntil(ctx context.Context) int {
	conn := s.g.GoSolve()
	wait := firstPoll
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return conn.Stop()
		case <-timer.C:
		}
		if res, done := conn.Test(); done {
			return res
		}
		wait = min(2*wait, lastPoll)
		timer.Reset(wait)
	}
}

// Value implements [sat.Solver].
func (s *Solver) Value(l sat.Lit) bool {
	if l.Var() > int(s.g.MaxVar()) {
		return l < 0 // a variable gini never saw is false
	}
	return s.g.Value(lit(l))
}

// Why implements [sat.Explainer] with gini's minimised failed assumptions.
func (s *Solver) Why() []sat.Lit {
	if s.last != sat.Unsat {
		return nil
	}
	core := s.g.Why(nil)
	out := make([]sat.Lit, len(core))
	for i, m := range core {
		out[i] = sat.Lit(m.Dimacs())
	}
	return out
}

// Stats implements [sat.StatsReporter]. Gini keeps its search statistics
// in an internal package, so only Solves is counted.
func (s *Solver) Stats() sat.Stats { return sat.Stats{Solves: s.solves} }
