package jugscli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// CompareKind is compare's part for jug puzzles.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{
		Kind: jugskind.Kind(),
		Run:  compareJugs,
		Engines: func() []string {
			names := []string{"sat"}
			for _, e := range jugsEngines() {
				names = append(names, e.name)
			}
			return names
		},
	}
}

// jugsEngine is one engine compare runs on jug puzzles: a method of "jugs
// solve" and, for sat, a backend and an encoding.
type jugsEngine struct {
	name     string
	method   string
	backend  string
	encoding jugs.Encoding
}

// jugsEngines lists BFS, the CP core, and SAT on every available backend
// in every encoding: sat/BACKEND is the default encoding,
// sat/BACKEND/ENCODING the others.
func jugsEngines() []jugsEngine {
	engines := []jugsEngine{{name: "bfs", method: "bfs"}}
	for _, b := range backends.Available() {
		for i, name := range jugs.EncodingNames() {
			enc, _ := jugs.ParseEncoding(name) // a name it lists
			e := jugsEngine{name: "sat/" + b, method: "sat", backend: b, encoding: enc}
			if i > 0 {
				e.name += "/" + name
			}
			engines = append(engines, e)
		}
	}
	return append(engines, jugsEngine{name: "cp", method: "cp"})
}

// compareJugs runs the engines on every puzzle of one input. An engine's
// row takes part in the agreement when it proved its answer: the optimal
// number of steps, or that the puzzle is unsolvable. A plan that fails the
// checker is an error.
func compareJugs(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	var engines []jugsEngine
	for _, e := range jugsEngines() {
		if c.Wants(e.name) || c.Wants(e.method) {
			engines = append(engines, e)
		}
	}
	entries, err := jugsfmt.Parse(in.Name, in.Data)
	code := clikit.ExitOK
	for _, err := range inputerr.All(err) {
		fmt.Fprintln(c.IO().Err, err)
		code = clikit.ExitUsage
	}
	// The limits of "jugs solve".
	opts := jugsOptions{maxStates: defaultMaxStates, maxSteps: defaultMaxSteps, maxClauses: defaultMaxClauses,
		complete: true, timeouts: c.Options().Timeout > 0}
	for _, e := range entries {
		if ctx.Err() != nil {
			break
		}
		rows := make([]clikit.CompareRow, 0, len(engines))
		told := map[string]bool{} // the methods whose input error is out
		for _, eng := range engines {
			// An engine that cannot take the puzzle is an input error,
			// found before it allocates anything; said once per method.
			if err := fits(eng.method, e.Puzzle, opts); err != nil {
				if !told[eng.method] {
					fmt.Fprintln(c.IO().Err, tooLarge(e, "engine", eng.method, err))
					told[eng.method] = true
				}
				code = clikit.ExitUsage
				rows = append(rows, clikit.CompareRow{Kind: "jugs", ID: e.ID, Engine: eng.name, Status: kind.StatusError,
					Error: "too large for " + eng.method + " (see the input error)"})
				continue
			}
			rows = append(rows, compareJugsEngine(ctx, c, e, eng, opts))
		}
		c.Puzzle(rows)
	}
	return code
}

// compareJugsEngine runs one engine on one puzzle and fills in its row.
func compareJugsEngine(ctx context.Context, c clikit.Comparison, e jugsfmt.Entry, eng jugsEngine, opts jugsOptions) clikit.CompareRow {
	row := clikit.CompareRow{Kind: "jugs", ID: e.ID, Engine: eng.name}
	opts.backend, opts.encoding = eng.backend, eng.encoding
	var got jugsOutcome
	var err error
	row.Runs, err = c.Time(ctx, row.Engine, func(ctx context.Context) error {
		got, err = jugsMethods[eng.method](ctx, e.Puzzle, opts)
		return err
	})
	for _, s := range got.stats {
		if s.Name != "rounds" { // one line per engine: the rounds are for "jugs solve --stats"
			row.Stats = append(row.Stats, s)
		}
	}
	v := verdict(ctx, e.Puzzle, eng.method, got, err)
	row.Status, row.Error = v.Status, v.Error
	switch v.Status {
	case kind.StatusUnknown, kind.StatusInterrupted:
		row.Answer = v.Reason
	case kind.StatusUnsolvable:
		row.Unsolvable("unsolvable")
	case kind.StatusSolved:
		// Every method returns a fewest-actions plan: BFS by search
		// order, sat and cp by refuting every shorter length.
		row.Optimal(len(got.plan))
	}
	return row
}
