package cli

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

func aquariumCompareKind() compareKind {
	return compareKind{name: "aquarium", detect: isAquariumInput, rules: []string{"region", "pool"}, run: compareAquarium}
}

// isAquariumInput reports whether data holds Aquarium puzzles: corpus JSON
// Lines with regions, or anything else the Aquarium readers accept.
func isAquariumInput(data []byte) bool {
	if fields, ok := firstJSONObject(data); ok {
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

func compareAquarium(ctx context.Context, c *comparison, in input) int {
	var engines []aquariumEngine
	for _, e := range aquariumEngines() {
		if c.wants(e.name) || c.wants(e.backend) {
			engines = append(engines, e)
		}
	}
	r := newAquariumRun(c.stdio, formatText, false) // reports input errors only
	return r.eachOf(ctx, []input{in}, func(d aquariumfmt.Document) int {
		rows := make([]compareRow, 0, len(engines))
		for _, e := range engines {
			f := aquariumFlags{commonFlags: commonFlags{format: formatText, timeout: c.flags.timeout},
				backend: e.backend, encoding: e.enc, rule: c.flags.rule}
			if e.backend == clingoBackend && f.ruleFor(d) != aquarium.RegionRule {
				continue // the ASP program models the region rule only
			}
			row := compareRow{Kind: "aquarium", ID: d.ID, Engine: e.name}
			backend, err := f.resolve()
			if err != nil {
				row.Status, row.Error = StatusError, err.Error()
				rows = append(rows, row)
				continue
			}
			var rec aquariumRecord
			var got aquariumOutcome
			row.runs, _ = c.time(ctx, func(ctx context.Context) error {
				rec, got = r.search(ctx, &f, backend, d, c.flags.limit)
				if rec.Status == StatusUnknown || rec.Status == StatusError {
					return fmt.Errorf("%s", rec.Status)
				}
				return nil
			})
			row.Status, row.Stats, row.Error = rec.Status, rec.Stats, rec.Error
			n := len(got.solutions)
			switch rec.Status {
			case StatusUnsolvable:
				row.Answer = "unsolvable"
			case StatusSolved:
				switch {
				case n == 1 && got.exhausted:
					row.Answer = "unique"
				case got.exhausted && n < c.flags.limit:
					row.Answer = fmt.Sprintf("%d solutions", n)
				default:
					row.Answer = fmt.Sprintf("%d+ solutions", n)
				}
			case StatusUnknown:
				row.Answer = "timed out"
				if ctx.Err() != nil {
					row.Answer = "interrupted"
				}
			}
			if rec.Status == StatusSolved || rec.Status == StatusUnsolvable {
				row.key = row.Answer
			}
			rows = append(rows, row)
		}
		c.puzzle(rows)
		return ExitOK
	})
}
