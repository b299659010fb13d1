// Package torchfmt reads and writes torch-and-bridge puzzles: JSON Lines,
// one puzzle an object (see FORMAT.md), and the comma-separated times of
// the command line.
package torchfmt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/torch"
)

// Fields are the members a line may hold; any other is refused by name,
// so that a misspelt key is not read as a missing one.
var Fields = []string{"id", "times", "capacity", "limit", "optimal"}

// Record is one line of the format.
type Record struct {
	ID string `json:"id,omitempty"`
	// Times holds each person's crossing time in minutes.
	Times []int `json:"times"`
	// Capacity is the most people on the bridge at once; 2 when absent.
	Capacity *int `json:"capacity,omitempty"`
	// Limit is the time everyone must be across within; none when absent.
	Limit *int `json:"limit,omitempty"`
	// Optimal is the least total time, when known; the reader keeps it
	// for tests and compare, and solvers never read it.
	Optimal *int `json:"optimal,omitempty"`
}

// Instance is one puzzle read from an input.
type Instance struct {
	// ID is the line's "id", or the input's name and the line.
	ID   string
	Line int
	// Puzzle is nil when Err is set.
	Puzzle *torch.Puzzle
	Record *Record
	// Annotations are the members of the record that are the user's own,
	// carried into JSON output unchanged.
	Annotations jsonfields.Annotations
	// Err says what is wrong with this line, at its place (an
	// inputerr.List).
	Err error
}

// Parse reads the puzzles of one input named name. A line that cannot be
// read gives an Instance with Err set, so the others can still be used;
// an input without any puzzle gives one such Instance.
func Parse(name string, data []byte) []Instance {
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return []Instance{{ID: name, Err: err}}
	}
	var out []Instance
	ids := make(textblock.IDs)
	for no, line := range textblock.NonBlank(data) {
		out = append(out, parseLine(name, no, line, ids))
	}
	if len(out) == 0 {
		return []Instance{{ID: name, Err: inputerr.List{inputerr.New(name, 1, 1,
			`empty input: want torch puzzles as JSON Lines, one object a line such as {"times": [1, 2, 5, 10]}`)}}}
	}
	return out
}

func parseLine(name string, lineNo int, line []byte, ids textblock.IDs) Instance {
	in := Instance{ID: fmt.Sprintf("%s:%d", name, lineNo), Line: lineNo}
	fail := func(col int, format string, args ...any) Instance {
		in.Err = inputerr.List{inputerr.New(name, lineNo, col, format, args...)}
		return in
	}
	if first := bytes.TrimLeft(line, " \t"); first[0] != '{' {
		return fail(len(line)-len(first)+1, "not a torch puzzle: want one JSON object a line, such as {\"times\": [1, 2, 5, 10]}")
	}
	var rec Record
	ann, err := jsonfields.Decode(name, lineNo, line, Fields, &rec)
	if err != nil {
		in.Err = inputerr.List{err}
		return in
	}
	at := &jsonfields.Line{Text: line}
	if rec.ID != "" {
		if msg := ids.Claim(rec.ID, lineNo); msg != "" {
			return fail(at.Column("id"), "%s", msg)
		}
		in.ID = rec.ID
	}
	in.Record, in.Annotations = &rec, ann
	p, path, msg := rec.puzzle()
	if msg != "" {
		return fail(at.Column(path), "%s", msg)
	}
	in.Puzzle = p
	return in
}

// Puzzle turns the record into a puzzle, or says what is wrong with it.
func (r *Record) Puzzle() (*torch.Puzzle, error) {
	p, _, msg := r.puzzle()
	if msg != "" {
		return nil, fmt.Errorf("%w: %s", torch.ErrInvalidPuzzle, msg)
	}
	return p, nil
}

// puzzle checks the record's values one by one, so that each problem is
// told at its column: it returns the path of the value at fault (see
// jsonfields.Index) with the message.
func (r *Record) puzzle() (*torch.Puzzle, string, string) {
	p := &torch.Puzzle{Times: r.Times, Capacity: torch.DefaultCapacity}
	switch {
	case r.Times == nil:
		return nil, "", `no "times": want the crossing time of each person, such as "times": [1, 2, 5, 10]`
	case len(r.Times) == 0:
		return nil, "times", "nobody to cross: \"times\" is empty"
	case len(r.Times) > torch.MaxPeople:
		return nil, "times", fmt.Sprintf("%d people; at most %d are supported", len(r.Times), torch.MaxPeople)
	}
	for i, t := range r.Times {
		if msg := TimeProblem(i, t); msg != "" {
			return nil, jsonfields.Elem("times", i), msg
		}
	}
	if r.Capacity != nil {
		if *r.Capacity < 1 {
			return nil, "capacity", fmt.Sprintf("capacity %d: at least one person must fit on the bridge", *r.Capacity)
		}
		p.Capacity = *r.Capacity
	}
	if r.Limit != nil {
		if *r.Limit < 1 {
			return nil, "limit", fmt.Sprintf("limit %d: a time limit is at least 1 minute (leave it out for none)", *r.Limit)
		}
		p.Limit = *r.Limit
	}
	if r.Optimal != nil && *r.Optimal < 1 {
		return nil, "optimal", fmt.Sprintf("optimal %d: a total time is at least 1 minute", *r.Optimal)
	}
	if err := p.Validate(); err != nil {
		return nil, "", err.Error()
	}
	return p, "", ""
}

// TimeProblem words what is wrong with time t of person i (from 0), or
// returns "".
func TimeProblem(i, t int) string {
	if t < 1 || t > torch.MaxTime {
		return fmt.Sprintf("person %d takes %d minutes; a crossing time is a whole number of minutes, 1..%d", i+1, t, torch.MaxTime)
	}
	return ""
}

// ParseTimes reads the times of the command line: whole numbers separated
// by commas, such as "1,2,5,10".
func ParseTimes(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("no times: want a time per person, such as 1,2,5,10")
	}
	parts := strings.Split(s, ",")
	times := make([]int, len(parts))
	for i, part := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("time %d is %q, want a whole number of minutes", i+1, strings.TrimSpace(part))
		}
		if msg := TimeProblem(i, v); msg != "" {
			return nil, fmt.Errorf("%s", msg)
		}
		times[i] = v
	}
	return times, nil
}

// FormatTimes writes times as ParseTimes reads them.
func FormatTimes(times []int) string {
	s := make([]string, len(times))
	for i, t := range times {
		s[i] = strconv.Itoa(t)
	}
	return strings.Join(s, ",")
}

// NewRecord returns the record of p under id; the capacity and limit are
// written only when they differ from the defaults.
func NewRecord(id string, p *torch.Puzzle) Record {
	rec := Record{ID: id, Times: p.Times}
	if p.Capacity != torch.DefaultCapacity {
		c := p.Capacity
		rec.Capacity = &c
	}
	if p.Limit > 0 {
		l := p.Limit
		rec.Limit = &l
	}
	return rec
}

// WriteRecord writes rec as one line of JSON.
func WriteRecord(w io.Writer, rec Record) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(rec)
}
