package cp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// holdsReified is the checkers' reading of b ⇔ C and b → C.
func holdsReified(b int, mode Reification, c bool) bool {
	if mode == Iff {
		return (b == 1) == c
	}
	return b == 0 || c
}

type boundReifC struct {
	b, x int
	mode Reification
	rel  Relation
	k    int
}

func (c boundReifC) post(s *Solver, vars []Var) {
	s.AddBoundReif(Pos(vars[c.b]), c.mode, vars[c.x], c.rel, c.k)
}
func (c boundReifC) holds(v []int) bool {
	return holdsReified(v[c.b], c.mode, compare(v[c.x], c.rel, c.k))
}

// compareReifC is b ⇔ x rel y + c, or x rel y + c alone when b < 0.
type compareReifC struct {
	b, x, y int
	mode    Reification
	rel     Relation
	c       int
}

func (c compareReifC) post(s *Solver, vars []Var) {
	if c.b < 0 {
		s.AddCompare(vars[c.x], c.rel, vars[c.y], c.c)
		return
	}
	s.AddCompareReif(Pos(vars[c.b]), c.mode, vars[c.x], c.rel, vars[c.y], c.c)
}
func (c compareReifC) holds(v []int) bool {
	holds := compare(v[c.x], c.rel, v[c.y]+c.c)
	if c.b < 0 {
		return holds
	}
	return holdsReified(v[c.b], c.mode, holds)
}

type linearReifC struct {
	b      int
	mode   Reification
	idx    []int
	coeffs []int
	rel    Relation
	k      int
}

func (c linearReifC) post(s *Solver, vars []Var) {
	vs := make([]Var, len(c.idx))
	for i, j := range c.idx {
		vs[i] = vars[j]
	}
	s.AddIntSumReif(Pos(vars[c.b]), c.mode, vs, c.coeffs, c.rel, c.k)
}
func (c linearReifC) holds(v []int) bool {
	sum := 0
	for i, j := range c.idx {
		sum += c.coeffs[i] * v[j]
	}
	return holdsReified(v[c.b], c.mode, compare(sum, c.rel, c.k))
}

type inReifC struct {
	b, x   int
	mode   Reification
	values []int
}

func (c inReifC) post(s *Solver, vars []Var) {
	s.AddInReif(Pos(vars[c.b]), c.mode, vars[c.x], c.values)
}
func (c inReifC) holds(v []int) bool {
	return holdsReified(v[c.b], c.mode, slices.Contains(c.values, v[c.x]))
}

type xorC struct {
	idx     []int
	negated []bool
	result  bool
}

func (c xorC) post(s *Solver, vars []Var) {
	lits := make([]Lit, len(c.idx))
	for i, j := range c.idx {
		lits[i] = Pos(vars[j])
		if c.negated[i] {
			lits[i] = Neg(vars[j])
		}
	}
	s.AddXor(lits, c.result)
}
func (c xorC) holds(v []int) bool {
	odd := false
	for i, j := range c.idx {
		if (v[j] == 1) != c.negated[i] {
			odd = !odd
		}
	}
	return odd == c.result
}

// reifBools is the number of 0..1 variables, first, of a reified problem.
const reifBools = 3

// randomReifConstraint returns one reified constraint over a problem with
// reifBools 0..1 variables and n-reifBools others.
func randomReifConstraint(r *rand.Rand, n int) testConstraint {
	b, mode := r.IntN(reifBools), Reification(r.IntN(2))
	ints := func(k int) []int { // k distinct variables, integers first
		perm := r.Perm(n - reifBools)
		for i := range perm {
			perm[i] += reifBools
		}
		if k > len(perm) {
			perm = append(perm, r.Perm(reifBools)...)
		}
		return perm[:k]
	}
	rel := Relation(r.IntN(numRelations))
	switch r.IntN(6) {
	case 0:
		return boundReifC{b: b, mode: mode, x: ints(1)[0], rel: rel, k: r.IntN(7) - 2}
	case 1:
		xy := ints(2)
		if r.IntN(3) == 0 {
			b = -1
		}
		return compareReifC{b: b, mode: mode, x: xy[0], y: xy[1], rel: rel, c: r.IntN(5) - 2}
	case 2:
		idx := ints(1 + r.IntN(3))
		coeffs := make([]int, len(idx))
		for i := range coeffs {
			coeffs[i] = r.IntN(7) - 3
		}
		return linearReifC{b: b, mode: mode, idx: idx, coeffs: coeffs, rel: rel, k: r.IntN(9) - 4}
	case 3, 4:
		values := make([]int, r.IntN(5))
		for i := range values {
			values[i] = r.IntN(8) - 2
		}
		return inReifC{b: b, mode: mode, x: ints(1)[0], values: values}
	}
	size := 1 + r.IntN(reifBools)
	c := xorC{idx: r.Perm(reifBools)[:size], negated: make([]bool, size), result: r.IntN(2) == 0}
	for i := range c.negated {
		c.negated[i] = r.IntN(3) == 0
	}
	return c
}

// randomReifProblem has reifBools 0..1 variables and one to three
// integer variables with holes, under reified constraints.
func randomReifProblem(r *rand.Rand) testProblem {
	n := reifBools + 1 + r.IntN(3)
	p := randomDomains(r, n)
	for i := range reifBools {
		p.lo[i], p.hi[i], p.holes[i] = 0, 1, nil
	}
	for range 1 + r.IntN(3) {
		p.constraints = append(p.constraints, randomReifConstraint(r, n))
	}
	return p
}

// TestReifiedAgainstBruteForce enumerates every solution of random
// problems of reified constraints and compares them with brute force.
func TestReifiedAgainstBruteForce(t *testing.T) {
	requireBruteForce(t, 21, 3000, randomReifProblem)
}

// TestReifiedDomainConsistency checks the reified forms that promise
// domain consistency, x rel k and x ∈ S: after propagation the domains of
// x and b hold exactly the values of some solution.
func TestReifiedDomainConsistency(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 7))
	for range randomCases(4000) {
		p := randomReifProblem(r)
		var c testConstraint
		for c == nil {
			switch c2 := randomReifConstraint(r, len(p.lo)).(type) {
			case boundReifC:
				c = c2
			case inReifC:
				c = c2
			}
		}
		p.constraints = []testConstraint{c}
		after, supported := propagateOne(t, p)
		requireNoSupportLost(t, p, after, supported)
		if after == nil {
			continue
		}
		require.Equal(t, supported, after, "values without support: %v", p)
	}
}

// TestIntersectAndRemoveValues narrows random domains to random sets of
// values and out of them, and compares with the sets' own operations.
func TestIntersectAndRemoveValues(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	for range 2000 {
		p := randomDomains(r, 1)
		values := make([]int, r.IntN(6))
		for i := range values {
			values[i] = r.IntN(9) - 3
		}
		var inter, diff []int
		for x := p.lo[0]; x <= p.hi[0]; x++ {
			if p.allowed(0, x) {
				if slices.Contains(values, x) {
					inter = append(inter, x)
				} else {
					diff = append(diff, x)
				}
			}
		}
		for _, tc := range []struct {
			op   func(*Solver, Var) error
			want []int
		}{
			{func(s *Solver, v Var) error { return s.Intersect(v, values) }, inter},
			{func(s *Solver, v Var) error { return s.RemoveValues(v, values) }, diff},
		} {
			s, vars := p.newSolver()
			err := tc.op(s, vars[0])
			if tc.want == nil {
				require.ErrorIs(t, err, ErrInconsistent, "%v with %v", p, values)
				continue
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, s.Values(nil, vars[0]), "%v with %v", p, values)
			require.Equal(t, len(tc.want), s.Size(vars[0]))
		}
	}
}

// requireBoundsSupported checks bounds consistency of c after propagation:
// each bound of each variable of vars belongs to a solution of c in which
// every other variable lies between its bounds (holes ignored).
func requireBoundsSupported(t *testing.T, p testProblem, c testConstraint, vars []int, after [][]int) {
	t.Helper()
	intervals := make([][]int, len(after))
	for i := range intervals {
		for x := after[i][0]; x <= after[i][len(after[i])-1]; x++ {
			intervals[i] = append(intervals[i], x)
		}
	}
	for _, i := range vars {
		for _, bound := range []int{after[i][0], after[i][len(after[i])-1]} {
			domains := slices.Clone(intervals)
			domains[i] = []int{bound}
			found := false
			enumerate(domains, func(values []int) { found = found || c.holds(values) })
			require.True(t, found, "x%d's bound %d has no support within the bounds %v: %v", i, bound, after, p)
		}
	}
}

// plainForm returns the constraint that c's reified constraint must
// enforce when its literal has the value b, and false when it enforces
// nothing (b false under Implies).
func plainForm(c testConstraint, b int) (post func(s *Solver, vars []Var) error, ok bool) {
	if b == 0 {
		switch c := c.(type) {
		case boundReifC:
			if c.mode == Implies {
				return nil, false
			}
			c.rel = c.rel.Negate()
			b = 1
			return plainForm(c, b)
		case compareReifC:
			if c.mode == Implies {
				return nil, false
			}
			c.rel = c.rel.Negate()
			return plainForm(c, 1)
		case linearReifC:
			if c.mode == Implies {
				return nil, false
			}
			c.rel = c.rel.Negate()
			return plainForm(c, 1)
		case inReifC:
			if c.mode == Implies {
				return nil, false
			}
			return func(s *Solver, vars []Var) error { return s.RemoveValues(vars[c.x], c.values) }, true
		}
	}
	switch c := c.(type) {
	case boundReifC:
		return func(s *Solver, vars []Var) error {
			return s.Apply(Decision{Var: vars[c.x], Rel: c.rel, Val: c.k})
		}, true
	case compareReifC:
		return func(s *Solver, vars []Var) error {
			s.AddCompare(vars[c.x], c.rel, vars[c.y], c.c)
			return nil
		}, true
	case linearReifC:
		return func(s *Solver, vars []Var) error {
			vs := make([]Var, len(c.idx))
			for i, j := range c.idx {
				vs[i] = vars[j]
			}
			s.AddIntSum(vs, c.coeffs, c.rel, c.k)
			return nil
		}, true
	case inReifC:
		return func(s *Solver, vars []Var) error { return s.Intersect(vars[c.x], c.values) }, true
	}
	panic("not a reified constraint")
}

// TestReifiedFixedLiteral fixes the literal of a random reified constraint:
// the constraint must then prune exactly as its plain form (or the plain
// form of its negation) does, and the plain order relations must be
// bounds consistent.
func TestReifiedFixedLiteral(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 9))
	for range randomCases(6000) {
		p := randomReifProblem(r)
		c := randomReifConstraint(r, len(p.lo))
		p.constraints = []testConstraint{c}
		b := -1
		switch c := c.(type) {
		case boundReifC:
			b = c.b
		case compareReifC:
			b = c.b
		case linearReifC:
			b = c.b
		case inReifC:
			b = c.b
		}
		if b < 0 {
			continue // a xor, or a comparison without a literal
		}
		val := r.IntN(2)
		p.lo[b], p.hi[b] = val, val
		post, ok := plainForm(c, val)
		if !ok {
			continue
		}
		after, supported := propagateOne(t, p)
		requireNoSupportLost(t, p, after, supported)

		plain := p
		plain.constraints = nil
		s, vars := plain.newSolver()
		err := post(s, vars)
		if err == nil {
			err = s.Propagate()
		}
		if err != nil {
			require.Nil(t, after, "the plain form fails, the reified one does not: %v", p)
			continue
		}
		require.NotNil(t, after, "the reified form fails, the plain one does not: %v", p)
		for i, v := range vars {
			require.Equal(t, s.Values(nil, v), after[i], "x%d: %v", i, p)
		}
		if cr, ok := c.(compareReifC); ok && !(cr.rel == Equal || cr.rel == NotEqual) {
			requireBoundsSupported(t, p, c, []int{cr.x, cr.y}, after)
		}
	}
}

// TestCompareWithItself: x rel x + c is decided at once, whatever x's
// domain, plain or reified, rather than narrowed a value at a time.
func TestCompareWithItself(t *testing.T) {
	for _, tc := range []struct {
		rel  Relation
		c    int
		want bool
	}{
		{Less, 0, false}, {LessEq, 0, true}, {Greater, 0, false}, {GreaterEq, 0, true},
		{Equal, 0, true}, {Equal, 1, false}, {NotEqual, 0, false}, {NotEqual, -2, true},
		{Less, 1, true}, {Greater, -1, true}, {LessEq, -1, false},
	} {
		s := New()
		x := s.NewVar(-1_000_000, 1_000_000)
		s.AddCompare(x, tc.rel, x, tc.c)
		require.Equal(t, tc.want, s.Propagate() == nil, "x %v x + %d", tc.rel, tc.c)
		s = New()
		x = s.NewVar(-1_000_000, 1_000_000)
		b := s.NewBool()
		s.AddCompareReif(Pos(b), Iff, x, tc.rel, x, tc.c)
		require.NoError(t, s.Propagate())
		require.True(t, s.Fixed(b), "x %v x + %d: b open", tc.rel, tc.c)
		require.Equal(t, tc.want, s.Value(b) == 1, "x %v x + %d", tc.rel, tc.c)
		require.Less(t, s.Stats().Propagations, int64(10))
	}
}
