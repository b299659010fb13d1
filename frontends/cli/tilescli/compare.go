package tilescli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/tileskind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/models/tiles"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// CompareKind is compare's part for sliding-tile boards.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: tileskind.Kind(), Run: compareTiles, Engines: func() []string {
		return kind.EngineNames("ida", "ida-manhattan", "bfs", methodSAT)
	}}
}

// compareEngine is one engine compare runs on boards.
type compareEngine struct {
	name string
	e    *engine
	fits func(p *tiles.Puzzle) bool // boards the engine takes on
}

// compareEngines lists IDA* under both estimates, BFS (without the parity
// test: it proves a board unsolvable by exhaustion) and the SAT method on
// every available backend, as far as --engines keeps them.
func compareEngines(c clikit.Comparison) []compareEngine {
	all := func(*tiles.Puzzle) bool { return true }
	mk := func(f solveFlags) *engine {
		f.pdbCache = defaultCacheDir()
		f.limitStates = LimitStates
		f.maxMoves = c.Options().MaxMoves
		return &engine{flags: &f}
	}
	engines := []compareEngine{
		{name: "ida", e: mk(solveFlags{method: methodIDA, heuristic: heuristicAuto}), fits: all},
		{name: "ida-manhattan", e: mk(solveFlags{method: methodIDA, heuristic: heuristicManhattan}), fits: all},
		{name: "bfs", e: mk(solveFlags{method: methodBFS}), fits: func(p *tiles.Puzzle) bool { return p.Cells() <= 9 }},
	}
	engines[2].e.exhaust = true
	for _, b := range backends.Available() {
		e := mk(solveFlags{method: methodSAT, backend: b})
		e.flags.Timeout = c.Options().Timeout // gophersat then runs in a child process it can kill
		engines = append(engines, compareEngine{name: methodSAT + "/" + b, e: e, fits: func(p *tiles.Puzzle) bool { return p.Cells() <= 9 }})
	}
	var kept []compareEngine
	for _, ce := range engines {
		sat := ce.e.flags.method == methodSAT
		if c.Wants(ce.name) || sat && (c.Wants(methodSAT) || c.Wants(ce.e.flags.backend)) {
			kept = append(kept, ce)
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
	for _, ce := range engines {
		ce.e.prepare(ctx, c.IO(), levels)
	}
	return clikit.ComparePuzzles(ctx, c, levels, func(lv tilesfmt.Level) error { return lv.Err }, func(lv tilesfmt.Level) []clikit.CompareRow {
		var rows []clikit.CompareRow
		for _, ce := range engines {
			if ce.fits(lv.Puzzle) {
				rows = append(rows, compareRow(ctx, c, ce, lv))
			}
		}
		return rows
	})
}

// compareRow times one engine on one board and fills in its row.
func compareRow(ctx context.Context, c clikit.Comparison, ce compareEngine, lv tilesfmt.Level) clikit.CompareRow {
	row := clikit.CompareRow{Kind: "tiles", ID: lv.ID, Engine: ce.name}
	var rec Record
	row.Runs = clikit.TimeSolve(ctx, c, row.Engine, func(ctx context.Context) kind.Status {
		rec = ce.e.solve(ctx, lv)
		return rec.Status
	})
	row.Status, row.Error = rec.Status, rec.Error
	st := rec.Stats
	switch rec.Status {
	case kind.StatusSolved:
		row.Optimal(*rec.Steps)
	case kind.StatusUnsolvable:
		row.Unsolvable("unsolvable (parity)")
		if ce.e.exhaust {
			row.Unsolvable(fmt.Sprintf("unsolvable (%d boards explored)", st.Stored))
		}
	case kind.StatusUnknown, kind.StatusInterrupted:
		row.Answer = rec.Reason
	}
	if st.LowerBound != nil {
		row.Stats = kind.StatList{{Name: "lower_bound", Value: *st.LowerBound}, {Name: "horizons", Value: len(st.Horizons)},
			{Name: "variables", Value: st.Variables}, {Name: "clauses", Value: st.Clauses}}
	} else {
		row.Stats = kind.StatList{{Name: "expanded", Value: st.Expanded}, {Name: "stored", Value: st.Stored}}
		if rec.Heuristic != "" {
			row.Stats = append(row.Stats, kind.Stat{Name: "heuristic", Value: rec.Heuristic})
		}
	}
	return row
}
