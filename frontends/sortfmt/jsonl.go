package sortfmt

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// Fields are the members a line may hold, those of the corpus format
// (FORMAT.md). A near miss of one is refused by name, so that a misspelt
// key is not read as a missing one; any other member is an annotation.
var Fields = []string{"id", "source", "note", "capacity", "bottles", "best_known_moves", "best_known_moves_pour_max",
	"optimal", "solvable"}

// Record is one line of the corpus format. Unknown values are nil.
type Record struct {
	ID       string     `json:"id"`
	Source   string     `json:"source,omitempty"`
	Capacity int        `json:"capacity"`
	Bottles  [][]string `json:"bottles"`
	// BestKnownMoves is the fewest moves known under the whole rule.
	BestKnownMoves *int `json:"best_known_moves"`
	// BestKnownMovesPourMax is the fewest moves known under the fits rule.
	BestKnownMovesPourMax *int `json:"best_known_moves_pour_max"`
	// Optimal reports that the move counts are proven minimal.
	Optimal *bool `json:"optimal"`
	// Solvable is false when an exhaustive search found no solution.
	Solvable *bool  `json:"solvable"`
	Note     string `json:"note,omitempty"`
}

// BestKnown returns the best known move count under rule, if any.
func (r *Record) BestKnown(rule watersort.Rule) *int {
	if rule == watersort.Fits {
		return r.BestKnownMovesPourMax
	}
	return r.BestKnownMoves
}

// ParseJSONLines reads one level per non-blank line of data, the corpus
// format. A line that cannot be read gives a Level with Err set.
func ParseJSONLines(name string, data []byte) []Level {
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return whole(name, err)
	}
	var levels []Level
	ids := make(textblock.IDs)
	for lineNo, line := range textblock.NonBlank(data) {
		levels = append(levels, parseRecordLine(name, lineNo, line, ids))
	}
	if len(levels) == 0 {
		return whole(name, inputerr.List{inputerr.New(name, 1, 1, "empty input: want Water Sort levels as JSON Lines, one JSON object per line")})
	}
	return levels
}

// parseRecordLine reads line lineNo. ids holds the line of every id stated
// on the lines before, and gets the line's own.
func parseRecordLine(name string, lineNo int, line []byte, ids textblock.IDs) Level {
	lv := Level{ID: fmt.Sprintf("%s:%d", name, lineNo), Line: lineNo}
	var rec Record
	ann, derr := jsonfields.Decode(name, lineNo, line, Fields, &rec)
	if derr != nil {
		lv.Err = derr
		return lv
	}
	at := &jsonfields.Line{Text: line}
	if rec.ID != "" {
		if msg := ids.Claim(rec.ID, lineNo); msg != "" {
			lv.Err = inputerr.List{inputerr.New(name, lineNo, at.Column("id"), "%s", msg)}
			return lv
		}
		lv.ID = rec.ID
	}
	lv.Record, lv.Annotations = &rec, ann
	p, err := rec.puzzle(name, lineNo, at)
	if err != nil {
		lv.Err = err
		return lv
	}
	lv.Puzzle = p
	return lv
}

// Puzzle turns the record into a level, numbering colours in order of first
// appearance. Problems are reported at line lineNo of the input name, at
// column 1; ParseJSONLines reports them at the column of the value.
func (r *Record) Puzzle(name string, lineNo int) (*watersort.Puzzle, error) {
	return r.puzzle(name, lineNo, nil)
}

// puzzle checks the record; at, when not nil, is the line it was read
// from, for the columns of problems.
func (r *Record) puzzle(name string, lineNo int, at *jsonfields.Line) (*watersort.Puzzle, error) {
	col := func(path string) int {
		if at == nil {
			return 1
		}
		return at.Column(path)
	}
	bad := func(field, format string, args ...any) error {
		return inputerr.List{inputerr.New(name, lineNo, col(field), format, args...)}
	}
	switch {
	case r.Capacity < 1 || r.Capacity > watersort.MaxCapacity:
		return nil, bad("capacity", "capacity %d is missing or outside 1..%d", r.Capacity, watersort.MaxCapacity)
	case len(r.Bottles) == 0:
		return nil, bad("bottles", "no bottles")
	case len(r.Bottles) > watersort.MaxBottles:
		return nil, bad("bottles", "%d bottles; at most %d are supported", len(r.Bottles), watersort.MaxBottles)
	}
	for i, b := range r.Bottles {
		if len(b) > watersort.MaxCapacity {
			return nil, bad("bottles", "bottle %d holds %d units; the largest capacity supported is %d", i+1, len(b), watersort.MaxCapacity)
		}
		for k, c := range b {
			if c == "" {
				return nil, bad(colourPath(i, k), "bottle %d holds an empty colour name", i+1)
			}
			if msg := textsafe.CheckName("colour name", c); msg != "" {
				return nil, bad(colourPath(i, k), "bottle %d: %s", i+1, msg)
			}
		}
	}
	p, err := buildPuzzle(name, r.Capacity, r.tokens(lineNo, nil))
	if err != nil && at != nil { // once more, with the columns of the colours
		_, err = buildPuzzle(name, r.Capacity, r.tokens(lineNo, at))
	}
	return p, err
}

// colourPath is the path of colour k of bottle i in a line's Index.
func colourPath(i, k int) string { return jsonfields.Elem(jsonfields.Elem("bottles", i), k) }

// tokens returns the colours of the bottles as tokens of line lineNo, at
// their columns in at, or at column 1 when at is nil.
func (r *Record) tokens(lineNo int, at *jsonfields.Line) [][]token {
	bottles := make([][]token, len(r.Bottles))
	for i, b := range r.Bottles {
		bottles[i] = make([]token, len(b))
		for k, c := range b {
			col := 1
			if at != nil {
				col = at.Column(colourPath(i, k))
			}
			bottles[i][k] = token{Text: c, Line: lineNo, Col: col}
		}
	}
	return bottles
}

// NewRecord returns the corpus record of p under id, with unknown values.
func NewRecord(id string, p *watersort.Puzzle) Record {
	rec := Record{ID: id, Capacity: p.Capacity, Bottles: make([][]string, len(p.Bottles))}
	for i, b := range p.Bottles {
		rec.Bottles[i] = make([]string, len(b))
		for k, c := range b {
			rec.Bottles[i][k] = p.ColorName(c)
		}
	}
	return rec
}

// WriteRecord writes rec as one line of JSON.
func WriteRecord(w io.Writer, rec Record) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(rec)
}

// WriteText writes p in the text format, with a capacity line so that the
// output reads back the same whatever the colour counts.
func WriteText(w io.Writer, p *watersort.Puzzle) error {
	toks, err := colourTokens(p)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d\n", reservedCapacity, p.Capacity)
	for _, bottle := range p.Bottles {
		if len(bottle) == 0 {
			b.WriteString(emptyBottle + "\n")
			continue
		}
		for k, c := range bottle {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(toks[c])
		}
		b.WriteByte('\n')
	}
	_, err = io.WriteString(w, b.String())
	return err
}
