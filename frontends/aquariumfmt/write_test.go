package aquariumfmt

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func TestWriteText(t *testing.T) {
	const X = aquarium.NoClue
	tests := []struct {
		name string
		doc  Document
		want string
	}{
		{
			name: "letters for a puzzle without names",
			doc: Document{Puzzle: &aquarium.Puzzle{Width: 3, Height: 2,
				Regions: []int{0, 0, 2, 5, 5, 2}, Cols: []int{1, X, 2}, Rows: []int{X, 3}}},
			want: "" +
				"  1 - 2\n" +
				"- A A C\n" +
				"3 F F C\n",
		},
		{
			name: "wide clues widen the columns, directives and a partial solution",
			doc: Document{ID: "wide", HasID: true, Rule: aquarium.PoolRule, HasRule: true,
				Puzzle: &aquarium.Puzzle{Width: 2, Height: 11,
					Regions: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
					Cols:    []int{10, X}, Rows: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, X, 1},
					Names: []string{"x", "y"}},
				Solution: func() aquarium.Solution {
					s := aquarium.NewSolution(2, 11)
					s.Cells[0], s.Cells[21] = aquarium.Water, aquarium.Empty
					return s
				}()},
			want: "" +
				"id wide\n" +
				"rule pool\n" +
				"  10  -\n" +
				"2  x  x\n" + "2  x  x\n" + "2  x  x\n" + "2  x  x\n" + "2  x  x\n" +
				"2  x  x\n" + "2  x  x\n" + "2  x  x\n" + "2  x  x\n" + "-  x  x\n" +
				"1  x  y\n" +
				"solution\n" +
				"#?\n" + "??\n" + "??\n" + "??\n" + "??\n" + "??\n" + "??\n" + "??\n" + "??\n" + "??\n" + "?.\n",
		},
		{
			name: "long labels and wide row clues",
			doc: Document{Puzzle: &aquarium.Puzzle{Width: 11, Height: 1,
				Regions: []int{0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, Cols: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
				Rows: []int{10}, Names: []string{"tank", "b"}}},
			want: "" +
				"      0    0    0    0    0    0    0    0    0    0    0\n" +
				"10 tank    b    b    b    b    b    b    b    b    b    b\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := writeText(t, tt.doc)
			assert.Equal(t, tt.want, string(got))
			back, err := ParseText("", got)
			require.NoError(t, err)
			if !tt.doc.HasID {
				back.ID = ""
			}
			assert.Empty(t, docDiff(tt.doc, back))
		})
	}
}

func TestWriteTextErrors(t *testing.T) {
	puzzle := func(names ...string) *aquarium.Puzzle {
		return &aquarium.Puzzle{Width: 2, Height: 1, Regions: []int{0, 1}, Cols: []int{1, 1}, Rows: []int{2}, Names: names}
	}
	tests := []struct {
		name string
		doc  Document
		msg  string
	}{
		{"no puzzle", Document{}, "document has no puzzle"},
		{"invalid puzzle", Document{Puzzle: &aquarium.Puzzle{Width: 1, Height: 1, Regions: []int{0}, Cols: []int{2}, Rows: []int{1}}}, "column 1 clue 2 is outside 0..1"},
		{"label with a hash", Document{Puzzle: puzzle("a", "b#")}, `cannot write aquarium label "b#"`},
		{"dash label", Document{Puzzle: puzzle("-", "b")}, `cannot write aquarium label "-"`},
		{"dot label", Document{Puzzle: puzzle("a", ".")}, `cannot write aquarium label "."`},
		{"id with a space", Document{ID: "my id", HasID: true, Puzzle: puzzle()}, "it has spaces"},
		{"id like a comment", Document{ID: "#1", HasID: true, Puzzle: puzzle()}, "it starts with #"},
		{"id with a newline", Document{ID: "a\nb", HasID: true, Puzzle: puzzle()}, "control characters"},
		{"empty id", Document{HasID: true, Puzzle: puzzle()}, "it is empty"},
		{"unknown rule", Document{Rule: 7, HasRule: true, Puzzle: puzzle()}, "cannot write Rule(7)"},
		{"solution of another size", Document{Puzzle: puzzle(), Solution: aquarium.NewSolution(1, 1)}, "solution is 1x1 with 1 cells, puzzle is 2x1"},
		{"solution with a bad cell", Document{Puzzle: puzzle(), Solution: aquarium.Solution{Width: 2, Height: 1, Cells: []aquarium.Cell{0, 9}}}, "unknown kind 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			err := WriteText(&b, tt.doc)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.msg)
			assert.Zero(t, b.Len(), "nothing is written on error")
		})
	}
}

func TestDetect(t *testing.T) {
	for input, want := range map[string]Format{
		"":                      Text,
		"  1 1\n1 ab\n":         Text,
		"# {not json}\n":        Text,
		"{\"id\":1}":            JSONLines,
		"\n\r\n \t{":            JSONLines,
		"\xEF\xBB\xBF{\"a\":1}": JSONLines,
	} {
		assert.Equal(t, want, Detect([]byte(input)), "%q", input)
	}
	assert.Equal(t, "text", Text.String())
	assert.Equal(t, "JSON Lines", JSONLines.String())
}

func TestRead(t *testing.T) {
	docs, err := Read("p.txt", []byte(" 1\n1 a\n"))
	require.NoError(t, err)
	require.Len(t, docs, 1)
	assert.Equal(t, "p.txt", docs[0].ID)

	docs, err = Read("p.jsonl", []byte(`{"width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[1]}`+"\n"+
		`{"width":1,"height":1,"regions":[[0]],"cols":[0],"rows":[0]}`))
	require.NoError(t, err)
	require.Len(t, docs, 2)
	assert.Equal(t, []string{"p.jsonl:1", "p.jsonl:2"}, []string{docs[0].ID, docs[1].ID})

	for _, input := range []string{"", "  \n\n", "# only a comment\n"} {
		docs, err = Read("p", []byte(input))
		assert.Nil(t, docs)
		assert.EqualError(t, err, "p:1:1: empty input")
	}
	_, err = Read("p", []byte("{\"id\":\xff}"))
	assert.EqualError(t, err, "p:1:7: not UTF-8 text: invalid byte 0xFF")
}
