// Package tilesfmt reads and writes sliding-tile boards in text and JSON
// Lines.
//
// The text format holds one board per block of lines, blocks separated by
// blank lines. A block is either one line of tiles in Korf's convention,
// row by row, for a square board:
//
//	14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3
//
// or a grid of rows, for any w×h board:
//
//	# a comment runs from '#' to the end of the line
//	1 2 .
//	3 4 5
//	6 7 8
//
// Tiles are numbers 1..w·h-1, separated by spaces or tabs (or commas); the
// blank is 0, '.' or '_'. The goal has the blank in the top-left corner
// and cell i holding tile i (0 1 2 ... w·h-1). A block of comments alone
// holds no board.
//
// JSON Lines hold one board an object: {"id": "...", "tiles": [14, 13,
// ...]}, the tiles row by row with 0 the blank; the board is square unless
// "width" is given. An optional "optimal" gives a known shortest length
// (the searches' tests check it), and "korf_md_nodes" the nodes Korf's
// IDA* generated with Manhattan distance. Parse tells the formats apart by
// content: when the first byte that is not white space is '{', the input
// is JSON Lines.
package tilesfmt

import (
	"fmt"
	"strconv"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// Level is one board read from an input; its Record is set for JSON
// Lines.
type Level = textblock.Item[tiles.Puzzle, Record]

// Fields are the members a line of JSON Lines may hold; another is an
// error that names it, with the field it may stand for.
var Fields = []string{"id", "tiles", "width", "optimal", "korf_md_nodes"}

// Record is one line of the JSON Lines format.
type Record struct {
	ID    string `json:"id"`
	Tiles []int  `json:"tiles"`
	// Width is the number of columns; 0 means the square root of the
	// number of tiles.
	Width int `json:"width,omitempty"`
	// Optimal is the length of a shortest plan, when known.
	Optimal *int `json:"optimal,omitempty"`
	// KorfMDNodes is the number of nodes Korf's IDA* with Manhattan
	// distance generated (Korf 1985, Table 1), for his 100 instances.
	KorfMDNodes *int64 `json:"korf_md_nodes,omitempty"`
}

// reader reads boards in either format: a block of text with readBlock,
// a line of JSON Lines with the record's Puzzle.
var reader = textblock.Reader[tiles.Puzzle, Record]{
	Fields: Fields,
	Empty:  "empty input: no board: want a board as rows of tiles or Korf's one line, or JSON Lines",
	Block:  readBlock,
	Record: func(name string, lineNo int, _ []byte, rec *Record) (string, *tiles.Puzzle, error) {
		p, err := rec.Puzzle(name, lineNo)
		return rec.ID, p, err
	},
}

// Parse reads the boards of one input named name, in either format. A
// board that cannot be read comes back with Err set, so the others can
// still be used. An input without any board gives one Level with Err set.
func Parse(name string, data []byte) []Level { return reader.Parse(name, data) }

// token is a tile of the text format with its place.
type token = textblock.Token

// ParseText reads the text format: one board per block.
func ParseText(name string, data []byte) []Level { return reader.ParseText(name, data) }

// readBlock reads the board of a block of the text format; a block of
// lines of separators alone (",,") holds none.
func readBlock(name string, block []textblock.Line) (*tiles.Puzzle, int, error) {
	var rows [][]token
	for _, l := range block {
		if toks := splitTokens(l.Text, l.No); len(toks) > 0 {
			rows = append(rows, toks)
		}
	}
	if len(rows) == 0 {
		return nil, 0, nil
	}
	p, err := parseBlock(name, rows)
	return p, rows[0][0].Line, err
}

// splitTokens splits a line into tokens at spaces, tabs and commas.
func splitTokens(line string, lineNo int) []token {
	return textblock.Fields(line, lineNo, func(c byte) bool { return c == ' ' || c == '\t' || c == ',' })
}

// parseBlock turns a block of token rows into a board.
func parseBlock(name string, block [][]token) (*tiles.Puzzle, error) {
	var errs inputerr.List
	var w, h int
	var cells []token
	if len(block) == 1 {
		n := len(block[0])
		w = isqrt(n)
		if w*w != n {
			first := block[0][0]
			return nil, inputerr.List{inputerr.New(name, first.Line, first.Col,
				"one line of %d tiles: a board on one line is square (4, 9, 16, 25, ... tiles); write other shapes as rows", n)}
		}
		h, cells = w, block[0]
	} else {
		w, h = len(block[0]), len(block)
		for r, toks := range block {
			if len(toks) != w {
				last := toks[len(toks)-1]
				errs.Add(name, last.Line, last.Col, "row %d has %d tiles; the first row has %d", r+1, len(toks), w)
			}
			cells = append(cells, toks...)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	values := make([]int, len(cells))
	for i, tok := range cells {
		switch tok.Text {
		case "0", ".", "_":
			values[i] = 0
			continue
		}
		v, err := strconv.Atoi(tok.Text)
		if err != nil || v < 0 {
			errs.Add(name, tok.Line, tok.Col, "%q is not a tile: want a number, or 0, '.' or '_' for the blank", tok.Text)
			continue
		}
		values[i] = v
	}
	if len(errs) > 0 {
		return nil, errs
	}
	first := cells[0]
	return build(name, w, h, values, func(i int) (int, int) { return cells[i].Line, cells[i].Col }, first.Line, first.Col)
}

// build checks the tiles of a w×h board and returns it, placing problems
// with at (the line and column of cell i) or at the board's start.
func build(name string, w, h int, values []int, at func(int) (int, int), line, col int) (*tiles.Puzzle, error) {
	var errs inputerr.List
	if w < tiles.MinSide || w > tiles.MaxSide || h < tiles.MinSide || h > tiles.MaxSide || w*h > tiles.MaxCells {
		return nil, inputerr.List{inputerr.New(name, line, col, "a %d×%d board: each side must be %d..%d and the cells at most %d",
			w, h, tiles.MinSide, tiles.MaxSide, tiles.MaxCells)}
	}
	n := w * h
	seen := make([]int, n)
	for i := range seen {
		seen[i] = -1
	}
	for i, v := range values {
		l, c := at(i)
		if v >= n {
			errs.Add(name, l, c, "tile %d is too large for a %d×%d board (tiles 1..%d)", v, w, h, n-1)
			continue
		}
		if seen[v] >= 0 {
			pl, pc := at(seen[v])
			what := fmt.Sprintf("tile %d", v)
			if v == 0 {
				what = "the blank"
			}
			errs.Add(name, l, c, "%s again (first at line %d, column %d)", what, pl, pc)
			continue
		}
		seen[v] = i
	}
	if len(errs) == 0 {
		for v, i := range seen {
			if i < 0 {
				what := fmt.Sprintf("tile %d", v)
				if v == 0 {
					what = "the blank"
				}
				errs.Add(name, line, col, "%s is missing", what)
			}
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return tiles.New(w, h, values)
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// Puzzle turns the record into a board; problems are reported at lineNo
// of the input name.
func (r *Record) Puzzle(name string, lineNo int) (*tiles.Puzzle, error) {
	n := len(r.Tiles)
	if n == 0 {
		return nil, inputerr.List{inputerr.New(name, lineNo, 0, `no "tiles"`)}
	}
	w := r.Width
	if w == 0 {
		w = isqrt(n)
		if w*w != n {
			return nil, inputerr.List{inputerr.New(name, lineNo, 0, `%d tiles make no square board; give "width"`, n)}
		}
	}
	if w < 1 || n%w != 0 {
		return nil, inputerr.List{inputerr.New(name, lineNo, 0, "%d tiles do not fill rows of width %d", n, w)}
	}
	for i, v := range r.Tiles {
		if v < 0 {
			return nil, inputerr.List{inputerr.New(name, lineNo, 0, "tile %d (cell %d) is negative", v, i)}
		}
	}
	at := func(int) (int, int) { return lineNo, 0 }
	p, err := build(name, w, n/w, r.Tiles, at, lineNo, 0)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// AllNumbers reports whether the text format data holds only tiles: every
// token of every block a number, '.' or '_', and at least one token. It
// tells a malformed board (a tile repeated, a ragged row) from input of
// another puzzle.
func AllNumbers(data []byte) bool {
	seen := false
	for _, block := range textblock.Split(data) {
		for _, l := range block {
			for _, tok := range splitTokens(l.Text, l.No) {
				if _, err := strconv.Atoi(tok.Text); err != nil && tok.Text != "." && tok.Text != "_" {
					return false
				}
				seen = true
			}
		}
	}
	return seen
}
