// Package render draws Aquarium puzzles and their (partial) solutions as
// SVG and PNG pictures: thin grid lines, thick walls between aquariums and
// around the grid, column clues above the grid and row clues to its left,
// water as blue cells and cells known to be empty as small dots. Undecided
// cells and missing clues are left blank.
//
// Both formats are drawn from the same geometry, in whole pixels, so they
// match; the SVG is written by hand in a fixed order, and the PNG uses the
// standard library with a small built-in bitmap font, so the output of both
// is the same for the same input.
package render

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// DefaultCellSize is the side of a cell in pixels when Options leaves it
// zero: a 30×30 puzzle then makes a picture of about 1000×1000 pixels.
const DefaultCellSize = 32

// MinCellSize is the smallest cell side Options may ask for; below it clue
// digits no longer fit.
const MinCellSize = 14

// MaxCellSize is the largest cell side Options may ask for.
const MaxCellSize = 512

// Options tunes a picture. The zero value draws with DefaultCellSize.
type Options struct {
	// CellSize is the side of a cell in pixels (user units in SVG), from
	// MinCellSize to MaxCellSize; 0 means DefaultCellSize.
	CellSize int
}

// The colours of a picture.
var (
	paper     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	water     = color.RGBA{0x4f, 0xa3, 0xe8, 0xff}
	gridLine  = color.RGBA{0xa8, 0xa8, 0xa8, 0xff}
	ink       = color.RGBA{0x00, 0x00, 0x00, 0xff}
	dotColour = color.RGBA{0x55, 0x55, 0x55, 0xff}
)

// rect is an axis-aligned rectangle in pixels: x, y is its top left corner.
type rect struct{ x, y, w, h int }

// label is a text centred on x, y.
type label struct {
	x, y int
	text string
}

// scene is a picture as simple shapes, in drawing order: the water, the
// dots, the grid lines, the walls, then the clues.
type scene struct {
	width, height int
	cell          int
	left, top     int // the grid's top left corner
	water         []rect
	dots          []rect // each dot's bounding square; drawn as a disc
	grid          []rect // thin lines
	walls         []rect // thick lines
	clues         []label
	// digitScale is the size of a pixel of the bitmap font in the PNG, and
	// fontSize the SVG font size; both fit the widest clue in a cell.
	digitScale, fontSize int
}

// newScene lays out p with the cells of s (none when s has no cells).
func newScene(p *aquarium.Puzzle, s aquarium.Solution, opts Options) (*scene, error) {
	cell, err := checkScene(p, s, opts)
	if err != nil {
		return nil, err
	}
	margin := cell / 2
	left, top := margin+cell, margin+cell // the grid's top left corner
	sc := &scene{
		width:  left + p.Width*cell + margin,
		height: top + p.Height*cell + margin,
		cell:   cell,
		left:   left,
		top:    top,
	}
	if s.Cells != nil {
		sc.addCells(p, s)
	}
	sc.addLines(p)
	sc.addClues(p)
	return sc, nil
}

// checkScene checks that p, s and the options make a picture, and returns
// the cell size.
func checkScene(p *aquarium.Puzzle, s aquarium.Solution, opts Options) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	if s.Cells != nil && (s.Width != p.Width || s.Height != p.Height || len(s.Cells) != p.Width*p.Height) {
		return 0, fmt.Errorf("solution is %dx%d with %d cells, puzzle is %dx%d",
			s.Width, s.Height, len(s.Cells), p.Width, p.Height)
	}
	for i, c := range s.Cells {
		if c > aquarium.Water {
			return 0, fmt.Errorf("render: row %d, column %d of the solution holds %v, which is neither water, empty nor undecided",
				i/s.Width+1, i%s.Width+1, c)
		}
	}
	cell := opts.CellSize
	if cell == 0 {
		cell = DefaultCellSize
	}
	if cell < MinCellSize || cell > MaxCellSize {
		return 0, fmt.Errorf("render: cell size %d is outside %d..%d", cell, MinCellSize, MaxCellSize)
	}
	const maxPixels = 1 << 26 // keeps a mistaken size from taking gigabytes
	if (p.Width+2)*(p.Height+2) > maxPixels/(cell*cell) {
		return 0, fmt.Errorf("render: a %dx%d grid of %d-pixel cells is too large a picture", p.Width, p.Height, cell)
	}
	return cell, nil
}

// x and y return the left edge of column c and the top edge of row r.
func (sc *scene) x(c int) int { return sc.left + c*sc.cell }
func (sc *scene) y(r int) int { return sc.top + r*sc.cell }

// addCells adds the water of s, a rectangle per run of water cells in a
// row, and a dot in each empty cell.
func (sc *scene) addCells(p *aquarium.Puzzle, s aquarium.Solution) {
	cell := sc.cell
	dot := max(2, cell/6) // side of a dot's square, centred exactly
	if (cell-dot)%2 != 0 {
		dot++
	}
	for r := range p.Height {
		for c := 0; c < p.Width; c++ {
			switch s.At(r, c) {
			case aquarium.Water:
				run := 1
				for c+run < p.Width && s.At(r, c+run) == aquarium.Water {
					run++
				}
				sc.water = append(sc.water, rect{sc.x(c), sc.y(r), run * cell, cell})
				c += run - 1
			case aquarium.Empty:
				sc.dots = append(sc.dots, rect{sc.x(c) + (cell-dot)/2, sc.y(r) + (cell-dot)/2, dot, dot})
			}
		}
	}
}

// Lines are centred on the cell edges, square-capped: a line of width t
// from x1 to x2 covers x1-t/2 to x2-t/2+t.
func hline(x1, x2, y, t int) rect { return rect{x1 - t/2, y - t/2, x2 - x1 + t, t} }
func vline(x, y1, y2, t int) rect { return rect{x - t/2, y1 - t/2, t, y2 - y1 + t} }

// addLines adds the thin grid lines and the thick walls. A wall runs along
// every edge between cells of different aquariums and around the grid;
// runs of walls along one line become one rectangle.
func (sc *scene) addLines(p *aquarium.Puzzle) {
	thin, thick := 1, max(2, (sc.cell+4)/9)
	x, y := sc.x, sc.y
	for r := 1; r < p.Height; r++ {
		sc.grid = append(sc.grid, hline(x(0), x(p.Width), y(r), thin))
	}
	for c := 1; c < p.Width; c++ {
		sc.grid = append(sc.grid, vline(x(c), y(0), y(p.Height), thin))
	}
	region := func(r, c int) int {
		if r < 0 || r >= p.Height || c < 0 || c >= p.Width {
			return -1
		}
		return p.Region(r, c)
	}
	for r := 0; r <= p.Height; r++ {
		for c := 0; c < p.Width; c++ {
			if region(r-1, c) == region(r, c) {
				continue
			}
			run := 1
			for c+run < p.Width && region(r-1, c+run) != region(r, c+run) {
				run++
			}
			sc.walls = append(sc.walls, hline(x(c), x(c+run), y(r), thick))
			c += run - 1
		}
	}
	for c := 0; c <= p.Width; c++ {
		for r := 0; r < p.Height; r++ {
			if region(r, c-1) == region(r, c) {
				continue
			}
			run := 1
			for r+run < p.Height && region(r+run, c-1) != region(r+run, c) {
				run++
			}
			sc.walls = append(sc.walls, vline(x(c), y(r), y(r+run), thick))
			r += run - 1
		}
	}
}

// addClues adds the clues above the columns and left of the rows, and
// sizes the fonts so that the widest clue fits a cell.
func (sc *scene) addClues(p *aquarium.Puzzle) {
	cell := sc.cell
	widest := 1
	addClue := func(k, cx, cy int) {
		if k == aquarium.NoClue {
			return
		}
		text := strconv.Itoa(k)
		widest = max(widest, len(text))
		sc.clues = append(sc.clues, label{cx, cy, text})
	}
	for c, k := range p.Cols {
		addClue(k, sc.x(c)+cell/2, sc.top-cell/2)
	}
	for r, k := range p.Rows {
		addClue(k, sc.left-cell/2, sc.y(r)+cell/2)
	}
	sc.digitScale = fontScale(cell, widest)
	sc.fontSize = cell * 11 / 20
}

// Geometry says where a picture puts the grid, in pixels (SVG user
// units), so that a page can lay marks or click targets over the cells.
type Geometry struct {
	Width, Height int // the whole picture
	Left, Top     int // the top left corner of the grid
	Cell          int // the side of a cell
}

// GeometryOf returns the geometry of the pictures SVG and Image draw of p
// with opts: the cell in row r and column c spans Left+c·Cell to
// Left+(c+1)·Cell across and Top+r·Cell to Top+(r+1)·Cell down.
func GeometryOf(p *aquarium.Puzzle, opts Options) (Geometry, error) {
	sc, err := newScene(p, aquarium.Solution{}, opts)
	if err != nil {
		return Geometry{}, err
	}
	return Geometry{Width: sc.width, Height: sc.height, Left: sc.left, Top: sc.top, Cell: sc.cell}, nil
}
