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
	for r, want := range p.Rows {
		got := 0
		for c := range p.Width {
			if s.At(r, c) == Water {
				got++
			}
		}
		if want != NoClue && got != want {
			return wrong("row %d has %d full cells, its clue says %d", r+1, got, want)
		}
	}
	for c, want := range p.Cols {
		got := 0
		for r := range p.Height {
			if s.At(r, c) == Water {
				got++
			}
		}
		if want != NoClue && got != want {
			return wrong("column %d has %d full cells, its clue says %d", c+1, got, want)
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
	// Label bodies of water by flood fill; level[b] is the top row of body b.
	body := make([]int, w*h)
	for i := range body {
		body[i] = -1
	}
	var level []int
	var stack []int
	for start := range body {
		if body[start] >= 0 || s.Cells[start] != Water {
			continue
		}
		b := len(level)
		level = append(level, h)
		body[start] = b
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, c := i/w, i%w
			level[b] = min(level[b], r)
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r2, c2 := r+d[0], c+d[1]
				if same(r, c, r2, c2) && water(r2, c2) && body[r2*w+c2] < 0 {
					body[r2*w+c2] = b
					stack = append(stack, r2*w+c2)
				}
			}
		}
	}
	for i, b := range body {
		if b < 0 {
			continue
		}
		r, c := i/w, i%w
		if r > level[b] && same(r, c, r-1, c) && !water(r-1, c) {
			return fmt.Errorf("%w: water in row %d, column %d has its surface below the level of row %d it is connected to",
				ErrWrongSolution, r+1, c+1, level[b]+1)
		}
	}
	return nil
}
