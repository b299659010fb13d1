package sortkind

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// compare runs the engines c wants on every level of one input (a SAT
// engine is wanted by its name, "sat" or its backend's). The answers that
// are proofs must agree: an optimal number of moves (bfs, astar, sat) or
// unsolvability (a search that explored every reachable position, greedy
// included). Greedy's plans are not claimed optimal and the SAT method's
// unknown past its horizon proves nothing, so they stay out.
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	opts := DefaultOptions()
	opts.MaxMoves, opts.Timeouts = c.Options().MaxMoves, c.Options().Timeout > 0
	if c.Options().Rule != "" {
		var err error
		if opts.Rule, err = watersort.ParseRule(c.Options().Rule); err != nil {
			c.Problem(fmt.Errorf("%s: %w", in.Name, err))
			return
		}
	}
	var engines []Engine
	for _, e := range Engines() {
		if kind.Wanted(c, e.Name, e.groups()...) {
			engines = append(engines, e)
		}
	}
	levels := sortfmt.Parse(in.Name, in.Data)
	if len(levels) == 0 {
		c.Problem(fmt.Errorf("%s: no levels", in.Name))
		return
	}
	describe := func(lv sortfmt.Level) (string, int, error) { return lv.ID, 0, lv.Err }
	kind.CompareEach(ctx, c, levels, nil, describe, func(lv sortfmt.Level) []kind.CompareRow {
		rows := make([]kind.CompareRow, 0, len(engines))
		for _, e := range engines {
			var res Result
			runs := kind.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
				res = Run(ctx, lv.ID, e.Method, lv.Puzzle, e.Options(opts))
				return res.Status
			})
			row := kind.Row("sort", lv.ID, e.Name, res.Answer())
			row.Error, row.Runs, row.Stats = res.Error, runs, res.Stats.StatList()
			rows = append(rows, row)
		}
		return rows
	})
}
