package logic_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// randomStart reveals each cell of sol with probability q; with
// probability 1/4 it then flips one revealed cell, so that some starts
// cannot be completed.
func randomStart(rng *rand.Rand, sol aquarium.Solution, q float64) aquarium.Solution {
	start := aquarium.NewSolution(sol.Width, sol.Height)
	for i, c := range sol.Cells {
		if rng.Float64() < q {
			start.Cells[i] = c
		}
	}
	if rng.IntN(4) == 0 {
		i := rng.IntN(len(start.Cells))
		start.Cells[i] = aquarium.Water + aquarium.Empty - sol.Cells[i]
	}
	return start
}

// cpFixpoint returns the grid that the CP model reaches from start with
// reasoning of the given depth (-1: none, 0: propagation, 1: probing, ...),
// and false when it finds a contradiction.
func cpFixpoint(t *testing.T, p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution, depth int) (aquarium.Solution, bool) {
	t.Helper()
	m, err := aqcp.NewModel(p, rule)
	require.NoError(t, err)
	if err := m.Restrict(start); err != nil {
		require.ErrorIs(t, err, aquarium.ErrWrongSolution)
		return aquarium.Solution{}, false
	}
	res, err := m.Logic(context.Background(), depth)
	require.NoError(t, err)
	return res.Solution, !res.Contradiction
}

// reasonerFixpoint is cpFixpoint for the Reasoner's quick reasoning.
func reasonerFixpoint(t *testing.T, p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution, depth int) (aquarium.Solution, bool) {
	t.Helper()
	r, err := logic.NewReasoner(p, rule, start)
	if err != nil {
		require.ErrorIs(t, err, aquarium.ErrWrongSolution)
		return aquarium.Solution{}, false
	}
	ok, err := r.Settle(context.Background(), depth, -1)
	require.NoError(t, err)
	if !ok {
		return aquarium.Solution{}, false
	}
	return r.Current(), true
}

// TestReasonerMatchesCP checks that under the region rule the Reasoner's
// rules decide exactly what the CP model's propagation decides, and its
// probing exactly what the CP model's probing decides, from random
// starting grids, some of which cannot be completed.
func TestReasonerMatchesCP(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for i := range 400 {
		w, h := 2+rng.IntN(8), 2+rng.IntN(8)
		p, sol := generate.RandomPuzzle(rng, w, h, 1+rng.IntN(2*w), aquarium.RegionRule, rng.Float64()*0.4)
		start := randomStart(rng, sol, rng.Float64()*0.3)
		for depth := 0; depth <= 2; depth++ {
			want, wantOK := cpFixpoint(t, p, aquarium.RegionRule, start, depth)
			got, gotOK := reasonerFixpoint(t, p, aquarium.RegionRule, start, depth)
			require.Equal(t, wantOK, gotOK, "case %d, depth %d: contradiction\n%+v\nstart:\n%s", i, depth, p, start)
			if wantOK {
				require.Equal(t, want.String(), got.String(), "case %d, depth %d\n%+v\nstart:\n%s", i, depth, p, start)
			}
		}
	}
}

// TestReasonerSound runs the whole chain of hints on random small puzzles
// of both rules from random starting grids that agree with a solution, and
// checks every deduction against every solution that agrees with the
// start. Under the pool rule, where the Reasoner may decide less than the
// CP model, it also checks that the quick reasoning decides nothing the
// solutions disagree on.
func TestReasonerSound(t *testing.T) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(22, uint64(rule)))
			for i := range 300 {
				w, h := 2+rng.IntN(6), 2+rng.IntN(6)
				p, sol := generate.RandomPuzzle(rng, w, h, 1+rng.IntN(2*w), rule, rng.Float64()*0.5)
				if rng.IntN(4) == 0 {
					// Random aquariums (separate pieces and U-shapes), with
					// the clues of a random filling that obeys the rule.
					for j := range p.Regions {
						p.Regions[j] = rng.IntN(3)
					}
					free := *p
					free.Rows, free.Cols = slices.Repeat([]int{aquarium.NoClue}, h), slices.Repeat([]int{aquarium.NoClue}, w)
					fillings, err := aqcp.SolveCP(context.Background(), &free, rule, 200, cp.Limits{})
					require.NoError(t, err)
					sol = fillings.Solutions[rng.IntN(len(fillings.Solutions))]
					generate.SetClues(p, sol)
					generate.HideClues(rng, p, 0.3)
				}
				start := aquarium.NewSolution(w, h)
				for j, c := range sol.Cells {
					if rng.IntN(5) == 0 {
						start.Cells[j] = c
					}
				}
				sols := aqtest.AllSolutions(t, p, rule, start)
				require.NotEmpty(t, sols)
				r, err := logic.NewReasoner(p, rule, start)
				require.NoError(t, err)
				chain, err := r.Explain(context.Background(), 2)
				require.NoError(t, err, "case %d", i)
				for _, d := range chain {
					aqtest.RequireSound(t, d, sols, i, p)
				}
				got, ok := reasonerFixpoint(t, p, rule, start, 2)
				require.True(t, ok)
				require.Equal(t, got.String(), r.Current().String(), "case %d: hints and quick reasoning reach the same grid", i)
				for j, c := range got.Cells {
					if c == aquarium.Unknown {
						continue
					}
					for _, s := range sols {
						require.Equal(t, s.Cells[j], c, "case %d, cell %d", i, j)
					}
				}
			}
		})
	}
}

func TestReasonerRejectsBadStart(t *testing.T) {
	// A 2x2 grid of aquariums A and B on top of C; and one where A is a
	// column on the left.
	p := &aquarium.Puzzle{Width: 2, Height: 2, Regions: []int{0, 1, 2, 2}, Cols: []int{1, 2}, Rows: []int{1, 2}}
	column := &aquarium.Puzzle{Width: 2, Height: 2, Regions: []int{0, 1, 0, 2}, Cols: []int{1, 2}, Rows: []int{1, 2}}
	for _, tc := range []struct {
		p    *aquarium.Puzzle
		grid string
		want string
	}{
		{p, "##\n??", "row 1 has 2 full cells, but its clue says 1"},
		{p, "??\n#.", "aquarium C, which fills a row all at once"},
		{column, "#?\n.?", "aquarium A holds water in row 1 but is empty in row 2 below it, and water does not float"},
	} {
		start, err := aqtest.SolutionFromString(tc.grid)
		require.NoError(t, err)
		_, err = logic.NewReasoner(tc.p, aquarium.RegionRule, start)
		require.ErrorIs(t, err, aquarium.ErrWrongSolution, tc.grid)
		require.Contains(t, err.Error(), tc.want)
	}
	_, err := logic.NewReasoner(p, aquarium.RegionRule, aquarium.NewSolution(3, 2))
	require.ErrorIs(t, err, aquarium.ErrWrongSolution)
}

// TestSumsWordsSkipDeadEnds checks the wording of the sums rule on a row of
// forty two-cell aquariums and one single cell that must make 79: the one
// cell must fill, in each of the 40 ways. Counting the ways once walked
// every choice of the two-cell aquariums that stays under 79, about 2^40
// dead ends, so the hint never came; the watchdog turns that into a
// failure.
func TestSumsWordsSkipDeadEnds(t *testing.T) {
	const pairs = 40
	p := &aquarium.Puzzle{Width: 2*pairs + 1, Height: 1, Rows: []int{2*pairs - 1}}
	for c := range p.Width {
		p.Regions = append(p.Regions, c/2)
		p.Cols = append(p.Cols, aquarium.NoClue)
	}
	type next struct {
		d   logic.Deduction
		ok  bool
		err error
	}
	done := make(chan next, 1)
	go func() {
		r, err := logic.NewReasoner(p, aquarium.RegionRule, aquarium.NewSolution(p.Width, 1))
		if err != nil {
			done <- next{err: err}
			return
		}
		d, ok, err := r.Next(context.Background(), 0)
		done <- next{d, ok, err}
	}()
	var got next
	select {
	case got = <-done:
	case <-time.After(time.Minute):
		t.Fatal("no hint after a minute: the ways are walked through dead ends")
	}
	require.NoError(t, got.err)
	require.True(t, got.ok)
	require.Equal(t, logic.BySums, got.d.Reason)
	require.Contains(t, got.d.Text, "of the 40 ways to make 79")
	require.Equal(t, []logic.Placement{{Row: 0, Col: 2 * pairs, Cell: aquarium.Water}}, got.d.Cells)
}
