// Package jugsfmt reads and writes water jug puzzles and their plans: the
// corpus JSON Lines format (one puzzle per line, see FORMAT.md beside this
// package), puzzles given as command-line values, and plans in words, as
// JSON and in compact form.
package jugsfmt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

// Entry is one puzzle read from a corpus file, with what the file says
// about its answer.
type Entry struct {
	// ID is the line's "id", or file:line when it has none.
	ID string
	// File is the name Parse was given, and Line the 1-based line the
	// puzzle was read from.
	File string
	Line int
	// Col is the 1-based column of the line's "capacities", where a
	// problem with the jugs themselves is reported (Errorf).
	Col    int
	Puzzle *jugs.Puzzle
	// OptimalSteps is the line's "optimal_steps": the length of a
	// fewest-actions plan, or nil when unknown or unsolvable.
	OptimalSteps *int
	// Solvable is the line's "solvable", or nil when not given.
	Solvable *bool
	// Annotations are the line's members that are the user's own (none
	// of Fields, nor a near miss of one), carried into JSON output
	// unchanged.
	Annotations jsonfields.Annotations
}

// Parse reads jug puzzles in the corpus JSON Lines format (FORMAT.md): one
// JSON object per line, blank lines skipped; a member that is a near miss
// of one of Fields is an error, any other an annotation. name labels error
// positions. Fields and their defaults:
//
//	capacities   required, positive integers
//	initial      the start amounts; all jugs empty when absent
//	tap          true when absent, as on the command line
//	goal         "any" (when absent), "total" or "state"
//	target       required by "any" and "total"; may be null with "state"
//	goal_state   required by "state": one integer or null per jug
//
// Parse returns the puzzles of the good lines, and an inputerr.List with one
// positioned error (file:line:col) for every bad line.
func Parse(name string, data []byte) ([]Entry, error) {
	var errs inputerr.List
	data, err := textsafe.Check(name, data, textsafe.MaxJSONLine)
	if err != nil {
		return nil, err
	}
	if first := bytes.TrimLeft(data, " \t\r\n"); len(first) > 0 && first[0] != '{' {
		skipped := data[:len(data)-len(first)]
		line := 1 + bytes.Count(skipped, []byte("\n"))
		col := len(skipped) - bytes.LastIndexByte(skipped, '\n')
		errs.Add(name, line, col, "not a jug puzzle file: want JSON Lines, one JSON object per line (the corpus format)")
		return nil, errs
	}
	var entries []Entry
	ids := make(textblock.IDs)
	for n, line := range textblock.NonBlank(data) {
		e, err := parseLine(line, n, ids)
		if err != nil {
			errs = append(errs, &inputerr.Error{File: name, Line: n, Col: err.col, Msg: err.msg})
			continue
		}
		e.File, e.Line = name, n
		if e.ID == "" {
			e.ID = name + ":" + strconv.Itoa(n)
		}
		entries = append(entries, e)
	}
	if len(entries) == 0 && len(errs) == 0 {
		errs.Add(name, 1, 1, "empty input: want jug puzzles as JSON Lines, one JSON object per line")
	}
	return entries, errs.Err()
}

// Errorf returns a problem with the entry's jugs, at its "capacities" as
// file:line:col; an entry not read from a file (File empty) is named by its
// ID instead.
func (e Entry) Errorf(format string, args ...any) error {
	if e.File == "" {
		return fmt.Errorf("%s: %s", textsafe.Name(e.ID), fmt.Sprintf(format, args...))
	}
	return inputerr.New(e.File, e.Line, e.Col, format, args...)
}

// lineError is a problem at a 1-based byte column of one line.
type lineError struct {
	col int
	msg string
}

func errorAt(col int, format string, args ...any) *lineError {
	return &lineError{col: col, msg: fmt.Sprintf(format, args...)}
}

// field is the raw JSON value of one member of a line's object and the
// column where the value starts.
type field struct {
	raw    json.RawMessage
	col    int
	keyCol int // where the member's key starts
}

// parseLine reads line n, which holds one JSON object. ids holds the line
// of every id stated on the lines before, and gets the line's own.
func parseLine(line []byte, n int, ids textblock.IDs) (Entry, *lineError) {
	if col, msg := textsafe.ScanJSON(line); msg != "" {
		return Entry{}, errorAt(col, "%s", msg)
	}
	fields, lerr := splitObject(line)
	if lerr != nil {
		return Entry{}, lerr
	}
	ann, lerr := annotations(fields)
	if lerr != nil {
		return Entry{}, lerr
	}
	var rec record
	if lerr := rec.decode(fields); lerr != nil {
		return Entry{}, lerr
	}
	if rec.ID != "" {
		if msg := ids.Claim(rec.ID, n); msg != "" {
			return Entry{}, errorAt(fields["id"].col, "%s", msg)
		}
	}
	p, lerr := rec.puzzle(fields)
	if lerr != nil {
		return Entry{}, lerr
	}
	return Entry{ID: rec.ID, Col: fields["capacities"].col, Puzzle: p, OptimalSteps: rec.OptimalSteps, Solvable: rec.Solvable,
		Annotations: ann}, nil
}

// annotations returns the members of a line that are none of Fields, in
// the order of the line, or the first that is a near miss of one of them
// as an error.
func annotations(fields map[string]field) (jsonfields.Annotations, *lineError) {
	var unknown []string
	for key := range fields {
		if !slices.Contains(Fields, key) {
			unknown = append(unknown, key)
		}
	}
	slices.SortFunc(unknown, func(a, b string) int { return fields[a].keyCol - fields[b].keyCol })
	var ann jsonfields.Annotations
	for _, key := range unknown {
		if jsonfields.Misspelt(key, Fields) {
			return nil, errorAt(fields[key].keyCol, "%s", jsonfields.Message(key, Fields))
		}
		ann = append(ann, jsonfields.Member{Key: key, Value: fields[key].raw})
	}
	return ann, nil
}

// splitObject reads the members of the single JSON object on line, keeping
// where each value starts.
func splitObject(line []byte) (map[string]field, *lineError) {
	// Check the syntax first: json.Unmarshal reports the offset of the
	// offending byte consistently, which the streaming decoder does not.
	var whole json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&whole); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errorAt(len(line)+1, "the JSON object ends early; a puzzle must fit on one line")
		}
		col, msg := jsonfields.Problem(line, json.Unmarshal(line, &whole))
		return nil, errorAt(col, "%s", msg)
	}
	if rest := skipSpace(line, int(dec.InputOffset())); rest < len(line) {
		return nil, errorAt(rest+1, "unexpected text after the JSON object; one puzzle per line")
	}
	start := skipSpace(line, 0)
	if whole[0] != '{' {
		return nil, errorAt(start+1, "want a JSON object, found %s", kind(whole))
	}
	// The line holds one valid object: walk its members.
	dec = json.NewDecoder(bytes.NewReader(line))
	dec.Token() // the opening brace
	fields := make(map[string]field)
	for dec.More() {
		keyStart := skipSpace(line, int(dec.InputOffset()))
		if line[keyStart] == ',' {
			keyStart = skipSpace(line, keyStart+1)
		}
		tok, _ := dec.Token()
		key := tok.(string) // inside an object the decoder yields string keys
		if _, dup := fields[key]; dup {
			return nil, errorAt(keyStart+1, "field %q appears twice", key)
		}
		// The value starts after the colon that follows the key.
		at := skipSpace(line, int(dec.InputOffset()))
		if at < len(line) && line[at] == ':' {
			at = skipSpace(line, at+1)
		}
		var raw json.RawMessage
		dec.Decode(&raw)
		fields[key] = field{raw: raw, col: at + 1, keyCol: keyStart + 1}
	}
	return fields, nil
}

func skipSpace(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n') {
		i++
	}
	return i
}

// kind names the kind of a JSON value for messages.
func kind(v json.RawMessage) string {
	switch v[0] {
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 'n':
		return "null"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// Fields are the members a line may hold: the puzzle's and the corpus's
// (FORMAT.md, and goal_desc, which the corpus's pour files hold too). A
// near miss of one is refused by name, so that a misspelt key ("trget") is
// not read as a missing one; any other member is an annotation.
var Fields = []string{"id", "source", "note", "capacities", "initial", "tap", "target", "goal", "goal_state",
	"optimal_steps", "solvable", "goal_desc"}

// record holds the fields of a corpus line that carry meaning here.
type record struct {
	ID           string
	Capacities   []int
	Initial      []int
	Tap          bool
	Target       *int
	Goal         string
	GoalState    []*int
	OptimalSteps *int
	Solvable     *bool
}

// decode fills r from the members of a line, checking each one's type.
func (r *record) decode(fields map[string]field) *lineError {
	r.Tap, r.Goal = true, jugs.GoalAny.String()
	members := []struct {
		key  string
		dst  any
		want string
	}{
		{"id", &r.ID, "a string"},
		{"capacities", &r.Capacities, "a list of whole numbers"},
		{"initial", &r.Initial, "a list of whole numbers"},
		{"tap", &r.Tap, "true or false"},
		{"target", &r.Target, "a whole number"},
		{"goal", &r.Goal, `"any", "total" or "state"`},
		{"goal_state", &r.GoalState, "a list of whole numbers and nulls"},
		{"optimal_steps", &r.OptimalSteps, "a whole number or null"},
		{"solvable", &r.Solvable, "true or false"},
	}
	for _, m := range members {
		f, ok := fields[m.key]
		if !ok || (string(f.raw) == "null" && m.key != "target" && m.key != "optimal_steps" && m.key != "solvable") {
			// Absent, or null where null means "not given": keep the default.
			continue
		}
		if err := json.Unmarshal(f.raw, m.dst); err != nil {
			return errorAt(f.col, "%s: want %s", m.key, m.want)
		}
	}
	return nil
}

// puzzle builds and validates the puzzle r describes; fields locate errors.
func (r *record) puzzle(fields map[string]field) (*jugs.Puzzle, *lineError) {
	col := func(key string) int {
		if f, ok := fields[key]; ok {
			return f.col
		}
		return 1
	}
	if _, ok := fields["capacities"]; !ok {
		return nil, errorAt(1, "missing field \"capacities\"")
	}
	goal, err := jugs.ParseGoal(r.Goal)
	if err != nil {
		return nil, errorAt(col("goal"), "%v", err)
	}
	p := &jugs.Puzzle{Capacities: r.Capacities, Initial: r.Initial, Tap: r.Tap, Goal: goal}
	if p.Initial == nil && len(p.Capacities) <= jugs.MaxJugs {
		p.Initial = make([]int, len(p.Capacities))
	}
	switch {
	case r.Target != nil:
		p.Target = *r.Target
	case goal != jugs.GoalState:
		at := col("goal")
		if _, ok := fields["target"]; ok {
			at = col("target") // "target": null
		}
		return nil, errorAt(at, "goal %q needs a target", goal)
	}
	if goal == jugs.GoalState {
		if _, ok := fields["goal_state"]; !ok {
			return nil, errorAt(col("goal"), "goal \"state\" needs a goal_state")
		}
		p.GoalState = make([]int, len(r.GoalState))
		for i, v := range r.GoalState {
			p.GoalState[i] = jugs.DontCare
			if v != nil {
				if *v < 0 {
					return nil, errorAt(col("goal_state"), "goal_state: entry %d is negative (%d); use null for any amount", i+1, *v)
				}
				p.GoalState[i] = *v
			}
		}
	}
	if err := p.Validate(); err != nil {
		return nil, errorAt(col(blame(p)), "%v", err)
	}
	return p, nil
}

// blame names the field most likely at fault in an invalid puzzle, so the
// error points there: capacities first, then initial, then the goal.
func blame(p *jugs.Puzzle) string {
	probe := *p
	probe.Initial = make([]int, len(p.Capacities))
	probe.Goal, probe.Target = jugs.GoalAny, 0
	if probe.Validate() != nil {
		return "capacities"
	}
	probe.Initial = p.Initial
	if probe.Validate() != nil {
		return "initial"
	}
	if p.Goal == jugs.GoalState {
		return "goal_state"
	}
	return "target"
}

// Write writes e as one line of the corpus format: id, capacities,
// initial, tap, target, goal, then goal_state for a "state" goal and
// optimal_steps and solvable when known, then the entry's annotations as
// they were written. Parse reads it back to the same entry.
func Write(w io.Writer, e Entry) error {
	p := e.Puzzle
	rec := struct {
		ID           string `json:"id"`
		Capacities   []int  `json:"capacities"`
		Initial      []int  `json:"initial"`
		Tap          bool   `json:"tap"`
		Target       int    `json:"target"`
		Goal         string `json:"goal"`
		GoalState    []*int `json:"goal_state,omitempty"`
		OptimalSteps *int   `json:"optimal_steps,omitempty"`
		Solvable     *bool  `json:"solvable,omitempty"`
	}{
		ID: e.ID, Capacities: p.Capacities, Initial: p.Initial, Tap: p.Tap,
		Target: p.Target, Goal: p.Goal.String(),
		OptimalSteps: e.OptimalSteps, Solvable: e.Solvable,
	}
	if p.Goal == jugs.GoalState {
		rec.GoalState = make([]*int, len(p.GoalState))
		for i, v := range p.GoalState {
			if v != jugs.DontCare {
				rec.GoalState[i] = &v
			}
		}
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = w.Write(append(e.Annotations.Merge(line), '\n'))
	return err
}
