package jugscli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
)

// CompareKind is compare's part for jug puzzles: the engines of
// jugskind.Engines, judged and put in words by jugskind.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: jugskind.Kind(), Run: compareJugs, Engines: jugskind.EngineNames}
}

// compareJugs runs the engines on every puzzle of one input. An engine's
// row takes part in the agreement when it proved its answer: the optimal
// number of steps, or that the puzzle is unsolvable. A plan that fails the
// checker is an error.
func compareJugs(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	var engines []jugskind.Engine
	for _, e := range jugskind.Engines() {
		if c.Wants(e.Name) || c.Wants(e.Method.Name) {
			engines = append(engines, e)
		}
	}
	entries, err := jugsfmt.Parse(in.Name, in.Data)
	code := clikit.ExitOK
	for _, err := range inputerr.All(err) {
		fmt.Fprintln(c.IO().Err, err)
		code = clikit.ExitUsage
	}
	opts := jugskind.DefaultOptions() // the limits of "jugs solve"
	opts.Timeouts = c.Options().Timeout > 0
	for _, e := range entries {
		if ctx.Err() != nil {
			break
		}
		rows := make([]clikit.CompareRow, 0, len(engines))
		told := map[string]bool{} // the methods whose input error is out
		for _, eng := range engines {
			// An engine that cannot take the puzzle is an input error,
			// found before it allocates anything; said once per method.
			if err := eng.Method.Fits(e.Puzzle, eng.Options(opts)); err != nil {
				if !told[eng.Method.Name] {
					fmt.Fprintln(c.IO().Err, tooLarge(e, "engine", eng.Method.Name, err))
					told[eng.Method.Name] = true
				}
				code = clikit.ExitUsage
				rows = append(rows, clikit.CompareRow{Kind: "jugs", ID: e.ID, Engine: eng.Name, Status: kind.StatusError,
					Error: "too large for " + eng.Method.Name + " (see the input error)"})
				continue
			}
			rows = append(rows, compareJugsEngine(ctx, c, e, eng, opts))
		}
		c.Puzzle(rows)
	}
	return code
}

// compareJugsEngine runs one engine on one puzzle and fills in its row.
func compareJugsEngine(ctx context.Context, c clikit.Comparison, e jugsfmt.Entry, eng jugskind.Engine, opts jugskind.Options) clikit.CompareRow {
	var res jugskind.Result
	runs, _ := c.Time(ctx, eng.Name, func(ctx context.Context) error {
		res = jugskind.Run(ctx, e.ID, eng.Method, e.Puzzle, eng.Options(opts))
		return res.Err
	})
	a := res.Answer()
	row := clikit.CompareRow{Kind: "jugs", ID: e.ID, Engine: eng.Name, Status: a.Status, Answer: a.Words, Key: a.Key,
		Error: res.Error, Runs: runs}
	for _, s := range res.Stats {
		if s.Name != "rounds" { // one line per engine: the rounds are for "jugs solve --stats"
			row.Stats = append(row.Stats, s)
		}
	}
	return row
}
