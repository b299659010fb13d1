package tileskind

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
)

// Prepare reads or builds the pattern databases that method needs under
// o for the boards of levels (PatternDBs.Prepare), once per size, each
// under a context that within derives from ctx, and gives say where each
// came from.
func Prepare(ctx context.Context, method string, o Options, levels []tilesfmt.Level,
	within func(context.Context) (context.Context, context.CancelFunc), say func(PDBInfo)) {
	for _, lv := range levels {
		if lv.Err != nil || !o.WantsPDB(method, lv.Puzzle.Width, lv.Puzzle.Height) || lv.Puzzle.Solvability() != nil {
			continue
		}
		work, cancel := within(ctx)
		info, done := o.PDBs.Prepare(work, lv.Puzzle.Width, lv.Puzzle.Height)
		cancel()
		if done {
			say(info)
		}
	}
}

// compare runs the engines c wants (a SAT engine is wanted by its name,
// "sat" or its backend's) on every board of one input: optimal lengths and
// unsolvability must agree. BFS and the SAT method run on boards of up to
// 9 cells (the 8 puzzle), the IDA* engines on all, with the pattern
// databases of the default cache.
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	levels := tilesfmt.Parse(in.Name, in.Data)
	var engines []Engine
	for _, e := range Engines() {
		if kind.Wanted(c, e.Name, e.groups()...) {
			engines = append(engines, e)
		}
	}
	opts := DefaultOptions()
	opts.MaxMoves = c.Options().MaxMoves
	opts.Timeouts = c.Options().Timeout > 0 // gophersat then runs in a child process it can kill
	opts.PDBs = NewPatternDBs(DefaultCacheDir())
	for _, e := range engines {
		// Building the databases is not a run of an engine: no timeout.
		Prepare(ctx, e.Method.Name, e.Options(opts), levels, context.WithCancel, func(info PDBInfo) {
			if c.Options().Verbose || info.SaveErr != nil {
				c.Say(info.Describe())
			}
		})
	}
	describe := func(lv tilesfmt.Level) (string, int, error) { return lv.ID, 0, lv.Err }
	kind.CompareEach(ctx, c, levels, nil, describe, func(lv tilesfmt.Level) []kind.CompareRow {
		var rows []kind.CompareRow
		for _, e := range engines {
			if !e.Fits(lv.Puzzle) {
				continue
			}
			var res Result
			runs := kind.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
				res = Run(ctx, lv.ID, e.Method, lv.Puzzle, e.Options(opts))
				return res.Status
			})
			row := kind.Row("tiles", lv.ID, e.Name, res.Answer())
			row.Error, row.Runs, row.Stats = res.Error, runs, res.StatList()
			rows = append(rows, row)
		}
		return rows
	})
}
