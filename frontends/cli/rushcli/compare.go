package rushcli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/rushkind"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
)

// CompareKind is compare's part for Rush Hour boards.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: rushkind.Kind(), Run: compareRush,
		Engines: func() []string { return []string{methodBFS, methodAStar} }}
}

// compareRush runs BFS and A* on every board of one input: the fewest
// moves, or unsolvability, must agree.
func compareRush(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	levels := rushfmt.Parse(in.Name, in.Data)
	return clikit.ComparePuzzles(ctx, c, levels, func(lv rushfmt.Level) error { return lv.Err }, func(lv rushfmt.Level) []clikit.CompareRow {
		var rows []clikit.CompareRow
		for _, method := range []string{methodBFS, methodAStar} {
			if !c.Wants(method) {
				continue
			}
			row := clikit.CompareRow{Kind: "rush", ID: lv.ID, Engine: method}
			var rec Record
			row.Runs = clikit.TimeSolve(ctx, c, row.Engine, func(ctx context.Context) kind.Status {
				rec = solve(ctx, lv, method, LimitStates)
				return rec.Status
			})
			row.Status, row.Error, row.Answer = rec.Status, rec.Error, rec.Reason
			switch rec.Status {
			case kind.StatusSolved:
				row.Optimal(*rec.Steps)
			case kind.StatusUnsolvable:
				row.Unsolvable("unsolvable")
			}
			row.Stats = kind.StatList{{Name: "expanded", Value: rec.Stats.Expanded}, {Name: "stored", Value: rec.Stats.Stored}}
			rows = append(rows, row)
		}
		return rows
	})
}
