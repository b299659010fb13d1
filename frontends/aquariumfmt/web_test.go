package aquariumfmt

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// The example puzzle of the issue in each web format, and a 2x2 one.
const (
	exampleURL  = "https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"
	exampleTask = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4"
	smallPzprv3 = "pzprv3\naquarium\n2\n2\nr\n1\n1\n0 0\n. 1 2\n1 + #\n2 # .\n"
)

func TestDetectWeb(t *testing.T) {
	for input, want := range map[string]Format{
		exampleURL:                          URL,
		"http://pzv.jp/p.html?aquarium/1/1": URL,
		"HTTPS://puzz.link/p?aquarium/1/1":  URL,
		"p?aquarium/5/4/9lqgfk4/3h12h13":    URL,
		"?aquarium/1/1":                     URL,
		"aquarium/r/1/1":                    URL,
		"https://puzz.link/p?nurikabe/1/1":  URL, // wrong kind: the URL reader says so
		"# my links\n\n  " + exampleURL:     URL,
		"\xEF\xBB\xBF" + exampleURL:         URL,
		exampleTask:                         Task,
		"1_1;1":                             Task,
		"4;1":                               Task,
		"4_5_x":                             Task, // garbage after a task-like start
		"\n# a site puzzle\n" + exampleTask: Task,
		smallPzprv3:                         Pzprv3,
		"pzprv3.1\naquarium\n":              Pzprv3,
		"pzprv3/aquarium/1/1//. 1 /1 # /":   Pzprv3,
		"pzprv3":                            Pzprv3,
		"# saved by pzprjs\npzprv3\n":       Pzprv3,
		"pzprv35\n":                         Text, // not the header
		"  1 1\n1 ab\n":                     Text,
		"4 5_5\n":                           Text, // the first word decides: a column clue line
		"- 1\n1 ab\n":                       Text,
		"id p\n 1\n1 a\n":                   Text,
		"aquarium 1\n":                      Text,
		"# only a comment":                  Text,
		"# a comment\n{\"id\":1}":           JSONLines,
	} {
		assert.Equal(t, want, Detect([]byte(input)), "%q", input)
	}
	for f, name := range map[Format]string{Task: "task string", URL: "URL", Pzprv3: "pzprv3", Format(99): "unknown format"} {
		assert.Equal(t, name, f.String())
	}
}

func TestReadLinks(t *testing.T) {
	docs, err := Read("one.url", []byte("\n"+exampleURL+"\n"))
	require.NoError(t, err)
	require.Len(t, docs, 1)
	d := docs[0]
	assert.Equal(t, "one.url", d.ID, "a file of one puzzle is named after the file")
	assert.False(t, d.HasID)
	assert.Equal(t, 2, d.Line)
	assert.True(t, d.HasRule, "a URL states its rule")
	assert.Equal(t, aquarium.PoolRule, d.Rule, "no r flag: the pool rule")
	assert.False(t, d.HasSolution())
	assert.Equal(t, []int{3, aquarium.NoClue, aquarium.NoClue, 1, 2}, d.Puzzle.Cols)

	docs, err = Read("one.task", []byte(exampleTask+"\r\n"))
	require.NoError(t, err)
	require.Len(t, docs, 1)
	assert.Equal(t, "one.task", docs[0].ID)
	assert.False(t, docs[0].HasRule, "the site's region rule is the default")
	assert.Equal(t, 6, docs[0].Puzzle.Width)

	// Several puzzles, one per line: comments and blank lines are skipped,
	// task strings and URLs may mix, and each puzzle is named by its line.
	list := "# links\n" +
		exampleURL + "\n" +
		"\n" +
		"  " + exampleTask + "  \n" +
		"   # a note\n" +
		"aquarium/r/1/1//0g\n"
	docs, err = Read("list", []byte(list))
	require.NoError(t, err)
	require.Len(t, docs, 3)
	var ids []string
	var lines []int
	for _, d := range docs {
		ids, lines = append(ids, d.ID), append(lines, d.Line)
	}
	assert.Equal(t, []string{"list:2", "list:4", "list:6"}, ids)
	assert.Equal(t, []int{2, 4, 6}, lines)
	assert.Equal(t, aquarium.RegionRule, docs[2].Rule)
	assert.True(t, docs[2].HasRule)
}

func TestReadPzprv3(t *testing.T) {
	docs, err := Read("small.pzprv3", []byte("# saved\n\n"+smallPzprv3))
	require.NoError(t, err)
	require.Len(t, docs, 1)
	d := docs[0]
	assert.Equal(t, "small.pzprv3", d.ID)
	assert.Equal(t, 3, d.Line)
	assert.True(t, d.HasRule)
	assert.Equal(t, aquarium.RegionRule, d.Rule)
	require.True(t, d.HasSolution(), "the file's marks are the solution")
	assert.Equal(t, []string{".#", "#?"}, d.Solution.Rows())

	// A file without marks has no solution.
	docs, err = Read("bare", []byte(strings.NewReplacer("+", ".", "#", ".").Replace(smallPzprv3)))
	require.NoError(t, err)
	assert.False(t, docs[0].HasSolution())
	assert.Equal(t, aquarium.RegionRule, docs[0].Rule)
	docs, err = Read("pool", []byte(strings.Replace(smallPzprv3, "r\n", "", 1)))
	require.NoError(t, err)
	assert.Equal(t, aquarium.PoolRule, docs[0].Rule)
}

// TestReadWebErrors checks that problems are reported at their place in
// the whole input, past skipped lines, byte order marks and indentation.
func TestReadWebErrors(t *testing.T) {
	tests := []struct {
		name, input string
		want        []string
	}{
		{"task clue", "1_x;1", []string{`f:1:3: want a clue (a number of full cells), found "x"`}},
		{"task after comments", "# site\n\n  1_1;x\n", []string{`f:3:7: want an aquarium id (a number from 1), found "x"`}},
		{"task without ids", "4_5_5", []string{`f:1:6: want ';' between the clues and the aquarium ids`}},
		{"url kind", "https://puzz.link/p?nurikabe/1/1", []string{`f:1:21: want "aquarium/" after the address, found "nurikabe"`}},
		{"url border digit", "aquarium/2/1/z", []string{`f:1:14: want a base-32 digit (0-9, a-v) of the walls between horizontal neighbours, found 'z'`}},
		{"bom", "\xEF\xBB\xBFaquarium/0/1", []string{`f:1:13: want the width, a number from 1 to 255, found "0"`}},
		{
			"good and bad lines", "aquarium/1/1//1g\n1_1;1\naquarium/1/1//2g\n1_1;0\n",
			[]string{
				`f:3:15: column 1 clue 2 is more than its 1 rows`,
				`f:4:5: aquarium id 0; ids count from 1`,
			},
		},
		{"line neither url nor task", exampleURL + "\nhello\n", []string{`f:2:1: want "aquarium/" after the address, found "hello"`}},
		{"pzprv3 kind", "pzprv3\nsudoku\n", []string{`f:2:1: want the puzzle type "aquarium", found "sudoku"`}},
		{"pzprv3 after comments", "# x\n" + strings.Replace(smallPzprv3, "1 + #", "1 + x", 1), []string{`f:11:5: want a cell: # (water), + (empty) or . (undecided), found "x"`}},
		{"pzprv3 indented header", "  pzprv3/x", []string{`f:1:10: want the puzzle type "aquarium", found "x"`}},
		{"pzprv3 binary", "pzprv3\x00", []string{`f:1:7: not a text file: NUL byte`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := Read("f", []byte(tt.input))
			assert.Equal(t, tt.want, errorStrings(err))
			if tt.name == "good and bad lines" {
				require.Len(t, docs, 2, "the good lines are read all the same")
				assert.Equal(t, []int{1, 2}, []int{docs[0].Line, docs[1].Line})
			}
		})
	}
}

// samePuzzle reports how two puzzles differ as puzzles: size, clues and
// the partition into aquariums, whatever their numbering and labels.
func samePuzzle(a, b *aquarium.Puzzle) string {
	switch {
	case a.Width != b.Width || a.Height != b.Height:
		return fmt.Sprintf("size %dx%d vs %dx%d", a.Width, a.Height, b.Width, b.Height)
	case !slices.Equal(a.Cols, b.Cols) || !slices.Equal(a.Rows, b.Rows):
		return fmt.Sprintf("clues %v %v vs %v %v", a.Cols, a.Rows, b.Cols, b.Rows)
	case !slices.Equal(partition(a.Regions), partition(b.Regions)):
		return fmt.Sprintf("aquariums %v vs %v", a.Regions, b.Regions)
	}
	return ""
}

// partition numbers aquariums from 0 in the order of their first cell.
func partition(regions []int) []int {
	seen := map[int]int{}
	out := make([]int, len(regions))
	for i, id := range regions {
		if _, ok := seen[id]; !ok {
			seen[id] = len(seen)
		}
		out[i] = seen[id]
	}
	return out
}

// allFormats are the formats Write writes.
var allFormats = []Format{Text, JSONLines, Task, URL, Pzprv3}

// checkWriteRead writes d in format f and reads it back: either the
// format cannot express d (an error wrapping webfmt.ErrUnsupported, or an
// id the text format cannot hold, and nothing written), or the document
// read back has the same puzzle, and the rule and solution where f
// carries them.
func checkWriteRead(t *testing.T, d Document, f Format) {
	t.Helper()
	var b bytes.Buffer
	err := Write(&b, d, f)
	if err != nil {
		if f == Text && d.HasID && idProblem(d.ID) != "" {
			return
		}
		require.ErrorIs(t, err, webfmt.ErrUnsupported, "writing %s as %v", d.ID, f)
		require.Zero(t, b.Len(), "nothing is written on error")
		return
	}
	require.Equal(t, f, Detect(b.Bytes()), "%v written:\n%s", f, b.String())
	back, err := Read(d.ID, b.Bytes())
	require.NoError(t, err, "reading back %v:\n%s", f, b.String())
	require.Len(t, back, 1)
	got := back[0]
	require.Empty(t, samePuzzle(d.Puzzle, got.Puzzle), "%v:\n%s", f, b.String())
	rule := aquarium.RegionRule
	if d.HasRule {
		rule = d.Rule
	}
	switch f {
	case Text:
		assert.Empty(t, docDiff(d, got), "through text:\n%s", b.String())
	case JSONLines:
		assert.Equal(t, d.Solution, got.Solution)
		assert.Equal(t, d.ID, got.ID)
	case URL:
		assert.Equal(t, rule, got.Rule)
	case Pzprv3:
		assert.Equal(t, rule, got.Rule)
		if hasMarks(d.Solution) {
			assert.Equal(t, d.Solution, got.Solution)
		} else {
			assert.False(t, got.HasSolution())
		}
	}
}

func hasMarks(s aquarium.Solution) bool {
	return slices.ContainsFunc(s.Cells, func(c aquarium.Cell) bool { return c != aquarium.Unknown })
}

// TestWriteRead writes the testdata puzzles in every format and reads them
// back.
func TestWriteRead(t *testing.T) {
	for _, file := range testdataFiles(t, "*.txt") {
		docs, err := Read(file, readFile(t, file))
		require.NoError(t, err)
		for i, d := range docs {
			for _, f := range allFormats {
				t.Run(fmt.Sprintf("%s/%d/%v", file, i, f), func(t *testing.T) { checkWriteRead(t, d, f) })
			}
		}
	}
}

func TestWrite(t *testing.T) {
	docs, err := Read("p", []byte(smallPzprv3))
	require.NoError(t, err)
	d := docs[0]
	want := map[Format]string{
		Text:      "rule region\n  1 2\n1 A B\n2 A B\nsolution\n.#\n#?\n",
		JSONLines: `{"id":"p","width":2,"height":2,"regions":[[0,1],[0,1]],"cols":[1,2],"rows":[1,2],"solution":[".#","#?"],"rule":"region"}` + "\n",
		Task:      "1_2_1_2;1,2,1,2\n",
		URL:       "https://puzz.link/p?aquarium/r/2/2/o0/1212\n",
		Pzprv3:    strings.ReplaceAll(smallPzprv3, "\n", " \n"),
	}
	for _, f := range allFormats {
		var b strings.Builder
		require.NoError(t, Write(&b, d, f))
		assert.Equal(t, strings.ReplaceAll(want[f], " \n", "\n"), strings.ReplaceAll(b.String(), " \n", "\n"), "%v", f)
	}

	// What the formats cannot express.
	p := &aquarium.Puzzle{Width: 3, Height: 1, Regions: []int{0, 1, 0}, Cols: []int{1, aquarium.NoClue, 1}, Rows: []int{2}}
	for _, f := range []Format{Task, URL, Pzprv3} {
		var b strings.Builder
		err := Write(&b, Document{Puzzle: p}, f)
		assert.ErrorIs(t, err, webfmt.ErrUnsupported, "%v", f)
		assert.Zero(t, b.Len())
	}
	assert.Error(t, Write(io.Discard, Document{}, Text))
	assert.Error(t, Write(io.Discard, d, Format(99)))
}

func TestParseFormat(t *testing.T) {
	for _, name := range Formats {
		f, err := ParseFormat(name)
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, Write(&b, Document{Puzzle: &aquarium.Puzzle{Width: 1, Height: 1, Regions: []int{0}, Cols: []int{1}, Rows: []int{1}}}, f))
		assert.Equal(t, f, Detect(b.Bytes()), name)
	}
	_, err := ParseFormat("yaml")
	assert.Error(t, err)
}

// TestCorpusWeb writes every corpus puzzle in every format that can hold
// it, and reads back the corpus's own url and task fields through Read.
func TestCorpusWeb(t *testing.T) {
	links := 0
	for _, file := range corpusFiles(t) {
		docs, err := Read(file, readFile(t, file))
		require.NoError(t, err)
		for _, d := range docs {
			for _, f := range allFormats {
				checkWriteRead(t, d, f)
			}
			for _, link := range []string{d.Corpus.URL, d.Corpus.Task} {
				if link == "" {
					continue
				}
				links++
				got, err := Read(d.ID, []byte(link))
				require.NoError(t, err, d.ID)
				require.Len(t, got, 1)
				assert.Empty(t, samePuzzle(d.Puzzle, got[0].Puzzle), d.ID)
			}
		}
	}
	assert.Positive(t, links, "the corpus has url or task fields")
}
