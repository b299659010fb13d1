package aquariumfmt

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// corpusFiles lists the shared corpus's Aquarium files, skipping the test
// when the corpus is not there (it lives outside the repository).
func corpusFiles(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("shared corpus not found at %s: %v", corpusDir, err)
	}
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// TestCorpus reads every corpus puzzle, checks the solutions that come with
// them, and round-trips each one through the text format and through
// Record.
func TestCorpus(t *testing.T) {
	total := 0
	for _, file := range corpusFiles(t) {
		data := readFile(t, file)
		require.Equal(t, JSONLines, Detect(data), "%s", file)
		docs, err := Read(file, data)
		require.NoError(t, err)
		lines := bytes.Split(data, []byte("\n"))
		for _, d := range docs {
			total++
			require.NoError(t, d.Puzzle.Validate(), "%s", d.ID)
			assert.True(t, d.HasID, "%s", d.ID)
			if d.HasSolution() {
				assert.NoError(t, aquarium.Check(d.Puzzle, d.Solution, aquarium.RegionRule), "%s", d.ID)
			}

			text := writeText(t, d)
			back, err := ParseText("x", text)
			require.NoError(t, err, "%s:\n%s", d.ID, text)
			assert.Empty(t, docDiff(d, back), "%s through text:\n%s", d.ID, text)

			line, err := json.Marshal(RecordOf(d))
			require.NoError(t, err)
			sameFields(t, d.ID, lines[d.Line-1], line)
		}
	}
	t.Logf("%d corpus puzzles", total)
	assert.NotZero(t, total)
}

// sameFields checks that every non-null field of a corpus line comes back
// with the same value from Record: the reader knows every corpus field by
// its exact name.
func sameFields(t *testing.T, id string, original, encoded []byte) {
	t.Helper()
	var want, got map[string]any
	require.NoError(t, json.Unmarshal(original, &want))
	require.NoError(t, json.Unmarshal(encoded, &got))
	for key, value := range want {
		if value == nil {
			assert.Nil(t, got[key], "%s: null %s", id, key)
			continue
		}
		assert.Equal(t, value, got[key], "%s: field %s", id, key)
	}
	for key := range got {
		assert.Contains(t, want, key, "%s: Record adds field %s", id, key)
	}
}
