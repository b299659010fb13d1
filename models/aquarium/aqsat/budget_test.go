package aqsat_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestEncodeEstimate encodes random grids under both rules and checks that
// the estimate the budget is checked against is within a factor of three
// of the memory the formula and its layout really take.
func TestEncodeEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes 150x150 grids")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		for _, regions := range []int{40, 2000} {
			p, _ := generate.RandomPuzzle(rng, 150, 150, regions, rule, 0.2)
			before := heapInUse()
			m, err := aqsat.EncodeSAT(p, rule)
			require.NoError(t, err)
			used := heapInUse() - before
			runtime.KeepAlive(m)
			want, _ := aqsat.Estimate(p, m.Layout)
			t.Logf("%v rule, %d aquariums: estimate %.1f MB, used %.1f MB", rule, regions, float64(want)/1e6, float64(used)/1e6)
			assert.Greater(t, want, used/3)
			assert.Less(t, want, 3*used)
		}
	}
}

// TestEncodeBudget encodes a grid of column-long aquariums under the pool
// rule with a budget its half a billion level variables cannot meet, and
// a grid under a cancelled context.
func TestEncodeBudget(t *testing.T) {
	n := aquarium.MaxSide
	p := &aquarium.Puzzle{Width: n, Height: n, Regions: make([]int, n*n), Cols: make([]int, n), Rows: make([]int, n)}
	for i := range p.Regions {
		p.Regions[i] = i % n
	}
	for i := range n {
		p.Cols[i], p.Rows[i] = aquarium.NoClue, aquarium.NoClue
	}
	_, err := aqsat.EncodeSATContext(membudget.WithBudget(context.Background(), 1<<30), p, aquarium.PoolRule)
	require.True(t, errors.Is(err, membudget.ErrBudget), "got %v", err)
	assert.Contains(t, err.Error(), "memory budget of 1 GiB reached at encoding the 1000x1000 grid under the pool rule with 499500000 level variables")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = aqsat.EncodeSATContext(ctx, p, aquarium.RegionRule)
	require.ErrorIs(t, err, context.Canceled)
}
