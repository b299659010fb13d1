package rush

import (
	"math/bits"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Key is a packed board: the offset of every piece along its axis (its
// column when horizontal, its row when vertical), a few bits each, in two
// words. The walls and the pieces' other coordinates never change, so
// they live in the Board.
type Key struct{ Lo, Hi uint64 }

// Board is the search's view of a puzzle: everything that never changes,
// to which a Key adds the pieces' offsets.
type Board struct {
	w, h   int
	walls  cellSet
	pieces []slider
	start  Key
	goal   int // the primary car's offset at the right edge
}

// Board hashes its own keys (statespace.Hasher, found by type assertion)
// and estimates for A*.
var (
	_ statespace.Hasher[Key]          = (*Board)(nil)
	_ statespace.Estimator[Key, Move] = (*Board)(nil)
)

// slider is a piece as the search sees it.
type slider struct {
	first  int  // the cell of offset 0
	stride int  // 1 for horizontal, w for vertical
	len    int  // cells
	maxOff int  // the largest offset on the board
	hi     bool // packed in Key.Hi rather than Key.Lo
	shift  uint
	mask   uint64
}

// cellSet is a set of up to 256 cells.
type cellSet [4]uint64

func (s *cellSet) add(c int)      { s[c>>6] |= 1 << (c & 63) }
func (s *cellSet) has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *cellSet) addRun(c, n, d int) {
	for range n {
		s.add(c)
		c += d
	}
}

// NewBoard prepares a valid puzzle for search.
func NewBoard(p *Puzzle) (*Board, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	b := &Board{w: p.Width, h: p.Height}
	for _, c := range p.Walls {
		b.walls.add(c)
	}
	var used [2]uint
	for _, pc := range p.Pieces {
		s := slider{len: pc.Len, stride: 1, first: pc.Row * p.Width, maxOff: p.Width - pc.Len}
		off := pc.Col
		if pc.Orientation == Vertical {
			s.stride, s.first, s.maxOff, off = p.Width, pc.Col, p.Height-pc.Len, pc.Row
		}
		width := uint(bits.Len(uint(s.maxOff)))
		s.mask = 1<<width - 1
		if used[0]+width > 64 {
			s.hi = true
		}
		word := 0
		if s.hi {
			word = 1
		}
		s.shift = used[word]
		used[word] += width
		b.pieces = append(b.pieces, s)
		b.start = b.with(b.start, len(b.pieces)-1, off)
	}
	b.goal = b.pieces[0].maxOff
	return b, nil
}

// Start returns the key of the puzzle's position.
func (b *Board) Start() Key { return b.start }

// offset returns piece i's offset in k.
func (b *Board) offset(k Key, i int) int {
	s := &b.pieces[i]
	if s.hi {
		return int(k.Hi >> s.shift & s.mask)
	}
	return int(k.Lo >> s.shift & s.mask)
}

// with returns k with piece i at offset off.
func (b *Board) with(k Key, i, off int) Key {
	s := &b.pieces[i]
	if s.hi {
		k.Hi = k.Hi&^(s.mask<<s.shift) | uint64(off)<<s.shift
	} else {
		k.Lo = k.Lo&^(s.mask<<s.shift) | uint64(off)<<s.shift
	}
	return k
}

// Goal reports whether the primary car is at the right edge in k.
func (b *Board) Goal(k Key) bool { return b.offset(k, 0) == b.goal }

// Hash mixes both words of k, for the library's hash table.
func (b *Board) Hash(k Key) uint64 {
	h := (k.Lo ^ k.Hi*0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	return h ^ h>>31
}

// Successors calls yield with every move from k, the key it leads to and
// its cost (1: plans are counted in moves): each piece slid 1, 2, ...
// cells each way until something blocks it. yield returns false to stop
// early.
func (b *Board) Successors(k Key, yield func(Move, Key, int) bool) {
	occupied := b.walls
	var offs [MaxPieces]int
	for i := range b.pieces {
		s := &b.pieces[i]
		offs[i] = b.offset(k, i)
		occupied.addRun(s.first+offs[i]*s.stride, s.len, s.stride)
	}
	for i := range b.pieces {
		s := &b.pieces[i]
		off := offs[i]
		for by := 1; off-by >= 0 && !occupied.has(s.first+(off-by)*s.stride); by++ {
			if !yield(Move{Piece: i, By: -by}, b.with(k, i, off-by), 1) {
				return
			}
		}
		for by := 1; off+by <= s.maxOff && !occupied.has(s.first+(off+by+s.len-1)*s.stride); by++ {
			if !yield(Move{Piece: i, By: by}, b.with(k, i, off+by), 1) {
				return
			}
		}
	}
}

// Apply returns the key after move m from k, without checking that the
// way is clear (the search only applies moves Successors gave).
func (b *Board) Apply(k Key, m Move) Key {
	return b.with(k, m.Piece, b.offset(k, m.Piece)+m.By)
}

// Estimate returns a lower bound on the moves left from k, for A*: the
// primary car needs a move unless it is home, and every other piece on a
// cell between it and the right edge needs one of its own. A move changes
// this by at most one, so it is consistent as well as admissible.
func (b *Board) Estimate(k Key) int {
	off := b.offset(k, 0)
	if off == b.goal {
		return 0
	}
	a := &b.pieces[0]
	row := a.first / b.w
	from, to := off+a.len, b.w // the columns ahead of the car
	n := 1
	for i := 1; i < len(b.pieces); i++ {
		s := &b.pieces[i]
		o := b.offset(k, i)
		start := s.first + o*s.stride
		if s.stride == 1 {
			// Horizontal: on the car's row and overlapping the columns ahead.
			if start/b.w == row && start%b.w < to && start%b.w+s.len > from {
				n++
			}
			continue
		}
		// Vertical: in a column ahead, covering the car's row.
		if col := s.first; col >= from && col < to && start/b.w <= row && row < start/b.w+s.len {
			n++
		}
	}
	return n
}
