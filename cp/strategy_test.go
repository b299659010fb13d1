package cp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVarSelections checks the variable each selection picks on a state
// built so that each picks another one.
func TestVarSelections(t *testing.T) {
	s := New()
	e := s.NewVar(7, 7)              // fixed: never picked
	a := s.NewVar(0, 9)              // 10 values, the largest maximum, 4 constraints
	b := s.NewVarIn([]int{3, 4})     // 2 values, 1 constraint
	c := s.NewVarIn([]int{-5, 0, 6}) // 3 values, the smallest minimum, a gap of 5, 2 constraints
	f := s.NewVarIn([]int{1, 2})     // 2 values, 2 constraints
	d := s.NewVar(1, 4)              // 4 values, 5 constraints
	s.AddIntSum([]Var{a, d}, nil, LessEq, 100)
	s.AddIntSum([]Var{a, d}, nil, LessEq, 100)
	s.AddCompare(c, LessEq, a, 10)
	s.AddNotEqual(f, a, 0)
	s.AddNotEqual(d, b, 0)
	s.AddNotEqual(d, c, 0)
	s.AddNotEqual(f, d, 0)
	vars := []Var{e, a, b, c, f, d}
	for sel, want := range map[VarSelection]Var{
		SelectInputOrder: a, SelectFirstFail: b, SelectAntiFirstFail: a, SelectSmallest: c,
		SelectLargest: a, SelectOccurrence: d, SelectMostConstrained: f, SelectMaxRegret: c,
		SelectDomWDeg: d, // sizes per degree: a 10/4, b 2/1, c 3/2, f 2/2, d 4/5
	} {
		got, ok := Strategy{Vars: vars, Select: sel}.Brancher().Branch(s)
		require.True(t, ok, "%v", sel)
		assert.Equal(t, want, got.Var, "%v picks %s", sel, s.Name(got.Var))
	}
	// Between two variables alike, each selection takes the first.
	t2 := New()
	x, y := t2.NewVar(0, 3), t2.NewVar(0, 3)
	t2.AddNotEqual(x, y, 0)
	for sel := range numSelections {
		got, _ := Strategy{Vars: []Var{x, y}, Select: sel}.Brancher().Branch(t2)
		assert.Equal(t, x, got.Var, "%v breaks a tie", sel)
	}
	// dom_w_deg follows the failures: d's constraints failing makes d
	// heavier still, b's makes b the lightest ratio.
	s.failures[4] += 9 // AddNotEqual(d, b)
	got, _ := Strategy{Vars: vars, Select: SelectDomWDeg}.Brancher().Branch(s)
	assert.Equal(t, b, got.Var, "2 values per weight 10")
}

// TestValueOrders checks the decision of each value order on domains with
// and without holes, and across bitset words.
func TestValueOrders(t *testing.T) {
	for _, tc := range []struct {
		values []int
		want   map[ValueOrder]Decision // Var is set below
	}{
		{[]int{1, 2, 5, 9, 10}, map[ValueOrder]Decision{
			ValueMin: {Rel: Equal, Val: 1}, ValueMax: {Rel: Equal, Val: 10}, ValueMedian: {Rel: Equal, Val: 5},
			ValueMiddle: {Rel: Equal, Val: 5}, ValueSplit: {Rel: LessEq, Val: 5}, ValueReverseSplit: {Rel: Greater, Val: 5},
			ValueInterval: {Rel: LessEq, Val: 2}}},
		{[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, map[ValueOrder]Decision{
			ValueMedian: {Rel: Equal, Val: 4}, ValueMiddle: {Rel: Equal, Val: 4}, ValueSplit: {Rel: LessEq, Val: 4},
			ValueInterval: {Rel: LessEq, Val: 4}}},
		{[]int{-7, -1}, map[ValueOrder]Decision{
			ValueMedian: {Rel: Equal, Val: -7}, ValueMiddle: {Rel: Equal, Val: -7}, ValueSplit: {Rel: LessEq, Val: -4},
			ValueInterval: {Rel: LessEq, Val: -7}}},
		{[]int{0, 8, 9}, map[ValueOrder]Decision{ValueMiddle: {Rel: Equal, Val: 8}}},
		{append(valueRange(0, 63), 65, 200), map[ValueOrder]Decision{
			ValueMedian: {Rel: Equal, Val: 32}, ValueInterval: {Rel: LessEq, Val: 63}, ValueMiddle: {Rel: Equal, Val: 65}}},
		{append(valueRange(-3, 130), 300), map[ValueOrder]Decision{
			ValueMedian: {Rel: Equal, Val: 64}, ValueInterval: {Rel: LessEq, Val: 130}, ValueMiddle: {Rel: Equal, Val: 130}}},
	} {
		s := New()
		x := s.NewVarIn(tc.values)
		for order, want := range tc.want {
			want.Var = x
			got, ok := Strategy{Vars: []Var{x}, Value: order}.Brancher().Branch(s)
			require.True(t, ok)
			assert.Equal(t, want, got, "%v on %s", order, s.Describe(x))
		}
	}
}

// valueRange returns the values lo..hi.
func valueRange(lo, hi int) []int {
	var out []int
	for x := lo; x <= hi; x++ {
		out = append(out, x)
	}
	return out
}

// TestValueRandom draws values: all of them, from the domain only, the
// same ones for the same seed.
func TestValueRandom(t *testing.T) {
	s := New()
	x := s.NewVarIn([]int{-3, 0, 4, 64, 65, 99})
	draw := func(seed uint64) []int {
		b := Strategy{Vars: []Var{x}, Value: ValueRandom, Seed: seed}.Brancher()
		var got []int
		for range 200 {
			d, _ := b.Branch(s)
			got = append(got, d.Val)
		}
		return got
	}
	first := draw(1)
	assert.Equal(t, first, draw(1), "the same seed draws the same values")
	assert.NotEqual(t, first, draw(2))
	seen := slices.Compact(slices.Sorted(slices.Values(first)))
	assert.Equal(t, []int{-3, 0, 4, 64, 65, 99}, seen)
}

// TestSeq checks that Seq takes each brancher's decisions in turn.
func TestSeq(t *testing.T) {
	s := New()
	x, y := s.NewVar(0, 1), s.NewVar(0, 2)
	var order []string
	b := Seq(InOrder([]Var{y}, ValueMax), InOrder([]Var{x}, ValueMin))
	n, err := s.Count(context.Background(), BranchFunc(func(s *Solver) (Decision, bool) {
		d, ok := b.Branch(s)
		if ok {
			order = append(order, d.String())
		}
		return d, ok
	}), Limits{}, 1, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, []string{"x1 = 2", "x0 = 0"}, order)
}

// randomStrategy returns a random brancher over vars: a strategy, or a
// sequence of two strategies over the two halves of vars.
func randomStrategy(r *rand.Rand, vars []Var) Brancher {
	one := func(vars []Var) Brancher {
		return Strategy{Vars: vars, Select: VarSelection(r.IntN(int(numSelections))),
			Value: ValueOrder(r.IntN(int(numValueOrders))), Seed: r.Uint64()}.Brancher()
	}
	if r.IntN(2) == 0 || len(vars) < 2 {
		return one(vars)
	}
	cut := 1 + r.IntN(len(vars)-1)
	return Seq(one(vars[:cut]), one(vars[cut:]))
}

// TestStrategiesAgainstBruteForce enumerates the solutions of random
// problems with random strategies over every variable: each must find
// every solution, once.
func TestStrategiesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 3))
	gens := []func(*rand.Rand) testProblem{randomIntProblem, randomGlobalProblem, randomArithProblem, randomReifProblem}
	for i := range randomCases(3000) {
		p := gens[i%len(gens)](r)
		want := p.bruteForce()
		var name string
		got := solveAll(t, p, func(vars []Var) Brancher {
			b := randomStrategy(r, vars)
			name = fmt.Sprintf("%+v", b)
			return b
		})
		slices.Sort(got)
		slices.Sort(want)
		require.Equal(t, want, got, "problem %v with %s", p, name)
	}
}
