package tiles

import (
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// FromText returns the board drawn in text, one row a line, tiles
// separated by spaces and the blank written 0 or '.'. Blank lines and the
// spaces around a row are left out, so a board fits a Go string literal:
//
//	p, err := tiles.FromText(`
//		1 2 .
//		3 4 5`)
//
// It is for tests, examples and programs that hold their boards; inputs
// of people get frontends/tilesfmt, which also reads Korf's one-line
// boards and says where a mistake is.
func FromText(text string) (*Puzzle, error) {
	var cells []int
	w, h := 0, 0
	for line := range strings.Lines(text) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		h++
		if w == 0 {
			w = len(fields)
		}
		if len(fields) != w {
			return nil, puzzleerr.Invalidf("row %d has %d tiles; the first row has %d", h, len(fields), w)
		}
		for c, f := range fields {
			if f == "." {
				f = "0"
			}
			t, err := strconv.Atoi(f)
			if err != nil {
				return nil, puzzleerr.Invalidf("row %d, column %d: %q is not a tile", h, c+1, f)
			}
			cells = append(cells, t)
		}
	}
	return New(w, h, cells)
}
