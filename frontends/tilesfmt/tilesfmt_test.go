package tilesfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

const testdata = "../../testdata/tiles"

func read(t testing.TB, file string) []byte {
	data, err := os.ReadFile(filepath.Join(testdata, file))
	require.NoError(t, err)
	return data
}

func TestKorf100(t *testing.T) {
	levels := Parse("korf100.jsonl", read(t, "korf100.jsonl"))
	require.Len(t, levels, 100)
	total := 0
	for i, lv := range levels {
		require.NoError(t, lv.Err)
		assert.Equal(t, 4, lv.Puzzle.Width)
		assert.NoError(t, lv.Puzzle.Solvability(), lv.ID)
		require.NotNil(t, lv.Record.Optimal)
		require.NotNil(t, lv.Record.KorfMDNodes)
		total += *lv.Record.Optimal
		// The Manhattan distance has the parity of every plan's length.
		assert.Equal(t, 0, (*lv.Record.Optimal-tiles.Manhattan(lv.Puzzle))%2, lv.ID)
		if i == 0 {
			assert.Equal(t, "korf-1", lv.ID)
			assert.Equal(t, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", lv.Puzzle.String())
		}
	}
	assert.Equal(t, 5305, total)
}

func TestText(t *testing.T) {
	levels := Parse("eight.txt", read(t, "eight.txt"))
	require.Len(t, levels, 3)
	for _, lv := range levels {
		require.NoError(t, lv.Err)
	}
	assert.Equal(t, "eight.txt:2", levels[0].ID)
	assert.Equal(t, []int{1, 2, 0, 3, 4, 5, 6, 7, 8}, levels[0].Puzzle.Tiles)
	assert.Equal(t, []int{7, 2, 4, 5, 0, 6, 8, 3, 1}, levels[2].Puzzle.Tiles)

	mixed := Parse("mixed.txt", read(t, "mixed.txt"))
	require.Len(t, mixed, 3)
	assert.Equal(t, 3, mixed[0].Puzzle.Width)
	assert.Equal(t, 2, mixed[0].Puzzle.Height)
	assert.Equal(t, 4, mixed[1].Puzzle.Width)
	assert.ErrorIs(t, mixed[2].Puzzle.Solvability(), tiles.ErrUnsolvable)
}

func TestBadInput(t *testing.T) {
	for file, want := range map[string][]string{
		"repeat.txt":    {"repeat.txt:3:5: tile 1 again (first at line 1, column 1)"},
		"ragged.txt":    {"ragged.txt:2:3: row 2 has 2 tiles; the first row has 3", "ragged.txt:3:7: row 3 has 4 tiles"},
		"token.txt":     {`token.txt:1:5: "x" is not a tile`},
		"notsquare.txt": {"notsquare.txt:1:1: one line of 8 tiles"},
		"range.txt":     {"range.txt:1:5: tile 9 is too large for a 3×3 board"},
		"json.jsonl":    {"json.jsonl:1: 3 tiles make no square board", "json.jsonl:2: 6 tiles do not fill rows of width 4", "json.jsonl:3:"},
	} {
		var got []string
		for _, lv := range Parse(file, read(t, filepath.Join("bad", file))) {
			require.Error(t, lv.Err, file)
			assert.Nil(t, lv.Puzzle)
			for _, e := range inputerr.All(lv.Err) {
				got = append(got, e.Error())
			}
		}
		require.Len(t, got, len(want), "%s: %q", file, got)
		for i := range want {
			assert.True(t, strings.HasPrefix(got[i], want[i]), "%s: %q", file, got[i])
		}
	}
	assert.EqualError(t, Parse("empty", []byte("# nothing\n"))[0].Err, "empty:1:1: empty input: no board: want a board as rows of tiles or Korf's one line, or JSON Lines")
	// A misspelt member is named where it stands, with the one meant.
	assert.EqualError(t, Parse("x.jsonl", []byte(`{"id":"a","tile":[1,0,2,3]}`+"\n"))[0].Err, `x.jsonl:1:11: unknown field "tile"; did you mean "tiles"?`)
}

func checkRoundTrip(t *testing.T, p *tiles.Puzzle) {
	var grid, js bytes.Buffer
	require.NoError(t, WriteGrid(&grid, p))
	require.NoError(t, WriteRecord(&js, "id", p))
	for _, data := range [][]byte{grid.Bytes(), js.Bytes()} {
		back := Parse("back", data)
		require.Len(t, back, 1)
		require.NoError(t, back[0].Err, "%s", data)
		assert.Equal(t, p, back[0].Puzzle)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, file := range []string{"eight.txt", "mixed.txt", "korf100.jsonl"} {
		for _, lv := range Parse(file, read(t, file)) {
			require.NoError(t, lv.Err)
			checkRoundTrip(t, lv.Puzzle)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"*.txt", "bad/*"} {
		files, _ := filepath.Glob(filepath.Join(testdata, pattern))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"id": "x", "tiles": [1, 0, 2, 3, 4, 5], "width": 3}`))
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
// (tiles.FromText) against this package's: every board of testdata, as
// WriteGrid draws it, reads back the same.
func TestFromTextAgrees(t *testing.T) {
	for _, file := range []string{"eight.txt", "mixed.txt", "korf100.jsonl"} {
		for _, lv := range Parse(file, read(t, file)) {
			require.NoError(t, lv.Err, lv.ID)
			var b strings.Builder
			require.NoError(t, WriteGrid(&b, lv.Puzzle))
			got, err := tiles.FromText(b.String())
			require.NoError(t, err, lv.ID)
			assert.Equal(t, lv.Puzzle, got, lv.ID)
		}
	}
}
