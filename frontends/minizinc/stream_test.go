package minizinc

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// streamResult reads out as a finished run's output, and returns the
// Result and the error parseStream gave.
func streamResult(t *testing.T, out string, truncated bool) (*Result, error) {
	t.Helper()
	_, err := parseStream([]byte(out), truncated)
	return readRun([]byte(out), truncated, false), err
}

func TestParseStream(t *testing.T) {
	sol := func(json string) string {
		return `{"type": "solution", "output": {"json": ` + json + `}, "sections": ["json"], "time": 12}` + "\n"
	}
	for _, tc := range []struct {
		name, out string
		status    Status
		solutions int
		errors    int
	}{
		{"nothing", "", Unknown, 0, 0},
		{"blank lines", "\n\n  \n", Unknown, 0, 0},
		{"one solution, no status", sol(`{"x": 1}`), Satisfied, 1, 0},
		{"optimal", sol(`{"x": 1, "_objective": 1}`) + sol(`{"x": 2, "_objective": 2}`) +
			`{"type": "status", "status": "OPTIMAL_SOLUTION", "time": 20}`, Optimal, 2, 0},
		{"all solutions", sol(`{"x": 1}`) + sol(`{"x": 2}`) + `{"type": "status", "status": "ALL_SOLUTIONS"}`, AllSolutions, 2, 0},
		{"unsatisfiable", `{"type": "status", "status": "UNSATISFIABLE"}`, Unsatisfiable, 0, 0},
		{"unknown said", `{"type": "status", "status": "UNKNOWN"}`, Unknown, 0, 0},
		{"unbounded", `{"type": "status", "status": "UNBOUNDED"}`, Unbounded, 0, 0},
		{"unsat or unbounded", `{"type": "status", "status": "UNSAT_OR_UNBOUNDED"}`, UnsatOrUnbounded, 0, 0},
		{"error said", `{"type": "status", "status": "ERROR"}`, Error, 0, 0},
		{"error message", `{"type": "error", "what": "type error", "message": "undefined identifier"}`, Error, 0, 1},
		{"error after a solution", sol(`{"x": 1}`) + `{"type": "error", "message": "solver crashed"}`, Error, 1, 1},
		{"warnings and comments are no errors", `{"type": "warning", "message": "w"}` + "\n" +
			`{"type": "comment", "comment": "% hi"}` + "\n" + sol(`{"x": 1}`), Satisfied, 1, 0},
		{"unknown message type", `{"type": "novelty", "x": 1}` + "\n" + sol(`{"x": 1}`), Satisfied, 1, 0},
		{"not JSON", "x = 1;\n----------\n", Error, 0, 1},
		{"JSON without a type", `{"status": "UNSATISFIABLE"}`, Error, 0, 1},
		{"two statuses that disagree", `{"type": "status", "status": "UNSATISFIABLE"}` + "\n" +
			`{"type": "status", "status": "OPTIMAL_SOLUTION"}`, Error, 0, 1},
		{"the same status twice", `{"type": "status", "status": "UNSATISFIABLE"}` + "\n" +
			`{"type": "status", "status": "UNSATISFIABLE"}`, Unsatisfiable, 0, 0},
		{"unknown status", `{"type": "status", "status": "MAYBE"}`, Error, 0, 1},
		{"solution without json section", `{"type": "solution", "output": {"dzn": "x = 1;\n"}}`, Error, 0, 1},
		{"solution with a float", sol(`{"x": 1.5}`), Error, 0, 1},
		{"solution with a float objective", sol(`{"x": 1, "_objective": 1.5}`), Error, 0, 1},
		{"variable printed twice", sol(`{"x": 1, "x": 2}`), Error, 0, 1},
		{"json section not an object", sol(`[1, 2]`), Error, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := streamResult(t, tc.out, false)
			assert.Equal(t, tc.status, r.Status)
			assert.Len(t, r.Solutions, tc.solutions)
			assert.Len(t, r.Errors, tc.errors, "%q", r.Errors)
			if tc.status == Error {
				assert.Error(t, r.Err())
			} else {
				assert.NoError(t, r.Err())
			}
		})
	}
}

// TestParseStreamSolution reads the variables of a solution in order, with
// their values and the objective, and drops minizinc's own underscored
// names.
func TestParseStreamSolution(t *testing.T) {
	out := `{"type": "solution", "output": {"default": "x is 3\n", "json": {"x": -3, "grid": [[true, false]], ` +
		`"_objective": -17, "_output": "x is 3", "c": {"e": "Red"}}}, "sections": ["default", "json"], "time": 250}`
	r, err := streamResult(t, out, false)
	require.NoError(t, err)
	require.Len(t, r.Solutions, 1)
	s := r.Best()
	assert.Equal(t, []string{"x", "grid", "c"}, s.Names)
	assert.Equal(t, "-3", s.Values["x"].String())
	assert.Equal(t, "[[true, false]]", s.Values["grid"].String())
	assert.Equal(t, "Red", s.Values["c"].String())
	require.NotNil(t, s.Objective)
	assert.Equal(t, int64(-17), *s.Objective)
	assert.Equal(t, "x is 3\n", s.Output)
	assert.Equal(t, 250*time.Millisecond, s.Time)
}

// TestParseStreamMessages words errors and warnings with their place, and
// keeps the statistics, the later of a name winning, and the method.
func TestParseStreamMessages(t *testing.T) {
	out := `{"type": "warning", "message": "careful\n  here"}
{"type": "statistics", "statistics": {"method": "minimize", "flatTime": 0.5, "nodes": 3}}
{"type": "error", "what": "type error", "location": {"filename": "m.mzn", "firstLine": 2, "firstColumn": 16}, "message": "undefined identifier ` + "`y'" + `"}
{"type": "statistics", "statistics": {"nodes": 7}}`
	r, err := streamResult(t, out, false)
	require.NoError(t, err)
	assert.Equal(t, []string{"careful here"}, r.Warnings)
	assert.Equal(t, []string{"m.mzn:2:16: type error: undefined identifier `y'"}, r.Errors)
	assert.Equal(t, Minimize, r.Method)
	assert.Equal(t, "7", r.Statistics["nodes"])
	assert.Equal(t, "0.5", r.Statistics["flatTime"])
	assert.Equal(t, "minizinc: m.mzn:2:16: type error: undefined identifier `y'", r.Err().Error())
}

// TestParseStreamNamesTheLine: output it cannot read is an error that names
// the line and shows it.
func TestParseStreamNamesTheLine(t *testing.T) {
	_, err := parseStream([]byte("\n{\"type\": \"status\", \"status\": \"UNKNOWN\"}\n=====UNSATISFIABLE=====\n"), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "output line 3")
	assert.Contains(t, err.Error(), "=====UNSATISFIABLE=====")
}

// TestParseStreamTruncated: a run that was killed may end in half a line,
// which is dropped; the same half line from a run that ended by itself is
// an error.
func TestParseStreamTruncated(t *testing.T) {
	out := `{"type": "solution", "output": {"json": {"x": 1}}}` + "\n" + `{"type": "solution", "output": {"json": {"x": `
	r, err := streamResult(t, out, true)
	require.NoError(t, err)
	assert.Equal(t, Satisfied, r.Status)
	assert.Len(t, r.Solutions, 1)
	r, err = streamResult(t, out, false)
	assert.Error(t, err)
	assert.Equal(t, Error, r.Status)
}

// TestParseStreamFixtures reads outputs of real minizinc runs (testdata/
// stream, made by gecode): every solution line becomes a Solution whose
// values are what the line holds, and the status is the one printed.
func TestParseStreamFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "stream", "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			r, err := streamResult(t, string(data), false)
			require.NoError(t, err)
			assert.Len(t, r.Solutions, bytes.Count(data, []byte(`"type": "solution"`)))
			switch {
			case bytes.Contains(data, []byte(`"type": "error"`)):
				assert.Equal(t, Error, r.Status)
			case bytes.Contains(data, []byte(`"status": "`)):
				_, after, _ := strings.Cut(string(data), `"status": "`)
				name, _, _ := strings.Cut(after, `"`)
				assert.Equal(t, name, r.Status.String())
			default:
				assert.Equal(t, Satisfied, r.Status)
			}
			checkRoundTrip(t, r)
		})
	}
}

// checkRoundTrip: the data file Confirm writes for each solution reads back
// as the same values.
func checkRoundTrip(t interface {
	Helper()
	Fatalf(string, ...any)
}, r *Result) {
	t.Helper()
	for i := range r.Solutions {
		s := &r.Solutions[i]
		data, err := s.dataJSON(nil)
		if err != nil {
			t.Fatalf("solution %d: %v", i+1, err)
		}
		names, raws, err := objectFields(data)
		if err != nil {
			t.Fatalf("solution %d: %s: %v", i+1, data, err)
		}
		if strings.Join(names, ",") != strings.Join(s.Names, ",") {
			t.Fatalf("solution %d: data names %v, want %v", i+1, names, s.Names)
		}
		for k, name := range names {
			v, err := ParseValue(raws[k])
			if err != nil || !v.Equal(s.Values[name]) {
				t.Fatalf("solution %d: %s reads back as %s (%v), want %s", i+1, name, v, err, s.Values[name])
			}
		}
	}
}

// TestSolutionSet: a value set by hand replaces what minizinc printed in
// the data Confirm writes.
func TestSolutionSet(t *testing.T) {
	r, err := streamResult(t, `{"type": "solution", "output": {"json": {"x": 1, "y": [2, 3]}}}`, false)
	require.NoError(t, err)
	s := r.Best()
	s.Set("y", Array(Int(5), Int(-6)))
	s.Set("z", Bool(true))
	data, err := s.dataJSON(nil)
	require.NoError(t, err)
	assert.JSONEq(t, `{"x": 1, "y": [5, -6], "z": true}`, string(data))
	var empty Solution
	empty.Set("a", Int(1))
	assert.Equal(t, []string{"a"}, empty.Names)
}

func TestStatusText(t *testing.T) {
	for s := Unknown; s <= Error; s++ {
		text, err := s.MarshalText()
		require.NoError(t, err)
		var back Status
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, s, back)
	}
	assert.Equal(t, "Status(99)", Status(99).String())
	assert.True(t, Optimal.HasSolution())
	assert.False(t, Unsatisfiable.HasSolution())
	assert.False(t, Error.HasSolution())
}
