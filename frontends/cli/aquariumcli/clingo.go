package aquariumcli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
)

// clingoBackend is the name of the engine that hands the Aquarium ASP
// program to clingo (aqasp.Solve), when it is on the PATH.
const clingoBackend = aqasp.Clingo

// solveAquariumClingo enumerates up to limit solutions with clingo.
func solveAquariumClingo(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumOutcome, error) {
	res, err := aqasp.Solve(ctx, p, rule, limit)
	if err != nil {
		return aquariumOutcome{}, err
	}
	return aquariumOutcome{solutions: res.Solutions, exhausted: res.Exhausted,
		stats: kind.StatList{{Name: "models", Value: res.Models}, {Name: "clingo_seconds", Value: res.Seconds}}}, nil
}
