package torchcli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/crossing"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/torchkind"
)

// CompareKind is compare's part for torch puzzles: A*, uniform-cost
// search and the SAT horizon over time budgets on every backend must agree
// on the least total time.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: torchkind.Kind(), Run: compareTorch,
		Engines: func() []string { return kind.EngineNames(methods...) }}
}

func compareTorch(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	return crossing.Compare(ctx, c, "torch", methods, read(in.Name, in.Data))
}
