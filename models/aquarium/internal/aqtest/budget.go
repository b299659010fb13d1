package aqtest

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

// heapInUse returns the bytes of live heap after a garbage collection.
func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// CheckEstimates builds models of random 150x150 grids, with few and with
// many aquariums, under both rules: build returns the model and the
// estimate of its memory that a budget is checked against. The estimate
// must be within a factor of three of the heap the model really takes.
func CheckEstimates(t *testing.T, build func(p *aquarium.Puzzle, rule aquarium.Rule) (model any, estimate int64)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		for _, regions := range []int{40, 2000} {
			p, _ := generate.RandomPuzzle(rng, 150, 150, regions, rule, 0.2)
			before := heapInUse()
			m, want := build(p, rule)
			used := heapInUse() - before
			runtime.KeepAlive(m)
			t.Logf("%v rule, %d aquariums: estimate %.1f MB, used %.1f MB", rule, regions, float64(want)/1e6, float64(used)/1e6)
			if want < used/3 || want > 3*used {
				t.Errorf("%v rule, %d aquariums: estimate %d bytes, used %d", rule, regions, want, used)
			}
		}
	}
}

// UGrid returns a largest (MaxSide x MaxSide) grid without clues whose
// aquariums are U-shapes, each two columns joined along the bottom row,
// around a column aquarium: under the pool rule every cell of a U is a
// block with a level of up to a thousand steps: 333 U's of 998,001 level
// variables each (2·(0+1+…+998) in the arms, 999 for the bottom row),
// 332,334,333 in all.
func UGrid() *aquarium.Puzzle {
	n := aquarium.MaxSide
	p := &aquarium.Puzzle{Width: n, Height: n, Regions: make([]int, n*n), Cols: make([]int, n), Rows: make([]int, n)}
	for i := range p.Regions {
		// Columns 3k and 3k+2, with the bottom cell of column 3k+1, are
		// the U 2k; the rest of column 3k+1 is the column 2k+1.
		r, c := i/n, i%n
		p.Regions[i] = c / 3 * 2
		if c%3 == 1 && r < n-1 {
			p.Regions[i]++
		}
	}
	for i := range n {
		p.Cols[i], p.Rows[i] = aquarium.NoClue, aquarium.NoClue
	}
	return p
}

// CheckBudget builds the model of UGrid with build: under the pool rule
// with a budget of 1 GiB, which its third of a billion level variables
// cannot meet, it must fail with a *membudget.Error whose message holds
// want, before allocating; under a cancelled context, with
// context.Canceled.
func CheckBudget(t *testing.T, build func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule) error, want string) {
	t.Helper()
	p := UGrid()
	err := build(membudget.WithBudget(context.Background(), 1<<30), p, aquarium.PoolRule)
	if !errors.Is(err, membudget.ErrBudget) || !strings.Contains(err.Error(), want) {
		t.Errorf("with a budget of 1 GiB: got %v, want a memory budget error with %q", err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := build(ctx, p, aquarium.RegionRule); !errors.Is(err, context.Canceled) {
		t.Errorf("under a cancelled context: got %v, want context.Canceled", err)
	}
}
