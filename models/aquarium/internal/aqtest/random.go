package aqtest

import (
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

// RandomSmallPuzzle makes a puzzle of at most 12 cells; some have hidden
// clues, some a clue changed so that they may have no solution.
func RandomSmallPuzzle(rng *rand.Rand, rule aquarium.Rule) *aquarium.Puzzle {
	w, h := 1+rng.IntN(4), 1+rng.IntN(4)
	for w*h > 12 {
		w, h = 1+rng.IntN(4), 1+rng.IntN(4)
	}
	p, _ := generate.RandomPuzzle(rng, w, h, 1+rng.IntN(6), rule, rng.Float64()*0.5)
	if rng.IntN(4) == 0 {
		if r := rng.IntN(h); p.Rows[r] != aquarium.NoClue {
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
