package cp

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteForceOptimum returns the smallest and largest values of f over the
// solutions of p, and whether there is one.
func (p testProblem) bruteForceOptimum(f func(values []int) int) (lo, hi int, found bool) {
	domains := make([][]int, len(p.lo))
	for i := range domains {
		for x := p.lo[i]; x <= p.hi[i]; x++ {
			if p.allowed(i, x) {
				domains[i] = append(domains[i], x)
			}
		}
	}
	enumerate(domains, func(values []int) {
		for _, c := range p.constraints {
			if !c.holds(values) {
				return
			}
		}
		v := f(values)
		if !found || v < lo {
			lo = v
		}
		if !found || v > hi {
			hi = v
		}
		found = true
	})
	return lo, hi, found
}

// requireHolds checks that the solver's current values satisfy p.
func requireHolds(t *testing.T, s *Solver, vars []Var, p testProblem) []int {
	t.Helper()
	values := make([]int, len(vars))
	for i, v := range vars {
		require.True(t, s.Fixed(v))
		values[i] = s.Value(v)
	}
	for _, c := range p.constraints {
		require.True(t, c.holds(values), "%+v broken by %v in %v", c, values, p)
	}
	return values
}

// checkImprovement returns an onImprove function that checks each solution
// reported: it satisfies p, f gives it the value reported, and that value
// is better than the last one's. It keeps the solution's values in *last.
func checkImprovement(t *testing.T, s *Solver, vars []Var, p testProblem, f func([]int) int, maximize bool, last *[]int) func(int) {
	return func(value int) {
		if *last != nil {
			before := f(*last)
			assert.True(t, maximize == (value > before) && value != before, "each solution improves: %d after %d", value, before)
		}
		*last = requireHolds(t, s, vars, p)
		require.Equal(t, f(*last), value)
	}
}

// TestMinimizeAgainstBruteForce minimizes and maximizes a linear objective
// over random problems with the globals, by depth-first branch and bound,
// and compares the optimum with brute force.
func TestMinimizeAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 3))
	for range randomCases(1500) {
		p := randomGlobalProblem(r)
		coeffs := make([]int, len(p.lo))
		for i := range coeffs {
			coeffs[i] = r.IntN(7) - 3
		}
		f := func(values []int) int {
			sum := 0
			for i, x := range values {
				sum += coeffs[i] * x
			}
			return sum
		}
		lo, hi, found := p.bruteForceOptimum(f)
		for _, maximize := range []bool{false, true} {
			s, vars := p.newSolver()
			obj := s.NewVar(-100, 100)
			s.AddIntSum(append([]Var{obj}, vars...), append([]int{-1}, coeffs...), Equal, 0)
			optimize, want := s.Minimize, lo
			if maximize {
				optimize, want = s.Maximize, hi
			}
			var last []int
			got, err := optimize(context.Background(), FirstFail(vars, ValueMin), obj, Limits{}, checkImprovement(t, s, vars, p, f, maximize, &last))
			require.NoError(t, err)
			require.True(t, got.Proven)
			require.Equal(t, found, got.Found, "%v", p)
			if found {
				require.Equal(t, want, got.Value, "maximize=%v %v objective %v", maximize, p, coeffs)
				require.Equal(t, want, f(last))
			}
			// The bound is gone after the search: every solution is back.
			n, err := s.Count(context.Background(), FirstFail(vars, ValueMin), Limits{}, 0, nil)
			require.NoError(t, err)
			require.Equal(t, len(p.bruteForce()), n)
		}
	}
}

// TestMinimizeLearningAgainstBruteForce does the same with the learning
// search over 0..1 problems and an objective over literals, and checks
// that a solver runs several optimising searches without growing and
// counts every solution afterwards.
func TestMinimizeLearningAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 4))
	for i := range randomCases(1000) {
		p := randomBoolProblem(r)
		if r.IntN(2) == 0 {
			p = biggerBoolProblem(r)
		}
		n := len(p.lo)
		idx := randomSubset(r, n, 1+r.IntN(n))
		lits := make([]Lit, 0, len(idx)+1)
		weights := make([]int, 0, len(idx)+1)
		for _, j := range idx {
			lits = append(lits, boolLit(Var(j), r.IntN(3) == 0))
			weights = append(weights, r.IntN(9)-3)
		}
		if r.IntN(3) == 0 { // the same variable twice
			lits = append(lits, boolLit(Var(idx[0]), r.IntN(2) == 0))
			weights = append(weights, r.IntN(5)-2)
		}
		f := func(values []int) int {
			sum := 0
			for k, l := range lits {
				if (values[l.Var()] == 1) != l.Negated() {
					sum += weights[k]
				}
			}
			return sum
		}
		lo, hi, found := p.bruteForceOptimum(f)
		s, vars := p.newSolver()
		var props int
		for round, maximize := range []bool{false, true, false} {
			optimize, want := s.MinimizeLearning, lo
			if maximize {
				optimize, want = s.MaximizeLearning, hi
			}
			var last []int
			got, err := optimize(context.Background(), vars, lits, weights, Limits{}, checkImprovement(t, s, vars, p, f, maximize, &last))
			require.NoError(t, err)
			require.True(t, got.Proven)
			require.Equal(t, found, got.Found, "case %d: %v", i, p)
			if found {
				require.Equal(t, want, got.Value, "case %d maximize=%v: %v objective %v %v", i, maximize, p, lits, weights)
			}
			if round == 0 {
				props = s.NumPropagators()
			}
			require.Equal(t, props, s.NumPropagators(), "a later search adds no propagator")
		}
		count := 0
		require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { count++; return true }))
		require.Equal(t, len(p.bruteForce()), count, "case %d: the bound must not outlive the search", i)
	}
}

// knapsack is a 0..1 model with items of random sizes and values under a
// capacity: its first solutions come fast, proving the optimum takes long.
func knapsack(n int) (s *Solver, items []Var, lits []Lit, values []int) {
	r := rand.New(rand.NewPCG(7, 7))
	s = New()
	sizes := make([]int, n)
	values = make([]int, n)
	items = make([]Var, n)
	lits = make([]Lit, n)
	total := 0
	for i := range n {
		items[i] = s.NewBool()
		lits[i] = Pos(items[i])
		sizes[i] = 50 + r.IntN(50)
		values[i] = sizes[i] + r.IntN(10)
		total += sizes[i]
	}
	s.AddBoolSum(lits, sizes, LessEq, total/2)
	return s, items, lits, values
}

// TestOptimizeStopsWithBestSoFar stops optimising searches by a limit and
// by the end of their context (cancelled after the third solution, so that
// the test does not depend on the machine's speed): each returns the best
// solution found so far, not proven, with the reason.
func TestOptimizeStopsWithBestSoFar(t *testing.T) {
	s, items, lits, values := knapsack(60)
	best := 0
	got, err := s.MaximizeLearning(context.Background(), items, lits, values, Limits{Failures: 200}, func(v int) { best = v })
	require.ErrorIs(t, err, ErrLimit)
	assert.True(t, got.Found)
	assert.False(t, got.Proven)
	assert.Equal(t, best, got.Value)

	s, items, lits, values = knapsack(60)
	obj := s.NewVar(0, 10000)
	s.AddIntSum(append([]Var{obj}, items...), append([]int{-1}, values...), Equal, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	improved := 0
	got, err = s.Maximize(ctx, InOrder(items, ValueMin), obj, Limits{}, func(v int) {
		best = v
		if improved++; improved == 3 {
			cancel()
		}
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.True(t, got.Found)
	assert.False(t, got.Proven)
	assert.Equal(t, best, got.Value)
}

// TestOptimizeRefusals covers the errors: learning with an objective on a
// variable that is not 0..1, and a second optimising search started
// inside the first.
func TestOptimizeRefusals(t *testing.T) {
	s := New()
	x := s.NewVar(0, 3)
	_, err := s.MinimizeLearning(context.Background(), nil, []Lit{Pos(x)}, nil, Limits{}, nil)
	require.ErrorIs(t, err, ErrCannotLearn)

	s = New()
	y, z := s.NewVar(0, 2), s.NewVar(0, 2)
	s.AddAllDifferent([]Var{y, z}, BoundsConsistency)

	var inner error
	got, err := s.Minimize(context.Background(), FirstFail([]Var{y, z}, ValueMin), y, Limits{}, func(int) {
		_, inner = s.Maximize(context.Background(), FirstFail([]Var{y, z}, ValueMin), z, Limits{}, nil)
	})
	require.NoError(t, err)
	assert.Equal(t, Optimum{Found: true, Value: 0, Proven: true, Values: []int{0, 1}}, got)
	require.ErrorIs(t, inner, ErrOptimizing)
}
