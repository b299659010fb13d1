package sortfmt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

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
	var levels []Level
	for i, line := range bytes.Split(data, []byte("\n")) {
		lineNo := i + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		levels = append(levels, parseRecordLine(name, lineNo, line))
	}
	return levels
}

func parseRecordLine(name string, lineNo int, line []byte) Level {
	lv := Level{ID: fmt.Sprintf("%s:%d", name, lineNo), Line: lineNo}
	var rec Record
	if err := json.Unmarshal(line, &rec); err != nil {
		lv.Err = jsonError(name, lineNo, err)
		return lv
	}
	if rec.ID != "" {
		lv.ID = rec.ID
	}
	lv.Record = &rec
	p, err := rec.Puzzle(name, lineNo)
	if err != nil {
		lv.Err = err
		return lv
	}
	lv.Puzzle = p
	return lv
}

// jsonError positions a decoding error within its line.
func jsonError(name string, lineNo int, err error) error {
	return inputerr.JSON(name, lineNo, err)
}

// Puzzle turns the record into a level, numbering colours in order of first
// appearance. Problems are reported at lineNo of the input name.
func (r *Record) Puzzle(name string, lineNo int) (*watersort.Puzzle, error) {
	bad := func(format string, args ...any) error {
		return inputerr.List{inputerr.New(name, lineNo, 0, format, args...)}
	}
	switch {
	case r.Capacity < 1 || r.Capacity > watersort.MaxCapacity:
		return nil, bad("capacity %d is missing or outside 1..%d", r.Capacity, watersort.MaxCapacity)
	case len(r.Bottles) == 0:
		return nil, bad("no bottles")
	}
	bottles := make([][]token, len(r.Bottles))
	for i, b := range r.Bottles {
		for _, c := range b {
			if c == "" {
				return nil, bad("bottle %d holds an empty colour name", i+1)
			}
			bottles[i] = append(bottles[i], token{text: c, line: lineNo})
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
