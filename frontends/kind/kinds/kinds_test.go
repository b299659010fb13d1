package kinds

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata is the repository's testdata directory.
const testdata = "../../../testdata"

// unrecognised are the files with mistakes that no kind's rule takes: a
// board with a character no board has, or without its car A, a tile that
// is not a number, a level whose only line names a colour "capacity".
// Compare gives them to Aquarium's reader, the page to Water Sort's.
var unrecognised = map[string]bool{
	"rush/bad/char.txt": true, "rush/bad/no-a.txt": true, "tiles/bad/token.txt": true, "watersort/malformed/reserved.txt": true,
}

// TestDetectTestdata checks that every puzzle file of the repository,
// good or with mistakes, is told to be of its own kind: a file with a
// mistake too, so that its own reader says what is wrong (but for the
// few in unrecognised).
func TestDetectTestdata(t *testing.T) {
	for dir, want := range map[string]string{
		"aquarium": "aquarium", "jugs": "jugs", "watersort": "sort", "tiles": "tiles",
		"rush": "rush", "torch": "torch", "river": "river",
		"rush/bad": "rush", "tiles/bad": "tiles", "torch/bad": "torch", "river/bad": "river",
		"watersort/malformed": "sort",
	} {
		files, err := os.ReadDir(filepath.Join(testdata, dir))
		require.NoError(t, err)
		for _, f := range files {
			ext := filepath.Ext(f.Name())
			if f.IsDir() || ext != ".txt" && ext != ".jsonl" {
				continue
			}
			data, err := os.ReadFile(filepath.Join(testdata, dir, f.Name()))
			require.NoError(t, err)
			got, _ := Detect(All(), data)
			if unrecognised[dir+"/"+f.Name()] {
				assert.Empty(t, got.Name, "%s/%s", dir, f.Name())
				continue
			}
			assert.Equal(t, want, got.Name, "%s/%s", dir, f.Name())
		}
	}
}

// TestDetectWhereTheyDisagreed covers the inputs on which the command
// line and the web page used to tell kinds apart by different rules:
// each now goes to the kind whose reader a user would want to hear from.
func TestDetectWhereTheyDisagreed(t *testing.T) {
	for _, tc := range []struct {
		name, data, want string
	}{
		{"a torch line with a mistake", `{"id": "neg", "times": [1, -2, 5]}`, "torch"},
		{"a jug puzzle as flags", "--capacities 3,5 --target 4\n", "jugs"},
		{"a Rush Hour board with a bent piece", "AA.B..\n...B..\n...BB.\n", "rush"},
		{"a sliding-tile board with a repeated tile", "1 2 3\n4 5 6\n7 8 8\n", "tiles"},
		{"a sliding-tile board", "8 6 7\n2 5 4\n3 . 1\n", "tiles"},
		{"a Water Sort level", "capacity 2\nred blue\nblue red\n-\n", "sort"},
		{"a Water Sort level with numbers for colours", "1 2\n2 1\n-\n", "sort"},
		{"a level of one-unit bottles that reads as a 1x3 board too", "1\n2\n0\n", "sort"},
		{"a board that reads as a level of one-unit bottles too", "AA\nBB\n", "rush"},
		{"an Aquarium grid", "  1 1\n1 ab\n1 ab\n", "aquarium"},
		{"a FlatZinc model", "var 1..3: x :: output_var;\nsolve satisfy;\n", "fzn"},
		{"a MiniZinc model", "include \"globals.mzn\";\nvar 1..3: x;\nsolve satisfy;\n", "mzn"},
	} {
		got, ok := Detect(All(), []byte(tc.data))
		assert.True(t, ok, tc.name)
		assert.Equal(t, tc.want, got.Name, tc.name)
	}
	for _, data := range []string{"", "\x00\x01binary", `{"id": "x", "colour": "red"}`, "n = 4;\n"} {
		got, ok := Detect(All(), []byte(data))
		assert.False(t, ok, "%q: %s", data, got.Name)
	}
}

func TestNamed(t *testing.T) {
	names := Names(All())
	assert.Equal(t, "fzn mzn aquarium jugs rush torch river sort tiles", strings.Join(names, " "))
	for _, name := range names {
		k, ok := Named(All(), name)
		assert.True(t, ok)
		assert.Equal(t, name, k.Name)
		assert.NotEmpty(t, k.Title)
	}
	_, ok := Named(All(), "minizinc")
	assert.False(t, ok)
}

// TestEveryKindCompares checks that every kind has its part in compare:
// the engine names --engines takes, each its own, and the run of them.
func TestEveryKindCompares(t *testing.T) {
	for _, k := range All() {
		require.NotNil(t, k.Engines, k.Name)
		require.NotNil(t, k.Compare, k.Name)
		names := k.Engines()
		assert.NotEmpty(t, names, k.Name)
		assert.Len(t, slices.Compact(slices.Sorted(slices.Values(names))), len(names), "%s: %v", k.Name, names)
	}
}

// TestDetectFile checks that a file name tells a MiniZinc model that reads
// like FlatZinc, and that content decides for other names.
func TestDetectFile(t *testing.T) {
	fznLike := []byte("var 1..3: x :: output_var;\nsolve satisfy;\n")
	got, ok := DetectFile(All(), "m.mzn", fznLike)
	assert.True(t, ok)
	assert.Equal(t, "mzn", got.Name)
	got, ok = DetectFile(All(), "m.fzn", fznLike)
	assert.True(t, ok)
	assert.Equal(t, "fzn", got.Name)
	mznLike := []byte("int: n;\nvar 1..n: x;\nconstraint x > 1;\nsolve satisfy;\n") // FlatZinc's rule takes it
	got, ok = DetectFile(All(), "model.mzn", mznLike)
	assert.True(t, ok)
	assert.Equal(t, "mzn", got.Name)
	got, ok = DetectFile(All(), "-", fznLike)
	assert.True(t, ok)
	assert.Equal(t, "fzn", got.Name)
}
