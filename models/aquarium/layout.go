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
	// Scratch space indexed by aquarium, for each step in turn.
	n := p.NumRegions()
	seen, stamp := make([]int, n), make([]int, n)
	l.findBlocks(p, seen, stamp)
	l.cutCols(w, h)
	l.Below = make([][]int, len(l.Blocks))
	l.Above = make([][]int, len(l.Blocks))
	if rule == RegionRule {
		l.linkRegionRows(h, seen, stamp)
	} else {
		l.linkPools(p)
	}
	l.findChains(p, stamp)
	return l
}

// findBlocks cuts the rows into blocks.
func (l *Layout) findBlocks(p *Puzzle, seen, stamp []int) {
	w, h, rule := p.Width, p.Height, l.Rule
	// seen[id] is the block of aquarium id in the current row (region
	// rule), valid when stamp[id] holds the row.
	for i := range stamp {
		stamp[i] = -1
	}
	for r := range h {
		for c := range w {
			id := p.Region(r, c)
			newBlock := rule == RegionRule && stamp[id] != r ||
				rule == PoolRule && (c == 0 || p.Region(r, c-1) != id)
			if newBlock {
				stamp[id], seen[id] = r, len(l.Blocks)
				l.Blocks = append(l.Blocks, Block{Region: id, Row: r})
				l.RowBlocks[r] = append(l.RowBlocks[r], len(l.Blocks)-1)
			}
			b := len(l.Blocks) - 1
			if rule == RegionRule {
				b = seen[id]
			}
			l.CellBlock[r*w+c] = b
		}
	}
}

// cutCols gives the blocks their columns, cut from one array in cell
// order.
func (l *Layout) cutCols(w, h int) {
	cols := make([]int, w*h)
	start := make([]int, len(l.Blocks)+1)
	for _, b := range l.CellBlock {
		start[b+1]++
	}
	for b := range l.Blocks {
		start[b+1] += start[b]
		l.Blocks[b].Cols = cols[start[b]:start[b]:start[b+1]]
	}
	for i, b := range l.CellBlock {
		l.Blocks[b].Cols = append(l.Blocks[b].Cols, i%w)
	}
}

// linkRegionRows links, under the region rule, each block to its
// aquarium's block in the next lower row that has one.
func (l *Layout) linkRegionRows(h int, seen, stamp []int) {
	for i := range stamp {
		stamp[i] = -1 // now: whether seen[id] holds the lowest block so far
	}
	for r := range h {
		for _, b := range l.RowBlocks[r] {
			id := l.Blocks[b].Region
			if stamp[id] >= 0 {
				l.Below[seen[id]] = append(l.Below[seen[id]], b)
			}
			stamp[id], seen[id] = r, b
		}
	}
}

// linkPools links, under the pool rule, the blocks directly above and
// below each other in one aquarium.
func (l *Layout) linkPools(p *Puzzle) {
	w, h := p.Width, p.Height
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

// findChains lists the chains of blocks crossing each column.
func (l *Layout) findChains(p *Puzzle, stamp []int) {
	w, h := p.Width, p.Height
	for c := range w {
		for i := range stamp {
			stamp[i] = -1 // now: the chain of aquarium id in this column, + 0
		}
		for r := range h {
			id := p.Region(r, c)
			b := l.CellBlock[r*w+c]
			if l.Rule == RegionRule {
				if stamp[id] < 0 {
					stamp[id] = len(l.ColChains[c])
					l.ColChains[c] = append(l.ColChains[c], nil)
				}
				l.ColChains[c][stamp[id]] = append(l.ColChains[c][stamp[id]], b)
				continue
			}
			if r == 0 || p.Region(r-1, c) != id {
				l.ColChains[c] = append(l.ColChains[c], nil)
			}
			i := len(l.ColChains[c]) - 1
			l.ColChains[c][i] = append(l.ColChains[c][i], b)
		}
	}
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
