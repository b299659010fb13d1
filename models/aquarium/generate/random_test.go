package generate_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

func TestRandomPuzzleIsSolvable(t *testing.T) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		rng := rand.New(rand.NewPCG(3, uint64(rule)))
		for range 200 {
			w, h := 1+rng.IntN(12), 1+rng.IntN(12)
			p, sol := generate.RandomPuzzle(rng, w, h, 1+rng.IntN(2*w), rule, 0.2)
			require.NoError(t, p.Validate())
			require.NoError(t, aquarium.Check(p, sol, rule), "%v rule, %+v\n%s", rule, p, sol)
		}
	}
}

func TestRandomLayoutHasNoSingleCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 100 {
		w, h := 2+rng.IntN(15), 2+rng.IntN(15)
		regions := generate.RandomLayout(rng, w, h, 2*w)
		size := map[int]int{}
		for _, id := range regions {
			size[id]++
		}
		for id, n := range size {
			require.GreaterOrEqual(t, n, 2, fmt.Sprintf("aquarium %d of a %dx%d layout", id, w, h))
		}
	}
}
