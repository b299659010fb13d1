package crossing

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// engine is one method compare runs, with its flags.
type engine struct {
	name  string
	flags Flags
}

// engines lists the methods as far as --engines keeps them, the SAT
// method once per available backend.
func engines(c clikit.Comparison, methods []string) []engine {
	var out []engine
	for _, m := range methods {
		base := Flags{Method: m, MaxStates: MaxStates, Jobs: 1}
		base.Timeout = c.Options().Timeout // gophersat then runs in a worker it can stop
		if m != MethodSAT {
			if c.Wants(m) {
				out = append(out, engine{name: m, flags: base})
			}
			continue
		}
		for _, b := range backends.Available() {
			name := MethodSAT + "/" + b
			if c.Wants(name) || c.Wants(MethodSAT) || c.Wants(b) {
				f := base
				f.Backend = b
				out = append(out, engine{name: name, flags: f})
			}
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
	return clikit.ComparePuzzles(ctx, c, puzzles, func(p Puzzle) error { return p.Err }, func(p Puzzle) []clikit.CompareRow {
		var rows []clikit.CompareRow
		for _, e := range engs {
			rows = append(rows, compareRow(ctx, c, kindName, e, p))
		}
		return rows
	})
}

func compareRow(ctx context.Context, c clikit.Comparison, kindName string, e engine, p Puzzle) clikit.CompareRow {
	row := clikit.CompareRow{Kind: kindName, ID: p.ID, Engine: e.name}
	var rec Record
	row.Runs = clikit.TimeSolve(ctx, c, e.name, func(ctx context.Context) kind.Status {
		rec = Solve(ctx, &e.flags, p)
		return rec.Status
	})
	row.Status, row.Error, row.Answer = rec.Status, rec.Error, rec.Reason
	switch rec.Status {
	case kind.StatusSolved:
		if rec.Cost != nil {
			row.Key = fmt.Sprintf("optimal %d %s", *rec.Cost, rec.Unit)
		} else {
			row.Key = fmt.Sprintf("optimal %d crossings", *rec.Steps)
		}
		row.Answer = row.Key
	case kind.StatusUnsolvable:
		row.Unsolvable("unsolvable (" + rec.Reason + ")")
	}
	st := rec.Stats
	if n := len(st.Rounds); n > 0 {
		row.Stats = kind.StatList{{Name: "horizons", Value: n}, {Name: "variables", Value: st.Rounds[n-1].Vars}, {Name: "clauses", Value: st.Rounds[n-1].Clauses}}
	} else {
		row.Stats = kind.StatList{{Name: "expanded", Value: st.Expanded}, {Name: "stored", Value: st.Stored}}
	}
	return row
}
