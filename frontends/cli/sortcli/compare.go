package sortcli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// CompareKind is compare's part for Water Sort levels: corpus JSON
// Lines with bottles, or a level in the text format.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: sortkind.Kind(), Run: compareSort, Engines: sortkind.EngineNames}
}

// compareEngines lists the engines of sortkind.Engines as far as
// --engines keeps them: an engine is kept by its name, and a SAT engine
// also by "sat" or its backend's name.
func compareEngines(c clikit.Comparison) []sortkind.Engine {
	var engines []sortkind.Engine
	for _, e := range sortkind.Engines() {
		if c.Wants(e.Name) || e.Method.Name == methodSAT && (c.Wants(methodSAT) || c.Wants(e.Backend)) {
			engines = append(engines, e)
		}
	}
	return engines
}

// compareSort runs the engines on every level of one input. The answers
// that are proofs must agree: an optimal number of moves (bfs, astar, sat)
// or unsolvability (a search that explored every reachable position,
// greedy included). Greedy's plans are not claimed optimal and the SAT
// method's unknown past its horizon proves nothing, so they stay out.
func compareSort(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	opts := sortkind.DefaultOptions()
	opts.MaxMoves, opts.Timeouts = c.Options().MaxMoves, c.Options().Timeout > 0
	if c.Options().Rule != "" {
		var err error
		if opts.Rule, err = watersort.ParseRule(c.Options().Rule); err != nil {
			fmt.Fprintf(c.IO().Err, "%s: %v\n", in.Name, err)
			return clikit.ExitUsage
		}
	}
	engines := compareEngines(c)
	levels := sortfmt.Parse(in.Name, in.Data)
	if len(levels) == 0 {
		fmt.Fprintf(c.IO().Err, "%s: no levels\n", in.Name)
		return clikit.ExitUsage
	}
	return clikit.ComparePuzzles(ctx, c, levels, func(lv sortfmt.Level) error { return lv.Err }, func(lv sortfmt.Level) []clikit.CompareRow {
		rows := make([]clikit.CompareRow, 0, len(engines))
		for _, e := range engines {
			rows = append(rows, sortRow(ctx, c, e, lv, e.Options(opts)))
		}
		return rows
	})
}

// sortRow times one engine on one level and fills in its row.
func sortRow(ctx context.Context, c clikit.Comparison, e sortkind.Engine, lv sortfmt.Level, opts sortkind.Options) clikit.CompareRow {
	var res sortkind.Result
	runs := clikit.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
		res = sortkind.Run(ctx, lv.ID, e.Method, lv.Puzzle, opts)
		return res.Status
	})
	a := res.Answer()
	return clikit.CompareRow{Kind: "sort", ID: lv.ID, Engine: e.Name, Status: a.Status, Answer: a.Words, Key: a.Key,
		Error: res.Error, Runs: runs, Stats: res.Stats.List()}
}
