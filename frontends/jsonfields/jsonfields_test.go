package jsonfields

import (
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
	if err := Decode("in", 3, []byte(`{"id": "a", "width": 2}`), known, &r); err != nil || r != (rec{"a", 2}) {
		t.Fatalf("Decode: %v, %+v", err, r)
	}
	for _, tc := range []struct{ line, want string }{
		{`{"id": "a", "widht": 2}`, `in:3:13: unknown field "widht"`},
		{`{"width": "x"}`, `in:3:`},
		{`{"id": `, `in:3:`},
	} {
		err := Decode("in", 3, []byte(tc.line), known, &r)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Decode(%s) = %v, want %s...", tc.line, err, tc.want)
		}
	}
}
