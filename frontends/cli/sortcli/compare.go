package sortcli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// CompareKind is compare's part for Water Sort levels: corpus JSON
// Lines with bottles, or a level in the text format.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: sortkind.Kind(), Run: compareSort,
		Engines: func() []string {
			names := clikit.EngineNames(watersort.BFS.String(), watersort.AStar.String(), watersort.Greedy.String(), methodSAT)
			for _, enc := range watersort.SATEncodings()[1:] {
				names = append(names, sortEngineName(methodSAT+"/"+backends.Gini, enc))
			}
			return names
		}}
}

// sortCompareEngine is one engine compare runs on Water Sort levels.
type sortCompareEngine struct {
	name string
	run  sortEngine
}

// sortCompareEngines lists the search methods and the SAT method on every
// available backend, as far as --engines keeps them: an engine is kept by
// its name, and a SAT engine also by "sat" or its backend's name. On gini
// the SAT method runs with every encoding (sat/gini/moves, ...), the
// default one as sat/gini.
func sortCompareEngines(c clikit.Comparison) ([]sortCompareEngine, error) {
	var engines []sortCompareEngine
	for _, m := range []watersort.Method{watersort.BFS, watersort.AStar, watersort.Greedy} {
		if c.Wants(m.String()) {
			engines = append(engines, sortCompareEngine{name: m.String(), run: searchEngine(m, sortLimitStates)})
		}
	}
	for _, b := range backends.Available() {
		name := methodSAT + "/" + b
		all := c.Wants(methodSAT) || c.Wants(b)
		var variants []watersort.SATEncoding
		for i, enc := range watersort.SATEncodings() {
			// The encodings other than the default (the first) run on gini only,
			// which keeps compare's runs few.
			if i == 0 && (all || c.Wants(name)) || i > 0 && b == backends.Gini && (all || c.Wants(sortEngineName(name, enc))) {
				variants = append(variants, enc)
			}
		}
		if len(variants) == 0 {
			continue
		}
		s, err := openSortSAT(b, c.Options().Timeout > 0)
		if err != nil {
			return nil, err
		}
		for _, enc := range variants {
			engines = append(engines, sortCompareEngine{name: sortEngineName(name, enc), run: satEngine(s.open, s.enc, enc, c.Options().MaxMoves)})
		}
	}
	return engines, nil
}

// sortEngineName names the SAT engine on a backend (sat/BACKEND) with
// an encoding: the default keeps the plain name, the others are
// sat/BACKEND/ENCODING.
func sortEngineName(backend string, enc watersort.SATEncoding) string {
	if enc == watersort.DefaultSATEncoding {
		return backend
	}
	return backend + "/" + enc.String()
}

// compareSort runs the engines on every level of one input. The answers
// that are proofs must agree: an optimal number of moves (bfs, astar, sat)
// or unsolvability (a search that explored every reachable position,
// greedy included). Greedy's plans are not claimed optimal and the SAT
// method's unknown past its horizon proves nothing, so they stay out.
func compareSort(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	rule := watersort.Whole
	if c.Options().Rule != "" {
		var err error
		if rule, err = watersort.ParseRule(c.Options().Rule); err != nil {
			fmt.Fprintf(c.IO().Err, "%s: %v\n", in.Name, err)
			return clikit.ExitUsage
		}
	}
	engines, err := sortCompareEngines(c)
	if err != nil {
		fmt.Fprintf(c.IO().Err, "%s: %v\n", in.Name, err)
		return clikit.ExitUsage
	}
	levels := sortfmt.Parse(in.Name, in.Data)
	if len(levels) == 0 {
		fmt.Fprintf(c.IO().Err, "%s: no levels\n", in.Name)
		return clikit.ExitUsage
	}
	return clikit.ComparePuzzles(ctx, c, levels, func(lv sortfmt.Level) error { return lv.Err }, func(lv sortfmt.Level) []clikit.CompareRow {
		rows := make([]clikit.CompareRow, 0, len(engines))
		for _, e := range engines {
			rows = append(rows, sortRow(c, ctx, e, lv, rule))
		}
		return rows
	})
}

// sortRow times one engine on one level and fills in its row.
func sortRow(c clikit.Comparison, ctx context.Context, e sortCompareEngine, lv sortfmt.Level, rule watersort.Rule) clikit.CompareRow {
	row := clikit.CompareRow{Kind: "sort", ID: lv.ID, Engine: e.name}
	var out sortOutcome
	var v kind.Verdict
	row.Runs = clikit.TimeSolve(ctx, c, row.Engine, func(ctx context.Context) kind.Status {
		if err := kind.Safely(lv.ID, func() error {
			out = e.run(ctx, lv.Puzzle, rule)
			return nil
		}); err != nil {
			out = sortOutcome{err: err}
		}
		v = out.judge(ctx, lv.Puzzle, rule, e.name)
		return v.Status
	})
	row.Status, row.Error = v.Status, v.Error
	switch v.Status {
	case kind.StatusSolved:
		row.Answer = fmt.Sprintf("%d moves", len(out.plan))
		if out.optimal { // a proof: every engine that gives one must agree
			row.Optimal(len(out.plan))
		}
	case kind.StatusUnsolvable:
		row.Unsolvable("unsolvable")
	case kind.StatusUnknown, kind.StatusInterrupted:
		row.Answer = v.Reason
	}
	row.Stats = out.stats.list()
	return row
}

// list returns the statistics compare prints: the search's or the SAT
// method's.
func (s sortStats) list() kind.StatList {
	if s.LowerBound == nil {
		return kind.StatList{{Name: "expanded", Value: s.Expanded}, {Name: "stored", Value: s.Stored}, {Name: "peak_bytes", Value: s.PeakBytes}}
	}
	return kind.StatList{{Name: "lower_bound", Value: *s.LowerBound}, {Name: "horizons", Value: len(s.Rounds)}, {Name: "variables", Value: s.Variables}, {Name: "clauses", Value: s.Clauses}}
}
