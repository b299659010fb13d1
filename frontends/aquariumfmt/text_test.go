package aquariumfmt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// TestParseText reads the text format's cases, good and bad. It is one
// table, a case a line, so it stays one piece.
func TestParseText(t *testing.T) {
	const X = aquarium.NoClue
	tests := []struct {
		name    string
		input   string
		id      string
		hasID   bool
		rule    aquarium.Rule
		hasRule bool
		line    int
		cols    []int
		rows    []int
		regions []int
		names   []string
		sol     string // Solution.String(), "" for none
	}{
		{
			name:  "compact",
			input: "  1 2 1\n2 aab\n1 acc\n",
			id:    "t.txt", line: 1,
			cols: []int{1, 2, 1}, rows: []int{2, 1},
			regions: []int{0, 0, 1, 0, 2, 2}, names: []string{"a", "b", "c"},
		},
		{
			name:  "spaced with comments, tabs, CRLF and a BOM",
			input: "\xEF\xBB\xBF# title\r\n\r\n\t- 2 # cols\r\n - a1\ta1 # row one\r\n0 b  a1\r\n",
			id:    "t.txt", line: 3,
			cols: []int{X, 2}, rows: []int{X, 0},
			regions: []int{0, 0, 1, 0}, names: []string{"a1", "b"},
		},
		{
			name:  "directives and a solution block, compact and spaced",
			input: "id my-puzzle\nrule pool\n 1 1\n1 ab\n1 a b\nsolution\n#.\n. ?\n# done\n",
			id:    "my-puzzle", hasID: true, rule: aquarium.PoolRule, hasRule: true, line: 1,
			cols: []int{1, 1}, rows: []int{1, 1},
			regions: []int{0, 1, 0, 1}, names: []string{"a", "b"},
			sol: "#.\n.?",
		},
		{
			name:  "rows mix compact and spaced forms",
			input: "  1 1 1\n1 xyz\n1 x y z\n",
			id:    "t.txt", line: 1,
			cols: []int{1, 1, 1}, rows: []int{1, 1},
			regions: []int{0, 1, 2, 0, 1, 2}, names: []string{"x", "y", "z"},
		},
		{
			name:  "one column: a long token is one label",
			input: "1\n1 tank\n0 tank\n",
			id:    "t.txt", line: 1,
			cols: []int{1}, rows: []int{1, 0},
			regions: []int{0, 0}, names: []string{"tank"},
		},
		{
			name:  "labels of digits, punctuation and other scripts",
			input: "  0 0 0\n0 1 ( é\n0 _-x [1] 水\n",
			id:    "t.txt", line: 1,
			cols: []int{0, 0, 0}, rows: []int{0, 0},
			regions: []int{0, 1, 2, 3, 4, 5}, names: []string{"1", "(", "é", "_-x", "[1]", "水"},
		},
		{
			name:  "solution rows and the end of the block are read without comments",
			input: " 1\n1 a\nsolution\n#\n#.\n",
			id:    "t.txt", line: 1,
			cols: []int{1}, rows: []int{1},
			regions: []int{0}, names: []string{"a"},
			sol: "#",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseText("t.txt", []byte(tt.input))
			require.NoError(t, err)
			assert.Equal(t, tt.id, d.ID)
			assert.Equal(t, tt.hasID, d.HasID)
			assert.Equal(t, tt.rule, d.Rule)
			assert.Equal(t, tt.hasRule, d.HasRule)
			assert.Equal(t, tt.line, d.Line)
			assert.Nil(t, d.Corpus)
			p := d.Puzzle
			require.NoError(t, p.Validate())
			assert.Equal(t, len(tt.cols), p.Width)
			assert.Equal(t, len(tt.rows), p.Height)
			assert.Equal(t, tt.cols, p.Cols)
			assert.Equal(t, tt.rows, p.Rows)
			assert.Equal(t, tt.regions, p.Regions)
			assert.Equal(t, tt.names, p.Names)
			if tt.sol == "" {
				assert.False(t, d.HasSolution())
			} else {
				assert.Equal(t, tt.sol, d.Solution.String())
			}
		})
	}
}

// TestParseTextErrors covers the malformed inputs of issue 2 and more:
// each case names the exact position of the first problem and part of its
// message. It is one table, a case a line, so it stays one piece.
func TestParseTextErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		at    string // file:line:col of the first problem
		msg   string // part of its message
	}{
		{"empty file", "", "t.txt:1:1", "empty input"},
		{"only blanks", " \n\t\r\n\n", "t.txt:1:1", "empty input"},
		{"only comments", "# a title\n   # another\n", "t.txt:1:1", "empty input"},
		{"NUL byte", "  1 1\n1 a\x00\n", "t.txt:2:4", "not a text file: NUL byte"},
		{"invalid UTF-8", "  1 1\n1 ab\n1 \xff\xfe\n", "t.txt:3:3", "not UTF-8 text: invalid byte 0xFF"},
		{"control character", "\x1b[31m 1\n", "t.txt:1:1", "control character U+001B"},
		{"binary junk", "\x89PNG\r\n\x1a\n\x00\x00", "t.txt:1:1", "not UTF-8"},
		{"lone carriage return", "  1 1\n1 a\rb\n", "t.txt:2:4", "carriage return inside a line"},
		{"old Mac line ends read as line ends", "  1 1\r1 ab\r1 a.\r", "t.txt:3:4", "'.' is not allowed"},
		{"line over the limit", "  1\n1 " + strings.Repeat("a", 70000) + "\n", "t.txt:2:65537", "line is longer than 65536 bytes"},
		{"compact row far too wide", "  1 1 1\n1 " + strings.Repeat("a", 60000) + "\n", "t.txt:2:3", "compact row has 60000 labels, want 3"},
		{"too many column clues", "  " + strings.Repeat("- ", 1001) + "\n", "t.txt:1:2003", "more than 1000 column clues: grids are at most 1000x1000"},
		{"too many rows", "  1\n" + strings.Repeat("- a\n", 1001), "t.txt:1002:1", "more than 1000 rows: grids are at most 1000x1000"},

		{"unknown directive", "size 2x2\n  1 1\n1 ab\n", "t.txt:1:1", `unknown directive "size"`},
		{"rows without column clues", "aab\naab\n", "t.txt:1:1", `unknown directive "aab"`},
		{"unknown rule", "rule water\n 1\n1 a\n", "t.txt:1:6", `unknown rule "water"`},
		{"rule without argument", "rule\n 1\n1 a\n", "t.txt:1:5", "rule directive needs a rule"},
		{"rule with two arguments", "rule pool region\n 1\n1 a\n", "t.txt:1:11", `unexpected "region" after the rule directive`},
		{"rule twice", "rule pool\nrule pool\n 1\n1 a\n", "t.txt:2:1", "rule given twice"},
		{"id twice", "id a\nid b\n 1\n1 a\n", "t.txt:2:1", "id given twice"},
		{"id without name", "id # nothing\n 1\n1 a\n", "t.txt:1:3", "id directive needs a name"},
		{"directive after the grid", " 1\n1 a\nrule pool\n", "t.txt:3:1", "rule directive must come before the grid"},
		{"no grid", "rule pool\n# nothing else\n", "t.txt:1:1", "no grid"},
		{"no rows", "rule pool\n 1 2 3\n", "t.txt:2:2", "the grid has no rows"},

		{"letter in the column clues", "  1 x 1\n1 abc\n", "t.txt:1:5", `want a column clue (a number or -), found "x"`},
		{"negative column clue", "  1 -1\n1 ab\n", "t.txt:1:5", `found "-1"`},
		{"letter where the row clue belongs", "  1 1\n1 ab\nab\n", "t.txt:3:1", `want the row clue (a number or -) before the labels, found "ab"`},
		{"bad row clue", "  1 1\n1x ab\n", "t.txt:2:1", `want a row clue (a number or -), found "1x"`},
		{"column clue larger than its line", "  1 3\n1 ab\n1 ab\n", "t.txt:1:5", "column clue 3 is larger than the number of rows (2)"},
		{"row clue larger than its line", "  1 1\n3 ab\n1 ab\n", "t.txt:2:1", "row clue 3 is larger than the number of columns (2)"},
		{"clue beyond int", "  99999999999999999999999 1\n1 ab\n", "t.txt:1:3", "column clue 99999999999999999999999 is larger than the number of rows (1)"},

		{"ragged compact row", "  1 2 1\n1 aab\n1 ab\n1 abb\n", "t.txt:3:3", "compact row has 2 labels, want 3"},
		{"ragged spaced row, short", "  1 1 1\n1 a a b\n1 a b # c\n", "t.txt:3:6", "row has 2 labels, want 3"},
		{"ragged spaced row, long", "  1 1 1\n1 a a b\n1 a b b c\n", "t.txt:3:9", "row has 4 labels, want 3"},
		{"row with a clue only", "  1 1 1\n1 aab\n1\n", "t.txt:3:2", "row has no labels, want 3"},
		{"every row disagrees with the column clues", "  1 1\n1 abc\n1 abc\n", "t.txt:1:1", "2 column clues, but every row has 3 labels"},
		{"compact and spaced in one row", "  1 1 1 1\n1 aa b c\n", "t.txt:2:3", "row mixes compact and spaced labels"},
		{"compact row among multi-character labels", "  1 1\n1 a1 b\n1 ab\n", "t.txt:3:3", `compact row in a puzzle with multi-character labels ("a1" on line 2)`},
		{"dash as a label", "  1 1 1\n1 a - b\n", "t.txt:2:5", "- is not an aquarium label"},
		{"dash in a compact row", "  1 1 1\n1 a-b\n", "t.txt:2:4", "- is not an aquarium label"},
		{"hash inside a label", "  1 1\n1 a b#c\n", "t.txt:2:6", "'#' in an aquarium label"},
		{"dot in a label", "  1 1\n1 a. b\n", "t.txt:2:4", "'.' is not allowed in an aquarium label"},
		{"question mark in a compact row", "  1 1\n1 a?\n", "t.txt:2:4", "'?' is not allowed"},

		{"solution before the grid", "solution\n..\n", "t.txt:1:1", "solution block before the grid"},
		{"solution before any row", " 1 1\nsolution\n..\n", "t.txt:2:1", "solution block before any row"},
		{"solution keyword with more", " 1\n1 a\nsolution now\n#\n", "t.txt:3:10", `unexpected "now" after solution`},
		{"solution block too short", " 1 1\n1 ab\n1 ab\nsolution\n#.\n", "t.txt:4:1", "solution block has 1 row, want 2"},
		{"solution row too wide", " 1 1\n1 ab\nsolution\n#..\n", "t.txt:4:1", "solution row has 3 cells, want 2"},
		{"solution row too narrow", " 1 1 1\n1 abc\nsolution\n# .\n", "t.txt:4:4", "solution row has 2 cells, want 3"},
		{"solution row mixing forms", " 1 1 1\n1 abc\nsolution\n#. .\n", "t.txt:4:1", "solution row mixes compact and spaced cells"},
		{"bad solution cell", " 1 1\n1 ab\nsolution\n#x\n", "t.txt:4:2", `want # (water), . (empty) or ? (unknown), found 'x'`},
		{"comment inside the block", " 1\n1 a\n1 a\nsolution\n# water\n.\n", "t.txt:5:1", "solution row has 6 cells, want 1"},
		{"comment-like row inside the block", " 1 1\n1 ab\nsolution\n#a\n", "t.txt:4:2", "comments are not allowed inside the solution block"},
		{"solution block too long", " 1 1\n1 ab\nsolution\n#.\n..\n", "t.txt:5:1", "extra solution row: the grid has 1 row"},
		{"solution block too long, row looks like a comment", " 1 1\n1 ab\nsolution\n#.\n#.\n", "t.txt:5:1", "extra solution row"},
		{"second solution block", " 1\n1 a\nsolution\n#\n# fine\nsolution\n#\n", "t.txt:6:1", "second solution block"},
		{"text after the block", " 1\n1 a\nsolution\n#\n\n1 a\n", "t.txt:6:1", `unexpected "1" after the solution block`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseText("t.txt", []byte(tt.input))
			require.Error(t, err)
			assert.Nil(t, d.Puzzle)
			var list inputerr.List
			require.ErrorAs(t, err, &list)
			first := list[0]
			assert.Equal(t, tt.at+": ", strings.TrimSuffix(first.Error(), first.Msg), "position; all problems: %q", errorStrings(err))
			assert.Contains(t, first.Msg, tt.msg)
		})
	}
}

// TestReadSeveralTexts reads text inputs of several puzzles with Read: a
// directive after a grid starts the next puzzle, ids and lines are those
// of each puzzle, and a bad puzzle costs only itself.
func TestReadSeveralTexts(t *testing.T) {
	tests := []struct {
		name  string
		input string
		ids   []string
		lines []int
		errs  []string
	}{
		{"one puzzle keeps the input's name", " 1\n1 a\n", []string{"t.txt"}, []int{1}, nil},
		{"ids", "id a\n 1\n1 a\nid b\n 1\n1 b\n", []string{"a", "b"}, []int{1, 4}, nil},
		{"a rule starts one too, named by its line", "id a\n 1\n1 a\n\n# next\nrule pool\n 1\n1 b\n", []string{"a", "t.txt:6"}, []int{1, 6}, nil},
		{"after a solution block", " 1\n1 a\nsolution\n#\n# done\nid b\n 1\n1 b\n", []string{"t.txt:1", "b"}, []int{1, 6}, nil},
		{"a bad puzzle costs only itself", "id a\n 1\n1 a\nid b\n 1 x\n1 b c\nid c\n 1\n1 c\n", []string{"a", "c"}, []int{1, 7},
			[]string{`t.txt:5:4: want a column clue (a number or -), found "x"`}},
		{"a directive alone at the end", " 1\n1 a\nrule pool\n", []string{"t.txt:1"}, []int{1},
			[]string{"t.txt:3:1: no grid: want a line of column clues after the directives"}},
		{"between the column clues and the rows it is an error", " 1\nid a\n1 a\n", nil, nil,
			[]string{"t.txt:2:1: the id directive must come before the grid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := Read("t.txt", []byte(tt.input))
			assert.Equal(t, tt.errs, errorStrings(err))
			var ids []string
			var lines []int
			for _, d := range docs {
				require.NoError(t, d.Puzzle.Validate())
				ids, lines = append(ids, d.ID), append(lines, d.Line)
			}
			assert.Equal(t, tt.ids, ids)
			assert.Equal(t, tt.lines, lines)
		})
	}
}

func TestParseTextCollectsProblems(t *testing.T) {
	input := "  1 9 x\n1 abc\n7 abc\n1 ab\n"
	_, err := ParseText("t.txt", []byte(input))
	assert.Equal(t, []string{
		"t.txt:1:5: column clue 9 is larger than the number of rows (3)",
		`t.txt:1:7: want a column clue (a number or -), found "x"`,
		"t.txt:3:1: row clue 7 is larger than the number of columns (3)",
		"t.txt:4:3: compact row has 2 labels, want 3 (one per column clue)",
	}, errorStrings(err))
}

func TestParseTextCapsProblems(t *testing.T) {
	input := " 1\n" + strings.Repeat("x\n", 30)
	_, err := ParseText("t.txt", []byte(input))
	got := errorStrings(err)
	require.Len(t, got, maxErrors+1)
	assert.Equal(t, `t.txt:2:1: want the row clue (a number or -) before the labels, found "x"`, got[0])
	assert.Equal(t, "t.txt:12:1: too many errors", got[maxErrors])
}

func TestSolutionFromRows(t *testing.T) {
	s, err := SolutionFromRows([]string{"#.?", "..#"})
	require.NoError(t, err)
	assert.Equal(t, aquarium.Solution{Width: 3, Height: 2, Cells: []aquarium.Cell{
		aquarium.Water, aquarium.Empty, aquarium.Unknown,
		aquarium.Empty, aquarium.Empty, aquarium.Water,
	}}, s)
	assert.False(t, s.Complete())

	for _, tt := range []struct {
		rows []string
		msg  string
	}{
		{nil, "solution row 1: no rows"},
		{[]string{""}, "solution row 1: row is empty"},
		{[]string{"##", "#"}, "solution row 2: row has 1 cell, want 2 like the first row"},
		{[]string{"##", "#x"}, "solution row 2, column 2: want # (water), . (empty) or ? (unknown), found 'x'"},
	} {
		_, err := SolutionFromRows(tt.rows)
		assert.EqualError(t, err, tt.msg, "rows %q", tt.rows)
	}
}
