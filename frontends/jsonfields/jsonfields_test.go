package jsonfields

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnknown(t *testing.T) {
	known := []string{"id", "width", "target"}
	for _, tc := range []struct {
		line string
		key  string
		col  int
	}{
		{`{"id": "a", "trget": 4}`, "trget", 13},
		{`{"ID":"a","Width":3}`, "", 0}, // keys match without regard to case, as encoding/json's do
		{`  {"id":{"x":[1,{"y":2}]},"wdth":3}`, "wdth", 27},
		{`{"id":"a"}`, "", 0},
		{`[1,2]`, "", 0},
		{`{"id":`, "", 0},
	} {
		key, col := Unknown([]byte(tc.line), known)
		assert.Equal(t, tc.key, key, tc.line)
		assert.Equal(t, tc.col, col, tc.line)
	}
	assert.Equal(t, `unknown field "trget"; did you mean "target"?`, Message("trget", known))
}

// FuzzUnknown: any bytes, no panic, and a key found is a member of the
// line at the column said.
func FuzzUnknown(f *testing.F) {
	f.Add([]byte(`{"id": "a", "trget": 4}`))
	f.Add([]byte(`{"a":{"b":[1,2,{"c":null}]},"d":"e"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		key, col := Unknown(line, []string{"id"})
		if key != "" && (col < 1 || col > len(line) || line[col-1] != '"') {
			t.Fatalf("key %q at column %d of %q", key, col, line)
		}
	})
}

func TestDecode(t *testing.T) {
	type rec struct {
		ID    string `json:"id"`
		Width int    `json:"width"`
	}
	known := []string{"id", "width"}
	var r rec
	ann, err := Decode("in", 3, []byte(`{"id": "a", "author": "Ann", "width": 2}`), known, &r)
	if err != nil || r != (rec{"a", 2}) {
		t.Fatalf("Decode: %v, %+v", err, r)
	}
	assert.Equal(t, Annotations{{Key: "author", Value: []byte(`"Ann"`)}}, ann)
	for _, tc := range []struct{ line, want string }{
		{`{"id": "a", "widht": 2}`, `in:3:13: unknown field "widht"`},
		{`{"width": "x"}`, `in:3:11: width: want an integer, found a string`},
		{`{"id": "a", "widths": 2}`, `in:3:13: unknown field "widths"; did you mean "width"?`},
		{`{"id": `, `in:3:`},
	} {
		_, err := Decode("in", 3, []byte(tc.line), known, &r)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Decode(%s) = %v, want %s...", tc.line, err, tc.want)
		}
	}
}

func TestClassify(t *testing.T) {
	known := []string{"id", "capacity", "bottles", "note"}
	for _, tc := range []struct {
		line string
		ann  []string // the keys of the annotations
		miss string
		col  int
	}{
		{`{"id":"a","author":"Ann","rating":[1,{"x":2}]}`, []string{"author", "rating"}, "", 0},
		{`{"id":"a","author":"Ann","capacty":4}`, []string{"author"}, "capacty", 26},
		{`{"ID":"a","Note":"n"}`, nil, "", 0},
		{`{"x":1,"y":2,"X":3}`, []string{"x", "y"}, "", 0},
		{`{"notes":"x"}`, nil, "notes", 2},
		{`{"bottle":[]}`, nil, "bottle", 2},
		{`[1,2]`, nil, "", 0},
		{`{"author":`, nil, "", 0},
	} {
		ann, miss, col := Classify([]byte(tc.line), known)
		var keys []string
		for _, m := range ann {
			keys = append(keys, m.Key)
		}
		assert.Equal(t, tc.ann, keys, tc.line)
		assert.Equal(t, tc.miss, miss, tc.line)
		assert.Equal(t, tc.col, col, tc.line)
	}
}

func TestMarshalCarriesAnnotations(t *testing.T) {
	type out struct {
		ID          string `json:"id"`
		Status      string `json:"status"`
		Annotations `json:"-"`
	}
	ann, _, _ := Classify([]byte(`{"id":"a","author":"Ann Lee","status":"mine","rating": [1, 2]}`), []string{"id"})
	data, err := Marshal(out{ID: "a", Status: "solved", Annotations: ann})
	assert.NoError(t, err)
	// The output's own status wins; the others come after, as written.
	assert.Equal(t, `{"id":"a","status":"solved","author":"Ann Lee","rating":[1, 2]}`, string(data))
	data, _ = Marshal(out{ID: "b"})
	assert.Equal(t, `{"id":"b","status":""}`, string(data))
	assert.Equal(t, `{"k":1}`, string(Annotations{{Key: "k", Value: []byte("1")}}.Merge([]byte("{}"))))
}

// goWords are phrases of encoding/json that must never reach a user.
var goWords = []string{"invalid character", "json:", "unexpected end of JSON input", "unexpected EOF",
	"looking for beginning", "Go struct", "cannot unmarshal"}

func TestProblemSpeaksOurWords(t *testing.T) {
	type rec struct {
		ID    string   `json:"id"`
		Width int      `json:"width"`
		Tags  []string `json:"tags"`
	}
	for _, tc := range []struct {
		line string
		col  int
		msg  string
	}{
		{`{"id":"x",}`, 11, `invalid JSON: unexpected '}' where a field name in double quotes should be`},
		{`{"id":"x",` + "  \r", 11, "invalid JSON: the line ends before its JSON value does (a record must fit on one line)"},
		{`{"id":"x"} y`, 12, "invalid JSON: unexpected text after the JSON object (one record per line)"},
		{`# puzzles`, 1, `invalid JSON: unexpected '#' where a value should be`},
		{`{"id" "x"}`, 7, `invalid JSON: unexpected '"' after a field name, where ':' should be`},
		{`{"id":"x" "w":1}`, 11, `invalid JSON: unexpected '"' after a member, where ',' or '}' should be`},
		{`{"tags":["a" "b"]}`, 14, `invalid JSON: unexpected '"' after an array element, where ',' or ']' should be`},
		{`{"id":tru}`, 10, `invalid JSON: unexpected '}' in a bare word: JSON knows only true, false and null`},
		{`{"width":1.2.3}`, 13, `invalid JSON: unexpected '.' after a member, where ',' or '}' should be`},
		{`{"width":-x}`, 11, `invalid JSON: unexpected 'x' in a number`},
		{`{"id":"\q"}`, 9, `invalid JSON: unexpected 'q' in an escape sequence of a string`},
		{`{"width":"3"}`, 10, `width: want an integer, found a string`},
		{`{"width":99999999999999999999999}`, 10, `width: want an integer, found the number 99999999999999999999999`},
		{`{"tags":[1]}`, 10, `tags: want a string, found a number`},
		{`[1,2]`, 1, `want one JSON object per line, found an array`},
	} {
		var r rec
		col, msg := Problem([]byte(tc.line), json.Unmarshal([]byte(tc.line), &r))
		assert.Equal(t, tc.col, col, tc.line)
		assert.Equal(t, tc.msg, msg, tc.line)
	}
}

// FuzzDecode: any line, no panic; a problem is worded in our terms, at a
// column within the line or just past it, and annotations are members.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"id":"x","author":"a"}`, `{"id":"x",}`, `{"width":"3"}`, `[1]`, `{"tags":["a" "b"]}`, "{\"id\":\"\x01\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var r struct {
			ID    string   `json:"id"`
			Width int      `json:"width"`
			Tags  []string `json:"tags"`
		}
		ann, err := Decode("f", 1, line, []string{"id", "width", "tags"}, &r)
		if err != nil {
			for _, w := range goWords {
				if strings.Contains(err.Msg, w) {
					t.Fatalf("%q: Go's words %q in %q", line, w, err.Msg)
				}
			}
			if err.Col < 1 || err.Col > len(line)+1 {
				t.Fatalf("%q: column %d", line, err.Col)
			}
		}
		for _, m := range ann {
			if !json.Valid(m.Value) {
				t.Fatalf("%q: annotation %q holds %q", line, m.Key, m.Value)
			}
		}
	})
}

func TestIndex(t *testing.T) {
	line := []byte(`{"id": "a", "Regions": [[0, 1], [2, 3]], "goal": {"state": [null, 4]}}`)
	x := NewIndex(line)
	for path, want := range map[string]int{"": 1, "id": 8, "regions": 24, "regions[1][0]": 34, "goal.state[1]": 67} {
		col, ok := x.Lookup(path)
		assert.True(t, ok, path)
		assert.Equal(t, want, col, path)
		assert.Equal(t, byte(line[col-1]) != ' ', true, path)
	}
	assert.Equal(t, 1, x.Column("nothing"))
	assert.Equal(t, 24, x.TokenAt(23)) // the first bracket of "[["
	assert.Equal(t, 26, x.TokenAt(26)) // the comma after 0 belongs to 0
	var none *Index
	assert.Equal(t, 1, none.Column("id"))
}
