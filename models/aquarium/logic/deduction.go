package logic

import (
	"fmt"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/enumname"
)

// Reason names the rule behind a deduction. The constants are ordered from
// the easiest reasoning for a person to the hardest; hints give the easiest
// deduction available.
type Reason uint8

const (
	// ByGravity: water settles. An aquarium full in a row is full in every
	// lower row; one empty in a row is empty in every higher row.
	ByGravity Reason = iota
	// ByLevel (pool rule): a connected body of water has one flat surface.
	ByLevel
	// ByCount: a row or column already has all its full cells, so its open
	// cells are empty; or it needs every open cell, so they all fill.
	ByCount
	// ByBounds: an aquarium would add more water than a row or column still
	// needs, or the line cannot reach its clue without it.
	ByBounds
	// BySums: only some combinations of the line's aquariums add up to what
	// it still needs, and they all agree on an aquarium.
	BySums
	// ByContradiction: supposing a block full (or empty) leads to a
	// contradiction, so it is the other way (probing).
	ByContradiction
	// ByCases: supposing a block full and supposing it empty both lead to
	// the same cells, so those cells are decided either way (probing).
	ByCases
)

// reasons names the rules as the command line prints them.
var reasons = enumname.Table[Reason]{Type: "Reason", Names: []string{
	ByGravity:       "gravity",
	ByLevel:         "level",
	ByCount:         "count",
	ByBounds:        "bounds",
	BySums:          "sums",
	ByContradiction: "contradiction",
	ByCases:         "cases",
}}

// String names the rule as the command line prints it.
func (r Reason) String() string {
	return reasons.String(r)
}

// Line is a row or a column of the grid.
type Line = aquarium.Line

// Placement is the value of one cell.
type Placement struct {
	Row, Col int // from 0
	Cell     aquarium.Cell
}

// Deduction is one step of reasoning: the rule used, what it read, the
// cells it decided and the words that explain it.
type Deduction struct {
	Reason Reason
	// Depth is 0 for a rule read off the grid, d ≥ 1 for probing of depth
	// d: a supposition examined by reasoning of depth d-1.
	Depth int
	// Line is the row or column the rule reads, when HasLine is set.
	Line    Line
	HasLine bool
	// Region is the aquarium the deduction is about (the one whose cells
	// it decides, or whose water it reads), or -1 when it concerns several.
	Region int
	// Cells holds the cells decided, in row-major order. A Conflict
	// decides none.
	Cells []Placement
	// Conflict reports a step that finds the grid cannot be completed: it
	// ends the reasoning under a supposition.
	Conflict bool
	// Supposed holds, for probing, the cells of the block supposed, with
	// the value supposed (ByContradiction) or with Water for the first of
	// the two cases (ByCases).
	Supposed []Placement
	// Branches holds, for probing, the reasoning under the supposition:
	// one branch ending in a Conflict for ByContradiction, two (full, then
	// empty) for ByCases. Only the steps the conclusion needs are kept.
	Branches [][]Deduction
	// Text explains the deduction in words.
	Text string

	sets  []blockValue // the blocks decided
	reads []int        // the blocks whose values the rule read
}

// blockValue is a block with a value.
type blockValue struct {
	block int
	value aquarium.Cell
}

// Fixes returns the number of cells the deduction decides.
func (d *Deduction) Fixes() int { return len(d.Cells) }

// String returns the deduction's words.
func (d Deduction) String() string { return d.Text }

// rowSet describes a set of rows (from 0, increasing) for people: "row 4",
// "rows 4 and 6", "rows 4–7", "rows 2, 4–6".
func rowSet(rows []int) string {
	if len(rows) == 1 {
		return "row " + strconv.Itoa(rows[0]+1)
	}
	return "rows " + spans(rows)
}

// colSet is rowSet for columns.
func colSet(cols []int) string {
	if len(cols) == 1 {
		return "column " + strconv.Itoa(cols[0]+1)
	}
	return "columns " + spans(cols)
}

// spans writes increasing numbers (from 0) as ranges numbered from 1:
// "4–7", "4 and 6", "2, 4–6 and 9".
func spans(xs []int) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(xs[i]+1))
		case j == i+1:
			parts = append(parts, strconv.Itoa(xs[i]+1), strconv.Itoa(xs[j]+1))
		default:
			parts = append(parts, fmt.Sprintf("%d–%d", xs[i]+1, xs[j]+1))
		}
		i = j + 1
	}
	return andList(parts)
}

// andList joins words as English lists do: "a", "a and b", "a, b and c".
func andList(parts []string) string { return enumname.List(parts, "and") }

// orList is andList with "or".
func orList(parts []string) string { return enumname.List(parts, "or") }

// plural returns "1 cell", "3 cells".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// uncapitalize lower-cases the first letter, for a sentence quoted inside
// another.
func uncapitalize(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}
