package aqcp_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

// TestLogicSteps: the steps LogicSteps reports as it goes add up to what
// reasoning decided, each leaves fewer cells open than the one before, and
// a reasoning stopped by its context keeps what the steps reported.
func TestLogicSteps(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := generate.Generate(context.Background(), rand.New(rand.NewPCG(seed, 7)), generate.GenerateOptions{Width: 8, Height: 8, Rule: aquarium.RegionRule})
		require.NoError(t, err)
		m, err := aqcp.NewModel(g.Puzzle, aquarium.RegionRule)
		require.NoError(t, err)
		var steps []aqcp.LogicStep
		res, err := m.LogicSteps(context.Background(), 2, 0, func(s aqcp.LogicStep) { steps = append(steps, s) })
		require.NoError(t, err)
		total := len(g.Puzzle.Regions)
		open := total
		for _, s := range steps {
			assert.Positive(t, s.Cells)
			assert.Equal(t, open-s.Cells, s.Open, "seed %d", seed)
			assert.LessOrEqual(t, s.Depth, res.Depth)
			open = s.Open
		}
		undecided := 0
		for _, c := range res.Solution.Cells {
			if c == aquarium.Unknown {
				undecided++
			}
		}
		assert.Equal(t, undecided, open, "seed %d: the steps add up to the result", seed)
		assert.Equal(t, res.Solved, open == 0)
	}

	// Stopped after its first step, reasoning keeps what it decided.
	g, err := generate.Generate(context.Background(), rand.New(rand.NewPCG(3, 7)), generate.GenerateOptions{Width: 8, Height: 8, Rule: aquarium.RegionRule})
	require.NoError(t, err)
	m, err := aqcp.NewModel(g.Puzzle, aquarium.RegionRule)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var first *aqcp.LogicStep
	res, err := m.LogicSteps(ctx, 2, 0, func(s aqcp.LogicStep) {
		if first == nil {
			first = &s
			cancel()
		}
	})
	require.NotNil(t, first)
	if err != nil {
		assert.ErrorIs(t, err, context.Canceled)
		undecided := 0
		for _, c := range res.Solution.Cells {
			if c == aquarium.Unknown {
				undecided++
			}
		}
		assert.LessOrEqual(t, undecided, first.Open, "the cells decided before the stop are kept")
	}
}
