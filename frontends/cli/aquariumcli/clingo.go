package aquariumcli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/sat/proc"
)

// clingoBackend is the name of the engine that hands the Aquarium ASP
// program (aqasp.WriteASP) to clingo, the answer-set solver of Potassco,
// when it is on the PATH (Debian package gringo).
const clingoBackend = "clingo"

// clingoOutput is the part of clingo's JSON output (--outf=2) we read.
type clingoOutput struct {
	Result string `json:"Result"`
	Call   []struct {
		Witnesses []struct {
			Value []string `json:"Value"`
		} `json:"Witnesses"`
	} `json:"Call"`
	Models struct {
		Number int    `json:"Number"`
		More   string `json:"More"`
	} `json:"Models"`
	Time struct {
		Total float64 `json:"Total"`
	} `json:"Time"`
}

// solveAquariumClingo enumerates up to limit solutions with clingo. The
// process runs in its own process group, killed when ctx ends or
// clingo ends, and talks through files in a temporary directory.
func solveAquariumClingo(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumOutcome, error) {
	var program bytes.Buffer
	if err := aqasp.WriteASP(&program, p, rule); err != nil {
		return aquariumOutcome{}, err
	}
	dir, err := os.MkdirTemp("", "waterworks-clingo-")
	if err != nil {
		return aquariumOutcome{}, err
	}
	defer os.RemoveAll(dir)
	cmd := proc.Command(ctx, clingoBackend, "--outf=2", "-n", strconv.Itoa(limit))
	out, stderr, err := proc.Run(cmd, program.Bytes(), dir)
	if ctx.Err() != nil {
		return aquariumOutcome{}, ctx.Err()
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return aquariumOutcome{}, fmt.Errorf("clingo: %w", err)
	}
	var res clingoOutput
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		return aquariumOutcome{}, fmt.Errorf("clingo: reading its output: %v (%s)", jerr, stderr)
	}
	var got aquariumOutcome
	switch res.Result {
	case "SATISFIABLE", "UNSATISFIABLE":
	default:
		return aquariumOutcome{}, fmt.Errorf("clingo: result %q (%s)", res.Result, stderr)
	}
	for _, call := range res.Call {
		for _, w := range call.Witnesses {
			s, err := aqasp.SolutionFromASP(p, w.Value)
			if err != nil {
				return aquariumOutcome{}, fmt.Errorf("clingo: %w", err)
			}
			got.solutions = append(got.solutions, s)
		}
	}
	got.exhausted = res.Models.More == "no"
	got.stats = kind.StatList{{Name: "models", Value: res.Models.Number}, {Name: "clingo_seconds", Value: res.Time.Total}}
	return got, nil
}
