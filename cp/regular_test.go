package cp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
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
		s.AddRegular(x, q, syms, d, q0, final)
		for s.Propagate() == nil {
			var open []Var
			for _, v := range x {
				if !s.Fixed(v) {
					open = append(open, v)
				}
			}
			if len(open) == 0 {
				break
			}
			// Remove a value from one to three variables, so that a run
			// sees several changes at once.
			h := s.mark()
			for range 1 + r.IntN(3) {
				v := open[r.IntN(len(open))]
				if s.Size(v) > 1 {
					_ = s.Remove(v, s.Values(nil, v)[r.IntN(s.Size(v))])
				}
			}
			err := s.Propagate()
			fresh, fx := New(), make([]Var, n)
			for i, xi := range x {
				fx[i] = fresh.NewVar(1, syms)
				for val := 1; val <= syms; val++ {
					if !s.Contains(xi, val) && fresh.Remove(fx[i], val) != nil {
						break
					}
				}
			}
			fresh.AddRegular(fx, q, syms, d, q0, final)
			freshErr := fresh.Propagate()
			assert.Equal(t, freshErr == nil, err == nil)
			if err == nil && freshErr == nil {
				for i := range x {
					assert.Equal(t, fresh.Values(nil, fx[i]), s.Values(nil, x[i]), "x%d", i)
				}
			}
			if err != nil {
				break // only when the assertion above failed: the domains were consistent
			}
			if r.IntN(3) == 0 {
				s.undo(h) // back up now and then, then go on from there
			}
		}
	}
}
