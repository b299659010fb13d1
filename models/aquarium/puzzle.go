// Package aquarium models the Aquarium puzzle: a grid cut into aquariums,
// each cell full of water or empty, with clues counting the full cells of
// rows and columns, and water that settles level.
//
// The package holds the puzzle's types, an independent checker that shares
// no code with any solver (check.go), and the block layout the encodings
// are built on. Each other job has its own package below this one:
//
//   - aqcp: the CP model (with its lineSum propagator), search, and
//     logic-only solving by propagation and nested probing;
//   - aqsat: the SAT encoding, for any sat backend;
//   - aqasp: the answer-set program for clingo;
//   - logic: the Reasoner, which finds deductions and says them in words
//     (hints, explanations), grades, and the check of a partial solution;
//   - generate: random layouts and puzzles, and the generator of unique,
//     graded puzzles.
//
// None of them reads files or prints: formats live in the frontends.
package aquarium

import (
	"strings"

	"github.com/waterworks-solver/waterworks/models/enumname"
	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// NoClue marks a row or column whose count is not given.
const NoClue = -1

// MaxSide is the largest width or height of a puzzle, so a grid holds at
// most a million cells (and aquariums). Readers refuse larger grids before
// allocating for them, and Validate refuses them too: the engines' memory
// and the time to build their models grow with the number of cells.
const MaxSide = 1000

// Rule says how water settles inside an aquarium.
type Rule uint8

const (
	// RegionRule is the rule of puzzle-aquarium.com: within an aquarium a row
	// is all water or all empty, and water in a row means water in every lower
	// row of that aquarium, across U-shapes and separate pieces alike.
	RegionRule Rule = iota
	// PoolRule is pzprjs's default: water spreads only to the cells of the
	// aquarium it can reach without rising above its level, so the two arms of
	// a U may settle at different heights.
	PoolRule
)

// rules names the rules as the command line spells them.
var rules = enumname.Table[Rule]{Type: "Rule", What: "rule", Names: []string{RegionRule: "region", PoolRule: "pool"}}

// String returns the rule's name as the command line spells it.
func (r Rule) String() string {
	return rules.String(r)
}

// ParseRule turns "region" or "pool" into a Rule.
func ParseRule(s string) (Rule, error) {
	return rules.Parse(s)
}

// Puzzle is an Aquarium grid: its aquariums and its clues.
type Puzzle struct {
	Width, Height int
	// Regions holds the aquarium id of every cell, row by row from the top:
	// the cell in row r and column c is Regions[r*Width+c]. Ids are
	// non-negative; an aquarium may consist of separate pieces.
	Regions []int
	// Cols holds the column clues from left to right, NoClue where missing.
	Cols []int
	// Rows holds the row clues from top to bottom, NoClue where missing.
	Rows []int
	// Names optionally labels the aquariums for people, indexed by id. When
	// empty, Name derives labels from the ids.
	Names []string
}

// Region returns the aquarium id of the cell in row r and column c.
func (p *Puzzle) Region(r, c int) int { return p.Regions[r*p.Width+c] }

// NumRegions returns one more than the largest aquarium id.
func (p *Puzzle) NumRegions() int {
	n := 0
	for _, id := range p.Regions {
		n = max(n, id+1)
	}
	return n
}

// Name returns a label for aquarium id: its entry in Names when there is
// one, else a spreadsheet-style letter label (A..Z, AA, AB, ...).
func (p *Puzzle) Name(id int) string {
	if id < len(p.Names) && p.Names[id] != "" {
		return p.Names[id]
	}
	return letterLabel(id)
}

func letterLabel(id int) string {
	var b []byte
	for id++; id > 0; id = (id - 1) / 26 {
		b = append(b, byte('A'+(id-1)%26))
	}
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a well-formed puzzle.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	switch {
	case p.Width < 1 || p.Height < 1:
		return bad("grid is %dx%d; both sides must be at least 1", p.Width, p.Height)
	case p.Width > MaxSide || p.Height > MaxSide:
		return bad("grid is %dx%d; sides of at most %d are supported", p.Width, p.Height, MaxSide)
	case len(p.Regions) != p.Width*p.Height:
		return bad("%d aquarium cells for a %dx%d grid", len(p.Regions), p.Width, p.Height)
	case len(p.Cols) != p.Width:
		return bad("%d column clues for %d columns", len(p.Cols), p.Width)
	case len(p.Rows) != p.Height:
		return bad("%d row clues for %d rows", len(p.Rows), p.Height)
	}
	for i, id := range p.Regions {
		if id < 0 {
			return bad("row %d, column %d: negative aquarium id %d", i/p.Width+1, i%p.Width+1, id)
		}
	}
	for c, k := range p.Cols {
		if k != NoClue && (k < 0 || k > p.Height) {
			return bad("column %d clue %d is outside 0..%d", c+1, k, p.Height)
		}
	}
	for r, k := range p.Rows {
		if k != NoClue && (k < 0 || k > p.Width) {
			return bad("row %d clue %d is outside 0..%d", r+1, k, p.Width)
		}
	}
	if len(p.Names) != 0 {
		if n := p.NumRegions(); len(p.Names) != n {
			return bad("%d aquarium names for %d aquariums", len(p.Names), n)
		}
		seen := make(map[string]int, len(p.Names))
		for id, name := range p.Names {
			if name == "" || strings.ContainsAny(name, " \t\r\n") {
				return bad("aquarium %d has name %q; names must be non-empty and without spaces", id, name)
			}
			if prev, ok := seen[name]; ok {
				return bad("aquariums %d and %d share the name %q", prev, id, name)
			}
			seen[name] = id
		}
	}
	return nil
}

// Cell is the state of one cell of a (partial) solution.
type Cell uint8

const (
	// Unknown is a cell not decided yet.
	Unknown Cell = iota
	// Empty is a cell without water.
	Empty
	// Water is a full cell.
	Water
)

// Solution is a filling of a puzzle's grid, row by row from the top. A
// partial solution, such as a person's work in progress, has Unknown cells.
type Solution struct {
	Width, Height int
	Cells         []Cell
}

// NewSolution returns a width×height solution with every cell Unknown.
func NewSolution(width, height int) Solution {
	return Solution{Width: width, Height: height, Cells: make([]Cell, width*height)}
}

// At returns the cell in row r and column c.
func (s Solution) At(r, c int) Cell { return s.Cells[r*s.Width+c] }

// Complete reports whether no cell is Unknown.
func (s Solution) Complete() bool {
	for _, c := range s.Cells {
		if c == Unknown {
			return false
		}
	}
	return true
}

// Rows renders the solution as one string per row: '#' for water, '.' for
// empty and '?' for unknown cells.
func (s Solution) Rows() []string {
	rows := make([]string, s.Height)
	buf := make([]byte, s.Width)
	for r := range rows {
		for c := range buf {
			buf[c] = "?.#"[s.At(r, c)]
		}
		rows[r] = string(buf)
	}
	return rows
}

// String returns Rows joined by newlines.
func (s Solution) String() string { return strings.Join(s.Rows(), "\n") }

// Components labels the cells of a width×height grid with the connected
// groups that join(r, c, r2, c2) makes of neighbouring cells, numbered from 0
// in row-major order of their first cell.
func Components(width, height int, join func(r, c, r2, c2 int) bool) []int {
	label := make([]int, width*height)
	for i := range label {
		label[i] = -1
	}
	next := 0
	var stack []int
	for start := range label {
		if label[start] >= 0 {
			continue
		}
		label[start] = next
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, c := i/width, i%width
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 0 || r2 >= height || c2 < 0 || c2 >= width {
					continue
				}
				j := r2*width + c2
				if label[j] < 0 && join(r, c, r2, c2) {
					label[j] = next
					stack = append(stack, j)
				}
			}
		}
		next++
	}
	return label
}
