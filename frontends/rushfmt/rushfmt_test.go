package rushfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/rush"
)

const testdata = "../../testdata/rush"

func read(t testing.TB, file string) []byte {
	data, err := os.ReadFile(filepath.Join(testdata, file))
	require.NoError(t, err)
	return data
}

func TestForty(t *testing.T) {
	levels := Parse("forty.txt", read(t, "forty.txt"))
	require.Len(t, levels, 40)
	for _, lv := range levels {
		require.NoError(t, lv.Err, lv.ID)
		assert.Equal(t, 6, lv.Puzzle.Width)
		assert.Equal(t, byte('A'), lv.Puzzle.Pieces[0].Label)
	}
	assert.Equal(t, "forty.txt:5", levels[0].ID)
	assert.Equal(t, []string{"..B.CC", "..B...", "AAB...", "DDD..E", ".....E", ".....E"}, levels[0].Puzzle.Rows())
}

func TestJSONLines(t *testing.T) {
	levels := Parse("json.jsonl", read(t, "json.jsonl"))
	require.Len(t, levels, 3)
	for _, lv := range levels {
		require.NoError(t, lv.Err, lv.ID)
	}
	assert.Equal(t, "walls", levels[1].ID)
	assert.Len(t, levels[1].Puzzle.Walls, 2)
}

func TestBadInput(t *testing.T) {
	for file, want := range map[string]string{
		"two-a.txt":      "two-a.txt:3:3: a second A",
		"vertical-a.txt": "vertical-a.txt:1:1: the primary car A is vertical",
		"one-cell.txt":   "one-cell.txt:2:5: piece B has one cell",
		"ragged.txt":     "ragged.txt:2:6: row 2 has 5 cells; the first row has 6",
		"bent.txt":       "bent.txt:3:5: piece B does not continue",
		"char.txt":       `char.txt:2:4: '?' is not a cell`,
		"no-a.txt":       "no-a.txt:1:1: no primary car A",
	} {
		levels := Parse(file, read(t, filepath.Join("bad", file)))
		require.Len(t, levels, 1, file)
		require.Error(t, levels[0].Err, file)
		assert.Nil(t, levels[0].Puzzle)
		assert.True(t, strings.HasPrefix(inputerr.All(levels[0].Err)[0].Error(), want), "%s: %v", file, levels[0].Err)
	}
}

func TestJSONErrors(t *testing.T) {
	levels := Parse("x.jsonl", []byte("{\"id\": \"a\", \"board\": [\"AA..\", \"..B\"]}\n{\"board\": 3}\n{\"bord\": []}\n"))
	require.Len(t, levels, 3)
	all := inputerr.All(levels[0].Err)
	require.Len(t, all, 2)
	assert.EqualError(t, all[0], "x.jsonl:1:34: piece B has one cell; a piece covers at least two cells in a line")
	assert.EqualError(t, all[1], "x.jsonl:1:35: row 2 has 3 cells; the first row has 4")
	assert.ErrorContains(t, levels[1].Err, "x.jsonl:2:")
	assert.ErrorContains(t, levels[2].Err, "unknown field")
	assert.EqualError(t, Parse("empty", []byte("# nothing\n"))[0].Err, "empty:1:1: empty input: no board: want a board as rows of cells, or JSON Lines")
	// A misspelt member is named where it stands, with the one meant.
	assert.EqualError(t, Parse("x.jsonl", []byte(`{"id":"a","bord":["AA."]}`+"\n"))[0].Err, `x.jsonl:1:11: unknown field "bord"; did you mean "board"?`)
}

func checkRoundTrip(t *testing.T, p *rush.Puzzle) {
	var text, js bytes.Buffer
	require.NoError(t, WriteText(&text, p))
	require.NoError(t, WriteRecord(&js, "id", p))
	for _, data := range [][]byte{text.Bytes(), js.Bytes()} {
		back := Parse("back", data)
		require.Len(t, back, 1)
		require.NoError(t, back[0].Err, "%s", data)
		assert.Equal(t, p, back[0].Puzzle)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, file := range []string{"forty.txt", "json.jsonl", "readme49.txt"} {
		for _, lv := range Parse(file, read(t, file)) {
			require.NoError(t, lv.Err)
			checkRoundTrip(t, lv.Puzzle)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"*.*", "bad/*"} {
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
				for _, e := range inputerr.All(lv.Err) {
					var pe *inputerr.Error
					require.ErrorAs(t, e, &pe, "every problem has a position")
				}
				continue
			}
			require.NoError(t, lv.Puzzle.Validate())
			checkRoundTrip(t, lv.Puzzle)
		}
	})
}

// TestFromTextAgrees checks the one-call reader of the model
// (rush.FromText) against this package's on every board of testdata:
// the same puzzle from the same rows, and a refusal of each bad board.
func TestFromTextAgrees(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdata, "*.txt"))
	require.NoError(t, err)
	bad, err := filepath.Glob(filepath.Join(testdata, "bad", "*.txt"))
	require.NoError(t, err)
	for _, file := range append(files, bad...) {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, lv := range ParseText(file, data) {
			var rows strings.Builder
			for line := range strings.Lines(string(data)) {
				if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
					rows.WriteString(line)
				} else if rows.Len() > 0 {
					break
				}
			}
			if lv.Err != nil {
				_, err := rush.FromText(rows.String())
				assert.Error(t, err, "%s: %v", file, lv.Err)
				break // a bad file holds one board
			}
			var b bytes.Buffer
			require.NoError(t, WriteText(&b, lv.Puzzle))
			got, err := rush.FromText(b.String())
			require.NoError(t, err, lv.ID)
			assert.Equal(t, lv.Puzzle, got, lv.ID)
		}
	}
}
