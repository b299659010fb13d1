package tiles

// Manhattan returns the sum over the tiles (not the blank) of the rows
// plus columns between each tile and its home. Every move slides one tile
// by one cell, so it never overestimates.
func Manhattan(p *Puzzle) int {
	d := 0
	for cell, t := range p.Tiles {
		if t != 0 {
			d += manhattan(p.Width, cell, t)
		}
	}
	return d
}

func manhattan(w, a, b int) int {
	return abs(a/w-b/w) + abs(a%w-b%w)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// LinearConflicts returns the moves Manhattan distance misses because
// tiles in their home row (or column) stand in the wrong order there: of
// the tiles of a line whose home is that line, all but a longest run in
// the right order must leave the line and come back, two moves each that
// Manhattan does not count (Hansson, Mayer and Yung 1992). Added to
// Manhattan it stays admissible: rows and columns count different moves
// (vertical ones for a tile leaving its row, horizontal ones for its
// column).
func LinearConflicts(p *Puzzle) int {
	w, h := p.Width, p.Height
	var line [MaxSide]int
	extra := 0
	for r := range h {
		n := 0
		for c := range w {
			if t := p.Tiles[r*w+c]; t != 0 && t/w == r {
				line[n] = t % w
				n++
			}
		}
		extra += 2 * (n - longestIncreasing(line[:n]))
	}
	for c := range w {
		n := 0
		for r := range h {
			if t := p.Tiles[r*w+c]; t != 0 && t%w == c {
				line[n] = t / w
				n++
			}
		}
		extra += 2 * (n - longestIncreasing(line[:n]))
	}
	return extra
}

// longestIncreasing returns the length of a longest strictly increasing
// subsequence of s (at most MaxSide long, so the quadratic method is
// fastest).
func longestIncreasing(s []int) int {
	var best [MaxSide]int
	longest := 0
	for i := range s {
		best[i] = 1
		for j := range i {
			if s[j] < s[i] && best[j]+1 > best[i] {
				best[i] = best[j] + 1
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}
