package aquarium

import "slices"

// A Block is a set of cells of one row that are full or empty together:
// under the region rule, all the cells of an aquarium in a row; under the
// pool rule, a maximal horizontal run of cells of one aquarium, since water
// runs sideways within a run.
type Block struct {
	Region int
	Row    int
	Cols   []int // the block's columns, increasing
}

// Width returns the number of cells in the block.
func (b Block) Width() int { return len(b.Cols) }

// Layout is the block structure of a puzzle under a rule: the unknowns of
// the CP model and of the SAT encoding, and the relations between them.
type Layout struct {
	Rule   Rule
	Blocks []Block
	// CellBlock maps each cell (row-major) to its block.
	CellBlock []int
	// RowBlocks lists the blocks of each row, left to right.
	RowBlocks [][]int
	// ColChains lists, for each column, the chains of blocks crossing it. A
	// chain is ordered top to bottom and water in it is always a bottom run:
	// a full block means every later block of the chain is full. Under the
	// region rule a chain is an aquarium's cells in the column; under the
	// pool rule, a vertical run of one aquarium's cells.
	ColChains [][][]int
	// Below lists, for each block, the blocks that must be full when it is
	// full (region rule: the aquarium's block in its next lower row; pool
	// rule: the blocks directly beneath it in the same aquarium).
	Below [][]int
	// Above lists, for each block, the blocks directly above it in the same
	// aquarium (pool rule only; used by the level constraint).
	Above [][]int
}

// NewLayout computes the blocks of a valid puzzle under rule.
func NewLayout(p *Puzzle, rule Rule) *Layout {
	w, h := p.Width, p.Height
	l := &Layout{
		Rule:      rule,
		CellBlock: make([]int, w*h),
		RowBlocks: make([][]int, h),
		ColChains: make([][][]int, w),
	}
	for r := range h {
		if rule == RegionRule {
			byRegion := map[int]int{} // region → block, for this row
			for c := range w {
				id := p.Region(r, c)
				b, ok := byRegion[id]
				if !ok {
					b = len(l.Blocks)
					byRegion[id] = b
					l.Blocks = append(l.Blocks, Block{Region: id, Row: r})
					l.RowBlocks[r] = append(l.RowBlocks[r], b)
				}
				l.Blocks[b].Cols = append(l.Blocks[b].Cols, c)
				l.CellBlock[r*w+c] = b
			}
			continue
		}
		for c := range w {
			id := p.Region(r, c)
			if c == 0 || p.Region(r, c-1) != id {
				l.Blocks = append(l.Blocks, Block{Region: id, Row: r})
				l.RowBlocks[r] = append(l.RowBlocks[r], len(l.Blocks)-1)
			}
			b := len(l.Blocks) - 1
			l.Blocks[b].Cols = append(l.Blocks[b].Cols, c)
			l.CellBlock[r*w+c] = b
		}
	}
	l.Below = make([][]int, len(l.Blocks))
	l.Above = make([][]int, len(l.Blocks))
	if rule == RegionRule {
		last := map[int]int{} // region → its block in the lowest row seen so far
		for r := range h {
			for _, b := range l.RowBlocks[r] {
				if prev, ok := last[l.Blocks[b].Region]; ok {
					l.Below[prev] = append(l.Below[prev], b)
				}
				last[l.Blocks[b].Region] = b
			}
		}
	} else {
		for r := 0; r+1 < h; r++ {
			for c := range w {
				if p.Region(r, c) != p.Region(r+1, c) {
					continue
				}
				up, down := l.CellBlock[r*w+c], l.CellBlock[(r+1)*w+c]
				if !slices.Contains(l.Below[up], down) {
					l.Below[up] = append(l.Below[up], down)
					l.Above[down] = append(l.Above[down], up)
				}
			}
		}
	}
	for c := range w {
		if rule == RegionRule {
			chainOf := map[int]int{} // region → chain index in this column
			for r := range h {
				id := p.Region(r, c)
				i, ok := chainOf[id]
				if !ok {
					i = len(l.ColChains[c])
					chainOf[id] = i
					l.ColChains[c] = append(l.ColChains[c], nil)
				}
				l.ColChains[c][i] = append(l.ColChains[c][i], l.CellBlock[r*w+c])
			}
			continue
		}
		for r := range h {
			if r == 0 || p.Region(r-1, c) != p.Region(r, c) {
				l.ColChains[c] = append(l.ColChains[c], nil)
			}
			i := len(l.ColChains[c]) - 1
			l.ColChains[c][i] = append(l.ColChains[c][i], l.CellBlock[r*w+c])
		}
	}
	return l
}

// Solution returns the grid that fills the blocks for which full reports
// true, leaving the others empty.
func (l *Layout) Solution(p *Puzzle, full func(block int) bool) Solution {
	s := NewSolution(p.Width, p.Height)
	for i, b := range l.CellBlock {
		if full(b) {
			s.Cells[i] = Water
		} else {
			s.Cells[i] = Empty
		}
	}
	return s
}
