package torchfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/internal/fmttest"
	"github.com/waterworks-solver/waterworks/models/torch"
)

const testdata = "../../testdata/torch"

func TestParseTestdata(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.jsonl"))
	require.NotEmpty(t, files)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, in := range Parse(file, data) {
			require.NoError(t, in.Err, in.ID)
			require.NoError(t, in.Puzzle.Validate())
			checkRoundTrip(t, in.ID, in.Puzzle)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"negative time", `{"times": [1, -2, 5]}`, "in:1:15: person 2 takes -2 minutes"},
		{"zero time", `{"times": [0]}`, "in:1:12: person 1 takes 0 minutes"},
		{"capacity 0", `{"times": [1, 2], "capacity": 0}`, "in:1:31: capacity 0: at least one person"},
		{"limit 0", `{"times": [1, 2], "limit": 0}`, "in:1:28: limit 0"},
		{"no times", `{"id": "x"}`, `in:1:1: no "times"`},
		{"empty times", `{"times": []}`, `in:1:11: nobody to cross`},
		{"misspelt", `{"times": [1], "capcity": 3}`, `in:1:16: unknown field "capcity"; did you mean "capacity"?`},
		{"not an object", `[1, 2]`, "in:1:1: not a torch puzzle"},
		{"wrong type", `{"times": "1,2"}`, "in:1:"},
		{"duplicate id", "{\"id\": \"a\", \"times\": [1]}\n{\"id\": \"a\", \"times\": [2]}", `in:2:8: duplicate id "a": line 1`},
		{"empty", "\n\n", "in:1:1: empty input"},
		{"too many", `{"times": [` + strings.Repeat("1, ", torch.MaxPeople) + `1]}`, "in:1:11: 21 people"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ins := Parse("in", []byte(tt.input))
			last := ins[len(ins)-1]
			require.Error(t, last.Err)
			require.Nil(t, last.Puzzle)
			require.Contains(t, last.Err.Error(), tt.want)
		})
	}
}

func TestParseTimes(t *testing.T) {
	times, err := ParseTimes(" 1, 2,5,10")
	require.NoError(t, err)
	require.Equal(t, []int{1, 2, 5, 10}, times)
	require.Equal(t, "1,2,5,10", FormatTimes(times))
	for _, bad := range []string{"", "1,,2", "1,x", "1,-2", "0"} {
		_, err := ParseTimes(bad)
		require.Error(t, err, bad)
	}
}

// checkRoundTrip writes p and reads it back.
func checkRoundTrip(t testing.TB, id string, p *torch.Puzzle) {
	var buf bytes.Buffer
	require.NoError(t, WriteRecord(&buf, NewRecord(id, p)))
	back := Parse("round", buf.Bytes())
	require.Len(t, back, 1)
	require.NoError(t, back[0].Err, buf.String())
	require.Equal(t, p, back[0].Puzzle, buf.String())
	if id != "" {
		require.Equal(t, id, back[0].ID)
	}
}

func FuzzParse(f *testing.F) {
	fmttest.Seed(f, testdata, "*.jsonl", "bad/*")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range Parse("fuzz", data) {
			if in.Err != nil {
				require.Nil(t, in.Puzzle)
				fmttest.Positioned(t, in.Err)
				continue
			}
			require.NoError(t, in.Puzzle.Validate())
			id := in.ID
			if in.Record.ID == "" {
				id = ""
			}
			checkRoundTrip(t, id, in.Puzzle)
		}
	})
}
