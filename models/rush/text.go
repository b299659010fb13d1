package rush

import (
	"strings"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// FromText returns the puzzle drawn in text, one row a line in the ASCII
// of github.com/fogleman/rush: '.' (or 'o') an empty cell, 'x' a wall, a
// capital letter a cell of the piece of that name, 'A' the primary car.
// Blank lines and the spaces around a row are left out, so a board fits a
// Go string literal:
//
//	p, err := rush.FromText(`
//		AA...B
//		.....B`)
//
// It is for tests, examples and programs that hold their boards; inputs
// of people get frontends/rushfmt, which says where a mistake is.
func FromText(text string) (*Puzzle, error) {
	var rows []string
	for line := range strings.Lines(text) {
		if row := strings.TrimSpace(line); row != "" {
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return nil, puzzleerr.Invalidf("no rows")
	}
	p := &Puzzle{Width: len(rows[0]), Height: len(rows)}
	var cells [MaxPieces][]int // the cells of each label, in reading order
	for r, row := range rows {
		if len(row) != p.Width {
			return nil, puzzleerr.Invalidf("row %d has %d cells; the first row has %d", r+1, len(row), p.Width)
		}
		for c := range len(row) {
			switch ch := row[c]; {
			case ch == '.' || ch == 'o':
			case ch == 'x':
				p.Walls = append(p.Walls, r*p.Width+c)
			case ch >= 'A' && ch <= 'Z':
				cells[ch-'A'] = append(cells[ch-'A'], r*p.Width+c)
			default:
				return nil, puzzleerr.Invalidf("row %d, column %d: %q is not a cell", r+1, c+1, ch)
			}
		}
	}
	for i, run := range cells {
		if len(run) == 0 {
			continue
		}
		pc, err := pieceOf('A'+byte(i), run, p.Width)
		if err != nil {
			return nil, err
		}
		p.Pieces = append(p.Pieces, pc)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// pieceOf returns the piece label whose cells (row*width+col, in reading
// order) are run: one straight run, across or down.
func pieceOf(label byte, run []int, width int) (Piece, error) {
	pc := Piece{Label: label, Row: run[0] / width, Col: run[0] % width, Len: len(run)}
	step := 1
	if len(run) > 1 && run[1] != run[0]+1 {
		pc.Orientation, step = Vertical, width
	}
	for i, c := range run {
		if c != run[0]+i*step || step == 1 && c/width != pc.Row {
			return Piece{}, puzzleerr.Invalidf("piece %c is not one straight run of cells", label)
		}
	}
	return pc, nil
}
