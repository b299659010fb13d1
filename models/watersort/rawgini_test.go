package watersort

import (
	"context"
	"time"

	ginilib "github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/waterworks-solver/waterworks/sat"
)

// rawGini is a sat.Solver straight on one gini instance, without the
// repair after an UNSAT answer under assumptions that sat/gini does to
// avoid a gini bug (see the sat/gini documentation). It exists only to
// measure what the repair costs the horizon loop of SolveSAT. The bug
// needs clauses that are unsatisfiable without assumptions, which an
// unrolling of a solvable level never is; the benchmarks that use it also
// replay every plan with Check (SolveSAT does) and report its length.
type rawGini struct{ g *ginilib.Gini }

func newRawGini() *rawGini { return &rawGini{g: ginilib.New()} }

func (r *rawGini) AddClause(lits ...sat.Lit) {
	for _, l := range lits {
		r.g.Add(z.Dimacs2Lit(int(l)))
	}
	r.g.Add(z.LitNull)
}

func (r *rawGini) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	for _, a := range assumptions {
		r.g.Assume(z.Dimacs2Lit(int(a)))
	}
	conn := r.g.GoSolve()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			conn.Stop()
			return sat.Unknown, ctx.Err()
		case <-tick.C:
		}
		if res, done := conn.Test(); done {
			switch res {
			case 1:
				return sat.Sat, nil
			case -1:
				return sat.Unsat, nil
			}
			return sat.Unknown, ctx.Err()
		}
	}
}

func (r *rawGini) Value(l sat.Lit) bool {
	if l.Var() > int(r.g.MaxVar()) {
		return l < 0
	}
	return r.g.Value(z.Dimacs2Lit(int(l)))
}
