// Package backends opens a SAT backend by the name the command line uses:
// "gini", "gophersat", or "dimacs:CMD" for an external DIMACS solver run
// as the command line CMD (e.g. "dimacs:cadical", "dimacs:kissat -q").
package backends

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/external"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
)

// ErrUnknown is wrapped by Open's error for a name that is no backend.
var ErrUnknown = errors.New("unknown backend")

// Names of the built-in backends, and the prefix of external ones.
const (
	Gini      = "gini"
	Gophersat = "gophersat"
	DIMACS    = "dimacs:"
)

// Builtin returns the names of the backends built into the program.
func Builtin() []string { return []string{Gini, Gophersat} }

// KnownSolvers are the external solver programs Available looks for.
var KnownSolvers = []string{"cadical", "kissat", "minisat", "glucose", "picosat", "cryptominisat5", "lingeling"}

// Available returns the built-in backends followed by "dimacs:NAME" for
// each of KnownSolvers found in the PATH: every backend compare can run.
func Available() []string {
	names := Builtin()
	for _, prog := range KnownSolvers {
		if _, err := exec.LookPath(prog); err == nil {
			names = append(names, DIMACS+prog)
		}
	}
	return names
}

// Open returns a fresh solver for the backend called name.
func Open(name string) (sat.Solver, error) {
	switch {
	case name == Gini:
		return gini.New(), nil
	case name == Gophersat:
		return gophersat.New(), nil
	case strings.HasPrefix(name, DIMACS):
		s, err := external.Parse(strings.TrimPrefix(name, DIMACS))
		if err != nil {
			return nil, fmt.Errorf("backend %q: %w", name, err)
		}
		if !s.Available() {
			return nil, fmt.Errorf("backend %q: program %q not found", name, strings.Fields(name[len(DIMACS):])[0])
		}
		return s, nil
	}
	return nil, fmt.Errorf("%w %q (want %s or %sCMD)", ErrUnknown, name, strings.Join(Builtin(), ", "), DIMACS)
}

// OpenFor is Open for one run of a program: timeouts says whether the
// contexts of the run's solves may end by a deadline. Without one, a
// context ends only by an interrupt, which ends the program too, so
// gophersat runs in this process (see gophersat.Solver.InProcess) instead
// of in a worker process started for each Solve; under a deadline it runs
// in a worker, since a search in this process cannot be stopped.
func OpenFor(name string, timeouts bool) (sat.Solver, error) {
	if name == Gophersat && !timeouts {
		return &gophersat.Solver{InProcess: true}, nil
	}
	return Open(name)
}

// ServeIfWorker makes the program able to run the backends that need
// worker processes (gophersat under a deadline): in a process started as
// such a worker it serves one problem and exits; otherwise it returns at
// once. Call it first in main, before anything reads standard input or
// prints, and in TestMain of test binaries that solve under contexts that
// can end.
func ServeIfWorker() { gophersat.ServeIfWorker() }

// Supports reports whether the backend called name can solve a formula
// lowered with enc: every backend takes CNF, and only those that
// implement sat.LinearAdder (gophersat) take Native.
func Supports(name string, enc sat.Encoding) bool {
	if enc != sat.Native {
		return true
	}
	s, err := Open(name)
	if err != nil {
		return false
	}
	_, ok := s.(sat.LinearAdder)
	return ok
}

// Prepare opens a fresh solver of the backend called name and loads f
// into it, its linear constraints lowered with enc or, with sat.Native,
// given natively. The solver is ready for Solve or sat.Count.
func Prepare(name string, f *sat.Formula, enc sat.Encoding) (sat.Solver, error) {
	s, err := Open(name)
	if err != nil {
		return nil, err
	}
	if enc != sat.Native && f.NumLinears() > 0 {
		if f, err = f.Lower(enc); err != nil {
			return nil, fmt.Errorf("backend %q: %w", name, err)
		}
	}
	if err := sat.Load(s, f); err != nil {
		return nil, fmt.Errorf("backend %q, encoding %v: %w", name, enc, err)
	}
	return s, nil
}
