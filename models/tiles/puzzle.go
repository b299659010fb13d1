// Package tiles models the sliding-tile puzzles (the 8, 15 and 24 puzzles
// and any w×h board): tiles numbered 1..n-1 and one blank on a grid, where
// a move slides a tile next to the blank into it. The goal follows Korf's
// convention: the blank in the top-left corner and the tiles in order,
// cell i holding tile i (0 1 2 ... n-1, row-major).
//
// The package holds the puzzle's types, the parity test that tells
// solvable boards from the others before any search, an independent plan
// checker, the heuristics (Manhattan distance with linear conflicts, and
// additive disjoint pattern databases with a second lookup in the board
// reflected about its main diagonal), and the search domains the
// state-space library runs on. It never reads files and never prints:
// FromText builds a board from its rows in one call (for tests and
// examples); formats and the pattern-database cache live in the
// frontends.
package tiles

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// Board limits: a side of at least 2 cells (a 1×n strip has moves that
// never permute it), and at most MaxCells cells so a cell fits in a byte
// and a tile set in a 64-bit word.
const (
	MinSide  = 2
	MaxSide  = 16
	MaxCells = 64
)

// Puzzle is a sliding-tile board.
type Puzzle struct {
	// Width and Height count the columns and rows.
	Width, Height int
	// Tiles holds the tile of each cell, row by row from the top left;
	// 0 is the blank. A board holds each of 0..Width*Height-1 once.
	Tiles []int
}

// New returns the puzzle of a w×h board with the given tiles (row-major,
// 0 the blank), after Validate.
func New(w, h int, tiles []int) (*Puzzle, error) {
	p := &Puzzle{Width: w, Height: h, Tiles: append([]int(nil), tiles...)}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// Goal returns the solved w×h board: the blank in the top-left cell and
// tile i in cell i.
func Goal(w, h int) *Puzzle {
	p := &Puzzle{Width: w, Height: h, Tiles: make([]int, w*h)}
	for i := range p.Tiles {
		p.Tiles[i] = i
	}
	return p
}

// Cells returns Width*Height.
func (p *Puzzle) Cells() int { return p.Width * p.Height }

// Blank returns the cell of the blank, or -1 when there is none.
func (p *Puzzle) Blank() int {
	for i, t := range p.Tiles {
		if t == 0 {
			return i
		}
	}
	return -1
}

// Solved reports whether every cell holds its own number.
func (p *Puzzle) Solved() bool {
	for i, t := range p.Tiles {
		if t != i {
			return false
		}
	}
	return true
}

// Clone returns a deep copy of p.
func (p *Puzzle) Clone() *Puzzle {
	return &Puzzle{Width: p.Width, Height: p.Height, Tiles: append([]int(nil), p.Tiles...)}
}

// String writes the board as Korf writes an instance: its tiles in a row,
// separated by spaces.
func (p *Puzzle) String() string {
	var b strings.Builder
	for i, t := range p.Tiles {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(t))
	}
	return b.String()
}

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a board: a side out of
// MinSide..MaxSide, more than MaxCells cells, a tile count that does not
// match the size, a tile out of range or a tile repeated. Cells are
// numbered from 0 in its messages.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	w, h := p.Width, p.Height
	switch {
	case w < MinSide || w > MaxSide || h < MinSide || h > MaxSide:
		return bad("a %d×%d board: each side must be %d..%d", w, h, MinSide, MaxSide)
	case w*h > MaxCells:
		return bad("a %d×%d board has %d cells, more than %d", w, h, w*h, MaxCells)
	case len(p.Tiles) != w*h:
		return bad("%d tiles for a %d×%d board of %d cells", len(p.Tiles), w, h, w*h)
	}
	seen := make([]int, w*h)
	for i := range seen {
		seen[i] = -1
	}
	for cell, t := range p.Tiles {
		if t < 0 || t >= w*h {
			return bad("cell %d holds %d, outside 0..%d", cell, t, w*h-1)
		}
		if seen[t] >= 0 {
			return bad("tile %d is in cells %d and %d", t, seen[t], cell)
		}
		seen[t] = cell
	}
	return nil
}

// ErrUnsolvable is wrapped by the error Solvability returns for a board
// the parity argument proves cannot reach the goal.
var ErrUnsolvable = errors.New("unsolvable")

// Solvability reports whether a valid board can reach the goal, by parity
// alone, with no search. Every move swaps the blank with a neighbour: it
// flips the parity of the permutation of the cells and moves the blank one
// cell, flipping the parity of the blank's Manhattan distance to its home.
// The two parities therefore stay equal or stay different forever; they
// are equal at the goal, so a board on which they differ is unsolvable.
// On boards of at least 2×2 the converse holds too (every board of the
// right parity is reachable), so this is a complete test. The error wraps
// ErrUnsolvable and says which parities disagree.
func (p *Puzzle) Solvability() error {
	if err := p.Validate(); err != nil {
		return err
	}
	perm := PermutationParity(p.Tiles)
	b := p.Blank()
	dist := b/p.Width + b%p.Width // the goal blank is at cell 0
	if perm != dist%2 {
		kind := map[int]string{0: "even", 1: "odd"}
		return fmt.Errorf("%w: the tiles form an %s permutation but the blank is %d moves from its home (%s); every move flips both parities, so they can never agree as they do at the goal",
			ErrUnsolvable, kind[perm], dist, kind[dist%2])
	}
	return nil
}

// PermutationParity returns 0 when perm (a permutation of 0..len-1) is a
// product of an even number of transpositions and 1 otherwise. It counts
// the cycles: a permutation of n elements with c cycles has parity n-c.
func PermutationParity(perm []int) int {
	seen := make([]bool, len(perm))
	cycles := 0
	for i := range perm {
		if seen[i] {
			continue
		}
		cycles++
		for j := i; !seen[j]; j = perm[j] {
			seen[j] = true
		}
	}
	return (len(perm) - cycles) % 2
}
