package jugsfmt

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

// testdataDir holds the jug puzzles written for this project.
const testdataDir = "../../testdata/jugs"

// TestUnknownField: a member that is not a field is refused by name, at
// its key, with the field it may stand for.
func TestUnknownField(t *testing.T) {
	_, err := Parse("in.jsonl", []byte(`{"id": "a", "capacities": [3, 5], "trget": 4, "extra": 1}`))
	require.Error(t, err)
	assert.Equal(t, `in.jsonl:1:35: unknown field "trget"; did you mean "target"?`, err.Error())
}

func TestParseFields(t *testing.T) {
	data := "\xef\xbb\xbf" + `{"id": "a", "capacities": [3, 5], "target": 4, "goal_desc": "the corpus's words", "note": "kept"}` + "\r\n" +
		"\n" +
		`   {"capacities": [8, 5, 3], "initial": [8, 0, 0], "tap": false, "goal": "state", "goal_state": [4, null, 0], "target": null, "optimal_steps": 6, "solvable": true}` + "\n" +
		`{"id": null, "capacities": [2, 7], "initial": null, "goal": "total", "target": 9, "optimal_steps": null, "solvable": false}`
	entries, err := Parse("in.jsonl", []byte(data))
	require.NoError(t, err)
	require.Len(t, entries, 3)

	a := entries[0]
	assert.Equal(t, "a", a.ID)
	assert.Equal(t, 1, a.Line)
	assert.Equal(t, &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalAny, Target: 4}, a.Puzzle,
		"absent initial means empty jugs, absent tap means a tap, absent goal means any")
	assert.Nil(t, a.OptimalSteps)
	assert.Nil(t, a.Solvable)

	b := entries[1]
	assert.Equal(t, "in.jsonl:3", b.ID, "a line without an id is named file:line")
	assert.Equal(t, &jugs.Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, jugs.DontCare, 0}}, b.Puzzle)
	require.NotNil(t, b.OptimalSteps)
	assert.Equal(t, 6, *b.OptimalSteps)
	require.NotNil(t, b.Solvable)
	assert.True(t, *b.Solvable)

	c := entries[2]
	assert.Equal(t, "in.jsonl:4", c.ID)
	assert.Equal(t, []int{0, 0}, c.Puzzle.Initial)
	assert.Equal(t, jugs.GoalTotal, c.Puzzle.Goal)
	assert.Nil(t, c.OptimalSteps)
	require.NotNil(t, c.Solvable)
	assert.False(t, *c.Solvable)
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"syntax", `{"capacities": [3, 5] "target": 4}`, `f:1:23: invalid JSON: unexpected '"' after a member, where ',' or '}' should be`},
		{"bad literal", `{"capacities": [3, 5], "tap": tru}`, "f:1:34: invalid JSON: unexpected '}' in a bare word: JSON knows only true, false and null"},
		{"cut short", `{"capacities": [3, 5],`, "f:1:23: the JSON object ends early; a puzzle must fit on one line"},
		{"not an object", `[3, 5]`, "f:1:1: not a jug puzzle file"},
		{"object after list", "{\"capacities\": [1], \"target\": 1}\n  \"x\"", "f:2:3: want a JSON object, found a string"},
		{"trailing text", `{"capacities": [3, 5], "target": 4} {}`, "f:1:37: unexpected text after the JSON object"},
		{"duplicate field", `{"capacities": [3, 5], "target": 4, "target": 3}`, `f:1:37: field "target" appears twice`},
		{"missing capacities", `{"target": 4}`, `f:1:1: missing field "capacities"`},
		{"capacities of strings", `{"capacities": [3, "5"], "target": 4}`, "f:1:16: capacities: want a list of whole numbers"},
		{"fractional capacity", `{"capacities": [3, 5.5], "target": 4}`, "f:1:16: capacities: want a list of whole numbers"},
		{"capacity too large for int", `{"capacities": [3, 1e99], "target": 4}`, "f:1:16: capacities: want a list of whole numbers"},
		{"negative capacity", `{"capacities": [3, -5], "target": 4}`, "f:1:16: invalid puzzle: jug 2 has capacity -5"},
		{"capacity above the limit", `{"capacities": [3, 1000000000001], "target": 4}`, "f:1:16: invalid puzzle: jug 2 has capacity 1000000000001; at most"},
		{"no jugs", `{"capacities": [], "target": 4}`, "f:1:16: invalid puzzle: no jugs"},
		{"initial above capacity", `{"capacities": [3, 5], "initial": [4, 0], "target": 4}`, "f:1:35: invalid puzzle: jug 1 starts with 4, outside 0..3"},
		{"initial length", `{"capacities": [3, 5], "initial": [0], "target": 4}`, "f:1:35: invalid puzzle: 1 initial amounts for 2 jugs"},
		{"tap not a boolean", `{"capacities": [3, 5], "tap": "yes", "target": 4}`, "f:1:31: tap: want true or false"},
		{"unknown goal", `{"capacities": [3, 5], "goal": "most", "target": 4}`, `f:1:32: unknown goal "most"`},
		{"goal any without target", `{"capacities": [3, 5], "goal": "any"}`, `f:1:32: goal "any" needs a target`},
		{"null target", `{"capacities": [3, 5], "target": null}`, `f:1:34: goal "any" needs a target`},
		{"negative target", `{"capacities": [3, 5], "target": -4}`, "f:1:34: invalid puzzle: negative target -4"},
		{"state without goal_state", `{"capacities": [3, 5], "goal": "state"}`, `f:1:32: goal "state" needs a goal_state`},
		{"goal_state length", `{"capacities": [3, 5], "goal": "state", "goal_state": [1]}`, "f:1:55: invalid puzzle: goal state has 1 entries for 2 jugs"},
		{"goal_state negative", `{"capacities": [3, 5], "goal": "state", "goal_state": [-1, 2]}`, "f:1:55: goal_state: entry 1 is negative"},
		{"goal_state above capacity", `{"capacities": [3, 5], "goal": "state", "goal_state": [1, 6]}`, "f:1:55: invalid puzzle: goal state wants 6 in jug 2"},
		{"goal_state of strings", `{"capacities": [3, 5], "goal": "state", "goal_state": ["-", 2]}`, "f:1:55: goal_state: want a list of whole numbers and nulls"},
		{"id not a string", `{"id": 7, "capacities": [3, 5], "target": 4}`, "f:1:8: id: want a string"},
		{"optimal_steps not a number", `{"capacities": [3, 5], "target": 4, "optimal_steps": "six"}`, "f:1:54: optimal_steps: want a whole number or null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, err := Parse("f", []byte(tt.line))
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error()[:min(len(err.Error()), len(tt.want))])
			var list inputerr.List
			require.True(t, errors.As(err, &list), "errors come as an inputerr.List")
			if strings.Contains(tt.line, "\n") {
				assert.Len(t, entries, 1, "the good line is still read")
			}
		})
	}
}

func TestParseKeepsGoodLines(t *testing.T) {
	data := `{"id": "good1", "capacities": [3, 5], "target": 4}
{"id": "bad", "capacities": [3, 5], "target": -1}
{"id": "good2", "capacities": [3, 5], "target": 1}
{"id": "bad2"`
	entries, err := Parse("f", []byte(data))
	require.Len(t, entries, 2)
	assert.Equal(t, "good1", entries[0].ID)
	assert.Equal(t, "good2", entries[1].ID)
	assert.Equal(t, 3, entries[1].Line)
	var list inputerr.List
	require.ErrorAs(t, err, &list)
	require.Len(t, list, 2)
	assert.Equal(t, 2, list[0].Line)
	assert.Equal(t, 4, list[1].Line)
}

func TestParseEmpty(t *testing.T) {
	for _, data := range []string{"", "\n\n  \n", "\xef\xbb\xbf\r\n"} {
		entries, err := Parse("f", []byte(data))
		assert.EqualError(t, err, "f:1:1: empty input: want jug puzzles as JSON Lines, one JSON object per line")
		assert.Empty(t, entries)
	}
}

// TestParseHostile checks the reader's limits and hygiene: text only, ids
// unique and safe to print, no NUL, bounded arrays, old Mac line ends read
// as line ends.
func TestParseHostile(t *testing.T) {
	tests := []struct {
		name, data string
		ids        []string
		problems   []string
	}{
		{"duplicate id", `{"id":"a","capacities":[3,5],"target":4}` + "\n" + `{"id":"a","capacities":[3,5],"target":1}`, []string{"a"},
			[]string{`f:2:7: duplicate id "a": line 1 has it too (ids are unique within a file)`}},
		{"escape in id", `{"id":"\u001b[2J","capacities":[3,5],"target":4}`, nil,
			[]string{`f:1:7: id "\x1b[2J" holds the control character U+001B`}},
		{"NUL in id", `{"id":"a\u0000","capacities":[3,5],"target":4}`, nil,
			[]string{`f:1:9: field "id" holds a NUL character (\u0000)`}},
		{"invalid UTF-8", "{\"id\":\"\xff\",\"capacities\":[3,5],\"target\":4}", nil,
			[]string{"f:1:8: not UTF-8 text: invalid byte 0xFF"}},
		{"raw control character", "{\"id\":\"\x1b\",\"capacities\":[3,5],\"target\":4}", nil,
			[]string{"f:1:8: not a text file: control character U+001B"}},
		{"array over the limit", `{"capacities":[` + strings.Repeat("3,", 1000) + `5],"target":4}`, nil,
			[]string{`f:1:2016: field "capacities" has an array of more than 1000 elements (the limit)`}},
		{"old Mac line ends", `{"id":"a","capacities":[3,5],"target":4}` + "\r" + `{"id":"b","capacities":[3,5],"target":1}` + "\r", []string{"a", "b"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, err := Parse("f", []byte(tt.data))
			var ids []string
			for _, e := range entries {
				ids = append(ids, e.ID)
			}
			assert.Equal(t, tt.ids, ids)
			var problems []string
			for _, e := range inputerr.All(err) {
				problems = append(problems, e.Error())
			}
			assert.Equal(t, tt.problems, problems)
		})
	}
}

// TestRoundTripTestdata parses every file in testdata/jugs, writes the
// entries back and parses them again: nothing may change but line numbers.
func TestRoundTripTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdataDir, "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "testdata/jugs holds the parser's test puzzles")
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		entries, _ := Parse(file, data) // bad.jsonl has bad lines on purpose
		require.NotEmpty(t, entries, file)
		assertRoundTrip(t, entries)
	}
}

// assertRoundTrip writes entries and reads them back, failing t unless the
// same entries come back.
func assertRoundTrip(t testing.TB, entries []Entry) {
	t.Helper()
	if len(entries) == 0 {
		return
	}
	var buf bytes.Buffer
	for _, e := range entries {
		require.NoError(t, Write(&buf, e))
	}
	again, err := Parse("again", buf.Bytes())
	require.NoError(t, err, "reading back:\n%s", buf.String())
	require.Len(t, again, len(entries))
	lines := bytes.Split(buf.Bytes(), []byte("\n"))
	for i := range entries {
		// The position is the written line's, at its capacities.
		got := again[i]
		assert.Equal(t, "again", got.File)
		if assert.Greater(t, got.Col, 0) {
			assert.True(t, bytes.HasPrefix(lines[i][got.Col-1:], []byte("[")), "column %d of %s", got.Col, lines[i])
		}
		want := entries[i]
		want.File, want.Line, want.Col = got.File, i+1, got.Col
		assert.Equal(t, want, got, "line %d of\n%s", i+1, buf.String())
	}
}

// FuzzParse feeds arbitrary bytes to Parse: it must not panic, every error
// must carry a position, every puzzle it returns must be valid, and writing
// the puzzles and reading them back must give the same entries.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testdataDir, "*.jsonl"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		for line := range bytes.Lines(data) {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := Parse("fuzz", data)
		for _, e := range inputerr.All(err) {
			var ie *inputerr.Error
			if !errors.As(e, &ie) || ie.Line < 1 || ie.Col < 0 {
				t.Fatalf("error without a position: %v", e)
			}
		}
		for _, e := range entries {
			if verr := e.Puzzle.Validate(); verr != nil {
				t.Fatalf("line %d gave an invalid puzzle: %v", e.Line, verr)
			}
		}
		assertRoundTrip(t, entries)
	})
}
