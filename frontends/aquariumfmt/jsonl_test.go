package aquariumfmt

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func TestParseJSONL(t *testing.T) {
	input := `{"id":"p1","source":"here","width":2,"height":1,"regions":[[0,1]],"cols":[1,null],"rows":[1],"solution":["#."],"difficulty":null,"unique":true,"unique_pool_rule":false,"also_in":["there"],"status":"solved","ms":0.5}` + "\r\n" +
		"\n   \n" +
		`  {"width":1,"height":2,"regions":[[1],[1]],"cols":[null],"rows":[null,0],"solution":null}` + "\n"
	docs, err := ParseJSONL("c.jsonl", []byte(input))
	require.NoError(t, err)
	require.Len(t, docs, 2)

	d := docs[0]
	assert.Equal(t, "p1", d.ID)
	assert.True(t, d.HasID)
	assert.False(t, d.HasRule)
	assert.Equal(t, 1, d.Line)
	assert.Equal(t, &aquarium.Puzzle{Width: 2, Height: 1, Regions: []int{0, 1}, Cols: []int{1, aquarium.NoClue}, Rows: []int{1}}, d.Puzzle)
	assert.Equal(t, "#.", d.Solution.String())
	yes, no := true, false
	assert.Equal(t, &CorpusInfo{Source: "here", Unique: &yes, UniquePoolRule: &no, AlsoIn: []string{"there"}}, d.Corpus)

	d = docs[1]
	assert.Equal(t, "c.jsonl:4", d.ID)
	assert.False(t, d.HasID)
	assert.Equal(t, 4, d.Line)
	assert.Equal(t, &aquarium.Puzzle{Width: 1, Height: 2, Regions: []int{1, 1}, Cols: []int{aquarium.NoClue}, Rows: []int{aquarium.NoClue, 0}}, d.Puzzle)
	assert.False(t, d.HasSolution())
	assert.Equal(t, &CorpusInfo{}, d.Corpus)
}

// TestParseJSONLRule checks that a line's "rule", which generate and
// solve write, is the rule the document states: a pool-rule puzzle from
// "generate --rule pool --format json" stays one through convert and
// solve.
func TestParseJSONLRule(t *testing.T) {
	const puzzle = `"width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[1]`
	for _, tt := range []struct {
		line    string
		hasRule bool
		rule    aquarium.Rule
	}{
		{`{` + puzzle + `}`, false, aquarium.RegionRule},
		{`{` + puzzle + `,"rule":null}`, false, aquarium.RegionRule},
		{`{` + puzzle + `,"rule":"region"}`, true, aquarium.RegionRule},
		{`{` + puzzle + `,"rule":"pool"}`, true, aquarium.PoolRule},
	} {
		docs, err := ParseJSONL("r.jsonl", []byte(tt.line))
		require.NoError(t, err, tt.line)
		require.Len(t, docs, 1)
		assert.Equal(t, tt.hasRule, docs[0].HasRule, tt.line)
		assert.Equal(t, tt.rule, docs[0].Rule, tt.line)

		var out strings.Builder
		require.NoError(t, Write(&out, docs[0], JSONLines))
		back, err := ParseJSONL("r.jsonl", []byte(out.String()))
		require.NoError(t, err)
		assert.Equal(t, tt.hasRule, back[0].HasRule, "written back as %s", out.String())
		assert.Equal(t, tt.rule, back[0].Rule, "written back as %s", out.String())
	}
}

// TestParseJSONLErrors checks the position and message of the problem of
// each malformed line: the column of the offending value where the line
// has one.
func TestParseJSONLErrors(t *testing.T) {
	const good = `"width":2,"height":1,"regions":[[0,1]],"cols":[1,1],"rows":[2]`
	tests := []struct {
		name, line, at, msg string
	}{
		{"syntax error", `{"id":"x",}`, "c:1:11", "invalid JSON: unexpected '}' where a field name in double quotes should be"},
		{"cut short", `{"id":"x",` + "  \r", "c:1:11", "invalid JSON: the line ends before its JSON value does (a record must fit on one line)"},
		{"trailing text", `{"id":"x"} y`, "c:1:12", "invalid JSON: unexpected text after the JSON object (one record per line)"},
		{"a comment line", `# puzzles`, "c:1:1", "invalid JSON: unexpected '#' where a value should be"},
		{"not an object", ` [1,2]`, "c:1:2", "want one JSON object per line, found an array"},
		{"id not a string", `{"id":7,` + good + `}`, "c:1:7", "id: want a string, found a number"},
		{"region id not an integer", `{"width":2,"height":1,"regions":[[0, 1.5]],"cols":[1,1],"rows":[2]}`, "c:1:38", "regions: want an integer, found the number 1.5"},
		{"region row not an array", `{"width":2,"height":1,"regions":[{"a":1}],"cols":[1,1],"rows":[2]}`, "c:1:34", "regions: want an array, found an object"},
		{"clue not a number", `{"width":2,"height":1,"regions":[[0,1]],"cols":[1,"2"],"rows":[2]}`, "c:1:51", "cols: want an integer, found a string"},
		{"flag not a boolean", `{` + good + `,"unique":"yes"}`, "c:1:74", "unique: want true or false, found a string"},
		{"missing width", `{"height":1,"regions":[[0,1]],"cols":[1,1],"rows":[2]}`, "c:1:1", "missing width"},
		{"zero height", `{"width":2,"height":0,"regions":[],"cols":[1,1],"rows":[]}`, "c:1:21", "height is 0, want at least 1"},
		{"missing regions", `{"width":2,"height":1,"cols":[1,1],"rows":[2]}`, "c:1:1", "missing regions"},
		{"regions of the wrong height", `{"width":2,"height":2,"regions":[[0,1]],"cols":[1,1],"rows":[2,0]}`, "c:1:33", "regions has 1 row, want 2 (the height)"},
		{"ragged regions", `{"width":2,"height":2,"regions":[[0,1],[0,1,1]],"cols":[1,1],"rows":[2,0]}`, "c:1:40", "regions[1] has 3 cells, want 2 (the width)"},
		{"negative region id", `{"width":2,"height":1,"regions":[[0, -1]],"cols":[1,1],"rows":[2]}`, "c:1:38", "aquarium id -1 is outside 0..1"},
		{"region id beyond the cells", `{"width":2,"height":1,"regions":[[0,99]],"cols":[1,1],"rows":[2]}`, "c:1:37", "aquarium id 99 is outside 0..1"},
		{"missing cols", `{"width":2,"height":1,"regions":[[0,1]],"rows":[2]}`, "c:1:1", "missing cols"},
		{"null cols", `{"width":2,"height":1,"regions":[[0,1]],"cols":null,"rows":[2]}`, "c:1:48", "missing cols"},
		{"too few rows clues", `{"width":2,"height":1,"regions":[[0,1]],"cols":[1,1],"rows":[]}`, "c:1:61", "rows has 0 clues, want 1 (the height)"},
		{"clue larger than its line", `{"width":2,"height":1,"regions":[[0,1]],"cols":[1,2],"rows":[2]}`, "c:1:51", "cols[1] is 2, outside 0..1 (the height)"},
		{"negative clue", `{"width":2,"height":1,"regions":[[0,1]],"cols":[1,1],"rows":[-1]}`, "c:1:62", "rows[0] is -1, outside 0..2 (the width)"},
		{"solution of the wrong height", `{` + good + `,"solution":["#.","#."]}`, "c:1:76", "solution has 2 rows, want 1 (the height)"},
		{"solution row of the wrong width", `{` + good + `,"solution":["#.#"]}`, "c:1:77", "solution[0] has 3 cells, want 2 (the width)"},
		{"bad solution cell", `{` + good + `,"solution":["#x"]}`, "c:1:79", "solution[0]: want # (water), . (empty) or ? (unknown), found 'x'"},
		{"bad escaped solution cell", `{` + good + `,"solution":["\u0078#"]}`, "c:1:77", "found 'x'"},
		{"unknown rule", `{` + good + `,"rule":"lava"}`, "c:1:72", `rule is "lava", want region or pool`},
		{"rule not a string", `{` + good + `,"rule":1}`, "c:1:72", "rule: want a string"},
		{"huge rule", `{` + good + `,"rule":"` + strings.Repeat("x", 1<<20) + `"}`, "c:1:72", "rule is a string of 1048576 bytes, want region or pool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := ParseJSONL("c", []byte(tt.line))
			assert.Empty(t, docs)
			problems := errorStrings(err)
			require.NotEmpty(t, problems)
			assert.True(t, strings.HasPrefix(problems[0], tt.at+": "), "want %s, got %q", tt.at, problems)
			assert.Contains(t, problems[0], tt.msg)
		})
	}
}

func TestParseJSONLKeepsGoodLines(t *testing.T) {
	good := func(id string) string {
		return `{"id":"` + id + `","width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[1]}`
	}
	input := good("ok") + "\n" + `{"id":"bad","width":1}` + "\n" + good("ok2") + "\n" + "{\n"
	docs, err := ParseJSONL("c", []byte(input))
	require.Len(t, docs, 2)
	assert.Equal(t, []int{1, 3}, []int{docs[0].Line, docs[1].Line})
	assert.Equal(t, []string{
		"c:2:1: missing height",
		"c:4:2: invalid JSON: the line ends before its JSON value does (a record must fit on one line)",
	}, errorStrings(err))
}

// TestParseJSONLHostile checks the limits and hygiene of the JSON Lines
// reader: ids unique within a file and safe to print, no NUL anywhere,
// grids and arrays of bounded size, each problem at its line and column.
func TestParseJSONLHostile(t *testing.T) {
	line := func(id string, w, h int) string {
		return fmt.Sprintf(`{"id":%q,"width":%d,"height":%d,"regions":[[0]],"cols":[1],"rows":[1]}`, id, w, h)
	}
	long := "[" + strings.Repeat("[0],", 5000) + "[0]]"
	tests := []struct {
		name, input string
		docs        int
		problems    []string
	}{
		{"duplicate id", line("same", 1, 1) + "\n" + line("other", 1, 1) + "\n" + line("same", 1, 1) + "\n", 2,
			[]string{`c:3:7: duplicate id "same": line 1 has it too (ids are unique within a file)`}},
		{"escape in id", `{"id":"\u001b[2J","width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[1]}`, 0,
			[]string{`c:1:7: id "\x1b[2J" holds the control character U+001B`}},
		{"NUL in a note", `{"note":"a\u0000","width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[1]}`, 0,
			[]string{`c:1:11: field "note" holds a NUL character (\u0000)`}},
		{"width over the limit", line("w", 1001, 1), 0,
			[]string{"c:1:19: width is 1001: grids are at most 1000x1000"}},
		{"regions over the array limit", `{"width":1,"height":1,"regions":` + long + `}`, 0,
			[]string{`c:1:4034: field "regions" has an array of more than 1000 elements (the limit)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := ParseJSONL("c", []byte(tt.input))
			assert.Len(t, docs, tt.docs)
			assert.Equal(t, tt.problems, errorStrings(err))
		})
	}
}

func TestParseJSONLEmpty(t *testing.T) {
	for _, input := range []string{"", "\n \r\n\t\n"} {
		docs, err := ParseJSONL("c", []byte(input))
		assert.Empty(t, docs)
		assert.EqualError(t, err, "c:1:1: empty input")
	}
	_, err := ParseJSONL("c", []byte("{\"id\":\"\x00\"}"))
	assert.EqualError(t, err, "c:1:8: not a text file: NUL byte")
}

// TestRecordRoundTrip encodes documents with RecordOf and reads them back.
func TestRecordRoundTrip(t *testing.T) {
	for _, name := range testdataFiles(t, "*.jsonl") {
		docs, err := ParseJSONL(name, readFile(t, name))
		require.NoError(t, err)
		for _, d := range docs {
			line, err := json.Marshal(RecordOf(d))
			require.NoError(t, err)
			back, err := ParseJSONL(name, line)
			require.NoError(t, err, "%s", line)
			require.Len(t, back, 1)
			want := d
			want.HasID = true // RecordOf always writes the id
			assert.Empty(t, docDiff(want, back[0]))
			assert.Equal(t, d.Puzzle.Regions, back[0].Puzzle.Regions)
			assert.Equal(t, d.Corpus, back[0].Corpus)
		}
	}
}

// TestRecordShape pins the field names of the corpus format, which other
// programs read.
func TestRecordShape(t *testing.T) {
	yes := true
	d := Document{
		ID:       "x",
		Puzzle:   &aquarium.Puzzle{Width: 2, Height: 1, Regions: []int{0, 0}, Cols: []int{aquarium.NoClue, 1}, Rows: []int{1}},
		Solution: aquarium.Solution{Width: 2, Height: 1, Cells: []aquarium.Cell{aquarium.Empty, aquarium.Water}},
		Corpus:   &CorpusInfo{Source: "s", Unique: &yes, SolutionFrom: "computed"},
	}
	line, err := json.Marshal(RecordOf(d))
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":"x","width":2,"height":1,"regions":[[0,0]],"cols":[null,1],"rows":[1],
		"solution":[".#"],"source":"s","unique":true,"solution_from":"computed"}`, string(line))
}
