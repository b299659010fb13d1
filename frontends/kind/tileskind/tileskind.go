// Package tileskind is the sliding-tile puzzles' part of the layer
// beneath the frontends (see package kind): whether an input holds
// sliding-tile boards, the methods (IDA* with pattern databases or
// Manhattan distance, breadth-first search, the SAT method) and
// compare's engines by name, the pattern databases cached on disk, and
// one method's run on one board, the parity test first and the plan
// replayed by tiles.Check. "tiles solve" and compare
// (frontends/cli/tilescli) and the web page's pour view (frontends/serve)
// stand on it.
//
// To add a method, add it to Methods and, for compare, to Engines; its
// answers then pass through Run like the others'.
package tileskind

import (
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
)

// Kind is the sliding tiles in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "tiles", Title: "Sliding tiles", Detect: Detect, Engines: EngineNames, Compare: compare}
}

// Detect reports whether data holds sliding-tile boards: JSON Lines with
// "tiles", or text whose first block reads as a board or holds only
// numbers, so that a board with a mistake gets this reader's message.
func Detect(data []byte) bool {
	if isJSON, has := kind.JSONField(data, "tiles"); isJSON {
		return has
	}
	levels := tilesfmt.ParseText("", data)
	return len(levels) > 0 && (levels[0].Err == nil || tilesfmt.AllNumbers(data))
}
