// Package jugskind is the water jug puzzles' part of the layer beneath
// the frontends (see package kind): so far, whether an input holds jug
// puzzles. Their engines and the judging of a plan are still in
// frontends/cli/jugscli, and move here next.
package jugskind

import (
	"bytes"

	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// Kind is the jug puzzles in the list of kinds.
func Kind() kind.Kind { return kind.Kind{Name: "jugs", Title: "Water jugs", Detect: Detect} }

// Detect reports whether data holds jug puzzles: corpus JSON Lines with
// capacities, or a puzzle given as the flags of "jugs solve"
// ("--capacities 3,5 --target 4"), as the web page takes it.
func Detect(data []byte) bool {
	t := bytes.TrimSpace(data)
	if bytes.HasPrefix(t, []byte("--capacities")) || bytes.HasPrefix(t, []byte("-capacities")) {
		return true
	}
	isJSON, has := kind.JSONField(data, "capacities")
	return isJSON && has
}
