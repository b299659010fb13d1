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
//
// Gini v1.0.4 keeps the conflict clause of an UNSAT answer and, at the
// start of the next Solve, derives a learnt clause from it as if the
// search went on (internal/xo/s.go:612, cleanupSolve at s.go:639-665). When
// the clauses alone are unsatisfiable, that derivation reaches a conflict
// at decision level 0, where the 1-UIP analysis finds no literal at the
// current level (internal/xo/derive.go:124-151) and returns the null
// literal as the "unit", and the solve goes wrong: gini's own check of
// the model it found exits the program with log.Fatalf ("internal error
// in solve: sat model"), or the answer is wrong. This happens after an
// UNSAT answer with a core too (three pigeons in two holes refuted under
// assumptions give the core [1]), so the core does not tell the two cases
// apart. TestGiniResolveAfterUnsat in
// this package reproduces the bug.
//
// Adding a clause discards that conflict clause (gini backtracks to level
// 0 and forgets it, s.go:541-551), and gini is right again. So after an
// UNSAT answer with a core the Solver adds the tautology x1 or not x1,
// which gini drops, before the next Solve, unless a clause came in
// between; gini keeps everything it learned. An UNSAT answer with an
// empty core means the clauses alone are unsatisfiable, and gini may lose
// a conflict at level 0 when it backtracks: every later Solve answers
// UNSAT without asking gini. Contradictory assumptions are answered
// without gini. TestDifferential checks the repair against solvers that
// start afresh on every query; without the repair it fails within the
// first sequences.
package gini

import (
	"context"
	"slices"
	"time"

	ginilib "github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/waterworks-solver/waterworks/sat"
)

// Solver is an incremental gini solver. The zero value is not usable; call
// New.
type Solver struct {
	g      *ginilib.Gini
	unsat  bool // the clauses alone are unsatisfiable
	dirty  bool // g holds the conflict of an UNSAT answer under assumptions
	last   sat.Status
	core   []sat.Lit
	solves int64
}

// The optional interfaces of package sat that Solver meets, which their
// users find by type assertion: a method whose signature drifts fails to
// compile rather than being passed over.
var (
	_ sat.Solver        = (*Solver)(nil)
	_ sat.Explainer     = (*Solver)(nil)
	_ sat.StatsReporter = (*Solver)(nil)
)

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
	if len(lits) == 0 {
		s.unsat = true
	}
	if s.unsat {
		return // g is never asked again
	}
	for _, l := range lits {
		s.g.Add(lit(l))
	}
	s.g.Add(z.LitNull) // also makes g forget its last conflict
	s.dirty = false
}

// forgetConflict makes g drop the conflict clause of its last UNSAT
// answer by adding a tautology, which gini checks for and discards after
// backtracking to level 0 and clearing the conflict.
func (s *Solver) forgetConflict() {
	x := z.Var(1).Pos()
	s.g.Add(x)
	s.g.Add(x.Not())
	s.g.Add(z.LitNull)
	s.dirty = false
}

// Poll intervals while waiting for a cancellable solve: short at first so
// quick solves return quickly, then longer to cost nothing.
const (
	firstPoll = 20 * time.Microsecond
	lastPoll  = 500 * time.Microsecond
)

// Solve implements [sat.Solver].
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.last, s.core = sat.Unknown, nil
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	if s.unsat {
		s.last = sat.Unsat
		return sat.Unsat, nil
	}
	for i, a := range assumptions {
		if slices.Contains(assumptions[:i], a.Not()) {
			s.last, s.core = sat.Unsat, []sat.Lit{a.Not(), a}
			return sat.Unsat, nil
		}
	}
	if s.dirty {
		s.forgetConflict()
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
		for _, m := range s.g.Why(nil) {
			s.core = append(s.core, sat.Lit(m.Dimacs()))
		}
		if len(s.core) == 0 {
			s.unsat = true
		} else {
			s.dirty = true
		}
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
	return slices.Clone(s.core)
}

// Stats implements [sat.StatsReporter]. Gini keeps its search statistics
// in an internal package, so only Solves is counted.
func (s *Solver) Stats() sat.Stats { return sat.Stats{Solves: s.solves} }
