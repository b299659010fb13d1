package aqcp_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

// bruteForce returns every filling of p's cells that Check accepts.
func bruteForce(p *aquarium.Puzzle, rule aquarium.Rule) []string {
	n := p.Width * p.Height
	var sols []string
	s := aquarium.NewSolution(p.Width, p.Height)
	for mask := 0; mask < 1<<n; mask++ {
		for i := range s.Cells {
			s.Cells[i] = aquarium.Empty
			if mask&(1<<i) != 0 {
				s.Cells[i] = aquarium.Water
			}
		}
		if aquarium.Check(p, s, rule) == nil {
			sols = append(sols, s.String())
		}
	}
	return sols
}

// requireAll checks that a search found exactly the solutions want, in
// any order, and knows it found them all.
func requireAll(t *testing.T, want []string, res aqcp.Result, err error, msg ...any) {
	t.Helper()
	require.NoError(t, err, msg...)
	require.True(t, res.Exhausted, msg...)
	var got []string
	for _, s := range res.Solutions {
		got = append(got, s.String())
	}
	require.ElementsMatch(t, want, got, msg...)
}

// TestModelAgainstBruteForce compares the CP model's solutions with every
// filling the independent checker accepts, under both rules.
func TestModelAgainstBruteForce(t *testing.T) {
	forRandomPuzzles(t, 7, func(t *testing.T, _ *rand.Rand, rule aquarium.Rule, i int, p *aquarium.Puzzle) {
		want := bruteForce(p, rule)
		res, err := aqcp.SolveCP(context.Background(), p, rule, 0, cp.Limits{})
		requireAll(t, want, res, err, "case %d: %+v", i, p)
	})
}

// forRandomPuzzles calls check on 1500 random small puzzles under each
// rule, drawn from a generator seeded with seed and the rule; check may
// draw more from rng.
func forRandomPuzzles(t *testing.T, seed uint64, check func(t *testing.T, rng *rand.Rand, rule aquarium.Rule, i int, p *aquarium.Puzzle)) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, uint64(rule)))
			for i := range 1500 {
				check(t, rng, rule, i, aqtest.RandomSmallPuzzle(rng, rule))
			}
		})
	}
}

// TestRedundantAgainstBruteForce adds the redundant constraints that
// Search posts on large grids (neighbouring columns' differences) to small
// puzzles, where they would not be posted, and compares the solutions with
// brute force, under both rules.
func TestRedundantAgainstBruteForce(t *testing.T) {
	forRandomPuzzles(t, 14, func(t *testing.T, _ *rand.Rand, rule aquarium.Rule, i int, p *aquarium.Puzzle) {
		want := bruteForce(p, rule)
		m, err := aqcp.NewModel(p, rule)
		require.NoError(t, err)
		m.AddRedundant()
		res, err := m.Search(context.Background(), 0, cp.Limits{})
		requireAll(t, want, res, err, "case %d: %+v", i, p)
	})
}

// TestExcludeCountAgainstBruteForce posts ExcludeCount on a random line and
// count of small puzzles, and compares the solutions with brute force's
// whose count on that line differs.
func TestExcludeCountAgainstBruteForce(t *testing.T) {
	forRandomPuzzles(t, 21, func(t *testing.T, rng *rand.Rand, rule aquarium.Rule, i int, p *aquarium.Puzzle) {
		line := aquarium.Line{Column: rng.IntN(2) == 0}
		size := p.Width
		if line.Column {
			line.Index, size = rng.IntN(p.Width), p.Height
		} else {
			line.Index = rng.IntN(p.Height)
		}
		count := rng.IntN(size+3) - 1 // from -1 to size+1
		var want []string
		for _, sol := range bruteForce(p, rule) {
			if lineCount(sol, p.Width, line) != count {
				want = append(want, sol)
			}
		}
		m, err := aqcp.NewModel(p, rule)
		require.NoError(t, err)
		m.ExcludeCount(line, count)
		res, err := m.Search(context.Background(), 0, cp.Limits{})
		requireAll(t, want, res, err, "case %d: %v count %d: %+v", i, line, count, p)
	})
}

// lineCount counts the full cells ('#') of line in a solution written as
// rows of width cells, one after another with newlines.
func lineCount(sol string, width int, line aquarium.Line) int {
	n := 0
	for r, row := range strings.Split(sol, "\n") {
		for c := range width {
			if row[c] == '#' && (line.Column && c == line.Index || !line.Column && r == line.Index) {
				n++
			}
		}
	}
	return n
}
