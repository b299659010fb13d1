package aquariumfmt

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/aquarium")

// golden compares got with the named golden file, or rewrites the file
// with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(name, got, 0o644))
		return
	}
	want, err := os.ReadFile(name)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), string(got), "output differs from %s (go test -update rewrites it)", name)
}

// goldenName replaces the extension of a testdata file with ext.
func goldenName(file, ext string) string {
	return strings.TrimSuffix(file, filepath.Ext(file)) + ext
}

// TestGolden writes every puzzle of testdata/aquarium with WriteText and
// compares the result with its .golden file. The output must read back to
// the same documents and write again to the same bytes.
func TestGolden(t *testing.T) {
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
				text := writeText(t, d)
				out.Write(text)

				back, err := ParseText(d.ID, text)
				require.NoError(t, err, "reading back:\n%s", text)
				if !d.HasID {
					back.ID = d.ID // an unstated id is the input's name
				}
				assert.Empty(t, docDiff(d, back), "round trip of:\n%s", text)
				assert.Equal(t, string(text), string(writeText(t, back)), "not a fixed point")
			}
			golden(t, goldenName(file, ".golden"), out.Bytes())
			readsBackAsText(t, docs, out.Bytes())
		})
	}
}

// readsBackAsText checks that the text TestGolden writes for several
// documents reads back with Read to the same documents, when it can: each
// after the first must state an id or a rule, as that is where Read starts
// the next puzzle.
func readsBackAsText(t *testing.T, docs []Document, text []byte) {
	t.Helper()
	for _, d := range docs[1:] {
		if !d.HasID && !d.HasRule {
			return
		}
	}
	back, err := Read("back.txt", text)
	require.NoError(t, err, "reading back:\n%s", text)
	require.Len(t, back, len(docs))
	for i, d := range docs {
		if !d.HasID {
			back[i].ID = d.ID // an unstated id comes from the input's name
		}
		assert.Empty(t, docDiff(d, back[i]), "puzzle %d of:\n%s", i+1, text)
	}
}

// TestGoldenErrors reads the malformed inputs of testdata/aquarium and
// compares their problems with the .err files.
func TestGoldenErrors(t *testing.T) {
	for _, file := range testdataFiles(t, "malformed/*") {
		if filepath.Ext(file) == ".err" {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			name := filepath.ToSlash(strings.TrimPrefix(file, testdataDir+string(filepath.Separator)))
			_, err := Read(name, readFile(t, file))
			require.Error(t, err)
			var out strings.Builder
			for _, e := range errorStrings(err) {
				out.WriteString(e + "\n")
			}
			golden(t, goldenName(file, ".err"), []byte(out.String()))
		})
	}
}

// TestCheckedSolutions verifies the solution blocks of the testdata files
// that claim, in a "# checked: RULE" comment, to hold under RULE.
func TestCheckedSolutions(t *testing.T) {
	checked := 0
	for _, file := range testdataFiles(t, "*.txt") {
		rule, ok := checkedRule(t, file)
		if !ok {
			continue
		}
		checked++
		d, err := ParseText(file, readFile(t, file))
		require.NoError(t, err)
		require.True(t, d.HasSolution(), "%s claims a checked solution but has none", file)
		if d.HasRule {
			assert.Equal(t, d.Rule, rule, "%s: the checked rule differs from the stated one", file)
		}
		assert.NoError(t, aquarium.Check(d.Puzzle, d.Solution, rule), "%s", file)
	}
	assert.NotZero(t, checked)
}

// checkedRule finds the "# checked: RULE" comment of a file.
func checkedRule(t *testing.T, file string) (aquarium.Rule, bool) {
	sc := bufio.NewScanner(bytes.NewReader(readFile(t, file)))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "# checked: ")
		if !ok {
			continue
		}
		rule, err := aquarium.ParseRule(strings.Fields(rest)[0])
		require.NoError(t, err, "%s", file)
		return rule, true
	}
	return 0, false
}
