package torchcli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/crossing"
	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// CompareKind is compare's part for torch puzzles: A*, uniform-cost
// search and the SAT horizon over time budgets on every backend must agree
// on the least total time.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: kind.Kind{Name: "torch", Detect: isTorchInput}, Run: compareTorch,
		Engines: func() []string { return clikit.EngineNames(methods...) }}
}

// isTorchInput reports whether data holds JSON Lines with "times".
func isTorchInput(data []byte) bool {
	fields, ok := clikit.FirstJSONObject(data)
	_, has := fields["times"]
	return ok && has
}

func compareTorch(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	return crossing.Compare(ctx, c, "torch", methods, read(in.Name, in.Data))
}
