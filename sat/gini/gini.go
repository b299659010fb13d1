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
// Gini v1.0.4 cannot solve again after an UNSAT answer when its clauses
// are unsatisfiable at the root: the next Solve derives from the old
// conflict a bogus unit on variable 0 and either claims SAT with a wrong
// model or exits the program with log.Fatalf ("internal error in solve:
// sat model"). TestGiniResolveAfterUnsat in this package reproduces it on
// three pigeons in two holes. So the Solver keeps a copy of its clauses:
// after an UNSAT answer with an empty core (the clauses alone are
// unsatisfiable) every later Solve answers UNSAT at once, and after one
// with a core the next Solve starts from a fresh gini loaded with the
// copy, losing what gini had learned but never its soundness.
// Contradictory assumptions are answered without gini.
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
	g       *ginilib.Gini
	clauses sat.Formula // every clause added, to rebuild g
	unsat   bool        // the clauses alone are unsatisfiable
	stale   bool        // g answered UNSAT under assumptions and must be rebuilt
	last    sat.Status
	core    []sat.Lit
	solves  int64
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
	s.clauses.AddClause(lits...)
	if len(lits) == 0 {
		s.unsat = true
	}
	if s.unsat || s.stale {
		return // g is rebuilt or never asked again
	}
	s.add(lits)
}

func (s *Solver) add(lits []sat.Lit) {
	for _, l := range lits {
		s.g.Add(lit(l))
	}
	s.g.Add(z.LitNull)
}

// rebuild replaces g by a fresh gini holding every clause.
func (s *Solver) rebuild() {
	s.g = ginilib.NewVc(s.clauses.NumVars(), s.clauses.NumClauses())
	for c := range s.clauses.Clauses() {
		s.add(c)
	}
	s.stale = false
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
	if s.stale {
		s.rebuild()
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
			s.stale = true
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
