// Package torchkind is the torch puzzles' part of the layer beneath the
// frontends (see package kind): whether an input holds torch puzzles,
// the methods (A*, uniform-cost search, the SAT method over time budgets)
// by name, and one method's run on one puzzle, its plan replayed by
// torch.Check and the outcome judged by package crossings, which the
// river crossings share. "torch solve" and compare
// (frontends/cli/torchcli) and the web page's pour view (frontends/serve)
// stand on it.
//
// To add a method, add it to Methods: --method and compare pick it up
// from there, and its answers pass through Run like the others'.
package torchkind

import "github.com/waterworks-solver/waterworks/frontends/kind"

// Kind is the torch puzzles in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: "torch", Title: "Torch and bridge", Detect: Detect, Engines: EngineNames, Compare: compare}
}

// Detect reports whether data holds torch puzzles: JSON Lines whose first
// object has "times", the one format of torch puzzles, whether or not the
// line reads without mistakes, so that a puzzle with a mistake gets the
// torch reader's message.
func Detect(data []byte) bool {
	isJSON, has := kind.JSONField(data, "times")
	return isJSON && has
}
