// Package external is the [sat.Solver] backend that runs any DIMACS
// solver program (cadical, kissat, minisat, picosat, glucose, ...).
//
// Each Solve writes the clauses added so far, and the assumptions as unit
// clauses, to a temporary DIMACS file, runs the program on it and reads
// its answer. The program is killed with its whole process group when the
// context ends, so a wrapper script's children die too.
//
// Answers: the SAT-competition output on standard output ("s SATISFIABLE"
// and "v" lines), or, when there is no "s" line, the exit code (10 SAT,
// 20 UNSAT). An "s" line and an exit code that disagree are an error, and
// so is a model that does not satisfy the clauses: a wrong answer is never
// passed on. Counts in comment lines ("c conflicts: 12") fill Stats.
//
// Programs that write the model to a file instead, as minisat and glucose
// do ("minisat IN OUT" writes "SAT" then the literals to OUT), are run with
// an output file: the command's arguments may use the placeholders {in}
// and {out} for the DIMACS file and the output file. Without {in} the
// DIMACS file is the last argument. When the program's name is minisat or
// glucose (or starts with it) and no placeholder is given, the arguments
// {in} {out} are added, so "minisat" alone works.
package external

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/proc"
)

// Solver runs a DIMACS solver program for each Solve.
type Solver struct {
	name  string
	args  []string
	f     sat.Formula
	model sat.Model
	stats sat.Stats
}

// The optional interfaces of package sat that Solver meets, which their
// users find by type assertion: a method whose signature drifts fails to
// compile rather than being passed over.
var (
	_ sat.Solver        = (*Solver)(nil)
	_ sat.StatsReporter = (*Solver)(nil)
)

// New returns a solver that runs the program name with args. See the
// package documentation for the {in} and {out} placeholders.
func New(name string, args ...string) *Solver {
	return &Solver{name: name, args: append([]string(nil), args...)}
}

// Parse returns a solver for a command line such as "cadical -q": the
// program's name and its arguments, separated by white space.
func Parse(command string) (*Solver, error) {
	words := strings.Fields(command)
	if len(words) == 0 {
		return nil, errors.New("external: empty solver command")
	}
	return New(words[0], words[1:]...), nil
}

// Command returns the command line as given to Parse or New.
func (s *Solver) Command() string { return strings.Join(append([]string{s.name}, s.args...), " ") }

// Available reports whether the program can be found, in the PATH or as
// a path.
func (s *Solver) Available() bool {
	_, err := exec.LookPath(s.name)
	return err == nil
}

// AddClause implements [sat.Solver].
func (s *Solver) AddClause(lits ...sat.Lit) { s.f.AddClause(lits...) }

// Value implements [sat.Solver].
func (s *Solver) Value(l sat.Lit) bool { return s.model.Value(l) }

// Stats implements [sat.StatsReporter] with the counts the program prints
// (cadical, kissat and minisat print conflicts, decisions and
// propagations).
func (s *Solver) Stats() sat.Stats { return s.stats }

// writesModelFile reports whether the program writes its model to a file
// given as its last argument rather than on standard output.
func (s *Solver) writesModelFile() bool {
	base := filepath.Base(s.name)
	return strings.HasPrefix(base, "minisat") || strings.HasPrefix(base, "glucose")
}

// Solve implements [sat.Solver].
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.model = nil
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	dir, err := os.MkdirTemp("", "waterworks-sat-")
	if err != nil {
		return sat.Unknown, fmt.Errorf("external: %w", err)
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "problem.cnf"), filepath.Join(dir, "model.txt")
	if err := writeFile(in, &s.f, assumptions); err != nil {
		return sat.Unknown, fmt.Errorf("external: writing the problem: %w", err)
	}

	args, useOut := s.arguments(in, out)
	cmd := proc.Command(ctx, s.name, args...)
	stdout, stderr, runErr := proc.Run(cmd, nil, dir)
	if ctx.Err() != nil {
		return sat.Unknown, ctx.Err()
	}
	code := 0
	var exitErr *exec.ExitError
	switch {
	case errors.As(runErr, &exitErr):
		code = exitErr.ExitCode()
	case runErr != nil:
		return sat.Unknown, fmt.Errorf("external: running %s: %w", s.Command(), runErr)
	}
	fail := func(format string, args ...any) (sat.Status, error) {
		msg := fmt.Sprintf(format, args...)
		if tail := stderr; tail != "" {
			msg += ": " + tail
		}
		return sat.Unknown, fmt.Errorf("external: %s: %s", s.Command(), msg)
	}

	res, err := sat.ReadResult(bytes.NewReader(stdout))
	if err != nil {
		return fail("reading its output: %v", err)
	}
	s.stats = s.stats.Add(res.Stats)
	s.stats.Solves++
	if useOut {
		fileRes, err := readModelFile(out)
		if err != nil {
			return fail("reading its model file: %v", err)
		}
		if !res.HasStatus {
			res.Status, res.HasStatus = fileRes.Status, fileRes.HasStatus
		}
		if res.Model == nil {
			res.Model = fileRes.Model
		}
	}
	st, why := s.verdict(res, code, assumptions)
	if why != "" {
		return fail("%s", why)
	}
	return st, nil
}

// verdict decides the answer from the solver's output and exit code, and
// checks a model against the formula and the assumptions, keeping it; it
// returns what is wrong with the answer, or "".
func (s *Solver) verdict(res sat.Result, code int, assumptions []sat.Lit) (sat.Status, string) {
	st := res.Status
	switch {
	case res.HasStatus && (code == 10 && st != sat.Sat || code == 20 && st != sat.Unsat):
		return sat.Unknown, fmt.Sprintf("answer %v with exit code %d", st, code)
	case !res.HasStatus && code == 10:
		st = sat.Sat
	case !res.HasStatus && code == 20:
		st = sat.Unsat
	case !res.HasStatus:
		return sat.Unknown, fmt.Sprintf("no answer (exit code %d)", code)
	}
	if st == sat.Sat {
		if res.Model == nil {
			return sat.Unknown, "SATISFIABLE without a model"
		}
		if err := s.f.Check(res.Model); err != nil {
			return sat.Unknown, fmt.Sprintf("wrong model: %v", err)
		}
		for _, a := range assumptions {
			if !res.Model.Value(a) {
				return sat.Unknown, fmt.Sprintf("wrong model: assumption %d is false", a)
			}
		}
		s.model = res.Model
	}
	return st, ""
}

// arguments substitutes the placeholders, or adds the file arguments.
func (s *Solver) arguments(in, out string) (args []string, useOut bool) {
	hasIn := false
	for _, a := range s.args {
		hasIn = hasIn || strings.Contains(a, "{in}")
		useOut = useOut || strings.Contains(a, "{out}")
		a = strings.ReplaceAll(a, "{in}", in)
		args = append(args, strings.ReplaceAll(a, "{out}", out))
	}
	switch {
	case hasIn:
	case !useOut && s.writesModelFile():
		args = append(args, in, out)
		useOut = true
	default:
		args = append(args, in)
	}
	return args, useOut
}

func writeFile(path string, f *sat.Formula, units []sat.Lit) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := sat.WriteDIMACS(file, f, units...); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// readModelFile reads minisat's result file: a line SAT, UNSAT or INDET,
// then for SAT the literals ending with 0.
func readModelFile(path string) (sat.Result, error) {
	file, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return sat.Result{}, nil // killed or failed before writing it
	}
	if err != nil {
		return sat.Result{}, err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<30)
	var text strings.Builder
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if first {
			first = false
			switch line {
			case "SAT":
				text.WriteString("s SATISFIABLE\n")
			case "UNSAT":
				text.WriteString("s UNSATISFIABLE\n")
			case "INDET":
				text.WriteString("s UNKNOWN\n")
			default:
				return sat.Result{}, fmt.Errorf("first line %q is not SAT, UNSAT or INDET", line)
			}
			continue
		}
		if line != "" {
			text.WriteString("v " + line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		return sat.Result{}, err
	}
	return sat.ReadResult(strings.NewReader(text.String()))
}
