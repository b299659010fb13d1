package minizinccli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

const benchArgs = "[--solvers waterworks,gecode] [--time-limit 10s] [flags] SUITE-DIR SELECTION-FILE"

const benchSummary = `
Run every instance of a selection of the MiniZinc benchmark suite with each solver, one
run at a time, through the minizinc program, and print per family a markdown table of
the instances each solver solved, its PAR-2 and its wrong answers, with a total.
SELECTION-FILE holds one instance a line, "family model.mzn [data.dzn]", the paths
relative to SUITE-DIR (testdata/minizinc/selection.txt is the benchmark's selection;
BENCHMARKS.md says how to fetch the suite). A solver is a minizinc solver id or .msc
file; waterworks is this program, installed for the run as "minizinc install" would; and
gecode-std is Gecode on MiniZinc's standard library, which compiles models that Gecode
6.2's own library cannot under MiniZinc 2.6. Each run gets --time-limit,
compilation included; minizinc is stopped, with its solver, 2 s past it.

Every solution of a solver other than gecode is confirmed by the --checkers (the first
that compiles the model): its output variables are fixed, and its objective,
and the checker must find the model satisfiable. A proof of optimality or of
unsatisfiability that gecode did not make too is put to the checkers within
--check-limit. An answer is wrong when a solution fails the check, when a solver says
unsatisfiable where another found a solution, or proves an optimum that another solver's
solution or the checker beats; with --all-solutions also when a complete count differs
from gecode's.

Solved means: for satisfaction, a confirmed solution (with --all-solutions, all of them,
the search complete) or a proof of unsatisfiability; for optimisation, a confirmed
solution proven optimal, or a proof of unsatisfiability; never a wrong answer. PAR-2 is
the sum over the instances of each run's time when solved, and of twice the time limit
otherwise, in seconds.`

// benchFlags are the flags of minizinc bench.
type benchFlags struct {
	solvers      string
	checkers     string
	limit        time.Duration
	checkLimit   time.Duration
	allSolutions bool
	families     string
	format       string
}

// grace is how long a run may take past its limit before it is killed.
const grace = 2 * time.Second

func runBench(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks minizinc bench", benchArgs, benchSummary)
	var f benchFlags
	fs.StringVar(&f.solvers, "solvers", "waterworks,gecode", "the `solvers` to compare, separated by commas, in the table's order")
	fs.StringVar(&f.checkers, "checkers", "gecode,gecode-std", "the `solvers` that check answers, separated by commas, asked in order")
	fs.DurationVar(&f.limit, "time-limit", 10*time.Second, "the time each solver gets on each instance, compilation included")
	fs.DurationVar(&f.checkLimit, "check-limit", 60*time.Second, "the time a checker gets on each check")
	fs.BoolVar(&f.allSolutions, "all-solutions", false, "ask for every solution of a satisfaction problem (minizinc -a); solved then means complete")
	fs.StringVar(&f.families, "family", "", "run only these `families`, separated by commas")
	fs.StringVar(&f.format, "format", clikit.FormatText, "output `format`: text (the markdown table) or json (JSON Lines, a record per instance)")
	clikit.Describe(fs, `
		Examples:
		  waterworks minizinc bench --solvers gecode-std,gecode testdata/minizinc/ci testdata/minizinc/ci/selection.txt
		  waterworks minizinc bench --format json ../minizinc-benchmarks testdata/minizinc/selection.txt
		Exit codes:
		    0  every instance run, and no answer wrong
		    1  a wrong answer (the table's wrong column; the notes say why)
		    2  bad flags, a selection that cannot be read or names a missing file, no minizinc, or an unknown solver`)
	pos, err := clikit.ParseArgs(fs, args)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	if err := f.check(pos); err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	entries, err := readSelection(pos[0], pos[1], splitList(f.families))
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	b, err := newBench(ctx, &f)
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	defer b.close()
	return b.run(ctx, stdio, pos[0], entries)
}

// check validates the flags and the arguments.
func (f *benchFlags) check(pos []string) error {
	switch {
	case len(pos) != 2:
		return fmt.Errorf("want SUITE-DIR and SELECTION-FILE, got %d arguments", len(pos))
	case f.format != clikit.FormatText && f.format != clikit.FormatJSON:
		return clikit.UnknownChoice("format", f.format, []string{clikit.FormatText, clikit.FormatJSON})
	case f.limit <= 0 || f.checkLimit <= 0:
		return errors.New("--time-limit and --check-limit must be positive")
	case len(splitList(f.solvers)) == 0:
		return errors.New("--solvers names no solver")
	case len(splitList(f.checkers)) == 0:
		return errors.New("--checkers names no solver")
	}
	return nil
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// readSelection reads the selection file, keeps the entries of the
// families asked for (all when none is), and checks that their files are
// in the suite.
func readSelection(root, name string, families []string) ([]Entry, error) {
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("suite directory %s: not a directory", root)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	all, err := ParseSelection(name, data)
	if err != nil {
		return nil, err
	}
	var entries []Entry
	met := map[string]bool{}
	for _, e := range all {
		if len(families) > 0 && !clikit.Contains(families, e.Family) {
			continue
		}
		met[e.Family] = true
		for _, p := range append([]string{e.Model}, e.Data...) {
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
				return nil, fmt.Errorf("%s:%d: %s is not in the suite %s", name, e.Line, p, root)
			}
		}
		entries = append(entries, e)
	}
	for _, fam := range families {
		if !met[fam] {
			return nil, fmt.Errorf("--family %s: the selection has no such family", fam)
		}
	}
	return entries, nil
}

// A bench holds what the runs share: minizinc, the solvers and the
// checker.
type bench struct {
	flags   *benchFlags
	program *minizinc.Program
	solvers []solverSpec
	checker minizinc.Checker
	dir     string // where the gecode-std configuration lives
}

// A solverSpec is a solver of the table.
type solverSpec struct {
	label, arg string
	trusted    bool
}

// newBench finds minizinc and checks the solvers and checkers it is to
// run, writing the configuration of gecode-std when it is named.
func newBench(ctx context.Context, f *benchFlags) (*bench, error) {
	p, err := minizinc.Find()
	if err != nil {
		return nil, err
	}
	v, err := p.Version(ctx)
	if err != nil {
		return nil, err
	}
	if v[0] < 2 || v[0] == 2 && v[1] < 6 {
		return nil, fmt.Errorf("minizinc %d.%d.%d is too old: this needs 2.6 or later (for --json-stream)", v[0], v[1], v[2])
	}
	b := &bench{flags: f, program: p}
	resolved := map[string]string{}
	resolve := func(name string) (string, error) {
		if arg, ok := resolved[name]; ok {
			return arg, nil
		}
		arg, err := b.resolve(ctx, name)
		resolved[name] = arg
		return arg, err
	}
	count := map[string]int{}
	for _, name := range splitList(f.solvers) {
		arg, err := resolve(name)
		if err != nil {
			b.close()
			return nil, err
		}
		count[name]++
		label := name
		if count[name] > 1 {
			label = fmt.Sprintf("%s (%d)", name, count[name])
		}
		b.solvers = append(b.solvers, solverSpec{label: label, arg: arg, trusted: name == "gecode" || name == "org.gecode.gecode"})
	}
	b.checker = minizinc.Checker{Program: p, TimeLimit: f.checkLimit}
	for _, name := range splitList(f.checkers) {
		arg, err := resolve(name)
		if err != nil {
			b.close()
			return nil, err
		}
		b.checker.Solvers = append(b.checker.Solvers, arg)
	}
	return b, nil
}

// resolve returns what minizinc is told for the solver name, after
// checking that minizinc has it. waterworks is this program, installed
// for the run (so that the table measures the program that makes it, not
// an older install), and gecode-std Gecode on the standard library.
func (b *bench) resolve(ctx context.Context, name string) (string, error) {
	switch name {
	case "waterworks":
		exe, err := executable()
		if err != nil {
			return "", err
		}
		dir, err := b.tempDir()
		if err != nil {
			return "", err
		}
		return Install(dir, exe)
	case "gecode-std":
		exe, err := minizinc.FindFznGecode()
		if err != nil {
			return "", err
		}
		dir, err := b.tempDir()
		if err != nil {
			return "", err
		}
		return minizinc.GecodeStd(exe).WriteFile(dir)
	}
	if err := b.program.CheckSolver(ctx, name); err != nil {
		return "", err
	}
	return name, nil
}

// tempDir returns the directory of the run's solver configurations,
// made on first use.
func (b *bench) tempDir() (string, error) {
	if b.dir == "" {
		dir, err := os.MkdirTemp("", "waterworks-bench-")
		if err != nil {
			return "", err
		}
		b.dir = dir
	}
	return b.dir, nil
}

func (b *bench) close() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}
