package fznkind

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// compare runs the engines c wants (by name or by group) on the model of
// one input, each looking for one solution or the optimum: the engines
// that settle the question must agree on "satisfiable", "optimal N" or
// "unsolvable".
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	var engines []Engine
	for _, e := range Engines() {
		if kind.Wanted(c, e.Name, e.Group) {
			engines = append(engines, e)
		}
	}
	m, err := Read(ctx, in.Name, in.Data)
	var models []*fzn.Model
	if err == nil {
		models = append(models, m)
	}
	o := Options{Timeouts: c.Options().Timeout > 0}
	describe := func(*fzn.Model) (string, int, error) { return in.Name, 1, nil }
	kind.CompareEach(ctx, c, models, inputerr.All(err), describe, func(m *fzn.Model) []kind.CompareRow {
		rows := make([]kind.CompareRow, 0, len(engines))
		for _, e := range engines {
			rows = append(rows, CompareRow(ctx, c, Name, e, in.Name, m, o))
		}
		return rows
	})
}

// CompareRow times the engine e on the model m for compare (Run, under
// c's timeout and --count) and returns its row, of the kind called k (fzn,
// or mzn for a model compiled from MiniZinc) on the input id.
func CompareRow(ctx context.Context, c kind.Comparison, k string, e Engine, id string, m *fzn.Model, o Options) kind.CompareRow {
	var res Result
	runs := kind.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
		res = Run(ctx, e, id, m, o, nil)
		return res.Status
	})
	row := kind.Row(k, id, e.Name, res.Answer(o))
	row.Stats, row.Runs = res.Stats(), runs
	if res.Status == kind.StatusError {
		row.Answer, row.Error = "", res.Err.Error()
	}
	return row
}
