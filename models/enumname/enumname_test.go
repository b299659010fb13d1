package enumname_test

import (
	"fmt"
	"testing"

	"github.com/waterworks-solver/waterworks/models/enumname"
)

type colour uint8

var colours = enumname.Table[colour]{Type: "colour", What: "colour", Names: []string{"red", "green", "blue"}}

func TestTable(t *testing.T) {
	for v := range colour(3) {
		got, err := colours.Parse(colours.String(v))
		if err != nil || got != v {
			t.Errorf("Parse(String(%d)) = %d, %v", v, got, err)
		}
	}
	if got := colours.String(7); got != "colour(7)" {
		t.Errorf("String(7) = %q", got)
	}
	_, err := colours.Parse("pink")
	if got, want := fmt.Sprint(err), `unknown colour "pink" (want red, green or blue)`; got != want {
		t.Errorf("Parse(pink): %s, want %s", got, want)
	}
	ops := enumname.Table[colour]{Type: "Op", What: "op", Names: []string{1: "fill", 2: "pour"}}
	if got := ops.String(0); got != "Op(0)" {
		t.Errorf("String(0) without a name = %q", got)
	}
	if _, err := ops.Parse(""); fmt.Sprint(err) != `unknown op "" (want fill or pour)` {
		t.Errorf("Parse(\"\") of a table with a nameless zero: %v", err)
	}
	two := enumname.Table[colour]{What: "rule", Names: []string{"region", "pool"}}
	if _, err := two.Parse(""); fmt.Sprint(err) != `unknown rule "" (want region or pool)` {
		t.Errorf("Parse(\"\"): %v", err)
	}
}

func TestList(t *testing.T) {
	for _, tc := range []struct {
		words []string
		conj  string
		want  string
	}{
		{nil, "and", ""},
		{[]string{"a"}, "and", "a"},
		{[]string{"a", "b"}, "or", "a or b"},
		{[]string{"a", "b", "c"}, "and", "a, b and c"},
		{[]string{"a", "b", "c", "d"}, "or", "a, b, c or d"},
	} {
		if got := enumname.List(tc.words, tc.conj); got != tc.want {
			t.Errorf("List(%q, %q) = %q, want %q", tc.words, tc.conj, got, tc.want)
		}
	}
}
