package minizinc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// A SolverConfig is a MiniZinc solver configuration, what a .msc file
// holds: the FlatZinc program minizinc runs and the library it compiles
// models with.
type SolverConfig struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Version    string   `json:"version"`
	Executable string   `json:"executable"`
	MznLib     string   `json:"mznlib"` // the solver's library directory; "" for the standard library alone
	Tags       []string `json:"tags,omitempty"`
	StdFlags   []string `json:"stdFlags,omitempty"`
	// These two say the program reads FlatZinc and minizinc turns its
	// output into solutions; WriteFile sets both.
	SupportsFzn    bool `json:"supportsFzn"`
	NeedsSolns2Out bool `json:"needsSolns2Out"`
}

// WriteFile writes the configuration to dir as ID.msc and returns the
// file's path, which a Request takes as its Solver.
func (c SolverConfig) WriteFile(dir string) (string, error) {
	if c.ID == "" || strings.ContainsAny(c.ID, `/\`) {
		return "", fmt.Errorf("solver configuration: bad id %q", c.ID)
	}
	c.SupportsFzn, c.NeedsSolns2Out = true, true
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, c.ID+".msc")
	return path, os.WriteFile(path, append(data, '\n'), 0o644)
}

// GecodeStdID is the id of the configuration GecodeStd describes.
const GecodeStdID = "org.waterworks.gecode-std"

// GecodeStd returns the configuration of Gecode's FlatZinc program
// (fzn-gecode, at executable) on MiniZinc's standard library alone, every
// global constraint decomposed. Gecode 6.2's own library (-Ggecode) no
// longer compiles models that include globals.mzn under MiniZinc 2.6;
// on the standard library Gecode runs every integer and Boolean model.
func GecodeStd(executable string) SolverConfig {
	return SolverConfig{
		ID:         GecodeStdID,
		Name:       "Gecode on the standard library",
		Version:    "6.2",
		Executable: executable,
		Tags:       []string{"cp", "int"},
		StdFlags:   []string{"-a", "-f", "-n", "-p", "-r", "-s", "-t"},
	}
}

// ErrNoFznGecode is the error FindFznGecode returns when Gecode's FlatZinc
// program is not installed.
var ErrNoFznGecode = errors.New("fzn-gecode is not installed: no program fzn-gecode on PATH " +
	"(install Gecode's FlatZinc interface, e.g. apt-get install minizinc, which brings it)")

// FindFznGecode returns the path of Gecode's FlatZinc program, or an error
// that wraps ErrNoFznGecode.
func FindFznGecode() (string, error) {
	path, err := exec.LookPath("fzn-gecode")
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoFznGecode, err)
	}
	return path, nil
}

// CheckSolver tells whether minizinc knows the solver (an id, the last
// part of one, a tag, or a .msc file), with an error that says so when it
// does not.
func (p *Program) CheckSolver(ctx context.Context, solver string) error {
	if strings.HasSuffix(solver, ".msc") {
		if _, err := os.Stat(solver); err != nil {
			return fmt.Errorf("solver configuration %s: %w", solver, err)
		}
	}
	if _, err := p.output(ctx, 30*time.Second, "--help", solver); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("minizinc has no solver %q ('minizinc --solvers' lists those it has)", solver)
	}
	return nil
}
