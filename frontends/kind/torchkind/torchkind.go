// Package torchkind is the torch puzzles' part of the layer beneath the
// frontends (see package kind): so far, whether an input holds torch
// puzzles. Their engines and the judging of a plan are still in
// frontends/cli/torchcli and frontends/cli/internal/crossing, and move
// here next.
package torchkind

import "github.com/waterworks-solver/waterworks/frontends/kind"

// Kind is the torch puzzles in the list of kinds.
func Kind() kind.Kind { return kind.Kind{Name: "torch", Title: "Torch and bridge", Detect: Detect} }

// Detect reports whether data holds torch puzzles: JSON Lines whose first
// object has "times", the one format of torch puzzles, whether or not the
// line reads without mistakes, so that a puzzle with a mistake gets the
// torch reader's message.
func Detect(data []byte) bool {
	isJSON, has := kind.JSONField(data, "times")
	return isJSON && has
}
