// Package jugskind is the water jug puzzles' part of the layer beneath
// the frontends (see package kind): whether an input holds jug puzzles,
// the methods and compare's engines by name, and one method's run on one
// puzzle, its plan replayed by jugs.Check and the outcome judged. "jugs
// solve" and compare (frontends/cli/jugscli) stand on it.
//
// To add a method, add it to Methods (with its Fits) and, for compare, to
// Engines; its answers then pass through Run like the others'.
package jugskind

import (
	"bytes"

	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// Kind is the jug puzzles in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "jugs", Title: "Water jugs", Detect: Detect, Engines: EngineNames, Compare: compare}
}

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
