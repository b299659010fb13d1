// Package rushfmt reads and writes Rush Hour boards in the ASCII format of
// github.com/fogleman/rush, and in JSON Lines.
//
// The text format holds one board per block of lines, blocks separated by
// blank lines:
//
//	# a comment runs from '#' to the end of the line
//	..B.CC
//	..B...
//	AAB...
//	DDD..E
//	.....E
//	.....E
//
// Each row holds one character per cell: '.' (or 'o') an empty cell, 'x' a
// wall, a capital letter a cell of the piece of that name. A piece's cells
// form one straight run of at least two cells, across (horizontal) or down
// (vertical); 'A' is the primary car, horizontal, which drives out on the
// right. All rows of a board have the same length; any size from 2×2 to
// 16×16 is read. A block of comments alone holds no board.
//
// JSON Lines hold one board an object: {"id": "...", "board": ["..B.CC",
// ...]}, the rows as strings. Parse tells the formats apart by content:
// when the first byte that is not white space is '{', the input is JSON
// Lines.
package rushfmt

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/models/rush"
)

// Level is one board read from an input; its Record is set for JSON
// Lines.
type Level = textblock.Item[rush.Puzzle, Record]

// reader reads boards in either format: a block of text with readBlock,
// a line of JSON Lines with readRecord.
var reader = textblock.Reader[rush.Puzzle, Record]{
	Fields: Fields,
	Empty:  "empty input: no board: want a board as rows of cells, or JSON Lines",
	Block:  readBlock,
	Record: readRecord,
}

// Parse reads the boards of one input named name, in either format. A
// board that cannot be read comes back with Err set, so the others can
// still be used. An input without any board gives one Level with Err set.
func Parse(name string, data []byte) []Level { return reader.Parse(name, data) }

// ParseText reads the text format: one board per block.
func ParseText(name string, data []byte) []Level { return reader.ParseText(name, data) }

// row is a line of a board with its place in the input: the line, and the
// column of its first cell.
type row = textblock.Token

// readBlock reads the board of a block of the text format.
func readBlock(name string, block []textblock.Line) (*rush.Puzzle, int, error) {
	rows := make([]row, len(block))
	for i, l := range block {
		trimmed := strings.TrimLeft(l.Text, " \t")
		rows[i] = row{Text: strings.TrimRight(trimmed, " \t"), Line: l.No, Col: len(l.Text) - len(trimmed) + 1}
	}
	p, err := parseRows(name, rows)
	return p, rows[0].Line, err
}

// piece gathers the cells of one label while a board is read.
type piece struct {
	label byte
	cells []row // one entry per cell: its line and column in the input
	rc    [][2]int
}

// parseRows turns the rows of one board into a puzzle, or reports every
// problem with its place.
func parseRows(name string, rows []row) (*rush.Puzzle, error) {
	var errs inputerr.List
	width := len(rows[0].Text)
	p := &rush.Puzzle{Width: width, Height: len(rows)}
	pieces := map[byte]*piece{}
	badCells := false
	for r, rw := range rows {
		if len(rw.Text) != width {
			errs.Add(name, rw.Line, rw.Col+min(len(rw.Text), width), "row %d has %d cells; the first row has %d", r+1, len(rw.Text), width)
		}
		for c := range len(rw.Text) {
			ch := rw.Text[c]
			switch {
			case ch == '.' || ch == 'o':
			case ch == 'x':
				if c < width {
					p.Walls = append(p.Walls, r*width+c)
				}
			case ch >= 'A' && ch <= 'Z':
				pc := pieces[ch]
				if pc == nil {
					pc = &piece{label: ch}
					pieces[ch] = pc
				}
				pc.cells = append(pc.cells, row{Line: rw.Line, Col: rw.Col + c})
				pc.rc = append(pc.rc, [2]int{r, c})
			default:
				// One such error a row: a row of another format would
				// give one a character.
				if len(errs) == 0 || errs[len(errs)-1].Line != rw.Line || !badCell(errs[len(errs)-1]) {
					errs.Add(name, rw.Line, rw.Col+c, "%q is not a cell: want '.' empty, 'x' a wall or a capital letter for a piece", ch)
				}
				badCells = true
			}
		}
	}
	if badCells {
		errs.Sort()
		return nil, errs
	}
	if width < rush.MinSide || width > rush.MaxSide || len(rows) < rush.MinSide || len(rows) > rush.MaxSide {
		errs.Add(name, rows[0].Line, rows[0].Col, "a %d×%d board: each side must be %d..%d", width, len(rows), rush.MinSide, rush.MaxSide)
	}
	labels := make([]byte, 0, len(pieces))
	for l := range pieces {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	if _, ok := pieces['A']; !ok {
		errs.Add(name, rows[0].Line, rows[0].Col, "no primary car A")
	}
	for _, l := range labels {
		pc, err := shape(name, pieces[l])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		p.Pieces = append(p.Pieces, pc)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	if err := p.Validate(); err != nil {
		return nil, inputerr.List{inputerr.New(name, rows[0].Line, rows[0].Col, "%v", err)}
	}
	return p, nil
}

// badCell reports whether e is the error of a character that is not a
// cell.
func badCell(e *inputerr.Error) bool { return strings.Contains(e.Msg, "is not a cell") }

// shape checks that a piece's cells form one straight run of at least two
// cells (the primary car across) and returns it.
func shape(name string, pc *piece) (rush.Piece, *inputerr.Error) {
	at := func(i int, format string, args ...any) *inputerr.Error {
		return inputerr.New(name, pc.cells[i].Line, pc.cells[i].Col, format, args...)
	}
	if len(pc.rc) == 1 {
		return rush.Piece{}, at(0, "piece %c has one cell; a piece covers at least two cells in a line", pc.label)
	}
	first, second := pc.rc[0], pc.rc[1]
	out := rush.Piece{Label: pc.label, Row: first[0], Col: first[1], Len: len(pc.rc)}
	dr, dc := 0, 1
	if second[0] != first[0] {
		out.Orientation, dr, dc = rush.Vertical, 1, 0
	}
	for i, rc := range pc.rc {
		if rc[0] != first[0]+dr*i || rc[1] != first[1]+dc*i {
			if pc.label == 'A' {
				return rush.Piece{}, at(i, "a second A, apart from the first at line %d, column %d: there is one primary car, a straight run of cells",
					pc.cells[0].Line, pc.cells[0].Col)
			}
			return rush.Piece{}, at(i, "piece %c does not continue the straight run of cells that starts at line %d, column %d",
				pc.label, pc.cells[0].Line, pc.cells[0].Col)
		}
	}
	if pc.label == 'A' && out.Orientation == rush.Vertical {
		return rush.Piece{}, at(0, "the primary car A is vertical; it must be horizontal to drive out on the right")
	}
	return out, nil
}

// Fields are the members a line of JSON Lines may hold; another is an
// error that names it, with the field it may stand for.
var Fields = []string{"id", "board"}

// Record is one line of the JSON Lines format.
type Record struct {
	ID    string   `json:"id"`
	Board []string `json:"board"`
}

// readRecord reads the board of a line of JSON Lines.
func readRecord(name string, lineNo int, line []byte, rec *Record) (string, *rush.Puzzle, error) {
	if len(rec.Board) == 0 {
		return rec.ID, nil, inputerr.List{inputerr.New(name, lineNo, 0, `no "board" rows`)}
	}
	rows := make([]row, len(rec.Board))
	for r, text := range rec.Board {
		rows[r] = row{Text: text, Line: lineNo, Col: rowColumn(line, text)}
	}
	p, err := parseRows(name, rows)
	return rec.ID, p, err
}

// rowColumn returns the column of the first cell of a row written as a
// JSON string on line, best effort: 1 when it cannot be found verbatim.
func rowColumn(line []byte, text string) int {
	quoted, _ := json.Marshal(text)
	if k := bytes.Index(line, quoted); k >= 0 {
		return k + 2
	}
	return 1
}

// WriteText writes p's rows, one a line.
func WriteText(w io.Writer, p *rush.Puzzle) error {
	_, err := io.WriteString(w, p.String()+"\n")
	return err
}

// WriteRecord writes p as one line of JSON under id.
func WriteRecord(w io.Writer, id string, p *rush.Puzzle) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(Record{ID: id, Board: p.Rows()})
}

// AllCells reports whether the text format data is drawn in the
// characters of boards alone ('.', 'o', 'x', capital letters) and holds
// an 'A': it tells a malformed board from input of another puzzle.
func AllCells(data []byte) bool {
	hasA := false
	for _, block := range textblock.Split(data) {
		for _, l := range block {
			for _, ch := range []byte(strings.TrimSpace(l.Text)) {
				switch {
				case ch == 'A':
					hasA = true
				case ch == '.' || ch == 'o' || ch == 'x' || ch >= 'B' && ch <= 'Z':
				default:
					return false
				}
			}
		}
	}
	return hasA
}
