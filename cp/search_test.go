package cp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pairwiseDifferent posts three pairwise different 0..1 variables: no
// solution, but nothing propagates until a variable is fixed.
func pairwiseDifferent() (*Solver, []Var) {
	s := New()
	x := []Var{s.NewBool(), s.NewBool(), s.NewBool()}
	s.AddNotEqual(x[0], x[1], 0)
	s.AddNotEqual(x[1], x[2], 0)
	s.AddNotEqual(x[0], x[2], 0)
	return s, x
}

// TestSearchFinishesOpenVariables runs every search with a brancher that
// covers none of the variables: the search must fix them itself, so an
// infeasible model has no solution and free variables multiply the
// solutions.
func TestSearchFinishesOpenVariables(t *testing.T) {
	ctx := context.Background()
	none := InOrder(nil, ValueMin)

	s, x := pairwiseDifferent()
	n, err := s.Count(ctx, none, Limits{}, 0, nil)
	require.NoError(t, err)
	assert.Zero(t, n, "Count")
	found, err := s.Solve(ctx, none, Limits{}, func() {})
	require.NoError(t, err)
	assert.False(t, found, "Solve")
	opt, err := s.Minimize(ctx, none, x[0], Limits{}, nil)
	require.NoError(t, err)
	assert.False(t, opt.Found, "Minimize")
	learned := 0
	require.NoError(t, s.SearchLearning(ctx, nil, Limits{}, func() bool { learned++; return true }))
	assert.Zero(t, learned, "SearchLearning")
	opt, err = s.MinimizeLearning(ctx, nil, []Lit{Pos(x[0])}, nil, Limits{}, nil)
	require.NoError(t, err)
	assert.False(t, opt.Found, "MinimizeLearning")

	// A brancher over a: its two values are the solutions, each with a
	// witness for b (tied to a) and c (free). Over a and c: six. Over
	// none: one, the question is only whether there is a solution.
	s = New()
	a, b, c := s.NewBool(), s.NewBool(), s.NewVar(3, 5)
	s.AddNotEqual(a, b, 0)
	for _, tc := range []struct {
		vars []Var
		want int
	}{{[]Var{a}, 2}, {[]Var{a, c}, 6}, {nil, 1}} {
		n, err = s.Count(ctx, InOrder(tc.vars, ValueMin), Limits{}, 0, func() {
			assert.NotEqual(t, s.Value(a), s.Value(b))
			assert.Contains(t, []int{3, 4, 5}, s.Value(c))
		})
		require.NoError(t, err)
		assert.Equal(t, tc.want, n, "branching on %v", tc.vars)
	}
}

// TestSearchNeedsAWitness: x = 1 propagates, but leaves y1 = y2 and
// y1 ≠ y2 on open variables; only x = 0 has a witness.
func TestSearchNeedsAWitness(t *testing.T) {
	ctx := context.Background()
	s := New()
	x, y1, y2, free := s.NewBool(), s.NewBool(), s.NewBool(), s.NewBool()
	s.AddNotEqual(y1, y2, 0)
	s.AddCondEqual(Pos(x), y1, y2)
	n, err := s.Count(ctx, InOrder([]Var{x}, ValueMax), Limits{}, 0, func() { assert.Zero(t, s.Value(x)) })
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	n, err = s.Count(ctx, InOrder([]Var{x, free}, ValueMax), Limits{}, 0, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, n)

	// The same model of clauses, for the learning search: x → (y1 ↔ y2).
	s = New()
	x, y1, y2, free = s.NewBool(), s.NewBool(), s.NewBool(), s.NewBool()
	s.AddNotEqual(y1, y2, 0)
	s.AddClause(Neg(x), Neg(y1), Pos(y2))
	s.AddClause(Neg(x), Pos(y1), Neg(y2))
	for _, tc := range []struct {
		vars []Var
		want int
	}{{[]Var{x}, 1}, {[]Var{x, free}, 2}, {[]Var{free}, 2}, {[]Var{x, y1, y2, free}, 4}, {nil, 1}} {
		n := 0
		require.NoError(t, s.SearchLearning(ctx, tc.vars, Limits{}, func() bool {
			assert.Zero(t, s.Value(x))
			n++
			return true
		}))
		assert.Equal(t, tc.want, n, "learning over %v", tc.vars)
	}
}

// TestLearningWitnessesOpenIntegers: an open variable outside vars, of any
// domain, is decided as a witness, so it is fixed in every solution, and
// solutions are still told apart by vars alone; with no witness for a
// value of vars, that value makes no solution.
func TestLearningWitnessesOpenIntegers(t *testing.T) {
	s := New()
	b := s.NewBool()
	x := s.NewVar(0, 2)
	y := s.NewVar(-1_000_000, 1_000_000) // keeps bounds only
	s.AddNotEqual(x, y, 0)
	s.AddCompare(y, Greater, x, 0)
	// b = 1 needs x = 2, and then y > 2 too; b = 0 needs x < 2.
	s.AddBoundReif(Pos(b), Iff, x, Equal, 2)
	n := 0
	require.NoError(t, s.SearchLearning(context.Background(), []Var{b}, Limits{}, func() bool {
		require.True(t, s.Fixed(x) && s.Fixed(y), "a solution leaves witnesses open")
		assert.Greater(t, s.Value(y), s.Value(x))
		assert.Equal(t, s.Value(b) == 1, s.Value(x) == 2)
		n++
		return true
	}))
	assert.Equal(t, 2, n)
	s.AddCompare(y, LessEq, x, 0) // no witness at all now
	n = 0
	require.NoError(t, s.SearchLearning(context.Background(), []Var{b}, Limits{}, func() bool { n++; return true }))
	assert.Zero(t, n)
}

// TestTry checks that a try sees the propagated state, reports a failed
// one, restores the state and nests.
func TestTry(t *testing.T) {
	s := New()
	x, y := s.NewVar(0, 5), s.NewVar(0, 5)
	s.AddIntSum([]Var{x, y}, nil, Equal, 5)
	require.NoError(t, s.Propagate())
	ok := s.Try(Decision{Var: x, Rel: LessEq, Val: 1}, func() {
		assert.Equal(t, 4, s.Min(y))
		inner := s.Try(Decision{Var: y, Rel: Equal, Val: 4}, func() { assert.Equal(t, 1, s.Value(x)) })
		assert.True(t, inner)
		assert.Equal(t, 0, s.Min(x), "the inner try is undone")
	})
	assert.True(t, ok)
	assert.Equal(t, 0, s.Min(y), "the try is undone")
	assert.False(t, s.Try(Decision{Var: x, Rel: Greater, Val: 5}, func() { t.Fatal("x > 5 cannot hold") }))
	assert.Equal(t, 6, s.Size(x))
}

// TestProjectedSolutions searches random problems with branchers, and
// learning, over a random subset of the variables: every solution found
// must fix every variable and satisfy the constraints, and the solutions
// must be the distinct projections of brute force's onto the subset.
func TestProjectedSolutions(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 4))
	for i := range randomCases(1500) {
		p := biggerBoolProblem(r)
		if i%2 == 1 {
			p = randomReifProblem(r) // integers: plain search only
		}
		idx := randomSubset(r, len(p.lo), r.IntN(len(p.lo)+1))
		slices.Sort(idx)
		want := map[string]bool{}
		for _, sol := range p.bruteForce() {
			values := strings.Fields(strings.Trim(sol, "[]"))
			var proj []string
			for _, j := range idx {
				proj = append(proj, values[j])
			}
			want[fmt.Sprint(proj)] = true
		}
		searches := map[string]func(s *Solver, sub []Var, on func() bool) error{
			"search": func(s *Solver, sub []Var, on func() bool) error {
				return s.Search(context.Background(), FirstFail(sub, ValueMax), Limits{}, on)
			},
		}
		if i%2 == 0 {
			searches["learning"] = func(s *Solver, sub []Var, on func() bool) error {
				return s.SearchLearning(context.Background(), sub, Limits{}, on)
			}
		}
		for name, search := range searches {
			s, vars := p.newSolver()
			sub := make([]Var, len(idx))
			for k, j := range idx {
				sub[k] = vars[j]
			}
			got := map[string]bool{}
			err := search(s, sub, func() bool {
				requireHolds(t, s, vars, p)
				var proj []string
				for _, v := range sub {
					proj = append(proj, fmt.Sprint(s.Value(v)))
				}
				key := fmt.Sprint(proj)
				require.False(t, got[key], "%s found %s twice: %v over %v", name, key, p, idx)
				got[key] = true
				return true
			})
			require.NoError(t, err)
			require.Equal(t, want, got, "%s: %v over %v", name, p, idx)
		}
	}
}

// TestWideDomainsTerminate: every value order, and the search's own
// witness decisions, must make progress on a variable that keeps bounds
// only, where removing a value inside the bounds removes nothing.
func TestWideDomainsTerminate(t *testing.T) {
	orders := []ValueOrder{ValueMin, ValueMax, ValueMedian, ValueMiddle, ValueSplit, ValueReverseSplit, ValueRandom, ValueInterval}
	for _, o := range orders {
		for _, branchOnX := range []bool{true, false} {
			s := New()
			x := s.NewVar(-3_000_000, 3_000_000) // keeps bounds only
			y := s.NewVar(0, 10)
			s.AddIntSum([]Var{x, y}, []int{1, -1000}, Equal, 5)
			vars := []Var{y}
			if branchOnX {
				vars = []Var{x}
			}
			n := 0
			err := s.Search(context.Background(), Strategy{Vars: vars, Value: o}.Brancher(), Limits{Nodes: 10_000}, func() bool {
				require.Equal(t, 5, s.Value(x)-1000*s.Value(y))
				n++
				return true
			})
			require.NoError(t, err, "%v", o)
			require.Equal(t, 11, n, "%v", o)
		}
	}
	s := New()
	x := s.NewVar(-3_000_000, 3_000_000)
	s.AddCompare(x, Greater, s.NewVar(2_999_990, 2_999_990), 0)
	n, err := s.Count(context.Background(), Strategy{Vars: []Var{x}, Value: ValueMedian}.Brancher(), Limits{Nodes: 1000}, 0, nil)
	require.NoError(t, err)
	require.Equal(t, 10, n, "the values of x above 2999990")
}
