package generate

import (
	"math"
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// GrownAquariums is how many aquariums GrownLayout cuts a width×height grid
// into when asked for none in particular: about 1.1·n on an n×n grid (1.1
// times the geometric mean of the sides), at least 2.
func GrownAquariums(width, height int) int {
	return max(2, int(math.Round(1.1*math.Sqrt(float64(width*height)))))
}

// GrownLayout cuts a width×height grid into k connected aquariums grown all
// at once from k distinct random seed cells: at each step a random cell
// next to some aquarium joins it, until the grid is full. The aquariums are
// compact blobs of about width·height/k cells (on an n×n grid with 1.1·n of
// them, about 0.9·n cells spanning some √n rows), far larger than those of
// designed puzzles or RandomLayout. k is clamped to 1..width·height. It
// returns the aquarium ids, row-major, numbered from 0 in order of first
// appearance.
func GrownLayout(rng *rand.Rand, width, height, k int) []int {
	n := width * height
	k = min(max(k, 1), n)
	regions := make([]int, n)
	for i := range regions {
		regions[i] = -1
	}
	// The frontier holds cells next to an aquarium, each with the aquarium
	// that reached it; a cell may be in it several times, and is skipped
	// when drawn after another aquarium took it.
	type reach struct{ cell, id int32 }
	frontier := make([]reach, 0, 4*k)
	var ns []int
	add := func(cell, id int) {
		regions[cell] = id
		ns = gridNeighbours(width, height, cell, ns)
		for _, j := range ns {
			if regions[j] < 0 {
				frontier = append(frontier, reach{int32(j), int32(id)})
			}
		}
	}
	for id, seed := range rng.Perm(n)[:k] {
		regions[seed] = id
	}
	for cell, id := range regions {
		if id >= 0 {
			add(cell, id)
		}
	}
	for len(frontier) > 0 {
		i := rng.IntN(len(frontier))
		r := frontier[i]
		frontier[i] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		if regions[r.cell] < 0 {
			add(int(r.cell), int(r.id))
		}
	}
	return renumber(regions)
}

// Share of full cells a grown puzzle's filling keeps to: its levels are
// drawn again until the share falls in this range.
const (
	grownMinFull = 0.35
	grownMaxFull = 0.65
)

// GrownPuzzle makes a puzzle with at least one solution under rule on a
// GrownLayout of k aquariums: each aquarium gets a random water level (as
// Generate does: every level from empty to full equally likely), drawn
// again for all aquariums until 35 to 65 % of the cells are full, and every
// row and column gets its clue. It returns the puzzle and its filling.
func GrownPuzzle(rng *rand.Rand, width, height, k int, rule aquarium.Rule) (*aquarium.Puzzle, aquarium.Solution) {
	p := &aquarium.Puzzle{Width: width, Height: height, Regions: GrownLayout(rng, width, height, k)}
	var sol aquarium.Solution
	// The share is an average over k levels, near one half, so few draws
	// miss the range; a bound keeps tiny grids, whose share moves in large
	// steps, from drawing forever.
	for range 1000 {
		sol = randomLevels(rng, p, rule)
		if share := fullShare(sol); share >= grownMinFull && share <= grownMaxFull {
			break
		}
	}
	SetClues(p, sol)
	return p, sol
}

// fullShare is the share of full cells in a complete solution.
func fullShare(sol aquarium.Solution) float64 {
	full := 0
	for _, c := range sol.Cells {
		if c == aquarium.Water {
			full++
		}
	}
	return float64(full) / float64(len(sol.Cells))
}
