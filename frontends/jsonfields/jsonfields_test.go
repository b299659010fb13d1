package jsonfields

import (
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
