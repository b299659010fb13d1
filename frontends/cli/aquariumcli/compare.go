package aquariumcli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
)

// CompareKind is compare's part for Aquarium puzzles: the engines of
// aquariumkind.Engines on every puzzle, judged and put in words by
// aquariumkind.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Kind: aquariumkind.Kind(), Run: compareAquarium, Engines: aquariumkind.EngineNames}
}

func compareAquarium(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	var engines []aquariumkind.Engine
	for _, e := range aquariumkind.Engines(c.Options().Timeout > 0) {
		if c.Wants(e.Name) || c.Wants(e.Backend) {
			engines = append(engines, e)
		}
	}
	f := aquariumFlags{rule: c.Options().Rule}
	r := newAquariumRun(c.IO(), clikit.FormatText, false) // reports input errors only
	return r.eachOf(ctx, []clikit.Input{in}, func(d aquariumfmt.Document) int {
		task := aquariumkind.Task{ID: d.ID, Puzzle: d.Puzzle, Rule: f.ruleFor(d), Limit: c.Options().Limit}
		rows := make([]clikit.CompareRow, 0, len(engines))
		for _, e := range engines {
			if e.Takes(task.Rule) {
				rows = append(rows, compareRow(ctx, c, e, task))
			}
		}
		c.Puzzle(rows)
		return clikit.ExitOK
	})
}

// compareRow times one engine on one puzzle and fills in its row with
// the result's answer.
func compareRow(ctx context.Context, c clikit.Comparison, e aquariumkind.Engine, task aquariumkind.Task) clikit.CompareRow {
	var res aquariumkind.Result
	runs, _ := c.Time(ctx, e.Name, func(ctx context.Context) error {
		res = aquariumkind.Run(ctx, e, task)
		if !res.Status.Settled() {
			return fmt.Errorf("%s", res.Status) // not repeated
		}
		return nil
	})
	a := res.Answer(task.Limit)
	row := clikit.CompareRow{Kind: "aquarium", ID: task.ID, Engine: e.Name, Status: a.Status, Answer: a.Words, Key: a.Key, Stats: res.Stats, Runs: runs}
	switch {
	case res.Status == kind.StatusError:
		row.Answer, row.Error = "", res.Err.Error() // compare says an error in its error column
	case res.End.Stop == kind.OverBudget:
		row.Error = a.Words
	}
	return row
}
