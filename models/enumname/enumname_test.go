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
	two := enumname.Table[colour]{What: "rule", Names: []string{"region", "pool"}}
	if _, err := two.Parse(""); fmt.Sprint(err) != `unknown rule "" (want region or pool)` {
		t.Errorf("Parse(\"\"): %v", err)
	}
}
