// Package aquariumkind is Aquarium's part of the layer beneath the
// frontends (see package kind): whether an input holds Aquarium puzzles,
// the engines by name, and one engine's run on one puzzle, every solution
// re-checked by aquarium.Check and the outcome judged. "waterworks
// aquarium" and compare (frontends/cli/aquariumcli) and the web page's
// solve and race (frontends/serve) all stand on it.
//
// The engines minizinc:SOLVER (MiniZinc) run waterworks' MiniZinc model
// on any solver minizinc knows; compare runs them only when --engines
// names them.
//
// To add an engine, add it to Engines (the list compare and the race run)
// and, if a --backend is to pick it, to Open and BackendNames.
package aquariumkind

import (
	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Name is the kind's name: --kind aquarium, and the kind that input no
// kind accepts goes to, whose readers say what is wrong with it.
const Name = "aquarium"

// Kind is Aquarium in the list of kinds.
func Kind() kind.Kind {
	return kind.Kind{Name: Name, Title: "Aquarium", Detect: Detect,
		Rules:   []string{aquarium.RegionRule.String(), aquarium.PoolRule.String()},
		Engines: EngineNames, EngineFamilies: []string{MiniZincPrefix}, Compare: compare}
}

// Detect reports whether data holds Aquarium puzzles: corpus JSON Lines
// with regions, or anything else the Aquarium readers find a puzzle in.
func Detect(data []byte) bool {
	if isJSON, has := kind.JSONField(data, "regions"); isJSON {
		return has
	}
	docs, _ := aquariumfmt.Read("", data)
	return len(docs) > 0
}
