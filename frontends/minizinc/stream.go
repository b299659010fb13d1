package minizinc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// message is one line of minizinc's --json-stream output. Only the fields
// of the types this package reads are declared.
type message struct {
	Type       string                     `json:"type"`
	Output     map[string]json.RawMessage `json:"output"`
	Status     string                     `json:"status"`
	Time       *int64                     `json:"time"`
	Statistics map[string]json.RawMessage `json:"statistics"`
	What       string                     `json:"what"`
	Message    string                     `json:"message"`
	Location   *location                  `json:"location"`
}

type location struct {
	Filename    string `json:"filename"`
	FirstLine   int    `json:"firstLine"`
	FirstColumn int    `json:"firstColumn"`
}

// maxMessages bounds the warnings and errors a Result keeps.
const maxMessages = 100

// readRun reads the output of a finished run into a Result with its
// status settled (see Result.settle): truncated says minizinc was killed,
// failed that it exited with an error. Output it cannot read is an error
// of the Result.
func readRun(out []byte, truncated, failed bool) *Result {
	r, err := parseStream(out, truncated)
	if err != nil {
		r.Errors = append(r.Errors, "unreadable output: "+err.Error())
	}
	r.settle(failed)
	return r
}

// parseStream reads minizinc's --json-stream output into a Result. The
// status is the one minizinc reported; without one it is left Unknown for
// the caller to settle. When truncated is true (minizinc was killed) an
// incomplete last line is dropped; otherwise, as every line it cannot
// read, it is an error that names the line.
func parseStream(out []byte, truncated bool) (*Result, error) {
	r := &Result{Statistics: map[string]string{}}
	statusSeen := false
	lines := splitLines(out)
	for i, line := range lines {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var m message
		if err := json.Unmarshal(line, &m); err != nil {
			if truncated && i == len(lines)-1 {
				break // cut off mid-line by the kill
			}
			return r, fmt.Errorf("output line %d: not a JSON message (%v): %s", i+1, err, truncate(string(line)))
		}
		if err := r.add(&m, &statusSeen); err != nil {
			return r, fmt.Errorf("output line %d: %w", i+1, err)
		}
	}
	return r, nil
}

// splitLines splits out into lines.
func splitLines(out []byte) [][]byte { return bytes.Split(out, []byte("\n")) }

// add takes one message into r.
func (r *Result) add(m *message, statusSeen *bool) error {
	switch m.Type {
	case "solution":
		sol, err := parseSolution(m)
		if err != nil {
			return fmt.Errorf("solution %d: %w", len(r.Solutions)+1, err)
		}
		r.Solutions = append(r.Solutions, sol)
	case "status":
		var s Status
		if err := s.UnmarshalText([]byte(m.Status)); err != nil {
			return err
		}
		if *statusSeen && s != r.Status {
			return fmt.Errorf("a second status %s after %s", s, r.Status)
		}
		r.Status, *statusSeen = s, true
	case "statistics":
		for k, v := range m.Statistics {
			r.Statistics[k] = statText(v)
		}
		if meth, ok := m.Statistics["method"]; ok {
			r.Method = Method(statText(meth))
		}
	case "error":
		r.Errors = appendBounded(r.Errors, m.describe())
	case "warning":
		r.Warnings = appendBounded(r.Warnings, m.describe())
	case "":
		return errors.New(`a message without a "type"`)
	}
	// Other types (comment, time, trace, checker, profiling, paths) carry
	// nothing a Result holds.
	return nil
}

// describe words an error or warning as one line: place, kind, text.
func (m *message) describe() string {
	var b strings.Builder
	if l := m.Location; l != nil && l.Filename != "" {
		fmt.Fprintf(&b, "%s:%d:%d: ", l.Filename, l.FirstLine, l.FirstColumn)
	}
	if m.What != "" && m.What != "error" {
		b.WriteString(m.What + ": ")
	}
	b.WriteString(strings.Join(strings.Fields(m.Message), " "))
	return b.String()
}

func appendBounded(list []string, s string) []string {
	if len(list) >= maxMessages {
		return list
	}
	return append(list, s)
}

// statText is a statistic's value as text: a number as written, a string
// without its quotes.
func statText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(v)
}

// parseSolution reads the json section of a solution message: the output
// variables, in order, and _objective. Other names that begin with an
// underscore (_output, _checker) are minizinc's own and are dropped.
func parseSolution(m *message) (Solution, error) {
	sol := Solution{Values: map[string]Value{}, raw: map[string]json.RawMessage{}}
	if m.Time != nil {
		sol.Time = time.Duration(*m.Time) * time.Millisecond
	}
	if d, ok := m.Output["default"]; ok {
		_ = json.Unmarshal(d, &sol.Output) // a string, or left empty
	}
	js, ok := m.Output["json"]
	if !ok {
		return sol, errors.New("no json section (run minizinc with --output-mode json)")
	}
	names, raws, err := objectFields(js)
	if err != nil {
		return sol, err
	}
	for i, name := range names {
		if strings.HasPrefix(name, "_") && name != "_objective" {
			continue
		}
		v, err := ParseValue(raws[i])
		if err != nil {
			return sol, fmt.Errorf("%s: %w", name, err)
		}
		switch {
		case name == "_objective":
			if v.Kind != KindInt {
				return sol, fmt.Errorf("_objective: want an integer, got %s", truncate(string(raws[i])))
			}
			sol.Objective = &v.Int
		default:
			if _, dup := sol.Values[name]; dup {
				return sol, fmt.Errorf("variable %s printed twice", name)
			}
			sol.Names = append(sol.Names, name)
			sol.Values[name] = v
			sol.raw[name] = raws[i]
		}
	}
	return sol, nil
}

// objectFields returns the names and raw values of a JSON object's fields
// in the order they appear.
func objectFields(data []byte) ([]string, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, errors.New("json section: want an object of variables")
	}
	var names []string
	var raws []json.RawMessage
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, fmt.Errorf("json section: %w", err)
		}
		name, _ := t.(string) // object keys are strings
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, nil, fmt.Errorf("json section: %s: %w", name, err)
		}
		names, raws = append(names, name), append(raws, raw)
	}
	return names, raws, nil
}

// lastLine returns the last non-blank line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
