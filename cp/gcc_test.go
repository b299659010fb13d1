package cp

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type gccC struct {
	x      []int // variable numbers
	cover  []int
	counts []int // variable numbers; nil for the low-up form
	low    []int
	up     []int
	closed bool
}

func (c gccC) post(s *Solver, vars []Var) {
	if c.counts != nil {
		s.AddGlobalCardinality(varsAt(vars, c.x), c.cover, varsAt(vars, c.counts), c.closed)
		return
	}
	s.AddGlobalCardinalityLowUp(varsAt(vars, c.x), c.cover, c.low, c.up, c.closed)
}

// holds follows MiniZinc's fzn_global_cardinality*.mzn definitions.
func (c gccC) holds(values []int) bool {
	x := pick(values, c.x)
	if c.closed {
		for _, v := range x {
			if !slices.Contains(c.cover, v) {
				return false
			}
		}
	}
	occurrences := func(v int) int {
		n := 0
		for _, w := range x {
			if w == v {
				n++
			}
		}
		return n
	}
	if c.counts != nil {
		sum := 0
		for j, v := range c.cover {
			if values[c.counts[j]] != occurrences(v) {
				return false
			}
			sum += values[c.counts[j]]
		}
		return sum <= len(x)
	}
	sumLow, sumUp := 0, 0
	for j, v := range c.cover {
		if n := occurrences(v); n < c.low[j] || n > c.up[j] {
			return false
		}
		sumLow, sumUp = sumLow+c.low[j], sumUp+c.up[j]
	}
	return !c.closed || sumLow <= len(x) && len(x) <= sumUp
}

// randomGCC has the array first, then the counts of the form with
// variables. plain leaves out what weakens the filter's promise: repeated
// cover values and holes in the counts.
func randomGCC(r *rand.Rand, varCounts, plain bool) testProblem {
	nx := r.IntN(5)
	ncover := r.IntN(4)
	c := gccC{x: seq(0, nx), closed: r.IntN(2) == 0}
	for range ncover {
		v := r.IntN(5) - 1
		for plain && slices.Contains(c.cover, v) {
			v = r.IntN(5) - 1
		}
		c.cover = append(c.cover, v)
	}
	n := nx
	if varCounts {
		n += ncover
		c.counts = seq(nx, ncover)
	} else {
		for range ncover {
			lo := r.IntN(3)
			c.low, c.up = append(c.low, lo), append(c.up, lo+r.IntN(3)-r.IntN(2))
		}
	}
	p := smallDomains(r, n, -1, 3, 4)
	for j := nx; j < n; j++ {
		p.lo[j] = r.IntN(3) - 1
		p.hi[j] = p.lo[j] + r.IntN(4)
		p.holes[j] = nil
		if !plain && p.hi[j]-p.lo[j] >= 2 {
			p.holes[j] = []int{p.lo[j] + 1}
		}
	}
	if !varCounts && nx > 0 && r.IntN(4) == 0 {
		c.x[r.IntN(nx)] = r.IntN(nx) // a variable twice
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestGlobalCardinalityAgainstBruteForce(t *testing.T) {
	for _, varCounts := range []bool{false, true} {
		forRandom(t, 20, 3000, func(r *rand.Rand) testProblem { return randomGCC(r, varCounts, r.IntN(2) == 0) },
			func(p testProblem) { requireSameSolutions(t, p) })
	}
}

// TestGlobalCardinalityDomainConsistency checks the flow filter: with
// constant bounds every variable keeps exactly its supported values;
// with count variables, those of x do when the counts have no holes and
// cover no repeats.
func TestGlobalCardinalityDomainConsistency(t *testing.T) {
	for _, varCounts := range []bool{false, true} {
		forRandom(t, 21, 6000, func(r *rand.Rand) testProblem { return randomGCC(r, varCounts, true) },
			func(p testProblem) {
				c := p.constraints[0].(gccC)
				if hasRepeats(c.x) {
					requireDomainConsistent(t, p, nil)
					return
				}
				requireDomainConsistent(t, p, c.x)
			})
	}
}

func hasRepeats(idx []int) bool {
	sorted := slices.Sorted(slices.Values(idx))
	return len(slices.Compact(sorted)) != len(idx)
}

// TestGlobalCardinalityDegenerate covers an empty array and an empty
// cover.
func TestGlobalCardinalityDegenerate(t *testing.T) {
	s := New()
	c := s.NewVar(-2, 4)
	s.AddGlobalCardinality(nil, []int{7}, []Var{c}, false)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x0 ∈ {0}", s.Describe(c))

	s = New()
	s.AddGlobalCardinalityLowUp(nil, []int{7}, []int{1}, []int{2}, false)
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)

	s = New()
	x := []Var{s.NewVar(0, 2), s.NewVar(0, 2)}
	s.AddGlobalCardinality(x, nil, nil, true) // closed over no value: no x can take one
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)
}

// TestGlobalCardinalityPigeons is a bigger case than brute force reaches:
// n variables over n-1 values, each value at most once but one value
// twice, counted with both forms.
func TestGlobalCardinalityPigeons(t *testing.T) {
	for n := 2; n <= 7; n++ {
		for _, varCounts := range []bool{false, true} {
			s := New()
			x := make([]Var, n)
			for i := range x {
				x[i] = s.NewVar(1, n-1)
			}
			cover, low, up := seq(1, n-1), make([]int, n-1), make([]int, n-1)
			for j := range up {
				up[j] = 1
			}
			up[0] = 2
			if varCounts {
				counts := make([]Var, n-1)
				for j := range counts {
					counts[j] = s.NewVar(low[j], up[j])
				}
				s.AddGlobalCardinality(x, cover, counts, true)
			} else {
				s.AddGlobalCardinalityLowUp(x, cover, low, up, true)
			}
			got, err := s.Count(context.Background(), FirstFail(x, ValueMin), Limits{}, 0, nil)
			require.NoError(t, err)
			// Value 1 goes to two of the n variables, the others form a
			// permutation of the n-2 remaining values.
			want := n * (n - 1) / 2
			for k := 2; k <= n-2; k++ {
				want *= k
			}
			assert.Equal(t, want, got, "n=%d counts=%v", n, varCounts)
		}
	}
}

// TestGlobalCardinalityWideDomains uses domains of a hundred thousand
// values (under MaxBitsetValues, above which a variable keeps bounds only):
// the values outside cover share one node of the flow, so this is quick,
// and the node is pruned like any other.
func TestGlobalCardinalityWideDomains(t *testing.T) {
	s := New()
	x := []Var{s.NewVar(0, 100_000), s.NewVar(0, 100_000), s.NewVar(0, 100_000)}
	s.AddGlobalCardinalityLowUp(x, []int{5, 7}, []int{2, 0}, []int{2, 0}, false)
	require.NoError(t, s.Propagate())
	for _, v := range x {
		assert.False(t, s.Contains(v, 7))
		assert.Equal(t, 100_000, s.Size(v))
	}
	require.NoError(t, s.Remove(x[0], 5))
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x1 ∈ {5}", s.Describe(x[1]), "two 5s and x0 cannot be one")
	assert.Equal(t, "x2 ∈ {5}", s.Describe(x[2]))

	// Closed, three variables over two values each at most once: fails.
	s = New()
	x = []Var{s.NewVar(0, 100_000), s.NewVar(0, 100_000), s.NewVar(0, 100_000)}
	counts := []Var{s.NewVar(0, 1), s.NewVar(0, 1)}
	s.AddGlobalCardinality(x, []int{5, 7}, counts, true)
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)
}
