package cp

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatsString(t *testing.T) {
	st := Stats{Nodes: 120, Failures: 55, Propagations: 3400, Solutions: 2, Restarts: 1, MaxDepth: 9, Time: 1200 * time.Microsecond}
	assert.Equal(t, "nodes=120 failures=55 propagations=3400 solutions=2 restarts=1 depth=9 time=1.2ms", st.String())
}

// TestNewVarIn makes variables from lists of values: the domain is the
// set, and it survives the undo of a search.
func TestNewVarIn(t *testing.T) {
	s := New()
	x := s.NewVarIn([]int{5, 1, 3, 3, 70})
	y := s.NewVarIn([]int{4, 2, 3})
	z := s.NewVarIn([]int{-2})
	assert.Equal(t, "x0 ∈ {1,3,5,70}", s.Describe(x))
	assert.Equal(t, "x1 ∈ {2..4}", s.Describe(y))
	assert.Equal(t, "x2 ∈ {-2}", s.Describe(z))
	assert.Equal(t, 4, s.Size(x))
	n, err := s.Count(context.Background(), InOrder([]Var{x, y}, ValueMin), Limits{}, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 12, n)
	assert.Equal(t, "x0 ∈ {1,3,5,70}", s.Describe(x), "the initial domain stays")
	assert.Panics(t, func() { s.NewVarIn(nil) })
}

// TestRestartSequences checks the failure budgets of each policy.
func TestRestartSequences(t *testing.T) {
	for _, tc := range []struct {
		r    Restarts
		want []int64
	}{
		{Restarts{Policy: RestartConstant, Scale: 5}, []int64{5, 5, 5, 5, 5, 5, 5}},
		{Restarts{Policy: RestartLinear, Scale: 5}, []int64{5, 10, 15, 20, 25, 30, 35}},
		{Restarts{Policy: RestartLuby, Scale: 3}, []int64{3, 3, 6, 3, 3, 6, 12}},
		{Restarts{Policy: RestartGeometric, Scale: 10, Base: 1.5}, []int64{10, 15, 22, 33, 50, 75, 113}},
	} {
		var got []int64
		for i := range tc.want {
			got = append(got, tc.r.Limit(i))
		}
		assert.Equal(t, tc.want, got, "%v", tc.r.Policy)
	}
	assert.Equal(t, int64(1<<62), Restarts{Policy: RestartGeometric, Scale: 1, Base: 2}.Limit(62))
	assert.Equal(t, int64(1<<63-1), Restarts{Policy: RestartGeometric, Scale: 1, Base: 2}.Limit(500))
}

// TestRestarts runs restarting searches: they refuse to enumerate, check
// their settings, and find the same answers as without restarts, on
// problems that make them restart.
func TestRestarts(t *testing.T) {
	ctx := context.Background()
	luby := Limits{Restarts: Restarts{Policy: RestartLuby, Scale: 1}}
	s, vars := pigeonhole(5)
	_, err := s.Count(ctx, FirstFail(vars, ValueMin), luby, 0, nil)
	require.ErrorIs(t, err, ErrRestarts)
	require.ErrorIs(t, s.Search(ctx, FirstFail(vars, ValueMin), luby, func() bool { return true }), ErrRestarts)
	for _, bad := range []Restarts{{Policy: RestartLuby}, {Policy: RestartGeometric, Scale: 4, Base: 0.5}, {Policy: 9, Scale: 1}} {
		_, err := s.Solve(ctx, FirstFail(vars, ValueMin), Limits{Restarts: bad}, func() {})
		require.Error(t, err, "%+v", bad)
	}

	// Pigeonhole: no solution, proven through many runs.
	found, err := s.Solve(ctx, DomWDeg(vars, ValueMin), luby, func() {})
	require.NoError(t, err)
	assert.False(t, found)
	assert.Positive(t, s.Stats().Restarts)

	// A constant budget restarts forever on pigeonhole: a limit stops it.
	lim := Limits{Failures: 500, Restarts: Restarts{Policy: RestartConstant, Scale: 3}}
	_, err = s.Solve(ctx, DomWDeg(vars, ValueMin), lim, func() {})
	require.ErrorIs(t, err, ErrLimit)

	// Random problems: the same satisfiability and the same optimum with
	// restarts after every failure or two and random values.
	r := rand.New(rand.NewPCG(51, 2))
	for i := range randomCases(1500) {
		p := randomGlobalProblem(r)
		want := p.bruteForce()
		// The growing policies: a constant budget may never prove anything.
		policy := Restarts{Policy: RestartPolicy(2 + r.IntN(3)), Scale: 1 + r.Int64N(2), Base: 1.5}
		lim := Limits{Restarts: policy}
		s, vars := p.newSolver()
		b := Strategy{Vars: vars, Select: SelectDomWDeg, Value: ValueRandom, Seed: uint64(i)}.Brancher()
		found, err := s.Solve(ctx, b, lim, func() { requireHolds(t, s, vars, p) })
		require.NoError(t, err)
		require.Equal(t, len(want) > 0, found, "problem %v", p)

		f := func(values []int) int { return values[0] - 2*values[len(values)-1] }
		lo, _, ok := p.bruteForceOptimum(f)
		obj := s.NewVar(-100, 100)
		coeffs := make([]int, len(vars)+1)
		coeffs[0], coeffs[len(vars)-1], coeffs[len(vars)] = 1, -2, -1
		if len(vars) == 1 {
			coeffs[0] = -1
		}
		s.AddIntSum(append(vars, obj), coeffs, Equal, 0)
		best, err := s.Minimize(ctx, b, obj, lim, nil)
		require.NoError(t, err)
		require.Equal(t, ok, best.Found, "problem %v", p)
		if ok {
			require.Equal(t, lo, best.Value, "problem %v", p)
			require.Equal(t, lo, f(best.Values[:len(vars)]), "the snapshot holds the optimum")
		}
	}
}
