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
	return clikit.CompareKind{Kind: rushkind.Kind(), Run: compareRush, Engines: rushkind.MethodNames}
}

// compareRush runs BFS and A* on every board of one input: the fewest
// moves, or unsolvability, must agree.
func compareRush(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	levels := rushfmt.Parse(in.Name, in.Data)
	return clikit.ComparePuzzles(ctx, c, levels, func(lv rushfmt.Level) error { return lv.Err }, func(lv rushfmt.Level) []clikit.CompareRow {
		var rows []clikit.CompareRow
		for _, m := range rushkind.Methods() {
			if !c.Wants(m.Name) {
				continue
			}
			var res rushkind.Result
			runs := clikit.TimeSolve(ctx, c, m.Name, func(ctx context.Context) kind.Status {
				res = rushkind.Run(ctx, lv.ID, m, lv.Puzzle, rushkind.DefaultOptions())
				return res.Status
			})
			a := res.Answer()
			rows = append(rows, clikit.CompareRow{Kind: "rush", ID: lv.ID, Engine: m.Name, Status: a.Status, Answer: a.Words, Key: a.Key,
				Error: res.Error, Runs: runs, Stats: kind.StatList{{Name: "expanded", Value: res.Stats.Expanded}, {Name: "stored", Value: res.Stats.Stored}}})
		}
		return rows
	})
}
