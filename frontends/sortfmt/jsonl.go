package sortfmt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// Fields are the members a line may hold, those of the corpus format
// (../shared/corpus/FORMAT.md). Any other member is refused by name, so
// that a misspelt key is not read as a missing one.
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
	ids := make(map[string]int) // the line of each id stated so far
	for i, line := range bytes.Split(data, []byte("\n")) {
		lineNo := i + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		levels = append(levels, parseRecordLine(name, lineNo, line, ids))
	}
	if len(levels) == 0 {
		return whole(name, inputerr.List{inputerr.New(name, 1, 1, "empty input: want Water Sort levels as JSON Lines, one JSON object per line")})
	}
	return levels
}

// parseRecordLine reads line lineNo. ids holds the line of every id stated
// on the lines before, and gets the line's own.
func parseRecordLine(name string, lineNo int, line []byte, ids map[string]int) Level {
	lv := Level{ID: fmt.Sprintf("%s:%d", name, lineNo), Line: lineNo}
	if col, msg := textsafe.ScanJSON(line); msg != "" {
		lv.Err = inputerr.New(name, lineNo, col, "%s", msg)
		return lv
	}
	var rec Record
	if _, err := jsonfields.Decode(name, lineNo, line, Fields, &rec); err != nil {
		lv.Err = err
		return lv
	}
	cols := valueColumns(line)
	if rec.ID != "" {
		msg := textsafe.CheckName("id", rec.ID)
		if first, dup := ids[rec.ID]; dup && msg == "" {
			msg = fmt.Sprintf("duplicate id %q: line %d has it too (ids are unique within a file)", rec.ID, first)
		}
		if msg != "" {
			lv.Err = inputerr.List{inputerr.New(name, lineNo, cols.of("id"), "%s", msg)}
			return lv
		}
		ids[rec.ID] = lineNo
		lv.ID = rec.ID
	}
	lv.Record = &rec
	p, err := rec.puzzle(name, lineNo, cols)
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
	return r.puzzle(name, lineNo, jsonColumns{})
}

func (r *Record) puzzle(name string, lineNo int, cols jsonColumns) (*watersort.Puzzle, error) {
	bad := func(field, format string, args ...any) error {
		return inputerr.List{inputerr.New(name, lineNo, cols.of(field), format, args...)}
	}
	switch {
	case r.Capacity < 1 || r.Capacity > watersort.MaxCapacity:
		return nil, bad("capacity", "capacity %d is missing or outside 1..%d", r.Capacity, watersort.MaxCapacity)
	case len(r.Bottles) == 0:
		return nil, bad("bottles", "no bottles")
	case len(r.Bottles) > watersort.MaxBottles:
		return nil, bad("bottles", "%d bottles; at most %d are supported", len(r.Bottles), watersort.MaxBottles)
	}
	bottles := make([][]token, len(r.Bottles))
	for i, b := range r.Bottles {
		if len(b) > watersort.MaxCapacity {
			return nil, bad("bottles", "bottle %d holds %d units; the largest capacity supported is %d", i+1, len(b), watersort.MaxCapacity)
		}
		for k, c := range b {
			col := cols.colour(i, k)
			if c == "" {
				return nil, inputerr.List{inputerr.New(name, lineNo, col, "bottle %d holds an empty colour name", i+1)}
			}
			if msg := textsafe.CheckName("colour name", c); msg != "" {
				return nil, inputerr.List{inputerr.New(name, lineNo, col, "bottle %d: %s", i+1, msg)}
			}
			bottles[i] = append(bottles[i], token{Text: c, Line: lineNo, Col: col})
		}
	}
	return buildPuzzle(name, r.Capacity, bottles)
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

// jsonColumns locates the values of one JSON line: the 1-based column of
// each top-level field's value and of each colour of "bottles". The zero
// value places everything at column 1.
type jsonColumns struct {
	fields  map[string]int // by field name in lower case, as encoding/json matches them
	colours [][]int
}

// of returns the column of a field's value, or 1 when the line has none.
func (c jsonColumns) of(field string) int {
	if col, ok := c.fields[field]; ok {
		return col
	}
	return 1
}

// colour returns the column of colour k of bottle i.
func (c jsonColumns) colour(i, k int) int {
	if i < len(c.colours) && k < len(c.colours[i]) {
		return c.colours[i][k]
	}
	return c.of("bottles")
}

// valueColumns scans a line that json.Unmarshal accepted for the columns
// of its values.
func valueColumns(line []byte) jsonColumns {
	c := jsonColumns{fields: map[string]int{}}
	depth := 0
	key := ""
	inBottles, expectValue := false, false
	for i := 0; i < len(line); i++ {
		b := line[i]
		if b == ' ' || b == '\t' || b == '\r' || b == '\n' {
			continue
		}
		isValue := expectValue
		if expectValue {
			c.fields[key] = i + 1
			inBottles, expectValue = key == "bottles", false
		}
		switch b {
		case '"':
			start := i
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					i++
				}
			}
			switch {
			case depth == 1 && !isValue:
				key = strings.ToLower(string(line[start+1 : min(i, len(line))]))
			case inBottles && depth == 3:
				c.colours[len(c.colours)-1] = append(c.colours[len(c.colours)-1], start+1)
			}
		case ':':
			expectValue = depth == 1
		case '[', '{':
			depth++
			if inBottles && depth == 3 {
				c.colours = append(c.colours, nil)
			}
		case ']', '}':
			depth--
			if depth <= 1 {
				inBottles = false
			}
		}
	}
	return c
}
