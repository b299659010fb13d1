package statespace

import (
	"fmt"
	"testing"
)

// TestEnumNames checks the names String gives each value, ProofNone's
// empty one, and the form Type(n) for a value without a name.
func TestEnumNames(t *testing.T) {
	for _, tc := range []struct {
		v    fmt.Stringer
		want string
	}{
		{Unknown, "unknown"}, {Solved, "solved"}, {Unsolvable, "unsolvable"}, {Status(3), "Status(3)"},
		{StoreAuto, "auto"}, {StoreHash, "hash"}, {StoreDense, "dense"}, {StoreKind(9), "StoreKind(9)"},
		{AnswerUnknown, "unknown"}, {AnswerPlan, "plan"}, {AnswerNone, "none"}, {AnswerNoPath, "no path"}, {Answer(4), "Answer(4)"},
		{ProofNone, ""}, {ProofBound, "bound"}, {ProofLoopFree, "loop-free"}, {Proof(3), "Proof(3)"},
	} {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.v, got, tc.want)
		}
	}
}
