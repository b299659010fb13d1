package logic

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// TestMarkAmbiguous checks the one-pass marking of blocks that share a row
// with another block of their aquarium against the plain pairwise check,
// on random grids of few aquariums (so many U-shapes) under the pool rule.
func TestMarkAmbiguous(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		w, h := 1+rng.IntN(8), 1+rng.IntN(8)
		p := &aquarium.Puzzle{Width: w, Height: h, Regions: make([]int, w*h), Cols: make([]int, w), Rows: make([]int, h)}
		for i := range p.Regions {
			p.Regions[i] = rng.IntN(1 + rng.IntN(4))
		}
		for i := range p.Cols {
			p.Cols[i] = aquarium.NoClue
		}
		for i := range p.Rows {
			p.Rows[i] = aquarium.NoClue
		}
		r, err := NewReasoner(p, aquarium.PoolRule, aquarium.Solution{})
		require.NoError(t, err)
		want := make([]bool, len(r.l.Blocks))
		for _, blocks := range r.l.RowBlocks {
			for i, b := range blocks {
				for _, c := range blocks[i+1:] {
					if r.l.Blocks[b].Region == r.l.Blocks[c].Region {
						want[b], want[c] = true, true
					}
				}
			}
		}
		require.Equal(t, want, r.ambiguous, "regions %v (%dx%d)", p.Regions, w, h)
	}
}
