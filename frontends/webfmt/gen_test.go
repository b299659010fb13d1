package webfmt

import (
	"math/rand/v2"
	"slices"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// randomPuzzle returns a width×height puzzle of random connected aquariums
// with a solution under the region rule (which also holds under the pool
// rule): every aquarium is filled from a random level down. Clues count that
// solution, and each is left out with probability missing.
func randomPuzzle(rng *rand.Rand, width, height int, missing float64) (*aquarium.Puzzle, aquarium.Solution) {
	n := width * height
	regions := make([]int, n)
	for i := range regions {
		regions[i] = -1
	}
	// Grow aquariums from random seeds, one random frontier cell at a time,
	// so that each stays connected.
	seeds := 1 + n/6 + rng.IntN(n/6+1)
	var frontier []int
	for id := range seeds {
		i := rng.IntN(n)
		for regions[i] >= 0 {
			i = (i + 1) % n
		}
		regions[i] = id
		frontier = append(frontier, i)
	}
	for len(frontier) > 0 {
		k := rng.IntN(len(frontier))
		i := frontier[k]
		r, c := i/width, i%width
		var free []int
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r2, c2 := r+d[0], c+d[1]
			if r2 >= 0 && r2 < height && c2 >= 0 && c2 < width && regions[r2*width+c2] < 0 {
				free = append(free, r2*width+c2)
			}
		}
		if len(free) == 0 {
			frontier = slices.Delete(frontier, k, k+1)
			continue
		}
		j := free[rng.IntN(len(free))]
		regions[j] = regions[i]
		frontier = append(frontier, j)
	}
	p := &aquarium.Puzzle{Width: width, Height: height, Regions: regions}

	// Rows from level[id] down are water; the level lies between the top
	// of the aquarium and just below its bottom.
	top, bottom := make([]int, seeds), make([]int, seeds)
	for id := range seeds {
		top[id], bottom[id] = height, -1
	}
	for i, id := range regions {
		top[id] = min(top[id], i/width)
		bottom[id] = max(bottom[id], i/width)
	}
	level := make([]int, seeds)
	for id := range level {
		level[id] = top[id] + rng.IntN(bottom[id]-top[id]+2)
	}
	s := aquarium.NewSolution(width, height)
	p.Cols = make([]int, width)
	p.Rows = make([]int, height)
	for i, id := range regions {
		s.Cells[i] = aquarium.Empty
		if i/width >= level[id] {
			s.Cells[i] = aquarium.Water
			p.Rows[i/width]++
			p.Cols[i%width]++
		}
	}
	for _, clues := range [][]int{p.Cols, p.Rows} {
		for i := range clues {
			if rng.Float64() < missing {
				clues[i] = aquarium.NoClue
			}
		}
	}
	return p, s
}

// canonical returns a copy of regions numbered from 0 in the order of their
// first cell, so that two partitions into the same aquariums compare equal.
func canonical(regions []int) []int {
	out := make([]int, len(regions))
	seen := map[int]int{}
	for i, id := range regions {
		if _, ok := seen[id]; !ok {
			seen[id] = len(seen)
		}
		out[i] = seen[id]
	}
	return out
}
