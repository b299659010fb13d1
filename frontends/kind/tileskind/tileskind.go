// Package tileskind is the sliding-tile puzzles' part of the layer
// beneath the frontends (see package kind): so far, whether an input
// holds sliding-tile boards. Their engines and the judging of a plan are
// still in frontends/cli/tilescli, and move here next.
package tileskind

import (
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
)

// Kind is the sliding tiles in the list of kinds.
func Kind() kind.Kind { return kind.Kind{Name: "tiles", Title: "Sliding tiles", Detect: Detect} }

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
