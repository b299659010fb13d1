package generate

import (
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// RandomLayout cuts a width×height grid into connected aquariums of 2 to
// maxSize cells (smaller sizes more likely), grown from random seeds; a cell
// left isolated joins a neighbouring aquarium, so aquariums of one cell do
// not occur unless the grid has a single cell. It returns the aquarium ids,
// row-major, numbered from 0 in order of first appearance.
func RandomLayout(rng *rand.Rand, width, height, maxSize int) []int {
	regions := make([]int, width*height)
	for i := range regions {
		regions[i] = -1
	}
	maxSize = max(maxSize, 2)
	next := 0
	var frontier []int
	neighbours := func(i int) []int { return gridNeighbours(width, height, i, nil) }
	size := make([]int, 0, width*height)
	for _, start := range rng.Perm(width * height) {
		if regions[start] >= 0 {
			continue
		}
		// Sizes skew small: the minimum of two uniform draws.
		target := 2 + min(rng.IntN(maxSize-1), rng.IntN(maxSize-1))
		id := next
		next++
		size = append(size, 1)
		regions[start] = id
		frontier = append(frontier[:0], start)
		for size[id] < target && len(frontier) > 0 {
			k := rng.IntN(len(frontier))
			cell := frontier[k]
			var free []int
			for _, n := range neighbours(cell) {
				if regions[n] < 0 {
					free = append(free, n)
				}
			}
			if len(free) == 0 {
				frontier[k] = frontier[len(frontier)-1]
				frontier = frontier[:len(frontier)-1]
				continue
			}
			n := free[rng.IntN(len(free))]
			regions[n] = id
			size[id]++
			frontier = append(frontier, n)
		}
	}
	// Merge single cells into a neighbour's aquarium.
	for i, id := range regions {
		if size[id] != 1 || width*height == 1 {
			continue
		}
		ns := neighbours(i)
		into := regions[ns[rng.IntN(len(ns))]]
		regions[i] = into
		size[into]++
		size[id] = 0
	}
	// Renumber in order of first appearance.
	renum := make([]int, next)
	for i := range renum {
		renum[i] = -1
	}
	n := 0
	for i, id := range regions {
		if renum[id] < 0 {
			renum[id] = n
			n++
		}
		regions[i] = renum[id]
	}
	return regions
}

// RandomPuzzle makes a puzzle with at least one solution under rule: a
// random layout, a random water level in every aquarium, and the clues that
// filling has. Each clue is then hidden with probability hide. It returns
// the puzzle and the filling its clues came from.
func RandomPuzzle(rng *rand.Rand, width, height, maxRegionSize int, rule aquarium.Rule, hide float64) (*aquarium.Puzzle, aquarium.Solution) {
	p := &aquarium.Puzzle{Width: width, Height: height, Regions: RandomLayout(rng, width, height, maxRegionSize)}
	l := aquarium.NewLayout(p, rule)
	full := make([]bool, len(l.Blocks))
	// Fill from the bottom so that gravity holds: a block is full with some
	// probability only if everything it rests on is full. Each aquarium gets
	// its own fill probability so that levels vary.
	fillChance := make([]float64, p.NumRegions())
	for i := range fillChance {
		fillChance[i] = rng.Float64()
	}
	for i := len(l.Blocks) - 1; i >= 0; i-- {
		ok := rng.Float64() < fillChance[l.Blocks[i].Region]
		for _, j := range l.Below[i] {
			ok = ok && full[j]
		}
		full[i] = ok
	}
	if rule == aquarium.PoolRule {
		settlePools(l, full)
	}
	sol := l.Solution(p, func(b int) bool { return full[b] })
	SetClues(p, sol)
	HideClues(rng, p, hide)
	return p, sol
}

// SetClues gives p every row and column clue: the counts of full cells in
// sol.
func SetClues(p *aquarium.Puzzle, sol aquarium.Solution) {
	p.Rows = make([]int, p.Height)
	p.Cols = make([]int, p.Width)
	for i, c := range sol.Cells {
		if c == aquarium.Water {
			p.Rows[i/p.Width]++
			p.Cols[i%p.Width]++
		}
	}
}

// HideClues removes each clue of p with probability hide.
func HideClues(rng *rand.Rand, p *aquarium.Puzzle, hide float64) {
	for i := range p.Rows {
		if rng.Float64() < hide {
			p.Rows[i] = aquarium.NoClue
		}
	}
	for i := range p.Cols {
		if rng.Float64() < hide {
			p.Cols[i] = aquarium.NoClue
		}
	}
}

// settlePools empties, under the pool rule, every block of a body of water
// above the body's lowest surface, until every body is flat. Surfaces are
// taken from the bottom up, so the level a body settles at is its lowest
// surface. Gravity is kept: a full block resting on an emptied one is in the
// same body and above it, so it is emptied too.
func settlePools(l *aquarium.Layout, full []bool) {
	for changed := true; changed; {
		changed = false
		for i := len(l.Blocks) - 1; i >= 0 && !changed; i-- {
			if !full[i] {
				continue
			}
			for _, u := range l.Above[i] {
				if !full[u] {
					changed = emptyAbove(l, full, i) > 0
					break
				}
			}
		}
	}
}

// emptyAbove empties the blocks of the body of water containing block i
// that lie above i's row, and returns how many it emptied.
func emptyAbove(l *aquarium.Layout, full []bool, i int) int {
	row := l.Blocks[i].Row
	seen := map[int]bool{i: true}
	stack := []int{i}
	var higher []int
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l.Blocks[b].Row < row {
			higher = append(higher, b)
		}
		for _, next := range [][]int{l.Below[b], l.Above[b]} {
			for _, n := range next {
				if full[n] && !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
	}
	for _, b := range higher {
		full[b] = false
	}
	return len(higher)
}
