package cp

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type countC struct {
	x    []int // variable numbers, a number may repeat
	y, c int
	rel  countRel
}

func (k countC) post(s *Solver, vars []Var) {
	x, y, c := varsAt(vars, k.x), vars[k.y], vars[k.c]
	[...]func([]Var, Var, Var) PropID{
		countEq: s.AddCountEq, countNeq: s.AddCountNeq,
		countLeq: s.AddCountLeq, countLt: s.AddCountLt,
		countGeq: s.AddCountGeq, countGt: s.AddCountGt,
	}[k.rel](x, y, c)
}

func (k countC) holds(values []int) bool {
	n := 0
	for _, i := range k.x {
		if values[i] == values[k.y] {
			n++
		}
	}
	c := values[k.c]
	switch k.rel {
	case countEq:
		return c == n
	case countNeq:
		return c != n
	case countLeq:
		return c <= n
	case countLt:
		return c < n
	case countGeq:
		return c >= n
	}
	return c > n
}

// randomCount has variables x0.. for the array, then y, then c; with
// repeats the array may name a variable twice, or name y or c.
func randomCount(r *rand.Rand, repeats bool) (testProblem, countC) {
	nx := r.IntN(5)
	p := smallDomains(r, nx+2, -1, 3, 4)
	p.lo[nx+1], p.hi[nx+1] = r.IntN(3)-1, r.IntN(3)+2 // c
	p.holes[nx+1] = nil
	k := countC{x: seq(0, nx), y: nx, c: nx + 1, rel: countRel(r.IntN(6))}
	if repeats && nx > 0 {
		k.x[r.IntN(nx)] = r.IntN(nx + 2)
	}
	p.constraints = []testConstraint{k}
	return p, k
}

func TestCountAgainstBruteForce(t *testing.T) {
	forRandom(t, 1, 3000, func(r *rand.Rand) testProblem {
		p, _ := randomCount(r, r.IntN(4) == 0)
		return p
	}, func(p testProblem) { requireSameSolutions(t, p) })
}

// TestCountOfFixedValueAgainstBruteForce: with y fixed at the post the
// count runs as an Advisor (countOf), on the events that decide an x[i]
// alone; it must keep the solutions and the consistency of the general
// one.
func TestCountOfFixedValueAgainstBruteForce(t *testing.T) {
	fixY := func(r *rand.Rand, repeats bool) testProblem {
		p, k := randomCount(r, repeats)
		v := r.IntN(5) - 1
		p.lo[k.y], p.hi[k.y], p.holes[k.y] = v, v, nil
		return p
	}
	forRandom(t, 3, 3000, func(r *rand.Rand) testProblem { return fixY(r, r.IntN(4) == 0) },
		func(p testProblem) { requireSameSolutions(t, p) })
	forRandom(t, 4, 3000, func(r *rand.Rand) testProblem { return fixY(r, false) },
		func(p testProblem) { requireDomainConsistent(t, p, seq(0, len(p.lo))) })
}

func TestCountDomainConsistency(t *testing.T) {
	forRandom(t, 2, 6000, func(r *rand.Rand) testProblem {
		p, _ := randomCount(r, false)
		return p
	}, func(p testProblem) { requireDomainConsistent(t, p, seq(0, len(p.lo))) })
}

type amongC struct {
	n      int
	x      []int
	values []int
}

func (a amongC) post(s *Solver, vars []Var) { s.AddAmong(vars[a.n], varsAt(vars, a.x), a.values) }

func (a amongC) holds(values []int) bool {
	n := 0
	for _, i := range a.x {
		for _, v := range a.values {
			if values[i] == v {
				n++
				break
			}
		}
	}
	return values[a.n] == n
}

func randomAmong(r *rand.Rand, repeats bool) testProblem {
	nx := r.IntN(5)
	p := smallDomains(r, nx+1, -2, 4, 5)
	p.lo[nx], p.hi[nx], p.holes[nx] = r.IntN(3)-1, r.IntN(3)+2, nil
	a := amongC{n: nx, x: seq(0, nx)}
	for range r.IntN(5) {
		a.values = append(a.values, r.IntN(8)-3)
	}
	if repeats && nx > 0 {
		a.x[r.IntN(nx)] = r.IntN(nx + 1)
	}
	p.constraints = []testConstraint{a}
	return p
}

func TestAmongAgainstBruteForce(t *testing.T) {
	forRandom(t, 3, 3000, func(r *rand.Rand) testProblem { return randomAmong(r, r.IntN(4) == 0) },
		func(p testProblem) { requireSameSolutions(t, p) })
}

func TestAmongDomainConsistency(t *testing.T) {
	forRandom(t, 4, 6000, func(r *rand.Rand) testProblem { return randomAmong(r, false) },
		func(p testProblem) { requireDomainConsistent(t, p, seq(0, len(p.lo))) })
}

// TestValueSet checks the interval set's domain tests against plain loops.
func TestValueSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		var values []int
		for range r.IntN(6) {
			values = append(values, r.IntN(12)-4)
		}
		set := newValueSet(values)
		in := func(x int) bool {
			for _, v := range values {
				if v == x {
					return true
				}
			}
			return false
		}
		for x := -6; x <= 9; x++ {
			require.Equal(t, in(x), set.contains(x), "%v contains %d", values, x)
		}
		p := smallDomains(r, 1, -5, 8, 7)
		s, vars := p.newSolver()
		v := vars[0]
		dom := s.Values(nil, v)
		meets, holds := false, true
		var inside, outside []int
		for _, x := range dom {
			meets = meets || in(x)
			holds = holds && in(x)
			if in(x) {
				inside = append(inside, x)
			} else {
				outside = append(outside, x)
			}
		}
		require.Equal(t, meets, set.meets(s, v), "%v meets %v", values, dom)
		require.Equal(t, holds, set.holds(s, v), "%v holds %v", values, dom)
		for _, c := range []struct {
			op   func(*Solver, Var) error
			want []int
		}{{set.restrict, inside}, {set.removeFrom, outside}} {
			h := s.mark()
			err := c.op(s, v)
			if len(c.want) == 0 {
				require.Error(t, err)
			} else {
				require.NoError(t, err)
				require.Equal(t, c.want, s.Values(nil, v), "%v on %v", values, dom)
			}
			s.undo(h)
		}
	}
}

// TestCountDegenerate covers an empty array and a count that no variable
// can reach.
func TestCountDegenerate(t *testing.T) {
	s := New()
	y, c := s.NewVar(1, 3), s.NewVar(0, 5)
	s.AddCountEq(nil, y, c)
	require.NoError(t, s.Propagate())
	assert.True(t, s.Fixed(c))
	assert.Equal(t, 0, s.Min(c))

	s = New()
	x := []Var{s.NewVar(0, 1), s.NewVar(0, 1)}
	s.AddCountGeq(x, s.NewVar(1, 1), s.NewVar(-3, -1))
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)

	s = New()
	x = []Var{s.NewVar(0, 1), s.NewVar(0, 1), s.NewVar(0, 1)}
	n := s.NewVar(3, 3)
	s.AddAmong(n, x, []int{1, 1})
	require.NoError(t, s.Propagate())
	for _, v := range x {
		assert.Equal(t, 1, s.Min(v))
	}
	got, err := s.Count(context.Background(), FirstFail(x, ValueMin), Limits{}, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, got)
}
