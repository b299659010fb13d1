// Package riverkind is the river crossings' part of the layer beneath the
// frontends (see package kind): so far, whether an input holds a river
// crossing. Their engines and the judging of a plan are still in
// frontends/cli/rivercli and frontends/cli/internal/crossing, and move
// here next.
package riverkind

import (
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
)

// Kind is the river crossings in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "river", Title: "River crossing", Detect: riverfmt.Looks}
}
