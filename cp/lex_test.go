package cp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

type lexC struct {
	x, y   []int // variable numbers
	strict bool
}

func (c lexC) post(s *Solver, vars []Var) {
	if c.strict {
		s.AddLexLess(varsAt(vars, c.x), varsAt(vars, c.y))
	} else {
		s.AddLexLessEq(varsAt(vars, c.x), varsAt(vars, c.y))
	}
}

// holds compares as slices.Compare does: the first difference decides,
// and a proper prefix comes first.
func (c lexC) holds(values []int) bool {
	cmp := slices.Compare(pick(values, c.x), pick(values, c.y))
	return cmp < 0 || cmp == 0 && !c.strict
}

// randomLex makes arrays of up to four variables each, usually of equal
// length; with repeats they may share variables.
func randomLex(r *rand.Rand, repeats bool) testProblem {
	nx := r.IntN(5)
	ny := nx
	if r.IntN(3) == 0 {
		ny = r.IntN(5)
	}
	p := smallDomains(r, nx+ny, -1, 3, 3)
	c := lexC{x: seq(0, nx), y: seq(nx, ny), strict: r.IntN(2) == 0}
	if repeats && nx+ny > 0 {
		if k, v := r.IntN(nx+ny), r.IntN(nx+ny); k < nx {
			c.x[k] = v
		} else {
			c.y[k-nx] = v
		}
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestLexAgainstBruteForce(t *testing.T) {
	forRandom(t, 10, 4000, func(r *rand.Rand) testProblem { return randomLex(r, r.IntN(4) == 0) },
		func(p testProblem) { requireSameSolutions(t, p) })
}

func TestLexDomainConsistency(t *testing.T) {
	forRandom(t, 11, 8000, func(r *rand.Rand) testProblem { return randomLex(r, false) },
		func(p testProblem) { requireDomainConsistent(t, p, seq(0, len(p.lo))) })
}

// TestLexDegenerate covers empty arrays, where only the lengths decide.
func TestLexDegenerate(t *testing.T) {
	for _, c := range []struct {
		nx, ny int
		strict bool
		ok     bool
	}{
		{0, 0, false, true}, {0, 0, true, false},
		{0, 1, true, true}, {1, 0, false, false},
	} {
		s := New()
		x, y := make([]Var, c.nx), make([]Var, c.ny)
		for i := range x {
			x[i] = s.NewVar(0, 0)
		}
		for i := range y {
			y[i] = s.NewVar(0, 0)
		}
		if c.strict {
			s.AddLexLess(x, y)
		} else {
			s.AddLexLessEq(x, y)
		}
		require.Equal(t, c.ok, s.Propagate() == nil, "%+v", c)
	}
}
