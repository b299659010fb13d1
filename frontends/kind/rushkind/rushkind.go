// Package rushkind is Rush Hour's part of the layer beneath the frontends
// (see package kind): whether an input holds Rush Hour boards, the
// methods (breadth-first search and A*, which are also compare's
// engines) by name, and one method's run on one board, its plan replayed
// by rush.Check and the outcome judged. "rush solve" and compare
// (frontends/cli/rushcli) and the web page's pour view (frontends/serve)
// stand on it.
//
// To add a method, add it to Methods: --method and compare pick it up
// from there, and its answers pass through Run like the others'.
package rushkind

import (
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
)

// Kind is Rush Hour in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "rush", Title: "Rush Hour", Detect: Detect, Engines: MethodNames, Compare: compare}
}

// Detect reports whether data holds Rush Hour boards: JSON Lines with
// "board", or text whose first block reads as a board or is drawn in the
// board's characters alone, so that a board with a mistake gets this
// reader's message.
func Detect(data []byte) bool {
	if isJSON, has := kind.JSONField(data, "board"); isJSON {
		return has
	}
	levels := rushfmt.ParseText("", data)
	return len(levels) > 0 && (levels[0].Err == nil || rushfmt.AllCells(data))
}
