package aquariumfmt

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// addSeeds seeds a fuzz target with every file of testdata/aquarium,
// malformed ones included.
func addSeeds(f *testing.F) {
	err := filepath.WalkDir(testdataDir, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			f.Add(readFile(f, path))
		}
		return err
	})
	require.NoError(f, err)
}

// checkProblems checks the error of a parser: a non-empty inputerr.List of
// at most maxErrors problems and a "too many errors", at lines that exist.
func checkProblems(t *testing.T, data []byte, err error) {
	var list inputerr.List
	require.ErrorAs(t, err, &list)
	require.NotEmpty(t, list)
	require.LessOrEqual(t, len(list), maxErrors+1)
	// Old Mac line ends (a lone '\r') count as line ends, as the text
	// format reads them.
	text := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
	lines := strings.Count(text, "\n") + 1
	for _, e := range list {
		assert.Equal(t, "f", e.File)
		assert.True(t, e.Line >= 0 && e.Line <= lines && e.Col >= 0, "position of %v in %d lines", e, lines)
		assert.NotEmpty(t, e.Msg)
	}
}

// FuzzParseText checks that ParseText never panics, that its problems are
// positioned, and that whatever it reads is valid and round-trips: written
// back and read again it gives the same document, and writing that gives
// the same text.
func FuzzParseText(f *testing.F) {
	addSeeds(f)
	f.Add([]byte(" 1 1\n1 ab\n1 ab\nsolution\n#.\n.?\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseText("f", data)
		if err != nil {
			checkProblems(t, data, err)
			return
		}
		require.NoError(t, d.Puzzle.Validate())
		text := writeText(t, d)
		back, err := ParseText("f", text)
		require.NoError(t, err, "reading back:\n%s", text)
		require.Empty(t, docDiff(d, back), "round trip through:\n%s", text)
		require.Equal(t, d.Puzzle, back.Puzzle)
		require.Equal(t, string(text), string(writeText(t, back)), "not a fixed point")
	})
}

// FuzzParseJSONL checks that ParseJSONL never panics, that its problems
// are positioned, and that every document it returns is valid and
// round-trips through Record and through the text format.
func FuzzParseJSONL(f *testing.F) {
	addSeeds(f)
	f.Add([]byte(`{"id":"a b","width":2,"height":1,"regions":[[0,1]],"cols":[null,1],"rows":[2],"solution":["#?"],"also_in":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, err := ParseJSONL("f", data)
		if err != nil {
			checkProblems(t, data, err)
		}
		for _, d := range docs {
			require.NoError(t, d.Puzzle.Validate())
			require.NotNil(t, d.Corpus)

			var out bytes.Buffer
			require.NoError(t, Write(&out, d, JSONLines))
			line := out.Bytes()
			back, err := ParseJSONL("f", line)
			require.NoError(t, err, "reading back %s", line)
			require.Len(t, back, 1)
			want := d
			want.HasID = true // RecordOf always writes the id
			require.Empty(t, docDiff(want, back[0]), "round trip through %s", line)
			require.Equal(t, d.Puzzle.Regions, back[0].Puzzle.Regions)
			require.Equal(t, jsonOf(t, d.Corpus), jsonOf(t, back[0].Corpus))

			var b strings.Builder
			err = WriteText(&b, d)
			if d.HasID && idProblem(d.ID) != "" {
				require.Error(t, err, "id %q", d.ID)
				continue
			}
			require.NoError(t, err)
			text, err := ParseText(d.ID, []byte(b.String()))
			require.NoError(t, err, "reading back:\n%s", b.String())
			require.Empty(t, docDiff(d, text), "round trip through:\n%s", b.String())
		}
	})
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// FuzzRead checks Read over every format it detects: it never panics, its
// problems are positioned, and every document it returns is valid and
// round-trips through every format that can express it (checkWriteRead).
// It is seeded with the text and JSON Lines testdata and with the task
// strings, URLs and pzprv3 files of testdata/webfmt.
func FuzzRead(f *testing.F) {
	addSeeds(f)
	webSeeds, err := filepath.Glob("../../testdata/webfmt/*/*")
	require.NoError(f, err)
	require.NotEmpty(f, webSeeds)
	for _, name := range webSeeds {
		f.Add(readFile(f, name))
	}
	f.Add([]byte("# links\n" + exampleURL + "\n\n" + exampleTask + "\naquarium/r/1/1//0\n"))
	f.Add([]byte("# saved\n" + smallPzprv3))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, err := Read("f", data)
		if err != nil {
			checkProblems(t, data, err)
		}
		for _, d := range docs {
			require.NoError(t, d.Puzzle.Validate())
			require.Positive(t, d.Line)
			for _, format := range allFormats {
				checkWriteRead(t, d, format)
			}
		}
	})
}
