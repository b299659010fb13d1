package cp

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A constraint of a random test problem, evaluated independently of the
// propagators on a full assignment.
type testConstraint interface {
	post(s *Solver, vars []Var)
	holds(values []int) bool
}

type boolSumC struct {
	idx     []int
	negated []bool
	weights []int
	rel     Relation
	k       int
}

func (c boolSumC) post(s *Solver, vars []Var) {
	lits := make([]Lit, len(c.idx))
	for i, j := range c.idx {
		lits[i] = boolLit(vars[j], c.negated[i])
	}
	s.AddBoolSum(lits, c.weights, c.rel, c.k)
}

func (c boolSumC) holds(values []int) bool {
	sum := 0
	for i, j := range c.idx {
		b := values[j]
		if c.negated[i] {
			b = 1 - b
		}
		sum += c.weights[i] * b
	}
	return compare(sum, c.rel, c.k)
}

// compare is the checkers' own reading of a relation.
func compare(sum int, rel Relation, k int) bool {
	switch rel {
	case LessEq:
		return sum <= k
	case GreaterEq:
		return sum >= k
	case Equal:
		return sum == k
	case NotEqual:
		return sum != k
	case Less:
		return sum < k
	case Greater:
		return sum > k
	}
	panic(fmt.Sprintf("unknown relation %d", rel))
}

// numRelations is the number of relations the random problems draw from.
const numRelations = 6

type clauseC struct {
	idx     []int
	negated []bool
}

func (c clauseC) post(s *Solver, vars []Var) {
	lits := make([]Lit, len(c.idx))
	for i, j := range c.idx {
		lits[i] = boolLit(vars[j], c.negated[i])
	}
	if len(lits) == 2 && rand.IntN(2) == 0 {
		s.AddImplication(lits[0].Not(), lits[1])
		return
	}
	s.AddClause(lits...)
}

func (c clauseC) holds(values []int) bool {
	for i, j := range c.idx {
		if (values[j] == 1) != c.negated[i] {
			return true
		}
	}
	return false
}

type intSumC struct {
	idx    []int
	coeffs []int
	rel    Relation
	k      int
}

func (c intSumC) post(s *Solver, vars []Var) {
	vs := make([]Var, len(c.idx))
	for i, j := range c.idx {
		vs[i] = vars[j]
	}
	s.AddIntSum(vs, c.coeffs, c.rel, c.k)
}

func (c intSumC) holds(values []int) bool {
	sum := 0
	for i, j := range c.idx {
		sum += c.coeffs[i] * values[j]
	}
	return compare(sum, c.rel, c.k)
}

type tableC struct {
	idx    []int
	tuples [][]int
}

func (c tableC) post(s *Solver, vars []Var) {
	vs := make([]Var, len(c.idx))
	for i, j := range c.idx {
		vs[i] = vars[j]
	}
	s.AddTable(vs, c.tuples)
}

func (c tableC) holds(values []int) bool {
	for _, t := range c.tuples {
		ok := true
		for i, j := range c.idx {
			ok = ok && values[j] == t[i]
		}
		if ok {
			return true
		}
	}
	return false
}

type condEqualC struct{ cond, x, y int }

func (c condEqualC) post(s *Solver, vars []Var) {
	s.AddCondEqual(Pos(vars[c.cond]), vars[c.x], vars[c.y])
}
func (c condEqualC) holds(values []int) bool {
	return values[c.cond] == 0 || values[c.x] == values[c.y]
}

type condBoundC struct {
	cond, x int
	rel     Relation
	k       int
}

func (c condBoundC) post(s *Solver, vars []Var) {
	s.AddCondBound(Neg(vars[c.cond]), vars[c.x], c.rel, c.k)
}
func (c condBoundC) holds(values []int) bool {
	return values[c.cond] == 1 || compare(values[c.x], c.rel, c.k)
}

// randomCondProblem has two 0..1 variables first, then integer ones, under
// conditional constraints.
func randomCondProblem(r *rand.Rand) testProblem {
	n := 3 + r.IntN(3)
	p := testProblem{lo: make([]int, n), hi: make([]int, n)}
	for i := range p.lo {
		if i < 2 {
			p.hi[i] = 1
			continue
		}
		p.lo[i] = r.IntN(4)
		p.hi[i] = p.lo[i] + r.IntN(4)
	}
	for range 1 + r.IntN(4) {
		x, y := 2+r.IntN(n-2), 2+r.IntN(n-2)
		if r.IntN(2) == 0 {
			p.constraints = append(p.constraints, condEqualC{cond: r.IntN(2), x: x, y: y})
		} else {
			p.constraints = append(p.constraints, condBoundC{cond: r.IntN(2), x: x, rel: Relation(r.IntN(numRelations)), k: r.IntN(7)})
		}
	}
	return p
}

type testProblem struct {
	lo, hi      []int   // domains
	holes       [][]int // when not nil: values of lo..hi removed at the start
	constraints []testConstraint
}

// allowed reports whether x is in variable i's domain.
func (p testProblem) allowed(i, x int) bool {
	return x >= p.lo[i] && x <= p.hi[i] && (p.holes == nil || !slices.Contains(p.holes[i], x))
}

// size returns the size of variable i's domain.
func (p testProblem) size(i int) int {
	n := 0
	for x := p.lo[i]; x <= p.hi[i]; x++ {
		if p.allowed(i, x) {
			n++
		}
	}
	return n
}

// newSolver makes p's variables, with their holes, and posts its
// constraints.
func (p testProblem) newSolver() (*Solver, []Var) {
	s := New()
	vars := make([]Var, len(p.lo))
	for i := range vars {
		vars[i] = s.NewVar(p.lo[i], p.hi[i])
		for x := p.lo[i]; x <= p.hi[i]; x++ {
			if !p.allowed(i, x) {
				_ = s.Remove(vars[i], x) // at most all but one: see randomHoles
			}
		}
	}
	for _, c := range p.constraints {
		c.post(s, vars)
	}
	return s, vars
}

func (p testProblem) String() string {
	var b strings.Builder
	for i := range p.lo {
		fmt.Fprintf(&b, "x%d∈%d..%d ", i, p.lo[i], p.hi[i])
		if p.holes != nil && len(p.holes[i]) > 0 {
			fmt.Fprintf(&b, "\\%v ", p.holes[i])
		}
	}
	for _, c := range p.constraints {
		fmt.Fprintf(&b, "\n  %+v", c)
	}
	return b.String()
}

// bruteForce returns every solution, each as a string of values.
func (p testProblem) bruteForce() []string {
	var sols []string
	values := slices.Clone(p.lo)
	for {
		ok := true
		for i, x := range values {
			ok = ok && p.allowed(i, x)
		}
		for _, c := range p.constraints {
			if !c.holds(values) {
				ok = false
				break
			}
		}
		if ok {
			sols = append(sols, fmt.Sprint(values))
		}
		i := 0
		for ; i < len(values); i++ {
			if values[i] < p.hi[i] {
				values[i]++
				break
			}
			values[i] = p.lo[i]
		}
		if i == len(values) {
			return sols
		}
	}
}

// randomCases is how many random problems a test checks against brute
// force: n, or a tenth of n under -short. CI runs the suite twice, the
// second time with -short under the race detector, which makes each case
// several times dearer and finds nothing in these searches of one
// goroutine; the first run checks all n.
func randomCases(n int) int {
	if testing.Short() {
		return max(n/10, 1)
	}
	return n
}

func randomSubset(r *rand.Rand, n, size int) []int {
	return r.Perm(n)[:size]
}

func randomBoolProblem(r *rand.Rand) testProblem {
	n := 1 + r.IntN(9)
	p := testProblem{lo: make([]int, n), hi: make([]int, n)}
	for i := range p.hi {
		p.hi[i] = 1
	}
	for range 1 + r.IntN(5) {
		size := 1 + r.IntN(n)
		idx := randomSubset(r, n, size)
		neg := make([]bool, size)
		for i := range neg {
			neg[i] = r.IntN(3) == 0
		}
		if r.IntN(3) == 0 {
			p.constraints = append(p.constraints, clauseC{idx: idx, negated: neg})
			continue
		}
		w := make([]int, size)
		total := 0
		for i := range w {
			w[i] = r.IntN(7) - 2
			total += max(w[i], -w[i])
		}
		p.constraints = append(p.constraints, boolSumC{idx: idx, negated: neg, weights: w,
			rel: Relation(r.IntN(numRelations)), k: r.IntN(total+3) - 2})
	}
	return p
}

func randomIntProblem(r *rand.Rand) testProblem {
	n := 1 + r.IntN(4)
	p := testProblem{lo: make([]int, n), hi: make([]int, n)}
	for i := range p.lo {
		p.lo[i] = r.IntN(5) - 2
		p.hi[i] = p.lo[i] + r.IntN(5)
	}
	for range 1 + r.IntN(3) {
		size := 1 + r.IntN(n)
		idx := randomSubset(r, n, size)
		if r.IntN(2) == 0 {
			coeffs := make([]int, size)
			for i := range coeffs {
				coeffs[i] = r.IntN(7) - 3
			}
			p.constraints = append(p.constraints, intSumC{idx: idx, coeffs: coeffs,
				rel: Relation(r.IntN(numRelations)), k: r.IntN(11) - 5})
			continue
		}
		var tuples [][]int
		for range r.IntN(12) {
			t := make([]int, size)
			for i, j := range idx {
				t[i] = p.lo[j] + r.IntN(p.hi[j]-p.lo[j]+1)
			}
			tuples = append(tuples, t)
		}
		p.constraints = append(p.constraints, tableC{idx: idx, tuples: tuples})
	}
	return p
}

// solveAll enumerates the solutions with the solver.
func solveAll(t *testing.T, p testProblem, brancher func([]Var) Brancher) []string {
	t.Helper()
	s, vars := p.newSolver()
	var sols []string
	n, err := s.Count(context.Background(), brancher(vars), Limits{}, 0, func() {
		values := make([]int, len(vars))
		for i, v := range vars {
			require.True(t, s.Fixed(v), "solution with %s unfixed", s.Describe(v))
			values[i] = s.Value(v)
		}
		sols = append(sols, fmt.Sprint(values))
	})
	require.NoError(t, err)
	require.Equal(t, n, len(sols))
	// Search must leave the domains as it found them.
	for i, v := range vars {
		for x := p.lo[i]; x <= p.hi[i]; x++ {
			require.Equal(t, p.allowed(i, x), s.Contains(v, x))
		}
		require.Equal(t, p.size(i), s.Size(v))
	}
	return sols
}

// testBranchers are the branchers the brute-force comparisons search with.
var testBranchers = map[string]func([]Var) Brancher{
	"first-fail-min": func(v []Var) Brancher { return FirstFail(v, ValueMin) },
	"in-order-max":   func(v []Var) Brancher { return InOrder(v, ValueMax) },
}

// requireBruteForce enumerates every solution of rounds random problems
// from gen with each of testBranchers and compares them with brute force:
// no solution lost, none made up.
func requireBruteForce(t *testing.T, seed uint64, rounds int, gen func(*rand.Rand) testProblem) {
	t.Helper()
	for name, brancher := range testBranchers {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, uint64(len(name))))
			for range randomCases(rounds) {
				p := gen(r)
				want := p.bruteForce()
				got := solveAll(t, p, brancher)
				slices.Sort(got)
				slices.Sort(want)
				require.Equal(t, want, got, "problem %v", p)
			}
		})
	}
}

func TestAgainstBruteForce(t *testing.T) {
	branchers := map[string]func([]Var) Brancher{
		"first-fail-min": func(v []Var) Brancher { return FirstFail(v, ValueMin) },
		"in-order-max":   func(v []Var) Brancher { return InOrder(v, ValueMax) },
	}
	for _, kind := range []struct {
		name string
		gen  func(*rand.Rand) testProblem
	}{
		{"bool", randomBoolProblem},
		{"int", randomIntProblem},
		{"conditional", randomCondProblem},
	} {
		for bname, brancher := range branchers {
			t.Run(kind.name+"/"+bname, func(t *testing.T) {
				r := rand.New(rand.NewPCG(1, uint64(len(kind.name)+len(bname))))
				for range randomCases(600) {
					p := kind.gen(r)
					want := p.bruteForce()
					got := solveAll(t, p, brancher)
					slices.Sort(got)
					slices.Sort(want)
					require.Equal(t, want, got, "problem %v", p)
				}
			})
		}
	}
}

// TestLearningAgainstBruteForce enumerates every solution of random 0..1
// problems with the learning search and compares them with brute force.
func TestLearningAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for i := range randomCases(3000) {
		p := randomBoolProblem(r)
		if r.IntN(2) == 0 {
			p = biggerBoolProblem(r)
		}
		requireLearningFindsAll(t, p, i)
	}
}

// requireLearningFindsAll enumerates every solution of p with the learning
// search, compares them with brute force, and checks that the search undid
// itself; i numbers the case in messages.
func requireLearningFindsAll(t *testing.T, p testProblem, i int) {
	t.Helper()
	want := p.bruteForce()
	s, vars := p.newSolver()
	var got []string
	unfixed := false
	err := s.SearchLearning(context.Background(), vars, Limits{}, func() bool {
		values := make([]int, len(vars))
		for i, v := range vars {
			unfixed = unfixed || !s.Fixed(v)
			values[i] = s.Value(v)
		}
		got = append(got, fmt.Sprint(values))
		return true
	})
	require.NoError(t, err)
	require.False(t, unfixed, "case %d: a solution with a variable not fixed", i)
	slices.Sort(got)
	slices.Sort(want)
	require.Equal(t, want, got, "case %d: %v", i, p)
	for i, v := range vars {
		require.Equal(t, p.size(i), s.Size(v), "the search must undo itself")
	}
}

// TestIntLearningAgainstBruteForce enumerates every solution of random
// problems over integers with the learning search, which reasons with
// bound and value literals and explains the propagators that do not
// explain themselves by their variables' domains, and compares them with
// brute force.
func TestIntLearningAgainstBruteForce(t *testing.T) {
	for _, kind := range []struct {
		name string
		gen  func(*rand.Rand) testProblem
	}{
		{"int", randomIntProblem},
		{"conditional", randomCondProblem},
		{"globals", randomGlobalProblem},
	} {
		t.Run(kind.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(len(kind.name))))
			for i := range 1500 {
				requireLearningFindsAll(t, kind.gen(r), i)
			}
		})
	}
}

// TestSetPhaseSteersToTheHint sets every variable's phase to a solution
// brute force found: the learning search must reach that solution first,
// without a failure, and still find every solution when it goes on.
func TestSetPhaseSteersToTheHint(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i, tried := 0, 0; tried < randomCases(500); i++ {
		p := biggerBoolProblem(r)
		want := p.bruteForce()
		if len(want) == 0 {
			continue
		}
		tried++
		hint := want[r.IntN(len(want))]
		s := New()
		vars := make([]Var, len(p.lo))
		for i := range vars {
			vars[i] = s.NewBool()
		}
		for _, c := range p.constraints {
			c.post(s, vars)
		}
		for i, f := range strings.Fields(strings.Trim(hint, "[]")) {
			s.SetPhase(vars[i], int(f[0]-'0'))
		}
		var got []string
		err := s.SearchLearning(context.Background(), vars, Limits{}, func() bool {
			values := make([]int, len(vars))
			for i, v := range vars {
				values[i] = s.Value(v)
			}
			if got = append(got, fmt.Sprint(values)); len(got) == 1 {
				require.Zero(t, s.Stats().Failures, "case %d: a failure before the hinted solution", i)
			}
			return true
		})
		require.NoError(t, err)
		require.Equal(t, hint, got[0], "case %d: the first solution is the hint", i)
		slices.Sort(got)
		slices.Sort(want)
		require.Equal(t, want, got, "case %d: every solution still", i)
	}
}

// biggerBoolProblem has up to 14 variables and enough constraints to make
// conflicts, learned clauses and backjumps happen.
func biggerBoolProblem(r *rand.Rand) testProblem {
	n := 8 + r.IntN(7)
	p := testProblem{lo: make([]int, n), hi: make([]int, n)}
	for i := range p.hi {
		p.hi[i] = 1
	}
	for range 4 + r.IntN(8) {
		size := 2 + r.IntN(min(n-1, 6))
		idx := randomSubset(r, n, size)
		neg := make([]bool, size)
		for i := range neg {
			neg[i] = r.IntN(2) == 0
		}
		switch r.IntN(6) {
		case 0, 1, 2:
			p.constraints = append(p.constraints, clauseC{idx: idx, negated: neg})
			continue
		case 3:
			p.constraints = append(p.constraints, xorC{idx: idx[:min(size, 3)], negated: neg[:min(size, 3)], result: r.IntN(2) == 0})
			continue
		}
		w := make([]int, size)
		for i := range w {
			w[i] = 1 + r.IntN(3)
		}
		p.constraints = append(p.constraints, boolSumC{idx: idx, negated: neg, weights: w,
			rel: Relation(r.IntN(numRelations)), k: r.IntN(2*size) + 1})
	}
	return p
}

// TestLearningWithReduction repeats the brute-force comparison while
// learned clauses are dropped at every restart.
func TestLearningWithReduction(t *testing.T) {
	defer func(n int) { reduceAbove = n }(reduceAbove)
	reduceAbove = 0
	r := rand.New(rand.NewPCG(9, 9))
	for i := range randomCases(800) {
		requireLearningFindsAll(t, biggerBoolProblem(r), i)
	}
	// Pigeonhole needs many conflicts, so many restarts and reductions.
	s, vars := pigeonhole(7)
	require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool {
		t.Fatal("pigeonhole has no solution")
		return false
	}))
}

// TestLearningWithScheduledReduction repeats the brute-force comparison
// with a reduction due at every restart by the schedule (reduceFirst),
// not by the size of the store: the worse half of the long clauses goes
// each time, by literal block distance, and the clauses that block
// solutions must stay.
func TestLearningWithScheduledReduction(t *testing.T) {
	defer func(first, grow int) { reduceFirst, reduceGrow = first, grow }(reduceFirst, reduceGrow)
	reduceFirst, reduceGrow = 1, 0
	r := rand.New(rand.NewPCG(9, 10))
	for i := range randomCases(800) {
		requireLearningFindsAll(t, biggerBoolProblem(r), i)
	}
	// Random 3-SAT below the threshold: solutions between many conflicts,
	// so restarts and reductions while blocking clauses must stay. The
	// count of the search without learning is the reference.
	var restarts int64
	for seed := range uint64(4) {
		build := func() (*Solver, []Var) {
			r := rand.New(rand.NewPCG(seed, 26))
			s := New()
			vars := make([]Var, 100)
			for i := range vars {
				vars[i] = s.NewBool()
			}
			for range 415 {
				var lits []Lit
				for range 3 {
					l := Pos(vars[r.IntN(len(vars))])
					if r.IntN(2) == 0 {
						l = l.Not()
					}
					lits = append(lits, l)
				}
				s.AddClause(lits...)
			}
			return s, vars
		}
		s, vars := build()
		want, err := s.Count(context.Background(), DomWDeg(vars, ValueMin), Limits{}, 0, func() {})
		require.NoError(t, err)
		s, vars = build()
		got := 0
		require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { got++; return got <= want }))
		assert.Equal(t, want, got, "seed %d", seed)
		t.Log(want, s.Stats())
		assert.Positive(t, s.Stats().Restarts, "seed %d: the test needs reductions between solutions", seed)
		restarts += s.Stats().Restarts
	}
	assert.Greater(t, restarts, int64(8), "the test needs reductions between solutions")
}

// TestLearningExplainsSilentPropagators runs the learning search over
// integer variables and over a propagator that does not explain itself,
// which the search explains by its variables' domains.
func TestLearningExplainsSilentPropagators(t *testing.T) {
	count := func(s *Solver, vars []Var) int {
		n := 0
		require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { n++; return true }))
		return n
	}
	s := New()
	x := s.NewVar(0, 3)
	assert.Equal(t, 4, count(s, []Var{x}))
	s = New()
	b, y := s.NewBool(), s.NewVar(0, 2)
	s.AddCondBound(Pos(b), y, GreaterEq, 2)
	assert.Equal(t, 4, count(s, []Var{b, y}), "b = 0 with y in 0..2, or b = 1 with y = 2")
}

func TestLearningPigeonholeLimitsAndCancel(t *testing.T) {
	s, vars := pigeonhole(7)
	n, err := 0, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { return true })
	require.NoError(t, err)
	assert.Zero(t, n)
	assert.Positive(t, s.Stats().Failures, "a refutation needs conflicts")

	s, vars = pigeonhole(12)
	err = s.SearchLearning(context.Background(), vars, Limits{Failures: 50}, func() bool { return true })
	require.ErrorIs(t, err, ErrLimit)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	s, vars = pigeonhole(12)
	err = s.SearchLearning(ctx, vars, Limits{}, func() bool { return true })
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// TestLearningStopsAtTheSolutionAfterCancel checks that counting notices a
// cancelled context at the next solution. Free variables have a solution
// one node after the last, and on a big grid each one costs a blocking
// clause as long as the decisions; polling only every 64th node ran a
// timeout of 1 s over by 6 s on a million free cells.
func TestLearningStopsAtTheSolutionAfterCancel(t *testing.T) {
	s := New()
	vars := make([]Var, 20) // a million solutions
	for i := range vars {
		vars[i] = s.NewBool()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	err := s.SearchLearning(ctx, vars, Limits{}, func() bool {
		n++
		if n == 3 {
			cancel()
		}
		return true
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 3, n, "the solution after the cancel is the last one")
	assert.Less(t, s.Stats().Nodes, int64(64), "fewer nodes than one poll period")
}

func TestDomainOperations(t *testing.T) {
	s := New()
	x := s.NewVar(-3, 130) // three bitset words
	require.NoError(t, s.Remove(x, 0))
	require.NoError(t, s.Remove(x, 64))
	require.NoError(t, s.Remove(x, 127))
	assert.Equal(t, 131, s.Size(x))
	assert.False(t, s.Contains(x, 64))
	require.NoError(t, s.SetMin(x, 0))
	assert.Equal(t, 1, s.Min(x), "0 was removed, so the minimum moves to 1")
	require.NoError(t, s.SetMax(x, 127))
	assert.Equal(t, 126, s.Max(x))
	assert.Equal(t, 125, s.Size(x), "-3..-1 and 128..130 went, 0, 64 and 127 were gone already")
	h := s.mark()
	require.NoError(t, s.Assign(x, 100))
	assert.True(t, s.Fixed(x))
	assert.ErrorIs(t, s.Remove(x, 100), ErrInconsistent)
	s.undo(h)
	assert.Equal(t, 125, s.Size(x))
	assert.Equal(t, "x0 ∈ {1..63,65..126}", s.Describe(x))
	assert.ErrorIs(t, s.Assign(x, 64), ErrInconsistent)
	assert.ErrorIs(t, s.SetMin(x, 127), ErrInconsistent)
	assert.Equal(t, []int{1, 2}, s.Values(nil, s.NewVar(1, 2)))
}

// pigeonhole posts n+1 pigeons into n holes, which has no solution but takes
// exponential time to refute by propagation and search.
func pigeonhole(n int) (*Solver, []Var) {
	s := New()
	in := make([][]Var, n+1)
	var all []Var
	for p := range in {
		in[p] = make([]Var, n)
		lits := make([]Lit, n)
		for h := range n {
			in[p][h] = s.NewBool()
			lits[h] = Pos(in[p][h])
			all = append(all, in[p][h])
		}
		s.AddBoolSum(lits, nil, Equal, 1)
	}
	for h := range n {
		lits := make([]Lit, n+1)
		for p := range in {
			lits[p] = Pos(in[p][h])
		}
		s.AddBoolSum(lits, nil, LessEq, 1)
	}
	return s, all
}

func TestLimitsAndCancellation(t *testing.T) {
	s, vars := pigeonhole(12)
	err := s.Search(context.Background(), InOrder(vars, ValueMax), Limits{Nodes: 1000}, func() bool { return true })
	require.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, int64(1000), s.Stats().Nodes)

	s, vars = pigeonhole(12)
	err = s.Search(context.Background(), InOrder(vars, ValueMax), Limits{Failures: 10}, func() bool { return true })
	require.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, int64(10), s.Stats().Failures)

	s, vars = pigeonhole(12)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	err = s.Search(ctx, InOrder(vars, ValueMax), Limits{}, func() bool { return true })
	require.ErrorIs(t, err, context.DeadlineExceeded)
	for _, v := range vars {
		require.False(t, s.Fixed(v), "search must undo its decisions when cancelled")
	}
}

func TestCountStopsAtLimit(t *testing.T) {
	s := New()
	vars := []Var{s.NewBool(), s.NewBool(), s.NewBool()}
	n, err := s.Count(context.Background(), FirstFail(vars, ValueMin), Limits{}, 2, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	n, err = s.Count(context.Background(), FirstFail(vars, ValueMin), Limits{}, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 8, n)
}

func TestConflictNamesPropagator(t *testing.T) {
	s := New()
	x, y := s.NewBool(), s.NewBool()
	clause := s.AddClause(Pos(x), Pos(y))
	s.AddBoolSum([]Lit{Pos(x), Pos(y)}, nil, Equal, 0)
	// The clause runs first and finds nothing to do; the sum empties both
	// variables, which wakes the clause, and the clause fails.
	err := s.Propagate()
	require.ErrorIs(t, err, ErrInconsistent)
	assert.Equal(t, clause, s.Conflict())
}

func TestTracerSeesWhoChangedWhat(t *testing.T) {
	s := New()
	x, y := s.NewBool(), s.NewBool()
	imp := s.AddImplication(Pos(x), Pos(y))
	var got []string
	s.SetTracer(func(v Var, by PropID) { got = append(got, fmt.Sprintf("%s by %d", s.Name(v), by)) })
	require.NoError(t, s.Assign(x, 1))
	require.NoError(t, s.Propagate())
	assert.Equal(t, []string{"x0 by -1", fmt.Sprintf("x1 by %d", imp)}, got)
}

func TestBoolSumBoundsAreTight(t *testing.T) {
	// Blocks of widths 3, 2, 2, 1 in a row that needs 6: the 3 is needed
	// (2+2+1 = 5 < 6), the others are not decided.
	s := New()
	vars := []Var{s.NewBool(), s.NewBool(), s.NewBool(), s.NewBool()}
	lits := []Lit{Pos(vars[0]), Pos(vars[1]), Pos(vars[2]), Pos(vars[3])}
	sum := s.Propagator(s.AddBoolSum(lits, []int{3, 2, 2, 1}, Equal, 6)).(*BoolSum)
	require.NoError(t, s.Propagate())
	assert.Equal(t, 1, s.Min(vars[0]))
	for _, v := range vars[1:] {
		assert.False(t, s.Fixed(v))
	}
	lo, hi := sum.Bounds(s)
	assert.Equal(t, [2]int{3, 8}, [2]int{lo, hi})
	// Now the row needs only 2 more after the 3... take the 1 in: 4 so far,
	// 2 more needed from blocks of width 2: nothing is forced yet.
	require.NoError(t, s.Assign(vars[3], 1))
	require.NoError(t, s.Propagate())
	assert.False(t, s.Fixed(vars[1]))
	// Taking one 2 completes the row: the other 2 must be empty.
	require.NoError(t, s.Assign(vars[1], 1))
	require.NoError(t, s.Propagate())
	assert.Equal(t, 0, s.Max(vars[2]))
}

func TestErrorsAreDistinct(t *testing.T) {
	assert.False(t, errors.Is(ErrLimit, ErrInconsistent))
}

// TestLearningKeepsOneClauseStore runs a learning search, adds a variable
// and a constraint, and searches again, four times: the solver must hold
// the model's propagators and one clause store, not one store per search,
// and the store must cover the variables made since.
func TestLearningKeepsOneClauseStore(t *testing.T) {
	s := New()
	vars := []Var{s.NewBool()}
	for round := 1; round <= 4; round++ {
		v := s.NewBool()
		s.AddClause(Pos(vars[len(vars)-1]), Pos(v)) // each variable or the next
		vars = append(vars, v)
		n := 0
		require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { n++; return true }))
		require.Equal(t, bruteForceChain(len(vars)), n, "round %d", round)
		assert.Equal(t, round+1, s.NumPropagators(), "round %d: %d clauses and one clause store", round, round)
	}
}

// bruteForceChain counts the 0..1 assignments of n variables in which no
// two neighbours are both 0.
func bruteForceChain(n int) int {
	count := 0
	for m := range 1 << n {
		ok := true
		for i := 0; i+1 < n; i++ {
			if m&(1<<i) == 0 && m&(1<<(i+1)) == 0 {
				ok = false
			}
		}
		if ok {
			count++
		}
	}
	return count
}

// TestSearchAgainAfterRootFailure searches twice over a constraint that
// fails at the root on variables fixed from the start, which no decision
// wakes: the second search must not forget that it failed.
func TestSearchAgainAfterRootFailure(t *testing.T) {
	s := New()
	x, y := s.NewVar(1, 1), s.NewVar(1, 1)
	b := s.NewBool()
	s.AddIntSum([]Var{x, y}, nil, Equal, 3)
	for round := range 3 {
		n, err := s.Count(context.Background(), FirstFail([]Var{x, y, b}, ValueMin), Limits{}, 0, nil)
		require.NoError(t, err)
		require.Zero(t, n, "round %d", round)
	}
	s = New()
	vars := []Var{s.NewBool(), s.NewBool()}
	s.AddBoolSum([]Lit{Pos(vars[0])}, []int{0}, Equal, 1) // 0 = 1
	for round := range 3 {
		n := 0
		require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { n++; return true }))
		require.Zero(t, n, "round %d", round)
	}
}

// boolLit returns Neg(v) when negated, else Pos(v).
func boolLit(v Var, negated bool) Lit {
	if negated {
		return Neg(v)
	}
	return Pos(v)
}
