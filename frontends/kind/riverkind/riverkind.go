// Package riverkind is the river crossings' part of the layer beneath the
// frontends (see package kind): whether an input holds a river crossing,
// the methods (breadth-first search, the SAT method over crossings) by
// name, and one method's run on one puzzle, its plan replayed by
// river.Check and the outcome judged by package crossings, which the
// torch puzzles share. "river solve" and compare (frontends/cli/rivercli)
// and the web page's pour view (frontends/serve) stand on it.
//
// To add a method, add it to Methods: --method and compare pick it up
// from there, and its answers pass through Run like the others'.
package riverkind

import (
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
)

// Kind is the river crossings in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "river", Title: "River crossing", Detect: riverfmt.Looks, Engines: EngineNames, Compare: compare}
}
