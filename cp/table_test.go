package cp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomTable gives one to four variables small domains and a table of up
// to 200 tuples, so that the live set spans several words; some tuples
// hold values outside the domains, and now and then a variable fills two
// columns.
func randomTable(r *rand.Rand) testProblem {
	n := 1 + r.IntN(4)
	p := smallDomains(r, n, -2, 4, 5)
	c := tableC{idx: seq(0, n)}
	if n > 1 && r.IntN(5) == 0 {
		c.idx[r.IntN(n)] = r.IntN(n)
	}
	for range r.IntN(200) {
		t := make([]int, n)
		for i, j := range c.idx {
			t[i] = p.lo[j] - 1 + r.IntN(p.hi[j]-p.lo[j]+3)
		}
		c.tuples = append(c.tuples, t)
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestTableAgainstBruteForce(t *testing.T) {
	i := 0
	forRandom(t, 60, 1500, randomTable, func(p testProblem) {
		requireSameSolutions(t, p)
		requireLearningFindsAll(t, p, i)
		i++
	})
}

// TestTableDomainConsistency checks that propagation keeps exactly the
// values of solutions. When a variable fills two columns that is more
// than the table promises: there each value left must belong, in each of
// its columns, to a tuple whose values all are left.
func TestTableDomainConsistency(t *testing.T) {
	forRandom(t, 61, 4000, randomTable, func(p testProblem) {
		c := p.constraints[0].(tableC)
		if !hasRepeats(c.idx) {
			requireDomainConsistent(t, p, c.idx)
			return
		}
		s, vars := p.newSolver()
		if s.Propagate() != nil {
			return
		}
		for i, j := range c.idx {
			for _, x := range s.Values(nil, vars[j]) {
				require.True(t, slices.ContainsFunc(c.tuples, func(tu []int) bool {
					if tu[i] != x {
						return false
					}
					for k, jk := range c.idx {
						if !s.Contains(vars[jk], tu[k]) {
							return false
						}
					}
					return true
				}), "x%d keeps %d without a tuple in column %d: %v", j, x, i, p)
			}
		}
	})
}

// TestTableIncremental narrows the domains of a table's variables a few
// values at a time, propagating after each step and backing up now and
// then, and compares every domain with what a fresh solver, posted on the
// narrowed domains, keeps: the live tuples and residues kept from run to
// run must give what a first run gives.
func TestTableIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(62, 1))
	for range randomCases(600) {
		n, width := 2+r.IntN(3), 2+r.IntN(6)
		tuples := make([][]int, 1+r.IntN(300))
		for i := range tuples {
			tuples[i] = make([]int, n)
			for j := range n {
				tuples[i][j] = r.IntN(width)
			}
		}
		s := New()
		x := make([]Var, n)
		for i := range x {
			x[i] = s.NewVar(0, width-1)
		}
		post := func(s *Solver, x []Var) { s.AddTable(x, tuples) }
		post(s, x)
		for step := 0; step < 100 && s.Propagate() == nil && !allFixed(s, x); step++ {
			h, err := narrowAndCompare(t, r, s, x, 0, width-1, post)
			if err != nil || r.IntN(3) == 0 {
				s.undo(h) // back up now and then, and after a failure, then go on from there
			}
		}
	}
}
