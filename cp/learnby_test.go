package cp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// someVars returns a random subset of vars, in random order.
func someVars(r *rand.Rand, vars []Var) []Var {
	out := slices.Clone(vars)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out[:r.IntN(len(out)+1)]
}

// someStrategy returns a brancher of a random variable selection and
// value order over a random subset of vars.
func someStrategy(r *rand.Rand, vars []Var) Brancher {
	return Strategy{
		Vars:   someVars(r, vars),
		Select: VarSelection(r.IntN(int(numSelections))),
		Value:  ValueOrder(r.IntN(int(numValueOrders))),
		Seed:   r.Uint64(),
	}.Brancher()
}

// project returns the distinct projections of brute force's solutions on
// the variables at positions idx.
func project(sols [][]int, idx []int) []string {
	seen := map[string]bool{}
	var out []string
	for _, sol := range sols {
		var vals []int
		for _, i := range idx {
			vals = append(vals, sol[i])
		}
		if k := fmt.Sprint(vals); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// TestSearchLearningByAgainstBruteForce: led by a random strategy over
// random variables, which may lie outside vars, the learning search must
// find each distinct assignment of vars that extends to a solution
// exactly once, with every variable fixed.
func TestSearchLearningByAgainstBruteForce(t *testing.T) {
	gens := []func(*rand.Rand) testProblem{randomIntProblem, randomCondProblem, randomGlobalProblem, randomReifProblemWith}
	r := rand.New(rand.NewPCG(11, 5))
	for i := range 2000 {
		p := gens[i%len(gens)](r)
		s, all := p.newSolver()
		vars := someVars(r, all)
		idx := make([]int, len(vars))
		for k, v := range vars {
			idx[k] = int(v) - int(all[0])
		}
		want := project(p.assignments(), idx)
		var got []string
		err := s.SearchLearningBy(context.Background(), someStrategy(r, all), vars, Limits{}, func() bool {
			vals := make([]int, len(vars))
			for k, v := range vars {
				vals[k] = s.Value(v)
			}
			for _, v := range all {
				require.True(t, s.Fixed(v), "case %d: %s open in a solution", i, s.Describe(v))
			}
			got = append(got, fmt.Sprint(vals))
			return true
		})
		require.NoError(t, err)
		slices.Sort(got)
		if len(want) == 0 {
			want = nil
		}
		require.Equal(t, want, got, "case %d: vars %v of %v", i, idx, p)
	}
}

// randomReifProblemWith is randomReifProblem with a few of its constraints.
func randomReifProblemWith(r *rand.Rand) testProblem {
	p := randomReifProblem(r)
	for range 1 + r.IntN(3) {
		p.constraints = append(p.constraints, randomReifConstraint(r, len(p.lo)))
	}
	return p
}

// TestMinimizeVarLearningAgainstBruteForce: the learning optimum of a
// random variable, led or not by a random strategy, is brute force's.
func TestMinimizeVarLearningAgainstBruteForce(t *testing.T) {
	gens := []func(*rand.Rand) testProblem{randomIntProblem, randomCondProblem, randomGlobalProblem, randomReifProblemWith}
	r := rand.New(rand.NewPCG(12, 6))
	for i := range 2000 {
		p := gens[i%len(gens)](r)
		s, all := p.newSolver()
		k := r.IntN(len(all))
		maximize := r.IntN(2) == 0
		sols := p.assignments()
		var b Brancher
		if r.IntN(2) == 0 {
			b = someStrategy(r, all)
		}
		optimize := s.MinimizeVarLearning
		if maximize {
			optimize = s.MaximizeVarLearning
		}
		last := 0
		got, err := optimize(context.Background(), b, someVars(r, all), all[k], Limits{}, func(v int) {
			for _, x := range all {
				require.True(t, s.Fixed(x), "case %d: %s open in a solution", i, s.Describe(x))
			}
			vals := make([]int, len(all))
			for j, x := range all {
				vals[j] = s.Value(x)
			}
			require.Contains(t, sols, vals, "case %d: not a solution", i)
			last = v
		})
		require.NoError(t, err)
		require.Equal(t, len(sols) > 0, got.Found, "case %d: %v", i, p)
		if len(sols) == 0 {
			continue
		}
		best := sols[0][k]
		for _, sol := range sols {
			if maximize {
				best = max(best, sol[k])
			} else {
				best = min(best, sol[k])
			}
		}
		require.Equal(t, best, got.Value, "case %d (maximize %v): %v", i, maximize, p)
		require.Equal(t, best, last)
		require.True(t, got.Proven)
	}
}

// TestLearningCountsRestarts checks that the learning search counts its
// restarts in Stats: pigeonhole(7, 6) as clauses takes far more than the
// first run's 64 conflicts to refute.
func TestLearningCountsRestarts(t *testing.T) {
	const pigeons, holes = 7, 6
	s := New()
	var vars []Var
	in := make([][]Var, pigeons)
	for p := range in {
		in[p] = make([]Var, holes)
		lits := make([]Lit, holes)
		for h := range in[p] {
			in[p][h] = s.NewBool()
			vars = append(vars, in[p][h])
			lits[h] = Pos(in[p][h])
		}
		s.AddClause(lits...)
	}
	for h := range holes {
		for p := range pigeons {
			for q := p + 1; q < pigeons; q++ {
				s.AddClause(Neg(in[p][h]), Neg(in[q][h]))
			}
		}
	}
	solutions := 0
	require.NoError(t, s.SearchLearning(context.Background(), vars, Limits{}, func() bool { solutions++; return true }))
	require.Zero(t, solutions)
	st := s.Stats()
	require.Greater(t, st.Failures, int64(64), "a refutation this short cannot test restarts")
	require.Positive(t, st.Restarts, "%d failures and no restart counted", st.Failures)
}
