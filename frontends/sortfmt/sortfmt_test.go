package sortfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/watersort"
)

const testdata = "../../testdata/watersort"

func readLevel(t *testing.T, name string) []Level {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, name))
	require.NoError(t, err)
	return Parse(name, data)
}

func TestParseText(t *testing.T) {
	levels := readLevel(t, "three-colours.txt")
	require.Len(t, levels, 1)
	lv := levels[0]
	require.NoError(t, lv.Err)
	assert.Equal(t, "three-colours.txt", lv.ID)
	assert.Nil(t, lv.Record)
	want := &watersort.Puzzle{
		Capacity: 4,
		Bottles:  [][]int{{0, 1, 0, 2}, {1, 2, 1, 0}, {2, 0, 2, 1}, {}, {}},
		Colors:   []string{"red", "blue", "green"},
	}
	assert.Equal(t, want, lv.Puzzle)
}

func TestParseTextCapacity(t *testing.T) {
	tests := []struct {
		file string
		want int
	}{
		{"partial.txt", 3},    // deduced from the colour counts
		{"long-names.txt", 3}, // given, with a trailing comment
		{"solved.txt", 2},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			lv := readLevel(t, tt.file)[0]
			require.NoError(t, lv.Err)
			assert.Equal(t, tt.want, lv.Puzzle.Capacity)
		})
	}
	p, err := ParseText("blank", []byte("# only empty bottles\n-\n-\n"))
	require.NoError(t, err)
	assert.Equal(t, 4, p.Capacity, "no colour at all: the default")
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		file string
		want []string // each error, in order
	}{
		{"malformed/overflow.txt", []string{
			"malformed/overflow.txt:2:5: bottle 1 holds 3 units, more than the capacity 2",
		}},
		{"malformed/count.txt", []string{
			"malformed/count.txt:2:1: colour b has 3 units; every colour needs exactly 4 (the capacity)",
		}},
		{"malformed/dash.txt", []string{
			`malformed/dash.txt:2:3: "-" marks an empty bottle and stands alone on its line`,
		}},
		{"malformed/capacity.txt", []string{
			`malformed/capacity.txt:1:10: capacity "four" is not a number in 1..64`,
		}},
		{"malformed/reserved.txt", []string{
			`malformed/reserved.txt:1:3: "capacity" is reserved for the capacity line and cannot name a colour`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			levels := readLevel(t, tt.file)
			require.Len(t, levels, 1)
			require.Error(t, levels[0].Err)
			var got []string
			for _, e := range inputErrors(levels[0].Err) {
				got = append(got, e.Error())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func inputErrors(err error) []error {
	if l, ok := err.(interface{ Unwrap() []error }); ok {
		return l.Unwrap()
	}
	return []error{err}
}

func TestParseJSONLines(t *testing.T) {
	levels := readLevel(t, "malformed/records.jsonl")
	require.Len(t, levels, 4)
	assert.NoError(t, levels[0].Err)
	assert.Equal(t, "fine", levels[0].ID)
	assert.Equal(t, 1, levels[0].Line)
	want := []string{
		"",
		"malformed/records.jsonl:2:45: colour a has 1 units; every colour needs exactly 2 (the capacity)",
		"malformed/records.jsonl:3:56: invalid JSON: unexpected '[' after an array element, where ',' or ']' should be",
		"malformed/records.jsonl:4:29: capacity: want an integer, found a string",
	}
	for i, lv := range levels[1:] {
		require.Error(t, lv.Err)
		assert.Equal(t, want[i+1], lv.Err.Error())
		assert.Nil(t, lv.Puzzle)
	}
	assert.Equal(t, "short", levels[1].ID, "the id is known once the line is read")
	assert.Equal(t, "malformed/records.jsonl:3", levels[2].ID, "an unreadable line is named by its position")

	gen := readLevel(t, "generated.jsonl")
	require.Len(t, gen, 4)
	for _, lv := range gen {
		require.NoError(t, lv.Err)
		require.NotNil(t, lv.Record)
		assert.Nil(t, lv.Record.BestKnown(watersort.Whole))
	}
}

// TestParseHostile checks the readers' limits and hygiene: text only, no
// NUL or control characters in names, ids unique, sizes bounded before
// allocation, old Mac line ends read as line ends, every problem at a line
// and column.
func TestParseHostile(t *testing.T) {
	rec := func(id, bottles string) string {
		return `{"id":"` + id + `","capacity":1,"bottles":` + bottles + `}`
	}
	tests := []struct {
		name, data string
		want       []string // each level's ID, or its first error
	}{
		{"empty text", "", []string{"f:1:1: empty input: want a Water Sort level, one bottle a line"}},
		{"blank text", "\n \n# comment\n", []string{"f:1:1: empty input: want a Water Sort level, one bottle a line"}},
		{"capacity only", "capacity 4\n", []string{"f:1:1: no bottles after the capacity line"}},
		{"old Mac line ends", "capacity 2\rred blue\rblue red\r-\r", []string{"f"}},
		{"NUL in text", "capacity 1\nre\x00d\n-\n", []string{"f:2:3: not a text file: NUL byte"}},
		{"escape in text", "capacity 1\n\x1b[31mred\n-\n", []string{"f:2:1: not a text file: control character U+001B"}},
		{"invalid UTF-8 in text", "capacity 1\n\xffred\n-\n", []string{"f:2:1: not UTF-8 text: invalid byte 0xFF"}},
		{"too many bottles", strings.Repeat("-\n", 256), []string{"f:256:1: bottle 256: at most 255 bottles are supported"}},
		{"too many units", strings.Repeat("a ", 65), []string{"f:1:129: bottle 1 holds more than 64 units, the largest capacity supported"}},
		{"line over the limit", strings.Repeat("a", 70000), []string{"f:1:65537: line is longer than 65536 bytes (the limit for this format)"}},
		{"duplicate id", rec("a", `[["r"],[]]`) + "\n" + rec("a", `[["r"],[]]`), []string{"a", `f:2:7: duplicate id "a": line 1 has it too (ids are unique within a file)`}},
		{"escape in id", rec(`\u001b[2J`, `[["r"],[]]`), []string{`f:1:7: id "\x1b[2J" holds the control character U+001B`}},
		{"escape in a colour", rec("e", `[["\u001b[31mred"],[]]`), []string{`f:1:36: bottle 1: colour name "\x1b[31mred" holds the control character U+001B`}},
		{"NUL in a colour", rec("n", `[["re\u0000d"],[]]`), []string{`f:1:39: field "bottles" holds a NUL character (\u0000)`}},
		{"invalid UTF-8 in JSON", "{\"id\":\"\xff\",\"capacity\":1,\"bottles\":[[\"r\"]]}", []string{"f:1:8: not UTF-8 text: invalid byte 0xFF"}},
		{"capacity out of range", `{"id":"c","capacity":99,"bottles":[["r"]]}`, []string{"f:1:22: capacity 99 is missing or outside 1..64"}},
		{"bottles over the array limit", rec("b", "["+strings.Repeat("[],", 1000)+"[]]"), []string{`f:1:3035: field "bottles" has an array of more than 1000 elements (the limit)`}},
		{"empty JSON Lines", "{}\n", []string{"f:1:1: capacity 0 is missing or outside 1..64"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, lv := range Parse("f", []byte(tt.data)) {
				if lv.Err != nil {
					got = append(got, inputErrors(lv.Err)[0].Error())
					continue
				}
				got = append(got, lv.ID)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDetect(t *testing.T) {
	assert.True(t, IsJSONLines([]byte("  \n\t{\"id\":1}")))
	assert.False(t, IsJSONLines([]byte("a b\n{")))
	assert.False(t, IsJSONLines(nil))
}

// TestRoundTrip writes every testdata level in both formats and reads it
// back unchanged.
func TestRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdata, "*.*"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, lv := range Parse(f, data) {
			require.NoError(t, lv.Err)
			checkRoundTrip(t, lv.Puzzle)
		}
	}
}

// checkRoundTrip writes p as text and as a record and reads both back.
func checkRoundTrip(t testing.TB, p *watersort.Puzzle) {
	t.Helper()
	var text bytes.Buffer
	if err := WriteText(&text, p); err == nil {
		q, err := ParseText("text", text.Bytes())
		require.NoError(t, err, "reading back:\n%s", text.String())
		require.Equal(t, p, q, "text round trip:\n%s", text.String())
	}
	var line bytes.Buffer
	require.NoError(t, WriteRecord(&line, NewRecord("x", p)))
	levels := Parse("json", line.Bytes())
	require.Len(t, levels, 1)
	require.NoError(t, levels[0].Err, "reading back %s", line.String())
	require.Equal(t, p, levels[0].Puzzle, "JSON round trip: %s", line.String())
}

func TestWriteText(t *testing.T) {
	p := &watersort.Puzzle{Capacity: 2, Bottles: [][]int{{0, 1}, {}, {1, 0}}, Colors: []string{"r", "g"}}
	var b strings.Builder
	require.NoError(t, WriteText(&b, p))
	assert.Equal(t, "capacity 2\nr g\n-\ng r\n", b.String())
	p.Colors[0] = "two words"
	assert.Error(t, WriteText(&b, p), "a name the text format cannot hold")
}

// FuzzParse feeds arbitrary input to the parser, which must not panic, and
// checks that every level it accepts survives a round trip through both
// formats.
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"*.*", "malformed/*"} {
		files, _ := filepath.Glob(filepath.Join(testdata, pattern))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, lv := range Parse("fuzz", data) {
			if lv.Err != nil {
				require.Nil(t, lv.Puzzle)
				continue
			}
			require.NoError(t, lv.Puzzle.Validate())
			checkRoundTrip(t, lv.Puzzle)
		}
	})
}
