package aquariumcli

import (
	"cmp"
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// CompareKind is compare's part for Aquarium puzzles.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Name: "aquarium", Detect: isAquariumInput, Rules: []string{"region", "pool"}, Run: compareAquarium,
		Engines: engineNames}
}

// engineNames lists the names --engines takes for Aquarium: each engine's,
// and each backend's for all its encodings.
func engineNames() []string {
	var names []string
	for _, e := range Engines() {
		names = append(names, e.Name)
		if !slices.Contains(names, e.backend) {
			names = append(names, e.backend)
		}
	}
	return names
}

// isAquariumInput reports whether data holds Aquarium puzzles: corpus JSON
// Lines with regions, or anything else the Aquarium readers accept.
func isAquariumInput(data []byte) bool {
	if fields, ok := clikit.FirstJSONObject(data); ok {
		_, has := fields["regions"]
		return has
	}
	docs, _ := aquariumfmt.Read("", data)
	return len(docs) > 0
}

// Engine is one of the engines compare runs on Aquarium puzzles. The web
// page's race runs the same list, so both always offer the same engines.
type Engine struct {
	// Name is the engine as compare and --engines call it: "cp", "clingo",
	// "gini/totalizer", "dimacs:cadical/sortnet", ...
	Name string
	// RegionOnly marks an engine that models the region rule alone
	// (clingo's answer-set program); it does not run on pool-rule puzzles.
	RegionOnly bool
	backend    string
	enc        string // "" for cp and clingo
}

// Engines lists compare's engines: the CP core, clingo when it is
// installed, and every available SAT backend with every encoding it takes.
func Engines() []Engine {
	engines := []Engine{{Name: "cp", backend: "cp"}}
	if _, err := exec.LookPath(clingoBackend); err == nil {
		engines = append(engines, Engine{Name: clingoBackend, RegionOnly: true, backend: clingoBackend})
	}
	for _, b := range backends.Available() {
		for _, enc := range sat.Encodings() {
			if backends.Supports(b, enc) {
				engines = append(engines, Engine{Name: b + "/" + enc.String(), backend: b, enc: enc.String()})
			}
		}
	}
	return engines
}

// Stat is one statistic of an engine's run.
type Stat = kind.Stat

// Outcome is what an engine found on one puzzle.
type Outcome struct {
	// Solutions holds up to the limit of solutions. They are not
	// re-checked: a caller checks each with aquarium.Check before it shows
	// one, as compare does.
	Solutions []aquarium.Solution
	// Exhausted reports that the engine explored every possibility, so
	// Solutions is complete when shorter than the limit.
	Exhausted bool
	// Stats are the engine's statistics, in the order compare prints them.
	Stats []Stat
}

// Solve runs the engine on a valid puzzle under rule, looking for up to
// limit solutions, until ctx ends; gophersat, which cannot be stopped,
// runs in a child process that the end of ctx kills (the program must
// call backends.ServeIfWorker first).
func (e Engine) Solve(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
	backend, err := openAquariumBackend(e.backend, e.enc, true)
	if err != nil {
		return Outcome{}, err
	}
	got, err := backend(ctx, p, rule, limit)
	return Outcome{Solutions: got.solutions, Exhausted: got.exhausted, Stats: got.stats}, err
}

func compareAquarium(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	var engines []Engine
	for _, e := range Engines() {
		if c.Wants(e.Name) || c.Wants(e.backend) {
			engines = append(engines, e)
		}
	}
	r := newAquariumRun(c.IO(), clikit.FormatText, false) // reports input errors only
	return r.eachOf(ctx, []clikit.Input{in}, func(d aquariumfmt.Document) int {
		rows := make([]clikit.CompareRow, 0, len(engines))
		for _, e := range engines {
			f := aquariumFlags{CommonFlags: clikit.CommonFlags{Format: clikit.FormatText, Timeout: c.Options().Timeout},
				backend: e.backend, encoding: e.enc, rule: c.Options().Rule}
			if e.RegionOnly && f.ruleFor(d) != aquarium.RegionRule {
				continue
			}
			row := clikit.CompareRow{Kind: "aquarium", ID: d.ID, Engine: e.Name}
			backend, err := f.resolve()
			if err != nil {
				row.Status, row.Error = kind.StatusError, err.Error()
				rows = append(rows, row)
				continue
			}
			var rec aquariumRecord
			var got aquariumOutcome
			row.Runs, _ = c.Time(ctx, row.Engine, func(ctx context.Context) error {
				rec, got = r.search(ctx, &f, backend, d, c.Options().Limit)
				if rec.Status != kind.StatusSolved && rec.Status != kind.StatusUnsolvable {
					return fmt.Errorf("%s", rec.Status)
				}
				return nil
			})
			row.Status, row.Stats, row.Error = rec.Status, rec.Stats, rec.Error
			n := len(got.solutions)
			switch rec.Status {
			case kind.StatusUnsolvable:
				row.Answer = "unsolvable"
			case kind.StatusSolved:
				switch {
				case n == 1 && got.exhausted:
					row.Answer = "unique"
				case got.exhausted && n < c.Options().Limit:
					row.Answer = fmt.Sprintf("%d solutions", n)
				default:
					row.Answer = fmt.Sprintf("%d+ solutions", n)
				}
			case kind.StatusUnknown:
				row.Answer = strings.Replace(cmp.Or(rec.stopped, "timed out"), "stopped by the timeout", "timed out", 1)
			case kind.StatusInterrupted:
				row.Answer = "interrupted"
			}
			if rec.Status == kind.StatusSolved || rec.Status == kind.StatusUnsolvable {
				row.Key = row.Answer
			}
			rows = append(rows, row)
		}
		c.Puzzle(rows)
		return clikit.ExitOK
	})
}
