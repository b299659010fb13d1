package aquarium

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
)

// bruteForce returns every filling of p's cells that Check accepts.
func bruteForce(p *Puzzle, rule Rule) []string {
	n := p.Width * p.Height
	var sols []string
	s := NewSolution(p.Width, p.Height)
	for mask := 0; mask < 1<<n; mask++ {
		for i := range s.Cells {
			s.Cells[i] = Empty
			if mask&(1<<i) != 0 {
				s.Cells[i] = Water
			}
		}
		if Check(p, s, rule) == nil {
			sols = append(sols, s.String())
		}
	}
	return sols
}

// randomSmallPuzzle makes a puzzle of at most 12 cells; some have hidden
// clues, some a clue changed so that they may have no solution.
func randomSmallPuzzle(rng *rand.Rand, rule Rule) *Puzzle {
	w, h := 1+rng.IntN(4), 1+rng.IntN(4)
	for w*h > 12 {
		w, h = 1+rng.IntN(4), 1+rng.IntN(4)
	}
	p, _ := RandomPuzzle(rng, w, h, 1+rng.IntN(6), rule, rng.Float64()*0.5)
	if rng.IntN(4) == 0 {
		if r := rng.IntN(h); p.Rows[r] != NoClue {
			p.Rows[r] = rng.IntN(w + 1)
		}
	}
	if rng.IntN(4) == 0 {
		// Random aquariums, not grown: separate pieces and U-shapes galore.
		for i := range p.Regions {
			p.Regions[i] = rng.IntN(3)
		}
	}
	return p
}

// TestModelAgainstBruteForce compares the CP model's solutions with every
// filling the independent checker accepts, under both rules.
func TestModelAgainstBruteForce(t *testing.T) {
	for _, rule := range []Rule{RegionRule, PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(rule)))
			for i := range 1500 {
				p := randomSmallPuzzle(rng, rule)
				want := bruteForce(p, rule)
				res, err := SolveCP(context.Background(), p, rule, 0, cp.Limits{})
				require.NoError(t, err)
				require.True(t, res.Exhausted)
				var got []string
				for _, s := range res.Solutions {
					got = append(got, s.String())
				}
				slices.Sort(got)
				slices.Sort(want)
				require.Equal(t, want, got, "case %d: %+v", i, p)
			}
		})
	}
}

func TestRandomPuzzleIsSolvable(t *testing.T) {
	for _, rule := range []Rule{RegionRule, PoolRule} {
		rng := rand.New(rand.NewPCG(3, uint64(rule)))
		for range 200 {
			w, h := 1+rng.IntN(12), 1+rng.IntN(12)
			p, sol := RandomPuzzle(rng, w, h, 1+rng.IntN(2*w), rule, 0.2)
			require.NoError(t, p.Validate())
			require.NoError(t, Check(p, sol, rule), "%v rule, %+v\n%s", rule, p, sol)
		}
	}
}

func TestRandomLayoutHasNoSingleCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 100 {
		w, h := 2+rng.IntN(15), 2+rng.IntN(15)
		regions := RandomLayout(rng, w, h, 2*w)
		size := map[int]int{}
		for _, id := range regions {
			size[id]++
		}
		for id, n := range size {
			require.GreaterOrEqual(t, n, 2, fmt.Sprintf("aquarium %d of a %dx%d layout", id, w, h))
		}
	}
}

func TestLayoutBlocks(t *testing.T) {
	// A U-shaped aquarium A around B:
	//   A B A
	//   A A A
	p := &Puzzle{Width: 3, Height: 2, Regions: []int{0, 1, 0, 0, 0, 0},
		Cols: []int{NoClue, NoClue, NoClue}, Rows: []int{NoClue, NoClue}}
	region := NewLayout(p, RegionRule)
	require.Len(t, region.Blocks, 3, "A's two arms share a block under the region rule")
	require.Equal(t, []int{0, 2}, region.Blocks[0].Cols)
	pool := NewLayout(p, PoolRule)
	require.Len(t, pool.Blocks, 4, "each arm is its own block under the pool rule")
	require.Equal(t, []int{3}, pool.Below[0])
	require.Equal(t, []int{3}, pool.Below[2])
	require.Equal(t, []int{0, 2}, pool.Above[3])
}
