package aquariumkind

import (
	"context"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// compare runs the engines c wants (by name or by backend) on every
// puzzle of one input under its rule (--rule, else the puzzle's, else
// region), counting solutions up to --limit: every engine that settles
// the question must give the same words ("unique", "2+ solutions",
// "unsolvable").
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	var engines []Engine
	for _, e := range Engines(c.Options().Timeout > 0) {
		if kind.Wanted(c, e.Name, e.Backend) {
			engines = append(engines, e)
		}
	}
	engines = append(engines, miniZincEngines(ctx, c)...)
	docs, err := aquariumfmt.Read(in.Name, in.Data)
	describe := func(d aquariumfmt.Document) (string, int, error) { return d.ID, d.Line, nil }
	kind.CompareEach(ctx, c, docs, inputerr.All(err), describe, func(d aquariumfmt.Document) []kind.CompareRow {
		task := Task{ID: d.ID, Puzzle: d.Puzzle, Rule: ruleOf(c.Options().Rule, d), Limit: c.Options().Limit}
		rows := make([]kind.CompareRow, 0, len(engines))
		for _, e := range engines {
			if e.Takes(task.Rule) {
				rows = append(rows, compareRow(ctx, c, e, task))
			}
		}
		return rows
	})
}

// miniZincEngines returns the engines of the MiniZinc model that
// --engines names (minizinc:SOLVER), once each. One that cannot run here
// is said to be unavailable and left out, which is no error of compare.
func miniZincEngines(ctx context.Context, c kind.Comparison) []Engine {
	var engines []Engine
	seen := map[string]bool{}
	for _, name := range c.Options().Engines {
		solver, ok := strings.CutPrefix(name, MiniZincPrefix)
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		if err := MiniZincAvailable(ctx, solver); err != nil {
			if ctx.Err() == nil {
				c.Say(err.Error())
			}
			continue
		}
		engines = append(engines, MiniZinc(solver))
	}
	return engines
}

// ruleOf is the rule of the puzzle d under --rule, which names one or is
// "" for the puzzle's own, and region for a puzzle that states none.
func ruleOf(flag string, d aquariumfmt.Document) aquarium.Rule {
	if r, err := aquarium.ParseRule(flag); flag != "" && err == nil {
		return r
	}
	if d.HasRule {
		return d.Rule
	}
	return aquarium.RegionRule
}

// compareRow times one engine on one puzzle and fills in its row with
// the result's answer; an error says itself in the error column.
func compareRow(ctx context.Context, c kind.Comparison, e Engine, task Task) kind.CompareRow {
	var res Result
	runs := kind.TimeSolve(ctx, c, e.Name, func(ctx context.Context) kind.Status {
		res = Run(ctx, e, task)
		return res.Status
	})
	a := res.Answer(task.Limit)
	row := kind.Row(Name, task.ID, e.Name, a)
	row.Stats, row.Runs = res.Stats, runs
	switch {
	case res.Status == kind.StatusError:
		row.Answer, row.Error = "", res.Err.Error()
	case res.End.Stop == kind.OverBudget:
		row.Error = a.Words
	}
	return row
}
