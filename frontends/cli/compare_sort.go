package cli

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// sortCompareKind is compare's part for Water Sort levels: corpus JSON
// Lines with bottles, or a level in the text format.
func sortCompareKind() compareKind {
	return compareKind{name: "sort", detect: isSortInput, rules: []string{"whole", "fits"}, run: compareSort}
}

// isSortInput reports whether data holds Water Sort levels: corpus JSON
// Lines with bottles, or text that the Aquarium readers refuse and that
// either reads as a Water Sort level or looks like one (a "capacity N" line
// or a "-" line for an empty bottle), so that a level with a mistake gets
// the Water Sort reader's message. Text both readers accept is Aquarium's.
func isSortInput(data []byte) bool {
	if fields, ok := firstJSONObject(data); ok {
		_, has := fields["bottles"]
		return has
	}
	if sortfmt.IsJSONLines(data) || isAquariumInput(data) {
		return false
	}
	if _, err := sortfmt.ParseText("", data); err == nil {
		return true
	}
	for line := range bytes.Lines(data) {
		fields := strings.Fields(string(line))
		if len(fields) > 0 && (fields[0] == "capacity" || len(fields) == 1 && fields[0] == "-") {
			return true
		}
	}
	return false
}

// sortCompareEngine is one engine compare runs on Water Sort levels.
type sortCompareEngine struct {
	name string
	run  sortEngine
}

// sortCompareEngines lists the search methods and the SAT method on every
// available backend, as far as --engines keeps them: an engine is kept by
// its name, and a SAT engine also by "sat" or its backend's name.
func (c *comparison) sortCompareEngines() ([]sortCompareEngine, error) {
	var engines []sortCompareEngine
	for _, m := range []watersort.Method{watersort.BFS, watersort.AStar, watersort.Greedy} {
		if c.wants(m.String()) {
			engines = append(engines, sortCompareEngine{name: m.String(), run: searchEngine(m, sortLimitStates)})
		}
	}
	for _, b := range backends.Available() {
		name := methodSAT + "/" + b
		if !c.wants(name) && !c.wants(methodSAT) && !c.wants(b) {
			continue
		}
		s, err := openSortSAT(b, c.flags.timeout > 0)
		if err != nil {
			return nil, err
		}
		engines = append(engines, sortCompareEngine{name: name, run: satEngine(s.open, s.enc, c.flags.maxMoves)})
	}
	return engines, nil
}

// compareSort runs the engines on every level of one input. The answers
// that are proofs must agree: an optimal number of moves (bfs, astar, sat)
// or unsolvability (a search that explored every reachable position,
// greedy included). Greedy's plans are not claimed optimal and the SAT
// method's unknown past its horizon proves nothing, so they stay out.
func compareSort(ctx context.Context, c *comparison, in input) int {
	rule := watersort.Whole
	if c.flags.rule != "" {
		var err error
		if rule, err = watersort.ParseRule(c.flags.rule); err != nil {
			fmt.Fprintf(c.stdio.Err, "%s: %v\n", in.name, err)
			return ExitUsage
		}
	}
	engines, err := c.sortCompareEngines()
	if err != nil {
		fmt.Fprintf(c.stdio.Err, "%s: %v\n", in.name, err)
		return ExitUsage
	}
	levels := sortfmt.Parse(in.name, in.data)
	if len(levels) == 0 {
		fmt.Fprintf(c.stdio.Err, "%s: no levels\n", in.name)
		return ExitUsage
	}
	code := ExitOK
	for _, lv := range levels {
		if lv.Err != nil {
			fmt.Fprintln(c.stdio.Err, lv.Err)
			code = worse(code, ExitUsage)
			continue
		}
		rows := make([]compareRow, 0, len(engines))
		for _, e := range engines {
			rows = append(rows, c.sortRow(ctx, e, lv, rule))
		}
		c.puzzle(rows)
		if ctx.Err() != nil {
			break
		}
	}
	return code
}

// sortRow times one engine on one level and fills in its row.
func (c *comparison) sortRow(ctx context.Context, e sortCompareEngine, lv sortfmt.Level, rule watersort.Rule) compareRow {
	row := compareRow{Kind: "sort", ID: lv.ID, Engine: e.name}
	var out sortOutcome
	var status Status
	var note, failure string
	row.runs, _ = c.time(ctx, func(ctx context.Context) error {
		out = e.run(ctx, lv.Puzzle, rule)
		status, note, failure = out.judge(ctx, lv.Puzzle, rule, e.name)
		if status != StatusSolved && status != StatusUnsolvable {
			return fmt.Errorf("%s", status) // do not repeat
		}
		return nil
	})
	row.Status, row.Error = status, failure
	switch status {
	case StatusSolved:
		row.Answer = fmt.Sprintf("%d moves", len(out.plan))
		if out.optimal {
			row.Answer = fmt.Sprintf("optimal %d", len(out.plan))
		}
	case StatusUnsolvable:
		row.Answer = "unsolvable"
	case StatusUnknown:
		row.Answer = note
		if note == "timed out" && ctx.Err() != nil {
			row.Answer = "interrupted"
		}
	}
	if status == StatusUnsolvable || status == StatusSolved && out.optimal {
		row.key = row.Answer // a proof: every engine that gives one must agree
	}
	row.Stats = out.stats.list()
	return row
}

// list returns the statistics compare prints: the search's or the SAT
// method's.
func (s sortStats) list() statList {
	if s.LowerBound == nil {
		return statList{{"expanded", s.Expanded}, {"stored", s.Stored}, {"peak_bytes", s.PeakBytes}}
	}
	return statList{{"lower_bound", *s.LowerBound}, {"horizons", len(s.Horizons)}, {"variables", s.Variables}, {"clauses", s.Clauses}}
}
