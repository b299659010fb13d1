package aquariumfmt

import (
	"fmt"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// cellOf returns the cell a solution character stands for: '#' water, '.'
// empty, '?' unknown.
func cellOf(b byte) (aquarium.Cell, bool) {
	switch b {
	case '#':
		return aquarium.Water, true
	case '.':
		return aquarium.Empty, true
	case '?':
		return aquarium.Unknown, true
	}
	return 0, false
}

// badCell describes a character that is not a solution cell.
func badCell(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return fmt.Sprintf("want # (water), . (empty) or ? (unknown), found %q", r)
}

// rowProblem is what is wrong with one row of solution strings: the row
// index, the byte offset in it (-1 for the row as a whole) and a message.
type rowProblem struct {
	row, offset int
	msg         string
}

// solutionRows builds a solution from rows of '#', '.' and '?', or says
// what is wrong with the first bad row.
func solutionRows(rows []string) (aquarium.Solution, *rowProblem) {
	if len(rows) == 0 {
		return aquarium.Solution{}, &rowProblem{0, -1, "no rows"}
	}
	width := len(rows[0])
	if width == 0 {
		return aquarium.Solution{}, &rowProblem{0, -1, "row is empty"}
	}
	s := aquarium.NewSolution(width, len(rows))
	for r, row := range rows {
		for i := 0; i < len(row); i++ {
			cell, ok := cellOf(row[i])
			if !ok {
				return aquarium.Solution{}, &rowProblem{r, i, badCell(row, i)}
			}
			if i < width {
				s.Cells[r*width+i] = cell
			}
		}
		if len(row) != width {
			return aquarium.Solution{}, &rowProblem{r, -1, fmt.Sprintf("row has %s, want %d like the first row", plural(len(row), "cell"), width)}
		}
	}
	return s, nil
}

// plural returns n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// SolutionFromRows builds a solution from one string per row, top to
// bottom, each cell written '#' (water), '.' (empty) or '?' (unknown), as
// the corpus and the JSON output of the command line write them. The rows
// must be non-empty and of equal length.
func SolutionFromRows(rows []string) (aquarium.Solution, error) {
	s, bad := solutionRows(rows)
	if bad == nil {
		return s, nil
	}
	if bad.offset < 0 {
		return aquarium.Solution{}, fmt.Errorf("solution row %d: %s", bad.row+1, bad.msg)
	}
	return aquarium.Solution{}, fmt.Errorf("solution row %d, column %d: %s", bad.row+1, bad.offset+1, bad.msg)
}
