package aquariumcli

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// CompareKind is compare's part for Aquarium puzzles.
func CompareKind() clikit.CompareKind {
	return clikit.CompareKind{Name: "aquarium", Detect: isAquariumInput, Rules: []string{"region", "pool"}, Run: compareAquarium}
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

// aquariumEngine is one engine compare runs on Aquarium puzzles.
type aquariumEngine struct {
	name    string
	backend string
	enc     string // "" for cp
}

// aquariumEngines lists the CP core and every available SAT backend with
// every encoding it takes.
func aquariumEngines() []aquariumEngine {
	engines := []aquariumEngine{{name: "cp", backend: "cp"}}
	if _, err := exec.LookPath(clingoBackend); err == nil {
		engines = append(engines, aquariumEngine{name: clingoBackend, backend: clingoBackend})
	}
	for _, b := range backends.Available() {
		for _, enc := range sat.Encodings() {
			if backends.Supports(b, enc) {
				engines = append(engines, aquariumEngine{name: b + "/" + enc.String(), backend: b, enc: enc.String()})
			}
		}
	}
	return engines
}

func compareAquarium(ctx context.Context, c clikit.Comparison, in clikit.Input) int {
	var engines []aquariumEngine
	for _, e := range aquariumEngines() {
		if c.Wants(e.name) || c.Wants(e.backend) {
			engines = append(engines, e)
		}
	}
	r := newAquariumRun(c.IO(), clikit.FormatText, false) // reports input errors only
	return r.eachOf(ctx, []clikit.Input{in}, func(d aquariumfmt.Document) int {
		rows := make([]clikit.CompareRow, 0, len(engines))
		for _, e := range engines {
			f := aquariumFlags{CommonFlags: clikit.CommonFlags{Format: clikit.FormatText, Timeout: c.Options().Timeout},
				backend: e.backend, encoding: e.enc, rule: c.Options().Rule}
			if e.backend == clingoBackend && f.ruleFor(d) != aquarium.RegionRule {
				continue // the ASP program models the region rule only
			}
			row := clikit.CompareRow{Kind: "aquarium", ID: d.ID, Engine: e.name}
			backend, err := f.resolve()
			if err != nil {
				row.Status, row.Error = clikit.StatusError, err.Error()
				rows = append(rows, row)
				continue
			}
			var rec aquariumRecord
			var got aquariumOutcome
			row.Runs, _ = c.Time(ctx, func(ctx context.Context) error {
				rec, got = r.search(ctx, &f, backend, d, c.Options().Limit)
				if rec.Status == clikit.StatusUnknown || rec.Status == clikit.StatusError {
					return fmt.Errorf("%s", rec.Status)
				}
				return nil
			})
			row.Status, row.Stats, row.Error = rec.Status, rec.Stats, rec.Error
			n := len(got.solutions)
			switch rec.Status {
			case clikit.StatusUnsolvable:
				row.Answer = "unsolvable"
			case clikit.StatusSolved:
				switch {
				case n == 1 && got.exhausted:
					row.Answer = "unique"
				case got.exhausted && n < c.Options().Limit:
					row.Answer = fmt.Sprintf("%d solutions", n)
				default:
					row.Answer = fmt.Sprintf("%d+ solutions", n)
				}
			case clikit.StatusUnknown:
				row.Answer = "timed out"
				if ctx.Err() != nil {
					row.Answer = "interrupted"
				}
			}
			if rec.Status == clikit.StatusSolved || rec.Status == clikit.StatusUnsolvable {
				row.Key = row.Answer
			}
			rows = append(rows, row)
		}
		c.Puzzle(rows)
		return clikit.ExitOK
	})
}
