package cp

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type allDiffC struct {
	idx, offsets []int
	level        Consistency
}

func (c allDiffC) post(s *Solver, vars []Var) {
	vs := make([]Var, len(c.idx))
	for i, j := range c.idx {
		vs[i] = vars[j]
	}
	s.AddAllDifferentOffset(vs, c.offsets, c.level)
}

func (c allDiffC) holds(values []int) bool {
	seen := map[int]bool{}
	for i, j := range c.idx {
		x := values[j] + c.offsets[i]
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

type notEqualC struct{ x, y, c int }

func (c notEqualC) post(s *Solver, vars []Var) { s.AddNotEqual(vars[c.x], vars[c.y], c.c) }
func (c notEqualC) holds(values []int) bool    { return values[c.x] != values[c.y]+c.c }

type elementC struct {
	array        []int
	index, value int
}

func (c elementC) post(s *Solver, vars []Var) { s.AddElement(c.array, vars[c.index], vars[c.value]) }
func (c elementC) holds(values []int) bool {
	i := values[c.index]
	return i >= 0 && i < len(c.array) && c.array[i] == values[c.value]
}

type elementVarC struct {
	array        []int // variable numbers
	index, value int
}

func (c elementVarC) post(s *Solver, vars []Var) {
	array := make([]Var, len(c.array))
	for i, j := range c.array {
		array[i] = vars[j]
	}
	s.AddElementVar(array, vars[c.index], vars[c.value])
}

func (c elementVarC) holds(values []int) bool {
	i := values[c.index]
	return i >= 0 && i < len(c.array) && values[c.array[i]] == values[c.value]
}

// randomDomains gives n variables small domains with holes; every domain
// keeps at least one value.
func randomDomains(r *rand.Rand, n int) testProblem {
	p := testProblem{lo: make([]int, n), hi: make([]int, n), holes: make([][]int, n)}
	for i := range n {
		p.lo[i] = r.IntN(4) - 1
		p.hi[i] = p.lo[i] + r.IntN(5)
		for x := p.lo[i] + 1; x < p.hi[i]; x++ { // interior holes only: the bounds stay
			if r.IntN(4) == 0 {
				p.holes[i] = append(p.holes[i], x)
			}
		}
	}
	return p
}

func randomAllDiff(r *rand.Rand, n int, level Consistency) allDiffC {
	c := allDiffC{idx: randomSubset(r, n, 2+r.IntN(n-1)), level: level}
	c.offsets = make([]int, len(c.idx))
	if r.IntN(2) == 0 {
		for i := range c.offsets {
			c.offsets[i] = r.IntN(5) - 2
		}
	}
	return c
}

func randomElement(r *rand.Rand, n int) testConstraint {
	perm := r.Perm(n)
	index, value := perm[0], perm[1]
	size := 1 + r.IntN(5)
	if r.IntN(2) == 0 || n < 3 {
		array := make([]int, size)
		for i := range array {
			array[i] = r.IntN(6) - 1
		}
		return elementC{array: array, index: index, value: value}
	}
	array := make([]int, size)
	for i := range array {
		array[i] = perm[2+r.IntN(n-2)]
	}
	return elementVarC{array: array, index: index, value: value}
}

// randomGlobalProblem mixes the globals with each other and with a linear
// sum, over domains with holes.
func randomGlobalProblem(r *rand.Rand) testProblem {
	n := 2 + r.IntN(4)
	p := randomDomains(r, n)
	for range 1 + r.IntN(3) {
		switch r.IntN(5) {
		case 0:
			p.constraints = append(p.constraints, randomAllDiff(r, n, BoundsConsistency))
		case 1:
			p.constraints = append(p.constraints, randomAllDiff(r, n, DomainConsistency))
		case 2:
			xy := r.Perm(n)
			p.constraints = append(p.constraints, notEqualC{x: xy[0], y: xy[1], c: r.IntN(3) - 1})
		case 3:
			p.constraints = append(p.constraints, randomElement(r, n))
		default:
			idx := randomSubset(r, n, 1+r.IntN(n))
			coeffs := make([]int, len(idx))
			for i := range coeffs {
				coeffs[i] = r.IntN(5) - 2
			}
			p.constraints = append(p.constraints, intSumC{idx: idx, coeffs: coeffs, rel: Relation(r.IntN(numRelations)), k: r.IntN(7) - 2})
		}
	}
	return p
}

// TestGlobalsAgainstBruteForce enumerates every solution of random
// problems mixing the globals and compares them with brute force: no
// solution lost, none made up.
func TestGlobalsAgainstBruteForce(t *testing.T) {
	requireBruteForce(t, 11, 1500, randomGlobalProblem)
}

// enumerate calls f with every assignment of values from domains.
func enumerate(domains [][]int, f func(values []int)) {
	values := make([]int, len(domains))
	var rec func(i int)
	rec = func(i int) {
		if i == len(domains) {
			f(values)
			return
		}
		for _, x := range domains[i] {
			values[i] = x
			rec(i + 1)
		}
	}
	rec(0)
}

// propagateOne posts p's single constraint over its domains and propagates.
// It returns the domains after propagation (nil on failure) and the values
// each variable takes in the solutions, found by brute force over the
// domains before.
func propagateOne(t *testing.T, p testProblem) (after, supported [][]int) {
	t.Helper()
	before := make([][]int, len(p.lo))
	for i := range before {
		for x := p.lo[i]; x <= p.hi[i]; x++ {
			if p.allowed(i, x) {
				before[i] = append(before[i], x)
			}
		}
	}
	supported = make([][]int, len(p.lo))
	enumerate(before, func(values []int) {
		if p.constraints[0].holds(values) {
			for i, x := range values {
				if !slices.Contains(supported[i], x) {
					supported[i] = append(supported[i], x)
				}
			}
		}
	})
	for i := range supported {
		slices.Sort(supported[i])
	}
	s, vars := p.newSolver()
	if s.Propagate() != nil {
		return nil, supported
	}
	after = make([][]int, len(vars))
	for i, v := range vars {
		after[i] = s.Values(nil, v)
	}
	return after, supported
}

// requireNoSupportLost checks that propagation kept every value of every
// solution, and failed only when there was no solution.
func requireNoSupportLost(t *testing.T, p testProblem, after, supported [][]int) {
	t.Helper()
	if after == nil {
		for i := range supported {
			require.Empty(t, supported[i], "propagation failed on a problem with solutions: %v", p)
		}
		return
	}
	for i := range supported {
		for _, x := range supported[i] {
			require.Contains(t, after[i], x, "x%d lost the value %d of a solution: %v", i, x, p)
		}
	}
}

// TestDomainConsistency checks the constraints that promise domain
// consistency: after propagation a domain holds exactly the values that
// some solution gives its variable (for Element, the index and the value).
func TestDomainConsistency(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 14))
	for range randomCases(4000) {
		n := 2 + r.IntN(4)
		p := randomDomains(r, n)
		var checked []int // the variables whose domains must equal the support
		switch r.IntN(3) {
		case 0:
			c := randomAllDiff(r, n, DomainConsistency)
			p.constraints, checked = []testConstraint{c}, c.idx
		case 1:
			xy := r.Perm(n)
			p.constraints, checked = []testConstraint{notEqualC{x: xy[0], y: xy[1], c: r.IntN(3) - 1}}, xy[:2]
		default:
			c := randomElement(r, n)
			p.constraints = []testConstraint{c}
			switch c := c.(type) {
			case elementC:
				checked = []int{c.index, c.value}
			case elementVarC:
				checked = []int{c.index, c.value}
			}
		}
		after, supported := propagateOne(t, p)
		requireNoSupportLost(t, p, after, supported)
		if after == nil {
			continue
		}
		for _, i := range checked {
			require.Equal(t, supported[i], after[i], "x%d keeps values without support: %v", i, p)
		}
	}
}

// TestAllDifferentBoundsConsistency checks bounds consistency: after
// propagation each bound of each variable belongs to an assignment of
// distinct values in which every other variable lies between its bounds;
// and the value of a fixed variable is in no other domain.
func TestAllDifferentBoundsConsistency(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 15))
	for range randomCases(4000) {
		n := 2 + r.IntN(5)
		p := randomDomains(r, n)
		c := randomAllDiff(r, n, BoundsConsistency)
		p.constraints = []testConstraint{c}
		after, supported := propagateOne(t, p)
		requireNoSupportLost(t, p, after, supported)
		if after == nil {
			continue
		}
		requireBoundsSupported(t, p, c, c.idx, after)
		for a, i := range c.idx {
			if len(after[i]) > 1 {
				continue
			}
			for b, j := range c.idx {
				if b != a {
					x := after[i][0] + c.offsets[a] - c.offsets[b]
					require.NotContains(t, after[j], x, "x%d is fixed, x%d keeps its value: %v", i, j, p)
				}
			}
		}
	}
}

// TestAllDifferentLevelsAgree counts the solutions of random AllDifferent
// problems, bigger than brute force reaches, with both consistencies.
func TestAllDifferentLevelsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 16))
	for range 200 {
		n := 4 + r.IntN(5)
		lo, hi := make([]int, n), make([]int, n)
		for i := range n {
			lo[i] = r.IntN(n)
			hi[i] = lo[i] + r.IntN(n)
		}
		count := func(level Consistency) int {
			s := New()
			vars := make([]Var, n)
			for i := range vars {
				vars[i] = s.NewVar(lo[i], hi[i])
			}
			s.AddAllDifferent(vars, level)
			got, err := s.Count(context.Background(), FirstFail(vars, ValueMin), Limits{}, 0, nil)
			require.NoError(t, err)
			return got
		}
		require.Equal(t, count(BoundsConsistency), count(DomainConsistency), "domains %v..%v", lo, hi)
	}
}

// TestNotEqualLearns counts the solutions of a ring of NotEqual over 0..1
// variables, which explains itself, with the learning search, and of one
// over other variables.
func TestNotEqualLearns(t *testing.T) {
	for n := 2; n <= 7; n++ {
		s := New()
		ring := make([]Var, n)
		for i := range ring {
			ring[i] = s.NewBool()
		}
		for i := range ring {
			s.AddNotEqual(ring[i], ring[(i+1)%n], 0)
		}
		count := 0
		require.NoError(t, s.SearchLearning(context.Background(), ring, Limits{}, func() bool { count++; return true }))
		want := 2 // a ring of even length alternates, one of odd length cannot
		if n%2 == 1 {
			want = 0
		}
		assert.Equal(t, want, count, "ring of %d", n)
	}
	s := New()
	x, y := s.NewBool(), s.NewVar(0, 2)
	s.AddNotEqual(x, y, 0)
	count := 0
	require.NoError(t, s.SearchLearning(context.Background(), []Var{x, y}, Limits{}, func() bool { count++; return true }))
	assert.Equal(t, 4, count, "x = 0 with y in {1, 2}, x = 1 with y in {0, 2}")
}

// TestAllDifferentPigeons has more variables than values: both levels
// fail at the root without search.
func TestAllDifferentPigeons(t *testing.T) {
	for _, level := range []Consistency{BoundsConsistency, DomainConsistency} {
		s := New()
		vars := make([]Var, 6)
		for i := range vars {
			vars[i] = s.NewVar(1, 5)
		}
		s.AddAllDifferent(vars, level)
		require.ErrorIs(t, s.Propagate(), ErrInconsistent, "%v", level)
	}
	assert.Equal(t, "domain", DomainConsistency.String())
}
