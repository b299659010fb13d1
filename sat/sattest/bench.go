package sattest

import (
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/sat"
)

// Random3SAT returns a random 3-SAT formula with n variables and
// round(ratio*n) clauses of three distinct variables, from seed. Near
// ratio 4.26 such formulas are hardest.
func Random3SAT(n int, ratio float64, seed uint64) *sat.Formula {
	rng := rand.New(rand.NewPCG(seed, seed))
	f := sat.NewFormula()
	f.NewVars(n)
	for range int(ratio*float64(n) + 0.5) {
		vars := rng.Perm(n)[:3]
		c := make([]sat.Lit, 3)
		for i, v := range vars {
			c[i] = sat.Pos(v + 1)
			if rng.IntN(2) == 0 {
				c[i] = c[i].Not()
			}
		}
		f.AddClause(c...)
	}
	return f
}

// Grid returns an n×n grid of variables with exactly k true in every row
// and column, kept as linear constraints, and cell (0, 0) false: a
// satisfiable formula whose difficulty lies in the cardinality
// constraints, like the row and column clues of Aquarium.
func Grid(n, k int) *sat.Formula {
	f := sat.NewFormula()
	cells := make([][]sat.Lit, n)
	for r := range cells {
		cells[r] = f.NewVars(n)
	}
	for i := range n {
		col := make([]sat.Lit, n)
		for r := range n {
			col[r] = cells[r][i]
		}
		f.Exactly(k, cells[i]...)
		f.Exactly(k, col...)
	}
	f.AddClause(cells[0][0].Not())
	return f
}
