package generate_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// long runs the slow cases too: 100 generated puzzles of each size.
var long = flag.Bool("long", false, "run the slow cases too (100 generated puzzles per size)")

// generateSeeded makes puzzle i of the seed as 'aquarium generate' does.
func generateSeeded(t testing.TB, seed uint64, i int, opt generate.GenerateOptions) generate.Generated {
	t.Helper()
	g, err := generate.Generate(context.Background(), rand.New(rand.NewPCG(seed, uint64(i))), opt)
	require.NoError(t, err, "seed %d, puzzle %d", seed, i)
	return g
}

// requireGoodPuzzle checks a generated puzzle: valid, its solution right,
// unique as the CP model and a SAT backend (gini) both count, the grade
// asked for, and a layout without one-cell or oversized aquariums.
func requireGoodPuzzle(t *testing.T, g generate.Generated, opt generate.GenerateOptions) {
	t.Helper()
	p := g.Puzzle
	require.NoError(t, p.Validate())
	require.NoError(t, aquarium.Check(p, g.Solution, opt.Rule))
	res, err := aqcp.SolveCP(context.Background(), p, opt.Rule, 2, cp.Limits{})
	require.NoError(t, err)
	require.True(t, res.Exhausted)
	require.Len(t, res.Solutions, 1, "unique")
	require.Equal(t, g.Solution.String(), res.Solutions[0].String())
	satSols, exhausted := aqtest.SATCount(t, p, opt.Rule, backends.Gini, sat.Totalizer, 2)
	require.True(t, exhausted)
	require.Equal(t, []string{g.Solution.String()}, satSols, "unique for SAT too")
	require.True(t, g.Grade.Unique)
	if opt.Graded {
		require.Equal(t, opt.Difficulty, g.Grade.Difficulty, g.Grade.String())
	}
	if !opt.Singles {
		sizes := make([]int, p.NumRegions())
		for _, id := range p.Regions {
			sizes[id]++
		}
		for id, n := range sizes {
			require.GreaterOrEqual(t, n, 2, "aquarium %s", p.Name(id))
			require.LessOrEqual(t, n, 2*p.Width+4, "aquarium %s", p.Name(id))
		}
	}
	requireConnected(t, p)
}

// requireConnected checks that every aquarium is one piece.
func requireConnected(t *testing.T, p *aquarium.Puzzle) {
	t.Helper()
	seen := make([]bool, len(p.Regions))
	pieces := make([]int, p.NumRegions())
	for start := range p.Regions {
		if seen[start] {
			continue
		}
		id := p.Regions[start]
		pieces[id]++
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, c := i/p.Width, i%p.Width
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 0 || r2 >= p.Height || c2 < 0 || c2 >= p.Width {
					continue
				}
				if j := r2*p.Width + c2; !seen[j] && p.Regions[j] == id {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	for id, n := range pieces {
		require.Equal(t, 1, n, "aquarium %s is in %d pieces", p.Name(id), n)
	}
}

func TestGenerateEveryGrade(t *testing.T) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		for _, d := range logic.Difficulties {
			t.Run(fmt.Sprintf("%v/%v", rule, d), func(t *testing.T) {
				// Extreme puzzles are rare on small grids.
				size := 8
				if d == logic.Extreme {
					size = 12
				}
				opt := generate.GenerateOptions{Width: size, Height: size, Rule: rule, Graded: true, Difficulty: d}
				for i := range 3 {
					requireGoodPuzzle(t, generateSeeded(t, 1, i, opt), opt)
				}
			})
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	opt := generate.GenerateOptions{Width: 10, Height: 10, Graded: true, Difficulty: logic.Hard}
	a := generateSeeded(t, 7, 3, opt)
	b := generateSeeded(t, 7, 3, opt)
	require.Equal(t, a.Puzzle, b.Puzzle)
	require.Equal(t, a.Solution, b.Solution)
	c := generateSeeded(t, 7, 4, opt)
	require.NotEqual(t, a.Puzzle.Regions, c.Puzzle.Regions)
}

func TestGenerateSingles(t *testing.T) {
	singles := 0
	for i := range 20 {
		regions := generate.DesignedLayout(rand.New(rand.NewPCG(3, uint64(i))), 10, 10, true)
		sizes := map[int]int{}
		for _, id := range regions {
			sizes[id]++
		}
		for _, n := range sizes {
			if n == 1 {
				singles++
			}
		}
	}
	require.Positive(t, singles, "asked for, one-cell aquariums occur")
}

// TestGenerateAllCluesRandomShapes makes benchmark grids: every clue kept,
// aquariums of random shapes, unique for the CP model and for gini, and
// not graded.
func TestGenerateAllCluesRandomShapes(t *testing.T) {
	opt := generate.GenerateOptions{Width: 20, Height: 20, RandomShapes: true, AllClues: true}
	for i := range 3 {
		g := generateSeeded(t, 5, i, opt)
		p := g.Puzzle
		require.NoError(t, p.Validate())
		require.NoError(t, aquarium.Check(p, g.Solution, opt.Rule))
		require.False(t, g.Graded)
		require.NotContains(t, p.Rows, aquarium.NoClue)
		require.NotContains(t, p.Cols, aquarium.NoClue)
		res, err := aqcp.SolveCP(context.Background(), p, opt.Rule, 2, cp.Limits{})
		require.NoError(t, err)
		require.True(t, res.Exhausted)
		require.Len(t, res.Solutions, 1, "unique")
		satSols, exhausted := aqtest.SATCount(t, p, opt.Rule, backends.Gini, sat.Totalizer, 2)
		require.True(t, exhausted)
		require.Equal(t, []string{g.Solution.String()}, satSols, "unique for SAT too")
		requireConnected(t, p)
	}
}

func TestGenerateRejectsTinyGrids(t *testing.T) {
	_, err := generate.Generate(context.Background(), rand.New(rand.NewPCG(1, 1)), generate.GenerateOptions{Width: 1, Height: 5})
	require.Error(t, err)
}

// TestGenerateHundreds makes 100 puzzles of 10×10 and 100 of 15×15 for
// fixed seeds, each checked unique by the CP model, and 100 hard ones of
// each size, of which at least half must need probing. Without -long it
// makes 10 of each.
func TestGenerateHundreds(t *testing.T) {
	n := 10
	if *long {
		n = 100
	}
	for _, size := range []int{10, 15} {
		for _, graded := range []bool{false, true} {
			opt := generate.GenerateOptions{Width: size, Height: size, Graded: graded, Difficulty: logic.Hard}
			t.Run(fmt.Sprintf("%dx%d/graded=%v", size, size, graded), func(t *testing.T) {
				probing := 0
				for i := range n {
					g := generateSeeded(t, 2026, i, opt)
					requireGoodPuzzle(t, g, opt)
					if g.Grade.Depth >= 1 || !g.Grade.Logic {
						probing++
					}
				}
				t.Logf("%d of %d puzzles need probing", probing, n)
				if graded {
					require.GreaterOrEqual(t, 2*probing, n, "at least half of the hard puzzles need probing")
				}
			})
		}
	}
}

// BenchmarkGenerate measures the time to make one puzzle, clue removal
// with its uniqueness proofs and the final grading included.
func BenchmarkGenerate(b *testing.B) {
	for _, size := range []int{10, 15, 20} {
		for _, d := range []string{"any", "easy", "hard", "extreme"} {
			opt := generate.GenerateOptions{Width: size, Height: size}
			if d != "any" {
				opt.Graded = true
				opt.Difficulty, _ = logic.ParseDifficulty(d)
			}
			b.Run(fmt.Sprintf("%dx%d/%s", size, size, d), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					if _, err := generate.Generate(context.Background(), rand.New(rand.NewPCG(1, uint64(i))), opt); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}

// TestGrownLayout checks the shape of grown layouts: exactly k aquariums,
// each one piece, of sizes near the mean.
func TestGrownLayout(t *testing.T) {
	for _, tc := range []struct{ w, h, k int }{{2, 2, 2}, {10, 10, 11}, {40, 30, 38}, {60, 60, 66}, {5, 5, 25}} {
		t.Run(fmt.Sprintf("%dx%d/k=%d", tc.w, tc.h, tc.k), func(t *testing.T) {
			regions := generate.GrownLayout(rand.New(rand.NewPCG(4, uint64(tc.k))), tc.w, tc.h, tc.k)
			p := &aquarium.Puzzle{Width: tc.w, Height: tc.h, Regions: regions}
			require.Equal(t, tc.k, p.NumRegions())
			requireConnected(t, p)
		})
	}
	require.Equal(t, 220, generate.GrownAquariums(200, 200))
	require.Equal(t, 440, generate.GrownAquariums(400, 400))
}

// TestGenerateGrown makes grown grids and checks each: every clue given,
// 35-65 % full, the number of aquariums asked for, connected aquariums,
// and unique by the CP core and by clingo (when installed).
func TestGenerateGrown(t *testing.T) {
	sizes := []int{12, 30, 60}
	if *long {
		sizes = append(sizes, 100)
	}
	for _, n := range sizes {
		opt := generate.GenerateOptions{Width: n, Height: n, Grown: true}
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			for i := range 3 {
				g := generateSeeded(t, 9, i, opt)
				p := g.Puzzle
				require.NoError(t, p.Validate())
				require.NoError(t, aquarium.Check(p, g.Solution, opt.Rule))
				require.NotContains(t, p.Rows, aquarium.NoClue)
				require.NotContains(t, p.Cols, aquarium.NoClue)
				require.Equal(t, generate.GrownAquariums(n, n), p.NumRegions())
				requireConnected(t, p)
				full := strings.Count(g.Solution.String(), "#")
				require.InDelta(t, 0.5, float64(full)/float64(n*n), 0.15, "share of full cells")
				require.Equal(t, g.Attempts, 1+g.NotUnique+g.Undecided)
				res, err := aqcp.SolveCP(context.Background(), p, opt.Rule, 2, cp.Limits{})
				require.NoError(t, err)
				require.True(t, res.Exhausted)
				require.Len(t, res.Solutions, 1, "unique")
				sols, exhausted := aqtest.ClingoCount(t, p, 2)
				require.True(t, exhausted)
				require.Equal(t, []string{g.Solution.String()}, sols, "unique for clingo too")
			}
		})
	}
}

// TestGenerateGrownBudget checks that a budget too small for any proof
// ends the search with a report of what was tried.
func TestGenerateGrownBudget(t *testing.T) {
	opt := generate.GenerateOptions{Width: 200, Height: 200, Grown: true, Budget: 1, MaxAttempts: 2}
	_, err := generate.Generate(context.Background(), rand.New(rand.NewPCG(1, 0)), opt)
	require.ErrorIs(t, err, generate.ErrNoPuzzle)
	require.ErrorIs(t, err, cp.ErrLimit, "out of budget")
	require.Regexp(t, `2 layouts tried, \d with several solutions, \d not decided within 1 conflicts each`, err.Error())
}

// TestGenerateKeepsUndecidedClues gives every question of uniqueness a
// budget of one conflict: the layouts and clue removals that logic does
// not settle go undecided, so layouts are passed over and clues kept, and
// every puzzle made must still have exactly one solution.
func TestGenerateKeepsUndecidedClues(t *testing.T) {
	opt := generate.GenerateOptions{Width: 20, Height: 20, Budget: 1}
	undecided := 0
	for i := range 10 {
		g := generateSeeded(t, 77, i, opt)
		requireGoodPuzzle(t, g, opt)
		undecided += g.Undecided
	}
	require.Positive(t, undecided, "no layout needed more than one conflict: the budget was not tested")
}
