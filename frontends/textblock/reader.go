package textblock

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
)

// Item is one puzzle of an input, read by a Reader from a block of text
// or from a line of JSON Lines.
type Item[P, R any] struct {
	// ID names the puzzle: the JSON id, or the input name and the line
	// where the puzzle starts ("levels.txt:12").
	ID string
	// Line is the line of the input where the puzzle starts.
	Line int
	// Puzzle is the puzzle; nil when Err is set.
	Puzzle *P
	// Record is the JSON record, nil for text and for a line that does
	// not decode.
	Record *R
	// Annotations are the members of the JSON record that its format
	// does not know, carried into JSON output unchanged.
	Annotations jsonfields.Annotations
	// Err says what is wrong with this puzzle, with its position (an
	// inputerr.List).
	Err error
}

// Reader reads the puzzles (of type P) of inputs that hold either JSON
// Lines, one record of type R a line, or blocks of text, one puzzle a
// block. A puzzle that cannot be read comes back with Err set, so that
// the others can still be used.
type Reader[P, R any] struct {
	// Fields are the members a JSON line may hold; a near miss of one is
	// an error that names it, any other member an annotation (see
	// jsonfields.Decode).
	Fields []string
	// Empty is the message of an input that holds no puzzle.
	Empty string
	// Block reads the puzzle of a block of text of the input name, and
	// the line where it starts: line 0 when the block holds none.
	Block func(name string, block []Line) (p *P, line int, err error)
	// Record reads the puzzle of a record decoded from line lineNo of the
	// input name, and returns the record's id, "" for none.
	Record func(name string, lineNo int, line []byte, rec *R) (id string, p *P, err error)
}

// Parse reads the puzzles of the input name in either format, as
// IsJSONLines tells; an input without any puzzle gives one Item with Err
// set.
func (r Reader[P, R]) Parse(name string, data []byte) []Item[P, R] {
	return ParseEither(name, data, r.parseJSONLines, r.ParseText, func() Item[P, R] {
		return Item[P, R]{ID: name, Err: inputerr.List{inputerr.New(name, 1, 1, "%s", r.Empty)}}
	})
}

// ParseText reads the text format: one puzzle per block (see Split).
func (r Reader[P, R]) ParseText(name string, data []byte) []Item[P, R] {
	var items []Item[P, R]
	for _, block := range Split(data) {
		p, line, err := r.Block(name, block)
		if line == 0 {
			continue
		}
		items = append(items, item[P, R](fmt.Sprintf("%s:%d", name, line), line, p, nil, err))
	}
	return items
}

// parseJSONLines reads one puzzle per line that is not blank; a stated
// id must be unique within the input (see IDs).
func (r Reader[P, R]) parseJSONLines(name string, data []byte) []Item[P, R] {
	var items []Item[P, R]
	ids := make(IDs)
	for no, line := range NonBlank(data) {
		id := fmt.Sprintf("%s:%d", name, no)
		rec := new(R)
		ann, derr := jsonfields.Decode(name, no, line, r.Fields, rec)
		if derr != nil {
			items = append(items, Item[P, R]{ID: id, Line: no, Err: inputerr.List{derr}})
			continue
		}
		own, p, err := r.Record(name, no, line, rec)
		if own != "" {
			if msg := ids.Claim(own, no); msg != "" {
				col := jsonfields.NewIndex(line).Column("id")
				items = append(items, Item[P, R]{ID: id, Line: no, Record: rec, Err: inputerr.List{inputerr.New(name, no, col, "%s", msg)}})
				continue
			}
			id = own
		}
		it := item(id, no, p, rec, err)
		it.Annotations = ann
		items = append(items, it)
	}
	return items
}

// item is the Item of a puzzle read, or of the problem err when it is
// not nil.
func item[P, R any](id string, line int, p *P, rec *R, err error) Item[P, R] {
	it := Item[P, R]{ID: id, Line: line, Record: rec}
	if err != nil {
		it.Err = err
	} else {
		it.Puzzle = p
	}
	return it
}
