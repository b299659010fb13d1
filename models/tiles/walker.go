package tiles

// This file holds the searches' view of a board: a Walker that slides the
// blank in place and keeps its heuristic up to date move by move, as the
// state-space library's IDA* wants.

// noMove marks the bottom of a Walker's stack of moves.
const noMove Move = 0xFF

// Walker is a board the search changes in place: Do slides the blank,
// Undo slides it back. It keeps the estimate up to date incrementally:
// for Manhattan plus linear conflicts the moved tile's distance and the
// conflicts of the two lines it left and entered; for pattern databases
// the index of the moved tile's pattern, in the board and in its
// reflection. A Walker is not safe for concurrent use; give each
// goroutine its own.
type Walker struct {
	w, h    int
	cells   [MaxCells]uint8
	blank   int
	next    [MaxCells][4]int8 // the blank's cell after each move, -1 off the board
	history []Move            // the moves done, for Actions and Undo
	est     int
	db      *PatternDB // the databases of the estimate; nil for Manhattan plus linear conflicts

	// Without a database: each tile's distance home summed, and the
	// conflicts of every row and column.
	md     int
	rowLC  [MaxSide]int
	colLC  [MaxSide]int
	lcSum  int
	lcTemp [MaxSide]int

	// With a database: each pattern's index and value, in the board and
	// (reflect) in its reflection about the main diagonal.
	reflect bool
	mirror  [MaxCells]uint8 // a cell's (and a tile's) image in the reflection
	idx     [MaxPatterns]uint64
	ridx    [MaxPatterns]uint64
	sum     int
	rsum    int
}

// NewWalker returns a walker at board p, which must be valid, keeping the
// estimate db gives, or Manhattan distance plus linear conflicts when db
// is nil. With pattern databases the estimate is the sum over db's
// patterns, and on square boards the larger of that and the same sum for
// the board reflected about its main diagonal. db must be built for p's
// size; it is read, never changed, so walkers may share it.
func NewWalker(p *Puzzle, db *PatternDB) (*Walker, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	wk := &Walker{w: p.Width, h: p.Height, blank: p.Blank(), history: []Move{noMove}}
	for i, t := range p.Tiles {
		wk.cells[i] = uint8(t)
		for _, m := range Moves {
			wk.next[i][m] = -1
			if to, ok := Target(p.Width, p.Height, i, m); ok {
				wk.next[i][m] = int8(to)
			}
		}
	}
	if db == nil {
		wk.md = Manhattan(p)
		for r := range p.Height {
			wk.rowLC[r] = wk.lineConflicts(r*p.Width, 1, p.Width, true)
			wk.lcSum += wk.rowLC[r]
		}
		for c := range p.Width {
			wk.colLC[c] = wk.lineConflicts(c, p.Width, p.Height, false)
			wk.lcSum += wk.colLC[c]
		}
		wk.est = wk.md + wk.lcSum
	} else {
		if db.width != p.Width || db.height != p.Height {
			return nil, errWrongDB(p, db)
		}
		wk.db = db
		wk.reflect = p.Width == p.Height
		for c := range p.Cells() {
			wk.mirror[c] = uint8(c%p.Width*p.Width + c/p.Width)
		}
		for cell, t := range p.Tiles {
			if t == 0 {
				continue
			}
			if i := db.patternOf[t]; i >= 0 {
				wk.idx[i] |= uint64(cell) << db.shiftOf[t]
			}
			if u := wk.mirror[t]; wk.reflect && db.patternOf[u] >= 0 {
				wk.ridx[db.patternOf[u]] |= uint64(wk.mirror[cell]) << db.shiftOf[u]
			}
		}
		for i, t := range db.tables {
			wk.sum += int(t[wk.idx[i]])
			if wk.reflect {
				wk.rsum += int(t[wk.ridx[i]])
			}
		}
		wk.est = max(wk.sum, wk.rsum)
	}
	return wk, nil
}

// lineConflicts returns the linear conflicts of the line of n cells from
// first, stride apart: a row (tiles whose home row it is) or a column.
func (wk *Walker) lineConflicts(first, stride, n int, row bool) int {
	k := 0
	line := first / wk.w
	if !row {
		line = first % wk.w
	}
	for i, c := 0, first; i < n; i, c = i+1, c+stride {
		t := int(wk.cells[c])
		if t == 0 {
			continue
		}
		if row && t/wk.w == line {
			wk.lcTemp[k] = t % wk.w
			k++
		} else if !row && t%wk.w == line {
			wk.lcTemp[k] = t / wk.w
			k++
		}
	}
	if k < 2 {
		return 0
	}
	return 2 * (k - longestIncreasing(wk.lcTemp[:k]))
}

// Estimate returns the current estimate of the moves left.
func (wk *Walker) Estimate() int { return wk.est }

// Goal reports whether the board is solved.
func (wk *Walker) Goal() bool {
	for i := range wk.w * wk.h {
		if int(wk.cells[i]) != i {
			return false
		}
	}
	return true
}

// Actions appends the moves of the blank that stay on the board, except
// the one undoing the last move.
func (wk *Walker) Actions(dst []Move) []Move {
	back := wk.history[len(wk.history)-1] ^ 1 // noMove^1 is no move
	for _, m := range Moves {
		if m != back && wk.next[wk.blank][m] >= 0 {
			dst = append(dst, m)
		}
	}
	return dst
}

// Do slides the blank by m (one of Actions) and returns the cost, 1, and
// the new estimate.
func (wk *Walker) Do(m Move) (int, int) {
	wk.slide(m)
	wk.history = append(wk.history, m)
	return 1, wk.est
}

// Undo takes back m, the last move done.
func (wk *Walker) Undo(m Move) {
	wk.slide(m ^ 1)
	wk.history = wk.history[:len(wk.history)-1]
}

// slide moves the blank by m and updates the estimate.
func (wk *Walker) slide(m Move) {
	from := wk.blank
	to := int(wk.next[from][m])
	t := wk.cells[to]
	wk.cells[from], wk.cells[to] = t, 0
	wk.blank = to
	// Tile t went from cell to to cell from.
	if wk.db == nil {
		wk.md += manhattan(wk.w, from, int(t)) - manhattan(wk.w, to, int(t))
		if m <= Down { // a vertical slide: t changed rows
			for _, r := range [2]int{from / wk.w, to / wk.w} {
				lc := wk.lineConflicts(r*wk.w, 1, wk.w, true)
				wk.lcSum += lc - wk.rowLC[r]
				wk.rowLC[r] = lc
			}
		} else {
			for _, c := range [2]int{from % wk.w, to % wk.w} {
				lc := wk.lineConflicts(c, wk.w, wk.h, false)
				wk.lcSum += lc - wk.colLC[c]
				wk.colLC[c] = lc
			}
		}
		wk.est = wk.md + wk.lcSum
	} else {
		db := wk.db
		if i := db.patternOf[t]; i >= 0 {
			table := db.tables[i]
			old := table[wk.idx[i]]
			s := db.shiftOf[t]
			wk.idx[i] += uint64(from)<<s - uint64(to)<<s
			wk.sum += int(table[wk.idx[i]]) - int(old)
		}
		if wk.reflect {
			u := wk.mirror[t]
			if i := db.patternOf[u]; i >= 0 {
				table := db.tables[i]
				old := table[wk.ridx[i]]
				s := db.shiftOf[u]
				wk.ridx[i] += uint64(wk.mirror[from])<<s - uint64(wk.mirror[to])<<s
				wk.rsum += int(table[wk.ridx[i]]) - int(old)
			}
		}
		wk.est = max(wk.sum, wk.rsum)
	}
}

// Puzzle returns the current board.
func (wk *Walker) Puzzle() *Puzzle {
	p := &Puzzle{Width: wk.w, Height: wk.h, Tiles: make([]int, wk.w*wk.h)}
	for i := range p.Tiles {
		p.Tiles[i] = int(wk.cells[i])
	}
	return p
}
