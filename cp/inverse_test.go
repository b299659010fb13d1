package cp

import (
	"math/rand/v2"
	"testing"
)

type inverseC struct {
	f, g         []int // variable numbers
	fBase, gBase int
}

func (c inverseC) post(s *Solver, vars []Var) {
	s.AddInverse(varsAt(vars, c.f), c.fBase, varsAt(vars, c.g), c.gBase)
}

// holds follows fzn_inverse.mzn: each f[i] names a position of g that
// names i back, and the other way round.
func (c inverseC) holds(values []int) bool {
	names := func(a []int, aBase int, b []int, bBase int) bool {
		for i, vi := range a {
			j := values[vi] - bBase
			if j < 0 || j >= len(b) || values[b[j]] != i+aBase {
				return false
			}
		}
		return true
	}
	return names(c.f, c.fBase, c.g, c.gBase) && names(c.g, c.gBase, c.f, c.fBase)
}

// randomInverse has f's variables first, then g's; the arrays usually
// have one length, and the domains stray a little beyond the positions.
func randomInverse(r *rand.Rand) testProblem {
	nf := r.IntN(5)
	ng := nf
	if r.IntN(5) == 0 {
		ng = r.IntN(4)
	}
	c := inverseC{f: seq(0, nf), g: seq(nf, ng), fBase: r.IntN(4) - 1, gBase: r.IntN(4) - 1}
	p := smallDomains(r, nf+ng, 0, 1, 1) // replaced below
	for i := range nf + ng {
		base, n := c.gBase, ng
		if i >= nf {
			base, n = c.fBase, nf
		}
		q := smallDomains(r, 1, base-1, base+n, n+2)
		p.lo[i], p.hi[i], p.holes[i] = q.lo[0], q.hi[0], q.holes[0]
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestInverseAgainstBruteForce(t *testing.T) {
	forRandom(t, 30, 3000, randomInverse, func(p testProblem) { requireSameSolutions(t, p) })
}

// randomInverseHalls gives g full ranges and f small domains with holes,
// so that Hall sets among f, which bounds reasoning misses, decide.
func randomInverseHalls(r *rand.Rand) testProblem {
	p := randomInverse(r)
	c := p.constraints[0].(inverseC)
	if len(c.f) != len(c.g) || len(c.f) == 0 {
		return p
	}
	for _, i := range c.g {
		p.lo[i], p.hi[i], p.holes[i] = c.fBase, c.fBase+len(c.f)-1, nil
	}
	for _, i := range c.f {
		p.lo[i], p.hi[i] = c.gBase, c.gBase+len(c.g)-1
		p.holes[i] = nil
		for x := p.lo[i] + 1; x < p.hi[i]; x++ {
			if r.IntN(2) == 0 {
				p.holes[i] = append(p.holes[i], x)
			}
		}
	}
	return p
}

func TestInverseDomainConsistency(t *testing.T) {
	gen := func(r *rand.Rand) testProblem {
		if r.IntN(2) == 0 {
			return randomInverseHalls(r)
		}
		return randomInverse(r)
	}
	forRandom(t, 31, 6000, gen, func(p testProblem) {
		// AddInverse posts two propagators, the mirroring and an
		// AllDifferent; the promise is for their common fixpoint.
		requireDomainConsistent(t, p, seq(0, len(p.lo)))
	})
}
