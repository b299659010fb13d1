package rushkind

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
)

// compare runs the methods c wants, BFS and A*, on every board of one
// input: the fewest moves, or unsolvability, must agree.
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	describe := func(lv rushfmt.Level) (string, int, error) { return lv.ID, 0, lv.Err }
	kind.CompareEach(ctx, c, rushfmt.Parse(in.Name, in.Data), nil, describe, func(lv rushfmt.Level) []kind.CompareRow {
		var rows []kind.CompareRow
		for _, m := range Methods() {
			if !c.Wants(m.Name) {
				continue
			}
			var res Result
			runs := kind.TimeSolve(ctx, c, m.Name, func(ctx context.Context) kind.Status {
				res = Run(ctx, lv.ID, m, lv.Puzzle, DefaultOptions())
				return res.Status
			})
			row := kind.Row("rush", lv.ID, m.Name, res.Answer())
			row.Error, row.Runs = res.Error, runs
			row.Stats = kind.StatList{{Name: "expanded", Value: res.Stats.Expanded}, {Name: "stored", Value: res.Stats.Stored}}
			rows = append(rows, row)
		}
		return rows
	})
}
