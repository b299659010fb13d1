package aqasp_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

func TestWriteASP(t *testing.T) {
	p := &aquarium.Puzzle{Width: 2, Height: 2, Regions: []int{0, 1, 0, 1}, Cols: []int{1, aquarium.NoClue}, Rows: []int{1, 2}}
	var b bytes.Buffer
	require.NoError(t, aqasp.WriteASP(&b, p, aquarium.RegionRule))
	require.Contains(t, b.String(), "cell(1,1,1). cell(1,2,2). \ncell(2,1,1). cell(2,2,2). \n")
	require.Contains(t, b.String(), "row(1,1). row(2,2). \ncol(1,1). \n", "missing clues have no fact")
	require.ErrorIs(t, aqasp.WriteASP(&b, p, aquarium.PoolRule), aqasp.ErrASPRule)

	s, err := aqasp.SolutionFromASP(p, []string{"water(1,2)", "water(2,1)", "water(2,2)", "other(1)"})
	require.NoError(t, err)
	require.Equal(t, ".#\n##", s.String())
	_, err = aqasp.SolutionFromASP(p, []string{"water(3,1)"})
	require.Error(t, err)
}

// TestASPAgainstCP runs clingo on the ASP program of random small puzzles
// and compares its answer sets with the CP model's solutions.
func TestASPAgainstCP(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for i := range 60 {
		p := aqtest.RandomSmallPuzzle(rng, aquarium.RegionRule)
		res, err := aqcp.SolveCP(context.Background(), p, aquarium.RegionRule, 0, cp.Limits{})
		require.NoError(t, err)
		var want []string
		for _, s := range res.Solutions {
			want = append(want, s.String())
		}
		slices.Sort(want)
		got, exhausted := aqtest.ClingoCount(t, p, 0)
		require.True(t, exhausted, "case %d", i)
		require.Equal(t, want, got, "case %d: %+v", i, p)
	}
}

// TestSolveStops checks Solve's refusals and stops: a pool-rule puzzle,
// which the program does not model, and a context that has ended.
func TestSolveStops(t *testing.T) {
	p := &aquarium.Puzzle{Width: 2, Height: 1, Regions: []int{0, 1}, Cols: []int{1, 0}, Rows: []int{1}}
	_, err := aqasp.Solve(context.Background(), p, aquarium.PoolRule, 2)
	require.ErrorIs(t, err, aqasp.ErrASPRule)
	if !aqasp.Available() {
		t.Skip("clingo not found in PATH (apt-get install gringo)")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = aqasp.Solve(ctx, p, aquarium.RegionRule, 2)
	require.ErrorIs(t, err, context.Canceled)
	res, err := aqasp.Solve(context.Background(), p, aquarium.RegionRule, 0)
	require.NoError(t, err)
	require.Len(t, res.Solutions, 1)
	require.True(t, res.Exhausted)
	require.Equal(t, 1, res.Models)
}
