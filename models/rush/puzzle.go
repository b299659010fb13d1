// Package rush models Rush Hour: cars and trucks on a grid, each sliding
// along its own axis only (horizontal pieces left and right, vertical ones
// up and down) through empty cells; walls never move. The primary car A is
// horizontal and the puzzle is solved when it reaches the right edge of
// the board, where its row has an exit. A move slides one piece any number
// of cells in one direction; plans are counted in moves, and the cells
// slid are reported too.
//
// The package holds the puzzle's types, an independent plan checker and
// the search domain the state-space library runs breadth-first over packed
// boards. It never reads files and never prints: FromText builds a board
// from its rows in one call (for tests and examples), and the ASCII
// format of github.com/fogleman/rush, with messages that say where a
// mistake is, lives in frontends/rushfmt.
package rush

import (
	"strings"

	"github.com/waterworks-solver/waterworks/models/enumname"
	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// Limits: a board side of 2..MaxSide cells, and at most MaxPieces pieces
// labelled A, B, C, ... Z.
const (
	MinSide   = 2
	MaxSide   = 16
	MaxPieces = 26
)

// Orientation says along which axis a piece slides.
type Orientation uint8

const (
	// Horizontal pieces slide left and right.
	Horizontal Orientation = iota
	// Vertical pieces slide up and down.
	Vertical
)

// orientations names the orientations.
var orientations = enumname.Table[Orientation]{Type: "Orientation", What: "orientation",
	Names: []string{Horizontal: "horizontal", Vertical: "vertical"}}

// String returns "horizontal" or "vertical".
func (o Orientation) String() string { return orientations.String(o) }

// Piece is a car (two cells) or a truck (three), or any straight piece of
// at least two cells.
type Piece struct {
	// Label names the piece: 'A' is the primary car.
	Label byte
	// Row and Col give the piece's top-left cell, from 0.
	Row, Col int
	// Len counts its cells.
	Len         int
	Orientation Orientation
}

// Cells returns the cells the piece covers, as row*width+col.
func (pc Piece) Cells(width int) []int {
	cells := make([]int, pc.Len)
	for i := range cells {
		if pc.Orientation == Horizontal {
			cells[i] = pc.Row*width + pc.Col + i
		} else {
			cells[i] = (pc.Row+i)*width + pc.Col
		}
	}
	return cells
}

// Puzzle is a Rush Hour board.
type Puzzle struct {
	Width, Height int
	// Walls lists the cells (row*Width+col) that hold a wall.
	Walls []int
	// Pieces lists the pieces; Pieces[0] is the primary car A.
	Pieces []Piece
}

// Clone returns a deep copy of p.
func (p *Puzzle) Clone() *Puzzle {
	return &Puzzle{Width: p.Width, Height: p.Height,
		Walls:  append([]int(nil), p.Walls...),
		Pieces: append([]Piece(nil), p.Pieces...)}
}

// Rows draws the board in the ASCII format: '.' empty, 'x' a wall, a
// piece's label on its cells.
func (p *Puzzle) Rows() []string {
	grid := make([]byte, p.Width*p.Height)
	for i := range grid {
		grid[i] = '.'
	}
	for _, c := range p.Walls {
		if c >= 0 && c < len(grid) {
			grid[c] = 'x'
		}
	}
	for _, pc := range p.Pieces {
		for _, c := range pc.Cells(p.Width) {
			if c >= 0 && c < len(grid) {
				grid[c] = pc.Label
			}
		}
	}
	rows := make([]string, p.Height)
	for r := range rows {
		rows[r] = string(grid[r*p.Width : (r+1)*p.Width])
	}
	return rows
}

// String returns the rows joined by newlines.
func (p *Puzzle) String() string { return strings.Join(p.Rows(), "\n") }

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a board: a side out of
// range, no primary car A first or a vertical one, a label used twice or
// not a capital letter, a piece shorter than two cells or off the board,
// or two things on one cell.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	w, h := p.Width, p.Height
	if w < MinSide || w > MaxSide || h < MinSide || h > MaxSide {
		return bad("a %d×%d board: each side must be %d..%d", w, h, MinSide, MaxSide)
	}
	if len(p.Pieces) == 0 || p.Pieces[0].Label != 'A' {
		return bad("no primary car A")
	}
	if p.Pieces[0].Orientation != Horizontal {
		return bad("the primary car A is vertical; it must be horizontal to drive out on the right")
	}
	if len(p.Pieces) > MaxPieces {
		return bad("%d pieces, more than %d", len(p.Pieces), MaxPieces)
	}
	owner := make([]byte, w*h)
	for _, c := range p.Walls {
		if c < 0 || c >= w*h {
			return bad("a wall at cell %d, off the board", c)
		}
		if owner[c] != 0 {
			return bad("two walls at row %d, column %d", c/w+1, c%w+1)
		}
		owner[c] = 'x'
	}
	seen := map[byte]bool{}
	for _, pc := range p.Pieces {
		switch {
		case pc.Label < 'A' || pc.Label > 'Z':
			return bad("piece label %q is not a capital letter", pc.Label)
		case seen[pc.Label]:
			return bad("two pieces labelled %c", pc.Label)
		case pc.Len < 2:
			return bad("piece %c has %d cell(s); pieces have at least 2", pc.Label, pc.Len)
		case pc.Orientation > Vertical:
			return bad("piece %c has no orientation", pc.Label)
		}
		seen[pc.Label] = true
		lastRow, lastCol := pc.Row, pc.Col+pc.Len-1
		if pc.Orientation == Vertical {
			lastRow, lastCol = pc.Row+pc.Len-1, pc.Col
		}
		if pc.Row < 0 || pc.Col < 0 || lastRow >= h || lastCol >= w {
			return bad("piece %c runs off the board", pc.Label)
		}
		for _, c := range pc.Cells(w) {
			if owner[c] != 0 {
				return bad("piece %c overlaps %c at row %d, column %d", pc.Label, owner[c], c/w+1, c%w+1)
			}
			owner[c] = pc.Label
		}
	}
	return nil
}

// Solved reports whether the primary car touches the right edge.
func (p *Puzzle) Solved() bool {
	a := p.Pieces[0]
	return a.Col+a.Len == p.Width
}
