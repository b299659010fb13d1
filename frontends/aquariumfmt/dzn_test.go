package aquariumfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func TestWriteDZN(t *testing.T) {
	const X = aquarium.NoClue
	tests := []struct {
		name string
		doc  Document
		want string
	}{
		{
			name: "ids with gaps are numbered from 1 as they appear; the region rule by default",
			doc: Document{Puzzle: &aquarium.Puzzle{Width: 3, Height: 2,
				Regions: []int{5, 5, 2, 0, 0, 2}, Cols: []int{1, X, 2}, Rows: []int{X, 3}}},
			want: "" +
				"% Aquarium, for aquarium.mzn\n" +
				"% aquariums: 1=F 2=C 3=A\n" +
				"rule = region;\n" +
				"n_rows = 2;\nn_cols = 3;\nn_aquariums = 3;\n" +
				"aquarium = [|1, 1, 2\n" +
				"            |3, 3, 2|];\n" +
				"row_clue = [-1, 3];\n" +
				"col_clue = [1, -1, 2];\n",
		},
		{
			name: "the stated rule, the labels, and an id that cannot end the comment",
			doc: Document{ID: "two\nlines", HasID: true, Rule: aquarium.PoolRule, HasRule: true,
				Puzzle: &aquarium.Puzzle{Width: 1, Height: 10, Regions: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
					Cols: []int{10}, Rows: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
					Names: []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "tank"}}},
			want: "" +
				"% Aquarium \"two\\nlines\", for aquarium.mzn\n" +
				"% aquariums: 1=a 2=b 3=c 4=d 5=e 6=f 7=g 8=h 9=i 10=tank\n" +
				"rule = pool;\n" +
				"n_rows = 10;\nn_cols = 1;\nn_aquariums = 10;\n" +
				"aquarium = [| 1\n" + "            | 2\n" + "            | 3\n" + "            | 4\n" + "            | 5\n" +
				"            | 6\n" + "            | 7\n" + "            | 8\n" + "            | 9\n" + "            |10|];\n" +
				"row_clue = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];\n" +
				"col_clue = [10];\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteDZN(&b, tt.doc))
			assert.Equal(t, tt.want, b.String())
		})
	}
}

func TestWriteDZNRefuses(t *testing.T) {
	var b bytes.Buffer
	assert.Error(t, WriteDZN(&b, Document{}))
	assert.ErrorIs(t, WriteDZN(&b, Document{Puzzle: &aquarium.Puzzle{Width: 2, Height: 1, Regions: []int{0}}}), aquarium.ErrInvalidPuzzle)
	one := &aquarium.Puzzle{Width: 1, Height: 1, Regions: []int{0}, Cols: []int{1}, Rows: []int{1}}
	assert.ErrorContains(t, WriteDZN(&b, Document{Puzzle: one, Rule: 7, HasRule: true}), "cannot write")
	assert.Zero(t, b.Len(), "nothing is written on error")
}

// TestDZNGolden writes every puzzle of testdata/aquarium as MiniZinc data
// and compares it with testdata/aquarium/dzn/NAME.dzn (go test -update
// rewrites them); several puzzles of one file are separated by a blank
// line. Package aquariumkind solves these puzzles with the model on
// Gecode.
func TestDZNGolden(t *testing.T) {
	files := append(testdataFiles(t, "*.txt"), testdataFiles(t, "*.jsonl")...)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			docs, err := Read(file, readFile(t, file))
			require.NoError(t, err)
			var out bytes.Buffer
			for i, d := range docs {
				if i > 0 {
					out.WriteString("\n")
				}
				require.NoError(t, WriteDZN(&out, d))
			}
			base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
			golden(t, filepath.Join(testdataDir, "dzn", base+".dzn"), out.Bytes())
		})
	}
}

// TestMiniZincModelShipped checks that testdata/examples/aquarium.mzn is
// the model the program embeds (go test -update copies it there).
func TestMiniZincModelShipped(t *testing.T) {
	shipped := filepath.Join(testdataDir, "..", "examples", "aquarium.mzn")
	if *update {
		require.NoError(t, os.WriteFile(shipped, []byte(MiniZincModel()), 0o644))
	}
	data, err := os.ReadFile(shipped)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, MiniZincModel(), string(data), "%s differs from aquarium.mzn here (go test -update copies it)", shipped)
	for _, name := range []string{"rule", "n_rows", "n_cols", "n_aquariums", "aquarium", "row_clue", "col_clue"} {
		assert.Contains(t, MiniZincModel(), ": "+name+";", "the model declares the data WriteDZN writes")
	}
}
