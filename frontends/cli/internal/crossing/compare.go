package crossing

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
)

// engines lists the engines of the methods (crossings.Engines) as far as
// --engines keeps them: by name, and a SAT engine also by "sat" or its
// backend's name.
func engines(c clikit.Comparison, methods []string) []crossings.Engine {
	var out []crossings.Engine
	for _, e := range crossings.Engines(methods) {
		if c.Wants(e.Name) || e.Method == crossings.MethodSAT && (c.Wants(crossings.MethodSAT) || c.Wants(e.Backend)) {
			out = append(out, e)
		}
	}
	return out
}

// Compare runs the methods on every puzzle, kindName naming the rows: the
// optimum (the least total time where plans have a cost, else the fewest
// crossings) or unsolvability must agree. It returns ExitUsage when a
// puzzle could not be read.
func Compare(ctx context.Context, c clikit.Comparison, kindName string, methods []string, puzzles []Puzzle) int {
	engs := engines(c, methods)
	opts := crossings.DefaultOptions()
	opts.Timeouts = c.Options().Timeout > 0 // gophersat then runs in a worker it can stop
	return clikit.ComparePuzzles(ctx, c, puzzles, func(p Puzzle) error { return p.Err }, func(p Puzzle) []clikit.CompareRow {
		var rows []clikit.CompareRow
		for _, e := range engs {
			var res crossings.Report
			runs := clikit.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
				res = p.Run(ctx, e.Method, e.Options(opts))
				return res.Status
			})
			a := res.Answer()
			rows = append(rows, clikit.CompareRow{Kind: kindName, ID: p.ID, Engine: e.Name, Status: a.Status, Answer: a.Words, Key: a.Key,
				Error: res.Error, Runs: runs, Stats: res.Stats.StatList()})
		}
		return rows
	})
}
