package jugskind

import (
	"context"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

// TooLarge is the input error for a puzzle that a method cannot take (err
// wraps jugs.ErrTooLarge), at the entry's jugs, naming BFS, which can;
// flag is how the command names methods ("--method" or "engine").
func TooLarge(e jugsfmt.Entry, flag, method string, err error) error {
	reason := strings.TrimPrefix(err.Error(), jugs.ErrTooLarge.Error()+": ")
	return e.Errorf("too large for %s %s: %s; use %s bfs, which takes capacities up to %d", flag, method, reason, flag, jugs.MaxCapacity)
}

// compare runs the engines c wants on every puzzle of one input. An
// engine's row takes part in the agreement when it proved its answer: the
// optimal number of steps, or that the puzzle is unsolvable. A plan that
// fails the checker is an error, and so is a puzzle too large for an
// engine (said once per method).
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	var engines []Engine
	for _, e := range Engines() {
		if kind.Wanted(c, e.Name, e.Method.Name) {
			engines = append(engines, e)
		}
	}
	entries, err := jugsfmt.Parse(in.Name, in.Data)
	opts := DefaultOptions() // the limits of "jugs solve"
	opts.Timeouts = c.Options().Timeout > 0
	describe := func(e jugsfmt.Entry) (string, int, error) { return e.ID, e.Line, nil }
	kind.CompareEach(ctx, c, entries, inputerr.All(err), describe, func(e jugsfmt.Entry) []kind.CompareRow {
		rows := make([]kind.CompareRow, 0, len(engines))
		told := map[string]bool{} // the methods whose input error is out
		for _, eng := range engines {
			// An engine that cannot take the puzzle is an input error,
			// found before it allocates anything.
			if err := eng.Method.Fits(e.Puzzle, eng.Options(opts)); err != nil {
				if !told[eng.Method.Name] {
					c.Problem(TooLarge(e, "engine", eng.Method.Name, err))
					told[eng.Method.Name] = true
				}
				rows = append(rows, kind.CompareRow{Kind: "jugs", ID: e.ID, Engine: eng.Name, Status: kind.StatusError,
					Error: "too large for " + eng.Method.Name + " (see the input error)"})
				continue
			}
			rows = append(rows, compareRow(ctx, c, e, eng, opts))
		}
		return rows
	})
}

// compareRow runs one engine on one puzzle and fills in its row.
func compareRow(ctx context.Context, c kind.Comparison, e jugsfmt.Entry, eng Engine, opts Options) kind.CompareRow {
	var res Result
	runs := kind.TimeSolve(ctx, c, eng.Name, func(ctx context.Context) kind.Status {
		res = Run(ctx, e.ID, eng.Method, e.Puzzle, eng.Options(opts))
		return res.Status
	})
	row := kind.Row("jugs", e.ID, eng.Name, res.Answer())
	row.Error, row.Runs = res.Error, runs
	for _, s := range res.Stats {
		if s.Name != "rounds" { // one line per engine: the rounds are for "jugs solve --stats"
			row.Stats = append(row.Stats, s)
		}
	}
	return row
}
