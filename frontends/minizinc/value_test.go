package minizinc

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestParseValue(t *testing.T) {
	enum := func(name string) Value { return Value{Kind: KindEnum, Enum: name} }
	set := func(elems ...Value) Value { return Value{Kind: KindSet, Elems: elems} }
	for _, tc := range []struct {
		in   string
		want Value
		text string
	}{
		{`3`, Int(3), "3"},
		{`-42`, Int(-42), "-42"},
		{`-9223372036854775808`, Int(-9223372036854775808), "-9223372036854775808"},
		{`true`, Bool(true), "true"},
		{`false`, Bool(false), "false"},
		{`null`, Value{Kind: KindAbsent}, "<>"},
		{`[]`, Array(), "[]"},
		{`[[1, -2], [3, 4]]`, Array(Array(Int(1), Int(-2)), Array(Int(3), Int(4))), "[[1, -2], [3, 4]]"},
		{`{"e": "Red"}`, enum("Red"), "Red"},
		{`{"e": "Colour", "i": 4}`, enum("to_enum(Colour,4)"), "to_enum(Colour,4)"},
		{`{"c": "Paint", "e": {"e": "Red"}}`, enum("Paint(Red)"), "Paint(Red)"},
		{`{"set": []}`, set(), "{}"},
		{`{"set": [[1, 3], 7, -1]}`, set(Int(-1), Int(1), Int(2), Int(3), Int(7)), "{-1, 1, 2, 3, 7}"},
		{`{"set": [[2, 3], 3]}`, set(Int(2), Int(3)), "{2, 3}"},
		{`{"set": [{"e": "B"}, {"e": "A"}]}`, set(enum("A"), enum("B")), "{A, B}"},
		{`[{"e": "Red"}, null, true]`, Array(enum("Red"), Value{Kind: KindAbsent}, Bool(true)), "[Red, <>, true]"},
	} {
		got, err := ParseValue([]byte(tc.in))
		require.NoError(t, err, tc.in)
		assert.True(t, got.Equal(tc.want), "%s: got %s, want %s", tc.in, got, tc.want)
		assert.Equal(t, tc.text, got.String(), tc.in)
	}
}

// TestParseValueRefuses: what an integer and Boolean model does not print
// is refused with words that say what it was.
func TestParseValueRefuses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`1.5`, "float 1.5: float values are not supported"},
		{`1e3`, "float 1e3"},
		{`[1, 2.0]`, "element 2: float 2.0"},
		{`"text"`, `string "text": strings are not supported`},
		{`9223372036854775808`, "integer 9223372036854775808 is out of range"},
		{`{"set": [[1, 2000000000]]}`, "more than"},
		{`{"set": [[-9223372036854775808, 9223372036854775807]]}`, "more than"},
		{`{"set": [[1, 2, 3]]}`, "want [lo, hi]"},
		{`{"set": [[1.5, 2]]}`, "float"},
		{`{"set": [[1, 2], true]}`, "set member"},
		{`{"set": 3}`, `want {"set": [...]}`},
		{`{"x": 1}`, "unknown object with keys x"},
		{`{"e": 3}`, "enum member"},
		{`{"c": "C", "e": "Red"}`, "enum constructor"},
		{`[1] [2]`, "text after the value"},
		{`[`, "EOF"},
		{``, "EOF"},
	} {
		_, err := ParseValue([]byte(tc.in))
		if assert.Error(t, err, tc.in) {
			assert.Contains(t, err.Error(), tc.want, tc.in)
		}
	}
}

// TestParseValueDeepNesting: arrays nested past the limit are refused
// rather than exhausting the stack.
func TestParseValueDeepNesting(t *testing.T) {
	deep := make([]byte, 0, 20000)
	for range 10000 {
		deep = append(deep, '[')
	}
	for range 10000 {
		deep = append(deep, ']')
	}
	_, err := ParseValue(deep)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nested too deep")
}

// genValue generates values of every kind MarshalJSON can write back.
func genValue(depth int) *rapid.Generator[Value] {
	return rapid.Custom(func(t *rapid.T) Value {
		kinds := []Kind{KindInt, KindBool, KindEnum, KindSet, KindAbsent}
		if depth > 0 {
			kinds = append(kinds, KindArray)
		}
		switch rapid.SampledFrom(kinds).Draw(t, "kind") {
		case KindInt:
			return Int(rapid.Int64().Draw(t, "int"))
		case KindBool:
			return Bool(rapid.Bool().Draw(t, "bool"))
		case KindEnum:
			return Value{Kind: KindEnum, Enum: rapid.StringMatching(`[A-Za-z][A-Za-z0-9_]{0,8}`).Draw(t, "enum")}
		case KindSet:
			ns := rapid.SliceOfDistinct(rapid.Int64Range(-50, 50), func(n int64) int64 { return n }).Draw(t, "set")
			v, err := ParseValue(mustJSON(map[string]any{"set": ns}))
			if err != nil {
				t.Fatal(err)
			}
			return v
		case KindAbsent:
			return Value{Kind: KindAbsent}
		}
		return Array(rapid.SliceOfN(genValue(depth-1), 0, 4).Draw(t, "elems")...)
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestValueRoundTrip: what MarshalJSON writes, ParseValue reads back
// unchanged, so a Confirm built from Values hands the solver what was read.
func TestValueRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := genValue(3).Draw(t, "value")
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseValue(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if !back.Equal(v) {
			t.Fatalf("%s read back as %s, want %s", data, back, v)
		}
	})
}

func TestMarshalRefusesConstructors(t *testing.T) {
	_, err := json.Marshal(Array(Value{Kind: KindEnum, Enum: "C(Red)"}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "constructor")
	_, err = json.Marshal(Value{})
	assert.Error(t, err, "the zero Value is invalid")
}
