package cp

import (
	"math/rand/v2"
	"slices"
	"testing"
)

type regularC struct {
	x       []int // variable numbers
	q, syms int
	d       [][]int
	q0      int
	final   []int
}

func (c regularC) post(s *Solver, vars []Var) {
	s.AddRegular(varsAt(vars, c.x), c.q, c.syms, c.d, c.q0, c.final)
}

// holds runs the automaton over the word, as fzn_regular.mzn defines it.
func (c regularC) holds(values []int) bool {
	q := c.q0
	for _, i := range c.x {
		v := values[i]
		if v < 1 || v > c.syms {
			return false
		}
		if q = c.d[q-1][v-1]; q == 0 {
			return false
		}
	}
	return slices.Contains(c.final, q)
}

func randomAutomaton(r *rand.Rand, q, syms int) (d [][]int, q0 int, final []int) {
	d = make([][]int, q)
	for i := range d {
		d[i] = make([]int, syms)
		for v := range d[i] {
			if r.IntN(4) != 0 {
				d[i][v] = 1 + r.IntN(q)
			}
		}
	}
	for f := 1; f <= q; f++ {
		if r.IntN(2) == 0 {
			final = append(final, f)
		}
	}
	return d, 1 + r.IntN(q), final
}

func randomRegular(r *rand.Rand) testProblem {
	n := r.IntN(6)
	c := regularC{x: seq(0, n), q: 1 + r.IntN(4), syms: 1 + r.IntN(3)}
	c.d, c.q0, c.final = randomAutomaton(r, c.q, c.syms)
	p := smallDomains(r, n, 0, c.syms+1, c.syms+2)
	if r.IntN(4) == 0 && n > 0 {
		c.x[r.IntN(n)] = r.IntN(n) // a variable twice
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestRegularAgainstBruteForce(t *testing.T) {
	forRandom(t, 50, 3000, randomRegular, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestRegularDomainConsistency(t *testing.T) {
	forRandom(t, 51, 8000, randomRegular, func(p testProblem) {
		if c := p.constraints[0].(regularC); !hasRepeats(c.x) {
			requireDomainConsistent(t, p, c.x)
		}
	})
}

// TestRegularIncremental narrows the domains of a longer word one value
// at a time, propagating after each step, and compares every domain with
// what a fresh solver, posted on the narrowed domains, keeps: the sets
// kept from run to run must give what sets computed afresh give.
func TestRegularIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 1))
	for range 600 {
		n, q, syms := 4+r.IntN(12), 1+r.IntN(6), 1+r.IntN(4)
		d, q0, final := randomAutomaton(r, q, syms)
		s := New()
		x := make([]Var, n)
		for i := range x {
			x[i] = s.NewVar(1, syms)
		}
		post := func(s *Solver, x []Var) { s.AddRegular(x, q, syms, d, q0, final) }
		post(s, x)
		for s.Propagate() == nil && !allFixed(s, x) {
			h, err := narrowAndCompare(t, r, s, x, 1, syms, post)
			if err != nil {
				break // only when the comparison failed: the domains were consistent
			}
			if r.IntN(3) == 0 {
				s.undo(h) // back up now and then, then go on from there
			}
		}
	}
}
