package cp

import (
	"fmt"
	"testing"
)

// TestEnumNames checks the names String gives each value, and the form
// Type(n) for a value without one.
func TestEnumNames(t *testing.T) {
	for _, tc := range []struct {
		v    fmt.Stringer
		want string
	}{
		{LessEq, "≤"}, {GreaterEq, "≥"}, {Equal, "="}, {NotEqual, "≠"}, {Less, "<"}, {Greater, ">"}, {Relation(9), "Relation(9)"},
		{BoundsConsistency, "bounds"}, {DomainConsistency, "domain"}, {Consistency(200), "Consistency(200)"},
	} {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.v, got, tc.want)
		}
	}
}
