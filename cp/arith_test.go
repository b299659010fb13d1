package cp

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// extremumC is z = min(xs), or max with max.
type extremumC struct {
	z   int
	idx []int
	max bool
}

func (c extremumC) post(s *Solver, vars []Var) {
	xs := make([]Var, len(c.idx))
	for i, j := range c.idx {
		xs[i] = vars[j]
	}
	if c.max {
		s.AddMax(vars[c.z], xs)
	} else {
		s.AddMin(vars[c.z], xs)
	}
}

func (c extremumC) holds(v []int) bool {
	best := v[c.idx[0]]
	for _, j := range c.idx[1:] {
		if c.max == (v[j] > best) {
			best = v[j]
		}
	}
	return v[c.z] == best
}

// binaryOp names an arithmetic constraint z = x op y (or z = |x|).
type binaryOp uint8

const (
	opAbs binaryOp = iota
	opTimes
	opDiv
	opMod
	opPow
	numOps
)

// arithC is z = x op y.
type arithC struct {
	op      binaryOp
	z, x, y int
}

func (c arithC) post(s *Solver, vars []Var) {
	z, x, y := vars[c.z], vars[c.x], vars[c.y]
	switch c.op {
	case opAbs:
		s.AddAbs(z, x)
	case opTimes:
		s.AddTimes(z, x, y)
	case opDiv:
		s.AddDiv(z, x, y)
	case opMod:
		s.AddMod(z, x, y)
	case opPow:
		s.AddPow(z, x, y)
	}
}

// holds is the checkers' own reading of the operations: Go's / and %
// truncate as FlatZinc does, and a negative power is 1 div x^-y.
func (c arithC) holds(v []int) bool {
	z, x, y := v[c.z], v[c.x], v[c.y]
	switch c.op {
	case opAbs:
		return z >= 0 && (z == x || z == -x)
	case opTimes:
		return z == x*y
	case opDiv:
		return y != 0 && z == x/y
	case opMod:
		return y != 0 && z == x%y
	}
	p := 1
	for range max(y, -y) {
		p *= x
	}
	if y >= 0 {
		return z == p
	}
	return p != 0 && z == 1/p
}

// randomArithConstraint returns one arithmetic constraint over n
// variables.
func randomArithConstraint(r *rand.Rand, n int) testConstraint {
	if r.IntN(4) == 0 {
		perm := r.Perm(n)
		return extremumC{z: perm[0], idx: perm[1 : 2+r.IntN(n-1)], max: r.IntN(2) == 0}
	}
	zxy := r.Perm(n)
	c := arithC{op: binaryOp(r.IntN(int(numOps))), z: zxy[0], x: zxy[1], y: zxy[2%n]}
	if r.IntN(6) == 0 { // the same variable twice: x·x, x/x, ...
		c.y = c.x
	}
	return c
}

// randomArithProblem has two to four variables around 0, with holes, under
// arithmetic constraints.
func randomArithProblem(r *rand.Rand) testProblem {
	n := 3 + r.IntN(2)
	p := randomDomains(r, n)
	for i := range n {
		p.lo[i] -= r.IntN(3)
	}
	for range 1 + r.IntN(2) {
		p.constraints = append(p.constraints, randomArithConstraint(r, n))
	}
	return p
}

// TestArithmeticAgainstBruteForce compares the solutions of random
// arithmetic problems with brute force, with exact propagation on the
// small domains and with bounds reasoning alone.
func TestArithmeticAgainstBruteForce(t *testing.T) {
	t.Run("exact", func(t *testing.T) { requireBruteForce(t, 31, 2500, randomArithProblem) })
	defer func(n int) { exactPairs = n }(exactPairs)
	exactPairs = 0
	t.Run("bounds", func(t *testing.T) { requireBruteForce(t, 32, 2500, randomArithProblem) })
}

// TestArithmeticConsistency propagates one constraint and checks what it
// promises: min, max and abs are bounds consistent; div, mod, pow and
// times are domain consistent on small domains; times narrows each bound
// to what real values of the others allow.
func TestArithmeticConsistency(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 1))
	defer func(n int) { exactPairs = n }(exactPairs)
	for i := range randomCases(6000) {
		p := randomArithProblem(r)
		c := p.constraints[0]
		p.constraints = p.constraints[:1]
		exactPairs = 256
		if i%2 == 1 {
			exactPairs = 0
		}
		after, supported := propagateOne(t, p)
		requireNoSupportLost(t, p, after, supported)
		if after == nil {
			continue
		}
		switch c := c.(type) {
		case extremumC:
			requireBoundsSupported(t, p, c, append([]int{c.z}, c.idx...), after)
		case arithC:
			switch {
			case c.op == opAbs:
				requireBoundsSupported(t, p, c, []int{c.z, c.x}, after)
			case exactPairs > 0 && c.x != c.y: // x·x tries pairs of two x values
				require.Equal(t, supported, after, "exact propagation keeps values without support: %v", p)
			case c.op == opTimes && c.x != c.y:
				requireRealSupport(t, p, c, after)
			}
		}
	}
}

// requireRealSupport checks z = x·y for bounds consistency over the reals:
// each bound of each variable times, or divided by, the others' intervals
// meets the third interval.
func requireRealSupport(t *testing.T, p testProblem, c arithC, after [][]int) {
	t.Helper()
	lo := func(i int) float64 { return float64(after[i][0]) }
	hi := func(i int) float64 { return float64(after[i][len(after[i])-1]) }
	for _, v := range []float64{lo(c.z), hi(c.z)} {
		products := []float64{lo(c.x) * lo(c.y), lo(c.x) * hi(c.y), hi(c.x) * lo(c.y), hi(c.x) * hi(c.y)}
		require.True(t, slices.Min(products) <= v && v <= slices.Max(products), "z bound %v: %v after %v", v, p, after)
	}
	for _, xy := range [][2]int{{c.x, c.y}, {c.y, c.x}} {
		for _, v := range []float64{lo(xy[0]), hi(xy[0])} {
			ends := []float64{v * lo(xy[1]), v * hi(xy[1])}
			require.True(t, slices.Min(ends) <= hi(c.z) && lo(c.z) <= slices.Max(ends),
				"x%d's bound %v: %v after %v", xy[0], v, p, after)
		}
	}
}

// TestArithmeticEdges checks overflow and the edge cases of the
// definitions, table-driven.
func TestArithmeticEdges(t *testing.T) {
	for _, tc := range []struct{ a, b, want int64 }{
		{2, 62, 1 << 62}, {2, 63, math.MaxInt64}, {-2, 63, math.MinInt64}, {-2, 64, math.MaxInt64},
		{-3, 41, math.MinInt64}, {-3, 40, math.MaxInt64}, {-1, -3, -1}, {-1, -4, 1}, {1, -7, 1},
		{5, -2, 0}, {0, 0, 1}, {0, 3, 0}, {7, 0, 1}, {-1, 1 << 40, 1}, {3, 1 << 40, math.MaxInt64},
	} {
		got, ok := pow(tc.a, tc.b)
		assert.True(t, ok)
		assert.Equal(t, tc.want, got, "%d^%d", tc.a, tc.b)
	}
	_, ok := pow(0, -1)
	assert.False(t, ok, "0^-1 is undefined")
	for _, tc := range []struct{ v, n, want int64 }{
		{0, 2, 0}, {1, 5, 1}, {8, 3, 2}, {26, 3, 2}, {27, 3, 3}, {math.MaxInt64, 2, 3037000499}, {math.MaxInt64, 1, math.MaxInt64},
	} {
		assert.Equal(t, tc.want, rootFloor(tc.v, tc.n), "⌊%d^(1/%d)⌋", tc.v, tc.n)
	}

	// Products beyond int64 saturate: no small z fits them.
	s := New()
	x, y, z := s.NewVar(1<<40, 1<<40+3), s.NewVar(1<<40, 1<<40+3), s.NewVar(0, 10)
	s.AddTimes(z, x, y)
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)

	// A big exponent range with a fixed result: bounds reasoning only.
	s = New()
	x, y, z = s.NewVar(-1000, 1000), s.NewVar(0, 1000), s.NewVar(-10, 10)
	s.AddPow(z, x, y)
	require.NoError(t, s.Propagate())
	require.NoError(t, s.Assign(y, 3))
	require.NoError(t, s.Propagate())
	assert.Equal(t, [2]int{-2, 2}, [2]int{s.Min(x), s.Max(x)}, "x³ within -10..10")
	assert.Equal(t, [2]int{-8, 8}, [2]int{s.Min(z), s.Max(z)})

	// Division by zero has no solution.
	s = New()
	x, y, z = s.NewVar(-5, 5), s.NewVar(0, 0), s.NewVar(-5, 5)
	s.AddDiv(z, x, y)
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)
}

// TestArithmeticWideDomains propagates one operation by bounds reasoning
// alone over domains wide enough for large powers and products, and
// checks that no value of a solution is lost.
func TestArithmeticWideDomains(t *testing.T) {
	defer func(n int) { exactPairs = n }(exactPairs)
	exactPairs = 0
	r := rand.New(rand.NewPCG(34, 2))
	for range randomCases(600) {
		c := arithC{op: binaryOp(r.IntN(int(numOps))), z: 0, x: 1, y: 2}
		p := testProblem{lo: make([]int, 3), hi: make([]int, 3)}
		p.lo[0] = -300 + r.IntN(300)
		p.hi[0] = p.lo[0] + r.IntN(400)
		for i := 1; i <= 2; i++ {
			p.lo[i] = r.IntN(9) - 5
			p.hi[i] = p.lo[i] + r.IntN(10)
		}
		p.constraints = []testConstraint{c}
		after, supported := propagateOne(t, p)
		requireNoSupportLost(t, p, after, supported)
	}
}
