package sat

import (
	"fmt"
	"testing"
)

// TestEnumNames checks the names String gives each value, and the form
// Type(n) for a value without one (Op's zero has none).
func TestEnumNames(t *testing.T) {
	for _, tc := range []struct {
		v    fmt.Stringer
		want string
	}{
		{AtMost, "<="}, {AtLeast, ">="}, {Exactly, "="}, {Op(0), "Op(0)"}, {Op(-2), "Op(-2)"}, {Op(4), "Op(4)"},
		{Unknown, "UNKNOWN"}, {Sat, "SATISFIABLE"}, {Unsat, "UNSATISFIABLE"}, {Status(-1), "Status(-1)"}, {Status(3), "Status(3)"},
		{Totalizer, "totalizer"}, {Native, "native"}, {Encoding(-1), "Encoding(-1)"}, {Encoding(100), "Encoding(100)"},
	} {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.v, got, tc.want)
		}
	}
}
