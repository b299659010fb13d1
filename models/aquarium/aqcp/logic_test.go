package aqcp_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

// TestLogicSound checks logic-only solving against every solution on
// random small puzzles of both rules: a decided cell has its value in every
// solution, a solved grid is the only solution, and a contradiction means
// there is none.
func TestLogicSound(t *testing.T) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(31, uint64(rule)))
			depths := make([]int, 4)
			for i := range 600 {
				p := aqtest.RandomSmallPuzzle(rng, rule)
				sols := aqtest.AllSolutions(t, p, rule, aquarium.Solution{})
				res, err := aqcp.SolveLogic(context.Background(), p, rule, 3)
				require.NoError(t, err)
				if res.Contradiction {
					require.Empty(t, sols, "case %d: a contradiction, yet solutions exist", i)
					continue
				}
				depths[res.Depth]++
				require.Len(t, res.Fixed, res.Depth+1)
				if res.Solved {
					require.Len(t, sols, 1, "case %d", i)
					require.NoError(t, aquarium.Check(p, res.Solution, rule))
				}
				for j, c := range res.Solution.Cells {
					if c == aquarium.Unknown {
						continue
					}
					for _, s := range sols {
						require.Equal(t, s.Cells[j], c, "case %d, cell %d", i, j)
					}
				}
			}
			require.Positive(t, depths[1], "some puzzles need probing: %v", depths)
		})
	}
}

// TestLogicDepths checks, on the corpus, the depth logic-only solving
// reports: reasoning of that depth solves the puzzle, one less does not.
func TestLogicDepths(t *testing.T) {
	seen := map[int]int{}
	for _, c := range aqcorpus.Load(t) {
		if !c.IsUnique() {
			continue
		}
		p := c.Puzzle()
		res, err := aqcp.SolveLogic(context.Background(), p, aquarium.RegionRule, aqcp.DefaultLogicDepth)
		require.NoError(t, err)
		require.True(t, res.Solved, c.ID)
		require.Equal(t, c.Solution, res.Solution.Rows(), c.ID)
		seen[res.Depth]++
		if res.Depth > 0 {
			less, err := aqcp.SolveLogic(context.Background(), p, aquarium.RegionRule, res.Depth-1)
			require.NoError(t, err)
			require.False(t, less.Solved, c.ID)
		}
	}
	require.Positive(t, seen[0], "%v", seen)
	require.Positive(t, seen[1], "%v", seen)
	require.Positive(t, seen[2], "%v", seen)
}

// TestLogicFromPartial starts logic-only solving from a person's partial
// grid, as solve --logic-only does with a solution block of '?' cells.
func TestLogicFromPartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 0))
	p, sol := generate.RandomPuzzle(rng, 6, 6, 6, aquarium.RegionRule, 0.6)
	start := aquarium.NewSolution(6, 6)
	copy(start.Cells[:18], sol.Cells[:18])
	m, err := aqcp.NewModel(p, aquarium.RegionRule)
	require.NoError(t, err)
	require.NoError(t, m.Restrict(start))
	res, err := m.Logic(context.Background(), 3)
	require.NoError(t, err)
	require.False(t, res.Contradiction)
	for i := range 18 {
		require.Equal(t, sol.Cells[i], res.Solution.Cells[i])
	}
	// The top half of the grid turned upside down is not a start any
	// solution agrees with, when the grid is not symmetric.
	bad := aquarium.NewSolution(6, 6)
	for i := range 18 {
		bad.Cells[i] = aquarium.Water + aquarium.Empty - sol.Cells[i]
	}
	m, err = aqcp.NewModel(p, aquarium.RegionRule)
	require.NoError(t, err)
	if m.Restrict(bad) == nil {
		res, err = m.Logic(context.Background(), 3)
		require.NoError(t, err)
		require.True(t, res.Contradiction || !res.Solved)
	}
}
