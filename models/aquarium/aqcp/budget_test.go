package aqcp_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestModelEstimate builds models of random grids under both rules and
// checks that the estimate the budget is checked against is within a
// factor of three of the memory the model and its layout really take.
func TestModelEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 150x150 models")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		for _, regions := range []int{40, 2000} {
			p, _ := generate.RandomPuzzle(rng, 150, 150, regions, rule, 0.2)
			before := heapInUse()
			m, err := aqcp.NewModel(p, rule)
			require.NoError(t, err)
			used := heapInUse() - before
			runtime.KeepAlive(m)
			want, _ := aqcp.Estimate(p, m.Layout)
			t.Logf("%v rule, %d aquariums: estimate %.1f MB, used %.1f MB", rule, regions, float64(want)/1e6, float64(used)/1e6)
			assert.Greater(t, want, used/3, "%v rule, %d aquariums: estimate %d, used %d", rule, regions, want, used)
			assert.Less(t, want, 3*used, "%v rule, %d aquariums: estimate %d, used %d", rule, regions, want, used)
		}
	}
}

// TestModelBudget builds the model of a tall grid of column-long
// aquariums under the pool rule, whose levels need about a million
// variables per column, with a budget it cannot meet: it must refuse
// before allocating, naming the levels, and stop when its context ends.
func TestModelBudget(t *testing.T) {
	n := aquarium.MaxSide
	p := &aquarium.Puzzle{Width: n, Height: n, Regions: make([]int, n*n), Cols: make([]int, n), Rows: make([]int, n)}
	for i := range p.Regions {
		p.Regions[i] = i % n // one aquarium per column
	}
	for i := range n {
		p.Cols[i], p.Rows[i] = aquarium.NoClue, aquarium.NoClue
	}
	ctx := membudget.WithBudget(context.Background(), 1<<30)
	_, err := aqcp.NewModelContext(ctx, p, aquarium.PoolRule)
	require.True(t, errors.Is(err, membudget.ErrBudget), "got %v", err)
	assert.Contains(t, err.Error(), "memory budget of 1 GiB reached at building the CP model of the 1000x1000 grid under the pool rule, mostly the pool rule's levels, 499500000 variables")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = aqcp.NewModelContext(cancelled, p, aquarium.RegionRule)
	require.ErrorIs(t, err, context.Canceled)
}
