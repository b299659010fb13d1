package sat_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
)

// pigeonhole states that each of pigeons pigeons sits in one of holes
// holes, and no hole holds two. It returns the formula and its variables,
// in[p][h] meaning pigeon p sits in hole h.
func pigeonhole(pigeons, holes int) (*sat.Formula, [][]sat.Lit) {
	f := sat.NewFormula()
	in := make([][]sat.Lit, pigeons)
	for p := range in {
		for h := range holes {
			in[p] = append(in[p], f.NewNamedVar(fmt.Sprintf("in(%d,%d)", p, h)))
		}
		f.Exactly(1, in[p]...)
	}
	for h := range holes {
		var hole []sat.Lit
		for p := range in {
			hole = append(hole, in[p][h])
		}
		f.AtMost(1, hole...)
	}
	return f, in
}

// Put four pigeons into three holes: no solver can, and SAT solvers prove it
// (UNSAT). Gini takes the formula lowered to clauses by an encoding of the
// counts; gophersat takes the counts natively, as pseudo-Boolean
// constraints. With three pigeons both find a model, and counting the
// models over the pigeons' variables gives the 3! ways to seat them.
func Example_pigeonhole() {
	ctx := context.Background() // a context that cannot end: gophersat runs in this process
	solvers := []struct {
		name string
		open func(f *sat.Formula) sat.Solver
	}{
		{"gini", func(f *sat.Formula) sat.Solver {
			cnf, err := f.Lower(sat.Sequential)
			if err != nil {
				panic(err)
			}
			s := gini.New()
			if err := sat.Load(s, cnf); err != nil {
				panic(err)
			}
			return s
		}},
		{"gophersat", func(f *sat.Formula) sat.Solver {
			s := gophersat.New()
			if err := sat.Load(s, f); err != nil { // the counts go in natively
				panic(err)
			}
			return s
		}},
	}
	for _, b := range solvers {
		for _, pigeons := range []int{4, 3} {
			f, in := pigeonhole(pigeons, 3)
			st, err := b.open(f).Solve(ctx)
			fmt.Printf("%s: %d pigeons, 3 holes: %v %v\n", b.name, pigeons, st, err)
			if st == sat.Sat {
				var primary []sat.Lit
				for _, row := range in {
					primary = append(primary, row...)
				}
				n, all, err := sat.Count(ctx, b.open(f), primary, 0)
				fmt.Printf("%s: %d ways, all counted: %v %v\n", b.name, n, all, err)
			}
		}
	}
	// Output:
	// gini: 4 pigeons, 3 holes: UNSATISFIABLE <nil>
	// gini: 3 pigeons, 3 holes: SATISFIABLE <nil>
	// gini: 6 ways, all counted: true <nil>
	// gophersat: 4 pigeons, 3 holes: UNSATISFIABLE <nil>
	// gophersat: 3 pigeons, 3 holes: SATISFIABLE <nil>
	// gophersat: 6 ways, all counted: true <nil>
}
