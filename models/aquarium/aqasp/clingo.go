package aqasp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/sat/proc"
)

// Clingo is the program Solve runs: the answer-set solver of Potassco
// (Debian package gringo).
const Clingo = "clingo"

// ErrNoClingo is Solve's error when clingo is not on the PATH.
var ErrNoClingo = errors.New("clingo: program not found (Debian package gringo)")

// Available reports whether clingo is on the PATH.
func Available() bool {
	_, err := exec.LookPath(Clingo)
	return err == nil
}

// Result is what clingo found.
type Result struct {
	// Solutions are the answer sets, as clingo gave them: not checked.
	Solutions []aquarium.Solution
	// Exhausted reports that clingo explored every possibility, so
	// Solutions is complete when shorter than the limit.
	Exhausted bool
	// Models is clingo's own count of the answer sets it found.
	Models int
	// Seconds is clingo's own total time.
	Seconds float64
}

// clingoOutput is the part of clingo's JSON output (--outf=2) Solve reads.
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

// Solve enumerates up to limit solutions of p under rule (0: all) with
// clingo on the program WriteASP writes, which models the region rule
// only. Clingo runs in its own process group, killed when ctx ends or
// clingo does, and talks through files in a temporary directory; when
// ctx ends Solve returns ctx's error.
func Solve(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Result, error) {
	var program bytes.Buffer
	if err := WriteASP(&program, p, rule); err != nil {
		return Result{}, err
	}
	if !Available() {
		return Result{}, ErrNoClingo
	}
	dir, err := os.MkdirTemp("", "waterworks-clingo-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)
	cmd := proc.Command(ctx, Clingo, "--outf=2", "-n", strconv.Itoa(limit))
	out, stderr, err := proc.Run(cmd, program.Bytes(), dir)
	if ctx.Err() != nil {
		return Result{}, ctx.Err()
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) { // clingo exits 10, 20 or 30 when it answers
		return Result{}, fmt.Errorf("clingo: %w", err)
	}
	var res clingoOutput
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		return Result{}, fmt.Errorf("clingo: reading its output: %v (%s)", jerr, stderr)
	}
	if res.Result != "SATISFIABLE" && res.Result != "UNSATISFIABLE" {
		return Result{}, fmt.Errorf("clingo: result %q (%s)", res.Result, stderr)
	}
	got := Result{Exhausted: res.Models.More == "no", Models: res.Models.Number, Seconds: res.Time.Total}
	for _, call := range res.Call {
		for _, w := range call.Witnesses {
			s, err := SolutionFromASP(p, w.Value)
			if err != nil {
				return Result{}, fmt.Errorf("clingo: %w", err)
			}
			got.Solutions = append(got.Solutions, s)
		}
	}
	return got, nil
}
