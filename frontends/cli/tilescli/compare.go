package tilescli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/tileskind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
)

// CompareKind is compare's part for sliding-tile boards.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: tileskind.Kind(), Run: compareTiles, Engines: tileskind.EngineNames}
}

// compareEngines lists tileskind.Engines as far as --engines keeps them:
// by name, and a SAT engine also by "sat" or its backend's name.
func compareEngines(c clikit.Comparison) []tileskind.Engine {
	var kept []tileskind.Engine
	for _, e := range tileskind.Engines() {
		if c.Wants(e.Name) || e.Method.Name == methodSAT && (c.Wants(methodSAT) || c.Wants(e.Backend)) {
			kept = append(kept, e)
		}
	}
	return kept
}

// compareTiles runs the engines on every board of one input: optimal
// lengths and unsolvability must agree. BFS and the SAT method run on
// boards of up to 9 cells (the 8 puzzle), the IDA* engines on all.
func compareTiles(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	levels := tilesfmt.Parse(in.Name, in.Data)
	engines := compareEngines(c)
	opts := tileskind.DefaultOptions()
	opts.MaxMoves = c.Options().MaxMoves
	opts.Timeouts = c.Options().Timeout > 0 // gophersat then runs in a child process it can kill
	opts.PDBs = tileskind.NewPatternDBs(tileskind.DefaultCacheDir())
	for _, e := range engines {
		// Building the databases is not a run of an engine: no --timeout.
		prepare(ctx, c.IO(), &clikit.CommonFlags{}, e.Method.Name, e.Options(opts), levels)
	}
	return clikit.ComparePuzzles(ctx, c, levels, func(lv tilesfmt.Level) error { return lv.Err }, func(lv tilesfmt.Level) []clikit.CompareRow {
		var rows []clikit.CompareRow
		for _, e := range engines {
			if e.Fits(lv.Puzzle) {
				rows = append(rows, compareRow(ctx, c, e, lv, e.Options(opts)))
			}
		}
		return rows
	})
}

// compareRow times one engine on one board and fills in its row.
func compareRow(ctx context.Context, c clikit.Comparison, e tileskind.Engine, lv tilesfmt.Level, opts tileskind.Options) clikit.CompareRow {
	var res tileskind.Result
	runs := clikit.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
		res = tileskind.Run(ctx, lv.ID, e.Method, lv.Puzzle, opts)
		return res.Status
	})
	a := res.Answer()
	return clikit.CompareRow{Kind: "tiles", ID: lv.ID, Engine: e.Name, Status: a.Status, Answer: a.Words, Key: a.Key,
		Error: res.Error, Runs: runs, Stats: res.StatList()}
}
