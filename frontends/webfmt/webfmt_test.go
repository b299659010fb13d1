package webfmt

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
)

// The examples of the issue: a 6x6 task string from puzzle-aquarium.com and
// a 5x4 pzprjs URL.
const (
	exampleTask = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4"
	exampleURL  = "https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"
)

func TestDecodeTaskExample(t *testing.T) {
	p, err := DecodeTask("ex", exampleTask)
	require.NoError(t, err)
	require.NoError(t, p.Validate())
	assert.Equal(t, 6, p.Width)
	assert.Equal(t, 6, p.Height)
	assert.Equal(t, []int{4, 5, 5, 3, 3, 1}, p.Cols)
	assert.Equal(t, []int{4, 5, 5, 3, 1, 3}, p.Rows)
	assert.Equal(t, []int{
		0, 0, 1, 2, 2, 2,
		0, 1, 1, 1, 2, 3,
		0, 1, 2, 2, 2, 3,
		1, 1, 1, 4, 4, 3,
		5, 1, 4, 4, 4, 3,
		5, 5, 5, 3, 3, 3,
	}, p.Regions)
	got, err := EncodeTask(p)
	require.NoError(t, err)
	assert.Equal(t, exampleTask, got)
}

func TestDecodeURLExample(t *testing.T) {
	want := []int{
		0, 0, 1, 1, 1,
		0, 2, 3, 3, 4,
		2, 2, 5, 3, 4,
		2, 2, 3, 3, 4,
	}
	const missing = aquarium.NoClue
	// Every accepted spelling of the same puzzle.
	for _, in := range []string{
		exampleURL,
		"p?aquarium/5/4/9lqgfk4/3h12h13",
		"aquarium/5/4/9lqgfk4/3h12h13",
		"?aquarium/5/4/9lqgfk4/3h12h13",
		"http://pzv.jp/p.html?aquarium/5/4/9lqgfk4/3h12h13",
		"https://pzprxs.vercel.app/p?aquarium/5/4/9lqgfk4/3h12h13",
		"  " + exampleURL + "/\n",
		"aquarium//5/4/9lqgfk4/3h12h13",
	} {
		t.Run(in, func(t *testing.T) {
			p, rule, err := DecodeURL("ex", in)
			require.NoError(t, err)
			assert.Equal(t, aquarium.PoolRule, rule)
			assert.Equal(t, want, p.Regions)
			assert.Equal(t, []int{3, missing, missing, 1, 2}, p.Cols)
			assert.Equal(t, []int{missing, missing, 1, 3}, p.Rows)
			got, err := EncodeURL(p, rule)
			require.NoError(t, err)
			assert.Equal(t, exampleURL, got)
		})
	}
	p, rule, err := DecodeURL("ex", "p?aquarium/r/5/4/9lqgfk4/3h12h13")
	require.NoError(t, err)
	assert.Equal(t, aquarium.RegionRule, rule)
	assert.Equal(t, want, p.Regions)
	got, err := EncodeURL(p, rule)
	require.NoError(t, err)
	assert.Equal(t, URLPrefix+"aquarium/r/5/4/9lqgfk4/3h12h13", got)
}

// TestURLClueForms covers the clue spellings of pzprjs one by one.
func TestURLClueForms(t *testing.T) {
	const missing = aquarium.NoClue
	tests := []struct {
		clues      string
		cols, rows []int
	}{
		{"k", []int{missing, missing}, []int{missing, missing, missing}},
		{"12i", []int{1, 2}, []int{missing, missing, missing}},
		{"..121", []int{missing, missing}, []int{1, 2, 1}},
		{"h.h", []int{missing, missing}, []int{missing, missing, missing}},
		{"h.g./", []int{missing, missing}, []int{missing, missing, missing}},
		{"g1i", []int{missing, 1}, []int{missing, missing, missing}},
	}
	for _, tt := range tests {
		t.Run(tt.clues, func(t *testing.T) {
			// A 2x3 grid: one wall digit each way.
			p, _, err := DecodeURL("in", "aquarium/2/3/00/"+tt.clues)
			require.NoError(t, err)
			assert.Equal(t, tt.cols, p.Cols)
			assert.Equal(t, tt.rows, p.Rows)
		})
	}
	// Clues of 16 and more take "-" and two hex digits.
	p := newPuzzle(20, 1)
	p.Rows[0] = 17
	p.Cols[3] = 1
	got, err := EncodeURL(p, aquarium.RegionRule)
	require.NoError(t, err)
	assert.Equal(t, URLPrefix+"aquarium/r/20/1/0000/i1v-11", got)
	back, _, err := DecodeURL("in", got)
	require.NoError(t, err)
	assert.Equal(t, p, back)
}

// TestURLCutShort: a URL whose clues stop before every clue is accounted
// for (pzprjs writes a run of missing clues at the end too) is refused
// with the number of clues expected, at the place where it ends, rather
// than read with clues missing.
func TestURLCutShort(t *testing.T) {
	const full = "https://puzz.link/p?aquarium/6/6/4b1uqg6v78hv/365443325555"
	_, _, err := DecodeURL("in", full)
	require.NoError(t, err)
	for _, tt := range []struct{ in, want string }{
		{full[:len(full)-2], "in:1:57: want 12 clues (6 columns, then 6 rows), found only 10; is the URL cut short?"},
		{full[:len(full)-11], "in:1:48: want 12 clues (6 columns, then 6 rows), found only 1; is the URL cut short?"},
		{full[:len(full)-12], "in:1:47: want 12 clues (6 columns, then 6 rows), found only 0; is the URL cut short?"},
		{full[:len(full)-13], "in:1:46: want \"/\" and the 12 clues (6 columns, then 6 rows) after the borders; is the URL cut short?"},
		{"aquarium/2/3/00/g1", "in:1:19: want 5 clues (2 columns, then 3 rows), found only 2; is the URL cut short?"},
		{"aquarium/2/3/00/12/", "in:1:19: want 5 clues (2 columns, then 3 rows), found only 2; is the URL cut short?"},
	} {
		_, _, err := DecodeURL("in", tt.in)
		if assert.Error(t, err, tt.in) {
			assert.Equal(t, tt.want, err.Error(), tt.in)
		}
	}
}

// TestEmptyURLBody checks that an address ending after its size reads as an
// empty grid, as in pzprjs.
func TestEmptyURLBody(t *testing.T) {
	for _, in := range []string{"aquarium/3/2", "aquarium/3/2/", "aquarium/r/3/2"} {
		p, _, err := DecodeURL("in", in)
		require.NoError(t, err, in)
		assert.Equal(t, newPuzzle(3, 2), p, in)
	}
}

// samePuzzle asserts that got is want up to the numbering of aquariums and
// without aquarium names.
func samePuzzle(t testing.TB, want, got *aquarium.Puzzle, msg ...any) {
	t.Helper()
	require.NotNil(t, got, msg...)
	assert.Equal(t, want.Width, got.Width, msg...)
	assert.Equal(t, want.Height, got.Height, msg...)
	assert.Equal(t, canonical(want.Regions), canonical(got.Regions), msg...)
	assert.Equal(t, want.Cols, got.Cols, msg...)
	assert.Equal(t, want.Rows, got.Rows, msg...)
	assert.Empty(t, got.Names, msg...)
}

// roundTrip encodes p (with rule and s) in every format that can express it,
// decodes the result and asserts that the puzzle comes back, and that
// encoding again gives the same text.
func roundTrip(t *testing.T, p *aquarium.Puzzle, rule aquarium.Rule, s aquarium.Solution) {
	t.Helper()
	task, err := EncodeTask(p)
	if p.Width == p.Height && !hasMissingClue(p) {
		require.NoError(t, err)
		back, err := DecodeTask("task", task)
		require.NoError(t, err, task)
		samePuzzle(t, p, back, task)
		again, err := EncodeTask(back)
		require.NoError(t, err)
		assert.Equal(t, task, again)
	} else {
		require.ErrorIs(t, err, ErrUnsupported)
	}

	url, err := EncodeURL(p, rule)
	if connected(p) != nil {
		require.ErrorIs(t, err, ErrUnsupported)
		return
	}
	require.NoError(t, err)
	back, backRule, err := DecodeURL("url", url)
	require.NoError(t, err, url)
	samePuzzle(t, p, back, url)
	assert.Equal(t, rule, backRule)
	again, err := EncodeURL(back, backRule)
	require.NoError(t, err)
	assert.Equal(t, url, again)

	file, err := EncodePzprv3(p, rule, s)
	require.NoError(t, err)
	back, backRule, backSol, err := DecodePzprv3("file", file)
	require.NoError(t, err, file)
	samePuzzle(t, p, back, file)
	assert.Equal(t, rule, backRule)
	if s.Cells == nil {
		s = aquarium.NewSolution(p.Width, p.Height)
	}
	assert.Equal(t, s, backSol)
	againFile, err := EncodePzprv3(back, backRule, backSol)
	require.NoError(t, err)
	assert.Equal(t, file, againFile)
	// pzprjs reads "/" as a line break; so do we.
	slashed, _, _, err := DecodePzprv3("file", strings.ReplaceAll(file, "\n", "/"))
	require.NoError(t, err)
	assert.Equal(t, back, slashed)
}

func hasMissingClue(p *aquarium.Puzzle) bool {
	for _, k := range append(append([]int(nil), p.Cols...), p.Rows...) {
		if k == aquarium.NoClue {
			return true
		}
	}
	return false
}

func TestRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := 400
	if testing.Short() {
		rounds = 50
	}
	for round := range rounds {
		width, height := 1+rng.IntN(12), 1+rng.IntN(12)
		if round%4 == 0 {
			height = width
		}
		if round%50 == 0 {
			width, height = 30, 30
		}
		missing := []float64{0, 0.2, 1}[round%3]
		p, s := randomPuzzle(rng, width, height, missing)
		require.NoError(t, p.Validate())
		require.NoError(t, aquarium.Check(p, s, aquarium.RegionRule))
		// A partial solution: forget some cells.
		for i := range s.Cells {
			if rng.IntN(3) == 0 {
				s.Cells[i] = aquarium.Unknown
			}
		}
		rule := aquarium.Rule(round % 2)
		roundTrip(t, p, rule, s)
		roundTrip(t, p, rule, aquarium.Solution{})
	}
}

// TestCorpusLinks decodes every corpus puzzle's URL and task string and
// checks that it gives the corpus's own grid and clues.
func TestCorpusLinks(t *testing.T) {
	seen := 0
	for _, c := range aqcorpus.Load(t) {
		want := c.Puzzle()
		if c.URL != "" {
			seen++
			got, _, err := DecodeURL(c.ID, c.URL)
			require.NoError(t, err, c.ID)
			samePuzzle(t, want, got, c.ID)
		}
		if c.Task != "" {
			seen++
			got, err := DecodeTask(c.ID, c.Task)
			require.NoError(t, err, c.ID)
			samePuzzle(t, want, got, c.ID)
		}
	}
	assert.Positive(t, seen, "the corpus has no url or task field")
}

// TestCorpusRoundTrip writes every corpus puzzle in every format that can
// express it, with its solution, and reads it back.
func TestCorpusRoundTrip(t *testing.T) {
	for _, c := range aqcorpus.Load(t) {
		t.Run(c.ID, func(t *testing.T) {
			p := c.Puzzle()
			require.NoError(t, p.Validate())
			grid, err := c.Grid()
			require.NoError(t, err, c.ID)
			roundTrip(t, p, aquarium.RegionRule, grid)
			roundTrip(t, p, aquarium.PoolRule, aquarium.Solution{})
		})
	}
}

// TestDecodeErrors checks the positioned message for each kind of bad task
// string, URL and pzprv3 file. It is one table, a case a line, so it stays
// one piece.
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		format, in, want string
	}{
		{"task", "", "in:1:1: empty task string; want column and row clues, ';', then aquarium ids, as in 1_2_1_2;1,1,2,2"},
		{"task", "1_2_1_2", "in:1:8: want ';' between the clues and the aquarium ids"},
		{"task", "1_2_1;1,1,1,1", "in:1:6: 3 clues before ';'; want as many column clues as row clues"},
		{"task", "1_x_1_2;1,1,1,1", "in:1:3: want a clue (a number of full cells), found \"x\""},
		{"task", "1_2a_1_2;1,1,1,1", "in:1:4: want a clue (a number of full cells), found \"2a\""},
		{"task", "1__1_2;1,1,1,1", "in:1:3: want a clue (a number of full cells), found nothing"},
		{"task", "1_-1_1_2;1,1,1,1", "in:1:3: want a clue (a number of full cells), found \"-1\""},
		{"task", "1_12345678_1_2;1,1,1,1", "in:1:3: want a clue (a number of full cells), found \"12345678\" (too large)"},
		{"task", "1_1234567_1_2;1,1,1,1", "in:1:3: column 2 clue 1234567 is more than its 2 rows"},
		{"task", strings.Repeat("0_", 2001) + "0;1", "in:1:4001: more than 2000 clues: grids are at most 1000x1000"},
		{"task", "0_0_0_0;1,1,1,1,1", "in:1:17: more than 4 aquarium ids; a 2x2 grid has 4 cells"},
		{"task", "1_3_1_2;1,1,1,1", "in:1:3: column 2 clue 3 is more than its 2 rows"},
		{"task", "1_2_1_9;1,1,1,1", "in:1:7: row 2 clue 9 is more than its 2 columns"},
		{"task", "1_2_1_2;1,1,1", "in:1:14: 3 aquarium ids; a 2x2 grid needs 4, one per cell"},
		{"task", "1_2_1_2;1,1,1,1,2", "in:1:17: more than 4 aquarium ids; a 2x2 grid has 4 cells"},
		{"task", "1_2_1_2;1,1,0,1", "in:1:13: aquarium id 0; ids count from 1"},
		{"task", "1_2_1_2;1,1, 1,1", "in:1:13: want an aquarium id (a number from 1), found \" 1\""},
		{"task", "1_2_1_2;1,1,1,1,", "in:1:17: want an aquarium id (a number from 1), found nothing"},
		{"task", "\n\n 1_2_1_2;1,1,1,x", "in:3:16: want an aquarium id (a number from 1), found \"x\""},

		{"url", "", "in:1:1: empty URL; want one like https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"},
		{"url", "https://puzz.link/p?lits/5/4/9lqgfk4/3h12h13", "in:1:21: want \"aquarium/\" after the address, found \"lits\""},
		{"url", "aquarium", "in:1:1: want \"aquarium/\" after the address, found \"aquarium\""},
		{"url", "ftp://x/p?aquarium/5/4/9lqgfk4/3h12h13", "in:1:1: want an http(s) address, \"p\" or nothing before \"?\", found \"ftp://x/p\""},
		{"url", "aquarium/x/5/4/9lqgfk4/3h12h13", "in:1:10: want the width or the flag \"r\" (region rule), found \"x\""},
		{"url", "aquarium/r", "in:1:11: want \"/\" and the width after the flags"},
		{"url", "aquarium/", "in:1:10: want the width after \"aquarium/\""},
		{"url", "aquarium/5", "in:1:11: want \"/\" and the height after the width"},
		{"url", "aquarium/0/4/9lqgfk4/3h12h13", "in:1:10: want the width, a number from 1 to 255, found \"0\""},
		{"url", "aquarium/5/256/", "in:1:12: want the height, a number from 1 to 255, found \"256\""},
		{"url", "aquarium/5/4/9lq/3h12h13", "in:1:17: want 4 base-32 digits (0-9, a-v) for the 16 walls between horizontal neighbours, found only 3"},
		{"url", "aquarium/5/4/9lqgf", "in:1:19: want 3 base-32 digits (0-9, a-v) for the 15 walls between vertical neighbours, found only 1"},
		{"url", "aquarium/5/4/9lqwfk4/3h12h13", "in:1:17: want a base-32 digit (0-9, a-v) of the walls between horizontal neighbours, found 'w'"},
		{"url", "aquarium/5/4/9lqgfk4x/3h12h13", "in:1:21: want \"/\" after the 7 border digits, found 'x'"},
		{"url", "aquarium/5/4/9lqgfk4/3h12h13g", "in:1:29: all 9 clues are given; want nothing after them, found 'g'"},
		{"url", "aquarium/5/4/9lqgfk4/3h12z", "in:1:26: 'z' skips 20 clues, but only 4 of the 9 are left"},
		{"url", "aquarium/5/4/9lqgfk4/3h1-1", "in:1:26: want two hex digits (0-9, a-f) after \"-\""},
		{"url", "aquarium/5/4/9lqgfk4/3h1-1g", "in:1:26: want two hex digits (0-9, a-f) after \"-\""},
		{"url", "aquarium/5/4/9lqgfk4/3h1A", "in:1:25: want a clue (0-9, a-f, \"-\" and two hex digits, \".\") or a run of missing clues (g-z), found 'A'"},
		{"url", "aquarium/5/4/9lqgfk4/5", "in:1:22: column 1 clue 5 is more than its 4 rows"},
		{"url", "aquarium/5/4/9lqgfk4/i-10", "in:1:23: column 4 clue 16 is more than its 4 rows"},
		{"url", "aquarium/5/4/9lqgfk4/3h12h16", "in:1:28: row 4 clue 6 is more than its 5 columns"},
		{"url", "aquarium/5/4/9lqgfk4/3h12h13//", "in:1:29: all 9 clues are given; want nothing after them, found '/'"},

		{"pzprv3", "", "in:1:1: want the header \"pzprv3\", found \"\""},
		{"pzprv3", "pzprv2\naquarium\n", "in:1:1: want the header \"pzprv3\", found \"pzprv2\""},
		{"pzprv3", "pzprv3.x\naquarium\n", "in:1:1: want the header \"pzprv3\", found \"pzprv3.x\""},
		{"pzprv3", "pzprv3\nlits\n", "in:2:1: want the puzzle type \"aquarium\", found \"lits\""},
		{"pzprv3", "pzprv3", "in:1:7: want the puzzle type \"aquarium\", found the end"},
		{"pzprv3", "pzprv3\naquarium\n2\n", "in:4:1: want the number of columns, found the end"},
		{"pzprv3", "pzprv3\naquarium\nx\n2\n", "in:3:1: want the number of rows, found \"x\""},
		{"pzprv3", "pzprv3\naquarium\n999\n999\n", "in:4:1: a 999x999 grid cannot fit in the 24 bytes of this file"},
		{"pzprv3", "pzprv3\naquarium\n1001\n3\n", "in:3:1: 1001 rows: grids are at most 1000x1000"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n", "in:6:1: file ends early; want a line of 1 walls between horizontal neighbours (0 or 1)"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 1 \n", "in:6:3: too many items: want a line of 1 walls between horizontal neighbours (0 or 1)"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n2 \n", "in:6:1: want 0 or 1 for a wall, found \"2\""},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 \n", "in:7:3: 1 items; want a line of 2 walls between vertical neighbours (0 or 1)"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n1 . . \n", "in:8:1: want \".\" for the corner above the row clues, found \"1\""},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. 3 . \n", "in:8:3: column 1 clue 3 is more than its 2 rows"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. x . \n", "in:8:3: want the clue of column 1 (a number, or \".\" for none), found \"x\""},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. 1 . \n. # \n", "in:9:5: 2 items; want a line of a row clue and 2 cells"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. 1 . \n. # x \n", "in:9:5: want a cell: # (water), + (empty) or . (undecided), found \"x\""},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. 1 . \n. # + \n3 . . \n", "in:10:1: row 2 clue 3 is more than its 2 columns"},
		{"pzprv3", "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. 1 . \n. # + \n2 . . \nmore\n", "in:11:1: want the end of the file after the grid, found \"more\""},
		{"pzprv3", "pzprv3/aquarium/2/2/0 /0 /1 1 /. 1 . /. # + /2 . x /", "in:1:50: want a cell: # (water), + (empty) or . (undecided), found \"x\""},
	}
	for _, tt := range tests {
		t.Run(tt.format+"/"+tt.in, func(t *testing.T) {
			var err error
			switch tt.format {
			case "task":
				_, err = DecodeTask("in", tt.in)
			case "url":
				_, _, err = DecodeURL("in", tt.in)
			case "pzprv3":
				_, _, _, err = DecodePzprv3("in", tt.in)
			}
			require.Error(t, err)
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

// TestDecodePzprv3Extras covers what pzprjs writes besides the grid.
func TestDecodePzprv3Extras(t *testing.T) {
	const grid = "pzprv3\naquarium\n2\n2\n0 \n0 \n1 1 \n. 1 -2 \n. # + \n2 . . \n"
	for _, in := range []string{
		grid,
		strings.ReplaceAll(grid, "\n", "\r\n"),
		strings.Replace(grid, "pzprv3", "pzprv3.1", 1),
		grid + "info:{\n \"metadata\": {\"author\": \"a/b\"}\n}\n",
		grid + "history:{\n \"type\": \"pzpr\"\n}\n",
		grid + "\n\n",
	} {
		p, rule, s, err := DecodePzprv3("in", in)
		require.NoError(t, err, in)
		assert.Equal(t, aquarium.PoolRule, rule)
		assert.Equal(t, []int{0, 0, 1, 1}, p.Regions)
		assert.Equal(t, []int{1, aquarium.NoClue}, p.Cols)
		assert.Equal(t, []int{aquarium.NoClue, 2}, p.Rows)
		assert.Equal(t, []aquarium.Cell{aquarium.Water, aquarium.Empty, aquarium.Unknown, aquarium.Unknown}, s.Cells)
	}
	// A 1x1 grid has no walls at all, and a 1-wide grid has empty wall lines.
	for _, in := range []string{
		"pzprv3\naquarium\n1\n1\n\n. 1 \n1 # \n",
		"pzprv3\naquarium\n2\n1\nr\n\n\n0 \n. 2 \n1 # \n1 # \n",
	} {
		p, _, s, err := DecodePzprv3("in", in)
		require.NoError(t, err, in)
		require.NoError(t, aquarium.Check(p, s, aquarium.RegionRule))
		out, err := EncodePzprv3(p, map[bool]aquarium.Rule{true: aquarium.RegionRule, false: aquarium.PoolRule}[strings.Contains(in, "\nr\n")], s)
		require.NoError(t, err)
		assert.Equal(t, in, out)
	}
}

func TestEncodeErrors(t *testing.T) {
	square := newPuzzle(2, 2)
	square.Cols = []int{1, 1}
	square.Rows = []int{1, aquarium.NoClue}
	_, err := EncodeTask(square)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.EqualError(t, err, "not expressible in this format: task strings give every clue; row 2 has none")

	wide := newPuzzle(3, 2)
	_, err = EncodeTask(wide)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.EqualError(t, err, "not expressible in this format: task strings describe square grids; this one is 3x2")

	// Aquarium A in two pieces.
	split := newPuzzle(3, 1)
	split.Regions = []int{0, 1, 0}
	_, err = EncodeURL(split, aquarium.RegionRule)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.EqualError(t, err, "not expressible in this format: aquarium A has separate pieces "+
		"(row 1, column 1 and row 1, column 3); walls between cells can only describe connected aquariums")
	_, err = EncodePzprv3(split, aquarium.RegionRule, aquarium.Solution{})
	require.ErrorIs(t, err, ErrUnsupported)
	// The task string names cells, so it can say it.
	square.Rows[1] = 0
	square.Regions = []int{0, 1, 1, 0}
	task, err := EncodeTask(square)
	require.NoError(t, err)
	assert.Equal(t, "1_1_1_0;1,2,2,1", task)

	huge := newPuzzle(MaxURLSide+1, 1)
	_, err = EncodeURL(huge, aquarium.PoolRule)
	require.ErrorIs(t, err, ErrUnsupported)

	_, err = EncodePzprv3(newPuzzle(2, 2), aquarium.PoolRule, aquarium.NewSolution(3, 2))
	require.ErrorIs(t, err, ErrUnsupported)
	odd := aquarium.NewSolution(2, 2)
	odd.Cells[3] = aquarium.Water + 1
	_, err = EncodePzprv3(newPuzzle(2, 2), aquarium.PoolRule, odd)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.ErrorContains(t, err, "row 2, column 2 holds")

	bad := newPuzzle(2, 2)
	bad.Cols[0] = 5
	for _, encode := range []func(*aquarium.Puzzle) error{
		func(p *aquarium.Puzzle) error { _, err := EncodeTask(p); return err },
		func(p *aquarium.Puzzle) error { _, err := EncodeURL(p, aquarium.PoolRule); return err },
		func(p *aquarium.Puzzle) error {
			_, err := EncodePzprv3(p, aquarium.PoolRule, aquarium.Solution{})
			return err
		},
	} {
		err := encode(bad)
		require.ErrorIs(t, err, aquarium.ErrInvalidPuzzle)
		assert.False(t, errors.Is(err, ErrUnsupported))
	}
}

// TestDecodeTaskGaps checks that ids with gaps close up in order.
func TestDecodeTaskGaps(t *testing.T) {
	p, err := DecodeTask("in", "1_1_1_1;7,3,3,7")
	require.NoError(t, err)
	assert.Equal(t, []int{1, 0, 0, 1}, p.Regions)
	out, err := EncodeTask(p)
	require.NoError(t, err)
	assert.Equal(t, "1_1_1_1;2,1,1,2", out)
}

// TestPzprjsVectors reads files as pzprjs writes them, taken from its own
// tests (robx/pzprjs test/script/aquarium.js), and checks them against the
// URL of the same puzzle and against the checker's verdict.
func TestPzprjsVectors(t *testing.T) {
	const grid = "pzprv3/aquarium/4/4/0 1 0 /1 1 1 /1 1 1 /0 0 1 /1 0 0 1 /0 0 1 0 /0 1 0 0 /. . . . 3 /"
	fromURL, rule, err := DecodeURL("url", "p?aquarium/4/4/bu8i90/i3213g")
	require.NoError(t, err)
	tests := []struct {
		file  string
		valid bool // pzprjs accepts the answer
	}{
		{grid + "2 . . # # /1 . . # . /3 # . # # /. # # # # /", true},
		{grid + "2 . . # # /1 . . . # /3 . . . # /. . . . . /", false}, // water without support
		{grid + "2 . . . . /1 . . . . /3 # . . . /. # # # . /", false}, // two levels in one pool
	}
	for _, tt := range tests {
		p, fileRule, s, err := DecodePzprv3("file", tt.file)
		require.NoError(t, err)
		assert.Equal(t, fromURL, p)
		assert.Equal(t, rule, fileRule)
		out, err := EncodePzprv3(p, fileRule, s)
		require.NoError(t, err)
		assert.Equal(t, tt.file, strings.ReplaceAll(out, "\n", "/"))
		if tt.valid {
			assert.NoError(t, aquarium.Check(p, decided(s), fileRule))
		} else {
			assert.ErrorIs(t, aquarium.Check(p, decided(s), fileRule), aquarium.ErrWrongSolution)
		}
	}
	// The same 4x3 grid under both rules: the answer breaks only the region
	// rule, as pzprjs reports.
	const pool = "pzprv3/aquarium/3/4/0 0 0 /1 1 0 /1 1 0 /0 1 0 0 /0 0 0 0 /. . . . . /. . . . . /. . . # # /. . . # # /"
	const region = "pzprv3/aquarium/3/4/r/0 0 0 /1 1 0 /1 1 0 /0 1 0 0 /0 0 0 0 /. . . . . /. . . . . /. . . # # /. . . # # /"
	p, r, s, err := DecodePzprv3("pool", pool)
	require.NoError(t, err)
	assert.Equal(t, aquarium.PoolRule, r)
	assert.NoError(t, aquarium.Check(p, decided(s), r))
	p, r, s, err = DecodePzprv3("region", region)
	require.NoError(t, err)
	assert.Equal(t, aquarium.RegionRule, r)
	assert.ErrorIs(t, aquarium.Check(p, decided(s), r), aquarium.ErrWrongSolution)
}

// decided reads undecided cells as empty, as pzprjs's checker does.
func decided(s aquarium.Solution) aquarium.Solution {
	out := aquarium.NewSolution(s.Width, s.Height)
	for i, c := range s.Cells {
		out.Cells[i] = max(c, aquarium.Empty)
	}
	return out
}

func TestRegionsFromWalls(t *testing.T) {
	// A 3x2 grid: a wall right of (0,0) and below it closes off cell (0,0);
	// the wall below (0,2) closes nothing.
	right := []bool{true, false, false, false}
	below := []bool{true, false, true}
	got, err := RegionsFromWalls(3, 2, right, below)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 1, 1, 1, 1}, got)

	_, err = RegionsFromWalls(3, 2, right, below[:2])
	assert.ErrorContains(t, err, "want 4 and 3")
	_, err = RegionsFromWalls(0, 2, nil, nil)
	assert.Error(t, err)

	// Random walls: neighbours without a wall share an aquarium, and the
	// walls of the aquariums found give the same aquariums back.
	rng := rand.New(rand.NewPCG(4, 5))
	for range 200 {
		w, h := 1+rng.IntN(7), 1+rng.IntN(7)
		right, below := make([]bool, (w-1)*h), make([]bool, w*(h-1))
		for i := range right {
			right[i] = rng.IntN(3) == 0
		}
		for i := range below {
			below[i] = rng.IntN(3) == 0
		}
		regions, err := RegionsFromWalls(w, h, right, below)
		require.NoError(t, err)
		for r := range h {
			for c := range w {
				if c+1 < w && !right[r*(w-1)+c] {
					require.Equal(t, regions[r*w+c], regions[r*w+c+1])
				}
				if r+1 < h && !below[r*w+c] {
					require.Equal(t, regions[r*w+c], regions[(r+1)*w+c])
				}
			}
		}
		p := newPuzzle(w, h)
		p.Regions = regions
		ws, err := wallsOf(p)
		require.NoError(t, err)
		again, err := RegionsFromWalls(w, h, ws.wall[:ws.numHorizontal()], ws.wall[ws.numHorizontal():])
		require.NoError(t, err)
		require.Equal(t, regions, again)
	}
}
