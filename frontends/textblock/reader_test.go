package textblock

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// sumRecord is the JSON record of the toy format of TestReader.
type sumRecord struct {
	ID    string `json:"id"`
	Terms []int  `json:"terms"`
}

// sumReader reads a toy format: a puzzle is a sum of numbers, a block of
// lines of numbers or a record of terms; "-" lines alone make no puzzle.
var sumReader = Reader[int, sumRecord]{
	Fields: []string{"id", "terms"},
	Empty:  "empty input: want sums",
	Block: func(name string, block []Line) (*int, int, error) {
		total, first := 0, 0
		for _, l := range block {
			text := strings.TrimSpace(l.Text)
			if text == "-" {
				continue
			}
			if first == 0 {
				first = l.No
			}
			v, err := strconv.Atoi(text)
			if err != nil {
				return nil, first, inputerr.List{inputerr.New(name, l.No, 1, "%q is no number", text)}
			}
			total += v
		}
		return &total, first, nil
	},
	Record: func(name string, lineNo int, _ []byte, rec *sumRecord) (string, *int, error) {
		if len(rec.Terms) == 0 {
			return rec.ID, nil, inputerr.List{inputerr.New(name, lineNo, 0, "no terms")}
		}
		total := 0
		for _, v := range rec.Terms {
			total += v
		}
		return rec.ID, &total, nil
	},
}

// sumItem is what the test compares of an Item.
type sumItem struct {
	ID     string
	Line   int
	Sum    int // -1 for no puzzle
	Record bool
	Err    string
}

func sums(items []Item[int, sumRecord]) []sumItem {
	var out []sumItem
	for _, it := range items {
		s := sumItem{ID: it.ID, Line: it.Line, Sum: -1, Record: it.Record != nil}
		if it.Puzzle != nil {
			s.Sum = *it.Puzzle
		}
		if it.Err != nil {
			s.Err = it.Err.Error()
		}
		out = append(out, s)
	}
	return out
}

func TestReader(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []sumItem
	}{
		{"text", "# sums\n1\n2\n\n-\n\n-\n4\nx\n\n5\n", []sumItem{
			{ID: "in:2", Line: 2, Sum: 3},
			{ID: "in:8", Line: 8, Sum: -1, Err: `in:9:1: "x" is no number`},
			{ID: "in:11", Line: 11, Sum: 5},
		}},
		{"json", "{\"id\": \"a\", \"terms\": [1, 2]}\n\n{\"terms\": [4]}\n{\"id\": \"c\"}\n{\"trems\": [1]}\n", []sumItem{
			{ID: "a", Line: 1, Sum: 3, Record: true},
			{ID: "in:3", Line: 3, Sum: 4, Record: true},
			{ID: "c", Line: 4, Sum: -1, Record: true, Err: "in:4: no terms"},
			{ID: "in:5", Line: 5, Sum: -1, Err: `in:5:2: unknown field "trems"; did you mean "terms"?`},
		}},
		{"duplicate ids", "{\"id\": \"a\", \"terms\": [1]}\n{\"id\": \"b\", \"terms\": [2]}\n{\"terms\": [3], \"id\": \"a\"}\n", []sumItem{
			{ID: "a", Line: 1, Sum: 1, Record: true},
			{ID: "b", Line: 2, Sum: 2, Record: true},
			{ID: "in:3", Line: 3, Sum: -1, Record: true, Err: `in:3:22: duplicate id "a": line 1 has it too (ids are unique within a file)`},
		}},
		{"empty", "# nothing\n\n", []sumItem{{ID: "in", Sum: -1, Err: "in:1:1: empty input: want sums"}}},
		{"no puzzle", "-\n", []sumItem{{ID: "in", Sum: -1, Err: "in:1:1: empty input: want sums"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, sums(sumReader.Parse("in", []byte(tc.in))))
		})
	}
	// A member the format does not know, and no near miss of one, is an
	// annotation, kept as written.
	items := sumReader.Parse("in", []byte(`{"id": "a", "author": "Ann", "terms": [1], "rating": {"stars": 3}}`))
	require.Len(t, items, 1)
	require.NoError(t, items[0].Err)
	require.Len(t, items[0].Annotations, 2)
	assert.Equal(t, "author", items[0].Annotations[0].Key)
	assert.Equal(t, `{"stars": 3}`, string(items[0].Annotations[1].Value))

	// ParseText reads text alone: a JSON line is a block of text.
	got := sums(sumReader.ParseText("in", []byte("{\"terms\": [1]}\n")))
	require.Len(t, got, 1)
	assert.Contains(t, got[0].Err, "is no number")
	assert.Empty(t, sumReader.ParseText("in", nil))
}
