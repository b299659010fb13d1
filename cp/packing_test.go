package cp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type nvalueC struct {
	n int
	x []int
}

func (c nvalueC) post(s *Solver, vars []Var) { s.AddNValue(vars[c.n], varsAt(vars, c.x)) }

func (c nvalueC) holds(values []int) bool {
	distinct := slices.Compact(slices.Sorted(slices.Values(pick(values, c.x))))
	return values[c.n] == len(distinct)
}

func randomNValue(r *rand.Rand) testProblem {
	nx := r.IntN(6)
	p := smallDomains(r, nx+1, -1, 4, 4)
	p.lo[nx], p.hi[nx], p.holes[nx] = r.IntN(3), r.IntN(3)+2, nil
	c := nvalueC{n: nx, x: seq(0, nx)}
	if nx > 1 && r.IntN(4) == 0 {
		c.x[0] = c.x[1] // a variable twice
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestNValueAgainstBruteForce(t *testing.T) {
	forRandom(t, 70, 3000, randomNValue, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestNValueSound(t *testing.T) {
	forRandom(t, 71, 5000, randomNValue, func(p testProblem) { requireDomainConsistent(t, p, nil) })
}

// TestNValueBounds checks the bounds on small cases.
func TestNValueBounds(t *testing.T) {
	s := New()
	x := []Var{s.NewVar(1, 1), s.NewVar(1, 1), s.NewVar(3, 4), s.NewVar(6, 7), s.NewVar(1, 7)}
	n := s.NewVar(0, 9)
	s.AddNValue(n, x)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x5 ∈ {3..4}", s.Describe(n), "1, then two disjoint spans; at most 1 + 3 new values")
	require.NoError(t, s.SetMax(n, 3))
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x5 ∈ {3}", s.Describe(n))

	s = New()
	x = []Var{s.NewVar(1, 2), s.NewVar(1, 2), s.NewVar(1, 2)}
	n = s.NewVar(0, 9)
	s.AddNValue(n, x)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x3 ∈ {1..2}", s.Describe(n), "two values in all the domains")

	s = New()
	x = []Var{s.NewVar(1, 1), s.NewVar(2, 2), s.NewVar(0, 5)}
	n = s.NewVar(0, 2)
	s.AddNValue(n, x)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x2 ∈ {1..2}", s.Describe(x[2]), "n's maximum is reached")
}

type allDiffExceptC struct {
	x      []int
	except []int
}

func (c allDiffExceptC) post(s *Solver, vars []Var) {
	s.AddAllDifferentExcept(varsAt(vars, c.x), c.except)
}

// holds follows fzn_alldifferent_except.mzn's pairwise form.
func (c allDiffExceptC) holds(values []int) bool {
	for i := range c.x {
		for j := i + 1; j < len(c.x); j++ {
			a, b := values[c.x[i]], values[c.x[j]]
			if a == b && !slices.Contains(c.except, a) {
				return false
			}
		}
	}
	return true
}

func randomAllDiffExcept(r *rand.Rand) testProblem {
	nx := r.IntN(6)
	p := smallDomains(r, nx, -1, 3, 4)
	c := allDiffExceptC{x: seq(0, nx), except: []int{0}}
	if r.IntN(3) == 0 {
		c.except = []int{r.IntN(5) - 1, r.IntN(5) - 1}
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestAllDifferentExceptAgainstBruteForce(t *testing.T) {
	forRandom(t, 72, 3000, randomAllDiffExcept, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestAllDifferentExceptDomainConsistency(t *testing.T) {
	forRandom(t, 73, 5000, randomAllDiffExcept, func(p testProblem) { requireDomainConsistent(t, p, seq(0, len(p.lo))) })
}

type binPackingC struct {
	load, bin []int
	w         []int
	base      int
}

func (c binPackingC) post(s *Solver, vars []Var) {
	s.AddBinPackingLoad(varsAt(vars, c.load), varsAt(vars, c.bin), c.w, c.base)
}

// holds follows fzn_bin_packing_load.mzn.
func (c binPackingC) holds(values []int) bool {
	loads := make([]int, len(c.load))
	for i, v := range c.bin {
		b := values[v] - c.base
		if b < 0 || b >= len(c.load) {
			return false
		}
		loads[b] += c.w[i]
	}
	return slices.Equal(loads, pick(values, c.load))
}

// randomBinPacking has the loads first, then the bins of the items.
func randomBinPacking(r *rand.Rand) testProblem {
	for {
		nb, ni := r.IntN(4), r.IntN(4)
		c := binPackingC{load: seq(0, nb), bin: seq(nb, ni), base: r.IntN(3) - 1}
		for range ni {
			c.w = append(c.w, r.IntN(5)-1) // now and then a negative weight
		}
		p := smallDomains(r, nb+ni, -1, 5, 4)
		for _, i := range c.bin {
			q := smallDomains(r, 1, c.base-1, c.base+nb, nb+2)
			p.lo[i], p.hi[i], p.holes[i] = q.lo[0], q.hi[0], q.holes[0]
		}
		if product(p) <= 4000 {
			p.constraints = []testConstraint{c}
			return p
		}
	}
}

func TestBinPackingLoadAgainstBruteForce(t *testing.T) {
	forRandom(t, 74, 3000, randomBinPacking, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestBinPackingLoadSound(t *testing.T) {
	forRandom(t, 75, 5000, randomBinPacking, func(p testProblem) { requireDomainConsistent(t, p, nil) })
}

// TestBinPackingLoadPrunes checks the rules on small cases.
func TestBinPackingLoadPrunes(t *testing.T) {
	s := New()
	load := []Var{s.NewVar(0, 4), s.NewVar(0, 9)}
	bin := []Var{s.NewVar(1, 2), s.NewVar(1, 2), s.NewVar(2, 2)}
	s.AddBinPackingLoad(load, bin, []int{5, 3, 2}, 1)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x2 ∈ {2}", s.Describe(bin[0]), "5 does not fit in bin 1")
	// Bin 2 then holds 5 and 2, and 3 more would make 10 > 9: the 3 goes
	// into bin 1.
	assert.Equal(t, "x3 ∈ {1}", s.Describe(bin[1]))
	assert.Equal(t, "x0 ∈ {3}", s.Describe(load[0]))
	assert.Equal(t, "x1 ∈ {7}", s.Describe(load[1]))

	// A negative weight: bin 1 must hold 3 = 5 - 2, so the item of weight
	// -2 goes there.
	s = New()
	load = []Var{s.NewVar(3, 3), s.NewVar(0, 9)}
	bin = []Var{s.NewVar(1, 2), s.NewVar(1, 1)}
	s.AddBinPackingLoad(load, bin, []int{-2, 5}, 1)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x2 ∈ {1}", s.Describe(bin[0]))
	assert.Equal(t, "x1 ∈ {0}", s.Describe(load[1]))
}
