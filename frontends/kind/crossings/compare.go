package crossings

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// Input is one puzzle of an input, as a kind read it: its id and the
// puzzle, or the error that kept it from being read.
type Input[P any] struct {
	ID     string
	Puzzle P
	Err    error
}

// Compare runs the engines of methods that c wants (a SAT engine is
// wanted by its name, "sat" or its backend's) on every puzzle, kindName
// naming the rows: the optimum (the least total time where plans have a
// cost, else the fewest crossings) or unsolvability must agree.
func Compare[P, A any](ctx context.Context, c kind.Comparison, kindName string, methods []Method[P, A], rules Rules[P, A], puzzles []Input[P]) {
	var engines []Engine
	for _, e := range Engines(kind.Names(methods, methodName)) {
		if kind.Wanted(c, e.Name, e.groups()...) {
			engines = append(engines, e)
		}
	}
	opts := DefaultOptions()
	opts.Timeouts = c.Options().Timeout > 0 // gophersat then runs in a worker it can stop
	describe := func(in Input[P]) (string, int, error) { return in.ID, 0, in.Err }
	kind.CompareEach(ctx, c, puzzles, nil, describe, func(in Input[P]) []kind.CompareRow {
		var rows []kind.CompareRow
		for _, e := range engines {
			m, _ := kind.Named(methods, methodName, e.Method)
			var res Result[A]
			runs := kind.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
				res = Run(ctx, in.ID, m, rules, in.Puzzle, e.Options(opts))
				return res.Status
			})
			row := kind.Row(kindName, in.ID, e.Name, res.Answer())
			row.Error, row.Runs, row.Stats = res.Error, runs, res.Stats.StatList()
			rows = append(rows, row)
		}
		return rows
	})
}

func methodName[P, A any](m Method[P, A]) string { return m.Name }
