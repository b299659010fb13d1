package aquarium

import (
	"errors"
	"fmt"
)

// ErrWrongSolution is wrapped by every error Check returns for a solution
// that breaks a rule (as opposed to one of the wrong shape).
var ErrWrongSolution = errors.New("wrong solution")

// Check reports whether s solves p under rule, naming the first broken
// constraint. It shares no code with any solver, so it can judge them all.
// Rows, columns and aquariums are numbered from 1 in its messages.
func Check(p *Puzzle, s Solution, rule Rule) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if s.Width != p.Width || s.Height != p.Height || len(s.Cells) != p.Width*p.Height {
		return fmt.Errorf("solution is %dx%d with %d cells, puzzle is %dx%d",
			s.Width, s.Height, len(s.Cells), p.Width, p.Height)
	}
	for i, c := range s.Cells {
		if c != Water && c != Empty {
			return fmt.Errorf("%w: row %d, column %d is not decided", ErrWrongSolution, i/p.Width+1, i%p.Width+1)
		}
	}
	wrong := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrWrongSolution, fmt.Sprintf(format, args...))
	}
	// The clues: the k-th cell of row i is s.At(i, k), of column i s.At(k, i).
	lines := [2]struct {
		name  string
		clues []int
		cells int
		at    func(i, k int) Cell
	}{
		{"row", p.Rows, p.Width, s.At},
		{"column", p.Cols, p.Height, func(i, k int) Cell { return s.At(k, i) }},
	}
	for _, line := range lines {
		for i, want := range line.clues {
			got := 0
			for k := range line.cells {
				if line.at(i, k) == Water {
					got++
				}
			}
			if want != NoClue && got != want {
				return wrong("%s %d has %d full cells, its clue says %d", line.name, i+1, got, want)
			}
		}
	}
	switch rule {
	case RegionRule:
		return checkRegionLevels(p, s)
	case PoolRule:
		return checkPools(p, s)
	}
	return fmt.Errorf("unknown rule %v", rule)
}

// checkRegionLevels checks that in every aquarium the highest water lies
// below the lowest empty cell.
func checkRegionLevels(p *Puzzle, s Solution) error {
	n := p.NumRegions()
	topWater := make([]int, n) // smallest row with water, or Height
	lowEmpty := make([]int, n) // largest row with an empty cell, or -1
	for id := range n {
		topWater[id], lowEmpty[id] = p.Height, -1
	}
	for r := range p.Height {
		for c := range p.Width {
			id := p.Region(r, c)
			if s.At(r, c) == Water {
				topWater[id] = min(topWater[id], r)
			} else {
				lowEmpty[id] = max(lowEmpty[id], r)
			}
		}
	}
	for id := range n {
		if lowEmpty[id] >= topWater[id] {
			return fmt.Errorf("%w: aquarium %s has water in row %d but an empty cell in row %d",
				ErrWrongSolution, p.Name(id), topWater[id]+1, lowEmpty[id]+1)
		}
	}
	return nil
}

// checkPools checks the pool rule cell by cell: water is held up by the
// cells of its aquarium to its left, right and below, and every body of
// connected water of one aquarium has a single flat surface.
func checkPools(p *Puzzle, s Solution) error {
	w, h := p.Width, p.Height
	water := func(r, c int) bool { return s.At(r, c) == Water }
	same := func(r1, c1, r2, c2 int) bool {
		return r2 >= 0 && r2 < h && c2 >= 0 && c2 < w && p.Region(r1, c1) == p.Region(r2, c2)
	}
	for r := range h {
		for c := range w {
			if !water(r, c) {
				continue
			}
			for _, d := range [][2]int{{0, -1}, {0, 1}, {1, 0}} {
				r2, c2 := r+d[0], c+d[1]
				if same(r, c, r2, c2) && !water(r2, c2) {
					return fmt.Errorf("%w: water in row %d, column %d would run out into row %d, column %d",
						ErrWrongSolution, r+1, c+1, r2+1, c2+1)
				}
			}
		}
	}
	// Label the bodies of water; the first cell of each, in row-major
	// order, lies in its top row, level[b].
	body := Components(w, h, func(r, c, r2, c2 int) bool {
		return water(r, c) && water(r2, c2) && same(r, c, r2, c2)
	})
	level := make([]int, w*h)
	for i := range level {
		level[i] = -1
	}
	for i, b := range body {
		r, c := i/w, i%w
		if level[b] < 0 {
			level[b] = r
		}
		if water(r, c) && r > level[b] && same(r, c, r-1, c) && !water(r-1, c) {
			return fmt.Errorf("%w: water in row %d, column %d has its surface below the level of row %d it is connected to",
				ErrWrongSolution, r+1, c+1, level[b]+1)
		}
	}
	return nil
}
