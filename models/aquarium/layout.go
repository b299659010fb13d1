package aquarium

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"
)

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

// LayoutFor checks that p is valid and rule is the region or the pool
// rule, then computes the blocks of p under rule (NewLayoutContext): the
// first step of every model of a puzzle.
func LayoutFor(ctx context.Context, p *Puzzle, rule Rule) (*Layout, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if rule != RegionRule && rule != PoolRule {
		return nil, fmt.Errorf("unknown rule %v", rule)
	}
	return NewLayoutContext(ctx, p, rule)
}

// LayoutWithin is LayoutFor for an engine that builds a model on the
// layout: it then asks fits whether that model fits the memory budget ctx
// carries, and returns fits' error instead of the layout when it does not,
// so that no engine allocates a model it has not checked.
func LayoutWithin(ctx context.Context, p *Puzzle, rule Rule, fits func(context.Context, *Puzzle, *Layout) error) (*Layout, error) {
	l, err := LayoutFor(ctx, p, rule)
	if err != nil {
		return nil, err
	}
	if err := fits(ctx, p, l); err != nil {
		return nil, err
	}
	return l, nil
}

// NewLayout computes the blocks of a valid puzzle under rule. It is
// NewLayoutContext without a way to stop it.
func NewLayout(p *Puzzle, rule Rule) *Layout {
	l, _ := NewLayoutContext(context.Background(), p, rule)
	return l
}

// NewLayoutContext computes the blocks of a valid puzzle under rule, in
// time and memory linear in the number of cells. It checks ctx after every
// row of each pass, so a million-cell grid stops within a millisecond or
// so of ctx ending, with ctx's error and no layout.
func NewLayoutContext(ctx context.Context, p *Puzzle, rule Rule) (*Layout, error) {
	w, h := p.Width, p.Height
	l := &Layout{
		Rule:      rule,
		CellBlock: make([]int, w*h),
		RowBlocks: make([][]int, h),
		ColChains: make([][][]int, w),
	}
	// last[id] is the block of aquarium id in row at[id] (region rule): a
	// stamp, so that no pass clears an array as long as the aquariums.
	n := p.NumRegions()
	last, at := make([]int, n), make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for r := range h {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for c := range w {
			id := p.Region(r, c)
			newBlock := rule == RegionRule && at[id] != r ||
				rule == PoolRule && (c == 0 || p.Region(r, c-1) != id)
			if newBlock {
				at[id], last[id] = r, len(l.Blocks)
				l.Blocks = append(l.Blocks, Block{Region: id, Row: r})
				l.RowBlocks[r] = append(l.RowBlocks[r], len(l.Blocks)-1)
			}
			b := len(l.Blocks) - 1
			if rule == RegionRule {
				b = last[id]
			}
			l.CellBlock[r*w+c] = b
		}
	}
	l.cutColumns(w)
	l.Below = make([][]int, len(l.Blocks))
	l.Above = make([][]int, len(l.Blocks))
	var err error
	if rule == RegionRule {
		err = l.linkRegionRows(ctx, h, n)
	} else {
		err = l.linkPoolRows(ctx, p)
	}
	if err != nil {
		return nil, err
	}
	if err := l.chainColumns(ctx, p); err != nil {
		return nil, err
	}
	return l, nil
}

// cutColumns gives every block its columns, cut from one array in cell
// order.
func (l *Layout) cutColumns(w int) {
	cols := make([]int, len(l.CellBlock))
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

// linkRegionRows links each block to the block of its aquarium in the next
// lower row that has one (region rule); n is the number of aquariums.
func (l *Layout) linkRegionRows(ctx context.Context, h, n int) error {
	lowest := make([]int, n) // the lowest block of each aquarium so far, + 1
	for r := range h {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, b := range l.RowBlocks[r] {
			id := l.Blocks[b].Region
			if up := lowest[id] - 1; up >= 0 {
				l.Below[up] = append(l.Below[up], b)
			}
			lowest[id] = b + 1
		}
	}
	return nil
}

// linkPoolRows links each block to the blocks of its aquarium directly
// beneath it, and back (pool rule).
func (l *Layout) linkPoolRows(ctx context.Context, p *Puzzle) error {
	w := p.Width
	for r := 0; r+1 < p.Height; r++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for c := range w {
			if p.Region(r, c) != p.Region(r+1, c) {
				continue
			}
			// The cells a block shares with one beneath it are consecutive
			// (both are runs of one aquarium), so a pair seen before is the
			// last one recorded.
			up, down := l.CellBlock[r*w+c], l.CellBlock[(r+1)*w+c]
			if k := len(l.Below[up]); k == 0 || l.Below[up][k-1] != down {
				l.Below[up] = append(l.Below[up], down)
				l.Above[down] = append(l.Above[down], up)
			}
		}
	}
	return nil
}

// chainColumns lists the chains of blocks crossing each column.
func (l *Layout) chainColumns(ctx context.Context, p *Puzzle) error {
	w, h := p.Width, p.Height
	// Region rule: chain[id] is the chain of aquarium id in column in[id].
	var chain, in []int
	if l.Rule == RegionRule {
		chain, in = make([]int, p.NumRegions()), make([]int, p.NumRegions())
		for i := range in {
			in[i] = -1
		}
	}
	for c := range w {
		if err := ctx.Err(); err != nil {
			return err
		}
		chains := l.ColChains[c]
		for r := range h {
			id := p.Region(r, c)
			b := l.CellBlock[r*w+c]
			if l.Rule == RegionRule {
				if in[id] != c {
					in[id], chain[id] = c, len(chains)
					chains = append(chains, nil)
				}
				chains[chain[id]] = append(chains[chain[id]], b)
				continue
			}
			if r == 0 || p.Region(r-1, c) != id {
				chains = append(chains, nil)
			}
			chains[len(chains)-1] = append(chains[len(chains)-1], b)
		}
		l.ColChains[c] = chains
	}
	return nil
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

// Line is a row or a column of the grid.
type Line struct {
	Column bool // a column rather than a row
	Index  int  // the row or column, from 0 (top, left)
}

// String names the line for people, numbered from 1: "row 4", "column 3".
func (l Line) String() string {
	if l.Column {
		return "column " + strconv.Itoa(l.Index+1)
	}
	return "row " + strconv.Itoa(l.Index+1)
}

// CluedLines yields the rows, top to bottom, then the columns, left to
// right, that have a clue, each with its clue: the lines every model
// constrains.
func (p *Puzzle) CluedLines() iter.Seq2[Line, int] {
	return func(yield func(Line, int) bool) {
		for r, k := range p.Rows {
			if k != NoClue && !yield(Line{Index: r}, k) {
				return
			}
		}
		for c, k := range p.Cols {
			if k != NoClue && !yield(Line{Column: true, Index: c}, k) {
				return
			}
		}
	}
}

// LineChains returns the chains of blocks a line is cut into, each top to
// bottom, in which water is a bottom run: for a column its ColChains, for
// a row each of its blocks alone (a block is all water or none). The
// slices belong to l.
func (l *Layout) LineChains(line Line) [][]int {
	if line.Column {
		return l.ColChains[line.Index]
	}
	blocks := l.RowBlocks[line.Index]
	chains := make([][]int, len(blocks))
	for i := range blocks {
		chains[i] = blocks[i : i+1 : i+1]
	}
	return chains
}

// PairChains returns, under the pool rule, the chains of columns c and
// c+1 (ColChains) joined wherever they share a block, one covering both
// columns: each top to bottom, one block a row, each block directly above
// the next (the next is in its Below), so that water in each is a bottom
// run. Every block crossing either column is in
// exactly one. A chain of blocks of both columns tells how the difference
// of the two columns' counts moves with its water, which each column's
// chain alone does not. ok is false, and the chains nil, when a joined
// chain breaks that shape, which the pool rule's layout does not allow
// (chains sharing a block are one aquarium's, so a row holds one block of
// them, and consecutive rows share a column).
func (l *Layout) PairChains(c int) (chains [][]int, ok bool) {
	parent := make(map[int]int) // a union-find over the two columns' blocks
	find := func(b int) int {
		for parent[b] != b {
			parent[b] = parent[parent[b]] // halve the path
			b = parent[b]
		}
		return b
	}
	var blocks []int // in order of first appearance
	for _, col := range [2][][]int{l.ColChains[c], l.ColChains[c+1]} {
		for _, ch := range col {
			for _, b := range ch {
				if _, seen := parent[b]; !seen {
					parent[b] = b
					blocks = append(blocks, b)
				}
				if r, q := find(ch[0]), find(b); r != q {
					parent[q] = r
				}
			}
		}
	}
	index := make(map[int]int) // root -> its chain
	for _, b := range blocks {
		r := find(b)
		i, seen := index[r]
		if !seen {
			i = len(chains)
			index[r] = i
			chains = append(chains, nil)
		}
		chains[i] = append(chains[i], b)
	}
	for _, ch := range chains {
		slices.SortFunc(ch, func(a, b int) int { return l.Blocks[a].Row - l.Blocks[b].Row })
		for x := 0; x+1 < len(ch); x++ {
			if !slices.Contains(l.Below[ch[x]], ch[x+1]) {
				return nil, false
			}
		}
	}
	return chains, true
}

// InLine returns how many cells of line block b covers: its width in a
// row, one cell in a column.
func (l *Layout) InLine(line Line, b int) int {
	if line.Column {
		return 1
	}
	return l.Blocks[b].Width()
}
