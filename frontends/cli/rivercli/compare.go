package rivercli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/crossing"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/riverkind"
)

// CompareKind is compare's part for river crossings: BFS and the SAT
// horizon over crossings on every backend must agree on the fewest
// crossings, or on unsolvability.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: riverkind.Kind(), Run: compareRiver,
		Engines: func() []string { return kind.EngineNames(methods...) }}
}

func compareRiver(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	return crossing.Compare(ctx, c, "river", methods, read(in.Name, in.Data))
}
