// Package sortkind is Water Sort's part of the layer beneath the
// frontends (see package kind): whether an input holds Water Sort levels,
// the methods (breadth-first search, A*, greedy search and the SAT
// method) and compare's engines by name, and one method's run on one
// level, its plan replayed by watersort.Check and the outcome judged.
// "sort solve" and compare (frontends/cli/sortcli) and the web page's
// pour view (frontends/serve) stand on it.
//
// To add a method, add it to Methods; compare's Engines and --method pick
// it up from there, and its answers pass through Run like the others'.
package sortkind

import (
	"bytes"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// Kind is Water Sort in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "sort", Title: "Water Sort", Detect: Detect,
		Rules: []string{watersort.Whole.String(), watersort.Fits.String()}, Engines: EngineNames, Compare: compare}
}

// Detect reports whether data holds Water Sort levels: corpus JSON Lines
// with bottles, or text that either reads as a Water Sort level or looks
// like one (a "capacity N" line or a "-" line for an empty bottle), so
// that a level with a mistake gets the Water Sort reader's message. Text
// the Aquarium readers accept too is Aquarium's: kinds.All puts Aquarium
// first.
func Detect(data []byte) bool {
	if isJSON, has := kind.JSONField(data, "bottles"); isJSON {
		return has
	}
	if sortfmt.IsJSONLines(data) {
		return false
	}
	if _, err := sortfmt.ParseText("", data); err == nil {
		return true
	}
	for line := range bytes.Lines(data) {
		fields := strings.Fields(string(line))
		if len(fields) > 0 && (fields[0] == "capacity" || len(fields) == 1 && fields[0] == "-") {
			return true
		}
	}
	return false
}
