package webfmt

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// ErrUnsupported is wrapped by the errors of encoders given a puzzle their
// format cannot express, such as a missing clue in a task string or an
// aquarium of separate pieces in a URL.
var ErrUnsupported = errors.New("not expressible in this format")

// MaxURLSide is the largest width or height EncodeURL and DecodeURL accept:
// pzprjs reads clues outside the grid as one hex digit or "-" and two hex
// digits, so no clue can exceed 255.
const MaxURLSide = 255

// unsupported returns an error wrapping ErrUnsupported.
func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}

// source is an input being decoded: it turns byte offsets into positioned
// errors.
type source struct {
	name string
	text string
}

// errAt returns an error at byte offset off of the text, counting lines and
// byte columns from 1. An offset at the end of the text points just past
// its last byte.
func (s source) errAt(off int, format string, args ...any) error {
	off = min(max(off, 0), len(s.text))
	line := 1 + strings.Count(s.text[:off], "\n")
	col := off - (strings.LastIndexByte(s.text[:off], '\n') + 1) + 1
	return inputerr.New(s.name, line, col, format, args...)
}

// parseCount parses a non-negative decimal number of at most seven digits,
// the most any grid side, clue or aquarium id needs (a 1000x1000 grid has
// up to a million aquariums); it rejects signs, spaces and leading plus
// signs that strconv would take.
func parseCount(s string) (int, bool) {
	if s == "" || len(s) > 7 {
		return 0, false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// walls lists the walls of a width×height grid in pzprjs's border order:
// first the (width-1)·height walls between horizontal neighbours, row by
// row, then the width·(height-1) walls between vertical neighbours, row by
// row. Wall i of the first part lies right of cell (i/(width-1), i%(width-1));
// wall j of the second part lies below cell (j/width, j%width).
type walls struct {
	width, height int
	wall          []bool
}

func newWalls(width, height int) walls {
	return walls{width: width, height: height, wall: make([]bool, numWalls(width, height))}
}

// numWalls returns how many walls a width×height grid has between cells.
func numWalls(width, height int) int {
	return (width-1)*height + width*(height-1)
}

// numHorizontal returns how many walls separate horizontal neighbours.
func (w walls) numHorizontal() int { return (w.width - 1) * w.height }

// right reports whether a wall separates cell (r, c) from (r, c+1).
func (w walls) right(r, c int) bool { return w.wall[r*(w.width-1)+c] }

// below reports whether a wall separates cell (r, c) from (r+1, c).
func (w walls) below(r, c int) bool { return w.wall[w.numHorizontal()+r*w.width+c] }

// wallsOf returns the walls between the aquariums of p. It fails when an
// aquarium consists of separate pieces, which walls cannot express.
func wallsOf(p *aquarium.Puzzle) (walls, error) {
	if err := connected(p); err != nil {
		return walls{}, err
	}
	w := newWalls(p.Width, p.Height)
	i := 0
	for r := range p.Height {
		for c := range p.Width - 1 {
			w.wall[i] = p.Region(r, c) != p.Region(r, c+1)
			i++
		}
	}
	for r := range p.Height - 1 {
		for c := range p.Width {
			w.wall[i] = p.Region(r, c) != p.Region(r+1, c)
			i++
		}
	}
	return w, nil
}

// connected reports an error wrapping ErrUnsupported when some aquarium of
// p has more than one piece.
func connected(p *aquarium.Puzzle) error {
	pieces := aquarium.Components(p.Width, p.Height, func(r, c, r2, c2 int) bool {
		return p.Region(r, c) == p.Region(r2, c2)
	})
	first := make(map[int]int) // aquarium id -> a cell of its first piece
	for i, piece := range pieces {
		id := p.Regions[i]
		j, seen := first[id]
		if !seen {
			first[id] = i
			continue
		}
		if pieces[j] != piece {
			return unsupported("aquarium %s has separate pieces (row %d, column %d and row %d, column %d); "+
				"walls between cells can only describe connected aquariums",
				p.Name(id), j/p.Width+1, j%p.Width+1, i/p.Width+1, i%p.Width+1)
		}
	}
	return nil
}

// regions returns the aquarium of every cell: the groups of cells that no
// wall separates, numbered from 0 in the order of their first cell.
func (w walls) regions() []int {
	return aquarium.Components(w.width, w.height, func(r, c, r2, c2 int) bool {
		if r == r2 {
			return !w.right(r, min(c, c2))
		}
		return !w.below(min(r, r2), c)
	})
}

// RegionsFromWalls returns the aquariums that walls cut a width×height grid
// into, as an editor that draws walls between cells makes them: the groups
// of cells that no wall separates, numbered from 0 in row-major order of
// their first cell. right[r·(width-1)+c] is the wall between cell (r, c)
// and (r, c+1), below[r·width+c] the wall between (r, c) and (r+1, c). A
// wall that closes off no group changes nothing.
func RegionsFromWalls(width, height int, right, below []bool) ([]int, error) {
	if width < 1 || height < 1 {
		return nil, fmt.Errorf("a %dx%d grid has no cells", width, height)
	}
	if len(right) != (width-1)*height || len(below) != width*(height-1) {
		return nil, fmt.Errorf("%d and %d walls for a %dx%d grid, want %d and %d",
			len(right), len(below), width, height, (width-1)*height, width*(height-1))
	}
	w := walls{width: width, height: height, wall: append(append(make([]bool, 0, len(right)+len(below)), right...), below...)}
	return w.regions(), nil
}

// clueName names clue k of p's column clues followed by its row clues, as
// in "column 3" or "row 1".
func clueName(p *aquarium.Puzzle, k int) string {
	if k < p.Width {
		return fmt.Sprintf("column %d", k+1)
	}
	return fmt.Sprintf("row %d", k-p.Width+1)
}

// setClue sets clue k of p's column clues followed by its row clues. It
// returns what is wrong with the value, or "" when it fits its line.
func setClue(p *aquarium.Puzzle, k, value int) string {
	clues, index, limit, cells := p.Cols, k, p.Height, "rows"
	if k >= p.Width {
		clues, index, limit, cells = p.Rows, k-p.Width, p.Width, "columns"
	}
	if value != aquarium.NoClue && (value < 0 || value > limit) {
		return fmt.Sprintf("%s clue %d is more than its %d %s", clueName(p, k), value, limit, cells)
	}
	clues[index] = value
	return ""
}

// newPuzzle returns a width×height puzzle with every clue missing.
func newPuzzle(width, height int) *aquarium.Puzzle {
	p := &aquarium.Puzzle{
		Width:   width,
		Height:  height,
		Regions: make([]int, width*height),
		Cols:    make([]int, width),
		Rows:    make([]int, height),
	}
	for i := range p.Cols {
		p.Cols[i] = aquarium.NoClue
	}
	for i := range p.Rows {
		p.Rows[i] = aquarium.NoClue
	}
	return p
}
