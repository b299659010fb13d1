// Package fzncli is the fzn command of waterworks: a FlatZinc solver with
// the standard flags and output of the FlatZinc specification, as the
// minizinc program runs it (see "waterworks minizinc install"). It reads
// and judges through the FlatZinc kind of the layer, frontends/kind/fznkind,
// and prints with frontends/fznfmt.
package fzncli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Command returns the fzn command.
func Command() *clikit.Command {
	return &clikit.Command{Name: "fzn", Args: args, Summary: "solve a FlatZinc model as a FlatZinc solver does (what minizinc runs)", Run: run}
}

const args = "[-a] [-n N] [-f] [-s] [-t MS] [-r SEED] [-p N] [--backend NAME] FILE.fzn"

const summary = `
Solve one FlatZinc model (FILE.fzn, or - for standard input) and print its solutions as
the FlatZinc specification has them: "x = 3;" for each output variable, arrays through
array1d or array2d, "----------" after each solution, "==========" when the search is
complete (every solution found, or the last one proven optimal),
"=====UNSATISFIABLE=====" when there is none, "=====UNKNOWN=====" when the search stopped
before either. Every solution is checked against the model before it is printed.
Without -a, a satisfaction problem gets one solution and an optimisation its best one,
printed when the search ends; on the time limit, or on Ctrl-C or SIGTERM, the best
solution found so far is printed at once. With -s, statistics follow as "%%%mzn-stat:"
lines.

The flags are the standard flags of a FlatZinc solver, which minizinc passes to it.
--backend picks the engine: cp-learn (the default: the CP core with conflict learning,
after a short probe by the plain search, led by the annotations on every other run),
cp (the CP core's plain search, following
the annotations exactly), sat:BACKEND for any SAT backend (sat:gini, sat:gophersat,
sat:dimacs:cadical, ...), gecode (Gecode's fzn-gecode, when it is installed; it takes
FlatZinc compiled for Gecode or the standard library), or race. -p N with N of 2 or
more is a portfolio: it races N engines, one a thread, on the same model (cp-learn, cp,
sat:gini, sat:gophersat, in that order), and the first complete answer wins; -p 1 runs
one engine on one thread.

As a FlatZinc solver must for minizinc, the command exits 0 whenever it printed the
outcome, an unsatisfiable model or a search stopped by -t included (minizinc takes any
other code for a failure); the outcome is in the status line.`

// flags are the command's flags.
type flags struct {
	all, intermediate, free, stats, verbose bool
	limit, threads                          int
	timeLimit                               int64 // milliseconds
	seed                                    uint64
	backend                                 string
}

func run(ctx context.Context, stdio clikit.IO, argv []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks fzn", args, summary)
	var f flags
	fs.BoolVar(&f.all, "a", false, "print all solutions of a satisfaction problem, every improving solution of an optimisation")
	fs.BoolVar(&f.intermediate, "i", false, "print every improving solution of an optimisation (as -a does); a satisfaction problem still gets one")
	fs.IntVar(&f.limit, "n", 0, "stop after `N` solutions")
	fs.BoolVar(&f.free, "f", false, "free search: the engine may ignore the search annotations")
	fs.BoolVar(&f.stats, "s", false, "print statistics as %%%mzn-stat: lines")
	fs.BoolVar(&f.verbose, "v", false, "say on standard error which engine runs, each solution it finds and how it ended")
	fs.Int64Var(&f.timeLimit, "t", 0, "stop after `MS` milliseconds and print the best solution found (0: no limit; below 0: at once)")
	fs.Uint64Var(&f.seed, "r", 0, "the random `SEED` of the engines that draw at random (gecode)")
	fs.IntVar(&f.threads, "p", 1, "`N` threads: 2 or more race that many engines (a portfolio; at most 4), 1 runs one engine")
	fs.StringVar(&f.backend, "backend", "", "the `engine`: cp, cp-learn, sat:BACKEND, gecode or race (default "+fznkind.DefaultEngine+", or race with -p 2)")
	clikit.Describe(fs, `
		Examples:
		  waterworks fzn -a -s testdata/fzn/check/queens.fzn
		  waterworks fzn -t 10000 -p 2 testdata/fzn/check/knapsack.fzn
		Exit codes:
		    0  the outcome is printed: solutions, UNSATISFIABLE, or UNKNOWN after -t
		    1  the engine failed (the message says why); what it printed before stands`)
	pos, err := clikit.ParseArgs(fs, argv)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	if err := f.check(pos); err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	engine, err := f.engine()
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	name := "-"
	if len(pos) == 1 {
		name = pos[0]
	}
	return solve(ctx, stdio, &f, engine, name)
}

// check validates the flags and the arguments.
func (f *flags) check(pos []string) error {
	switch {
	case len(pos) > 1:
		return fmt.Errorf("want one FlatZinc file, got %d", len(pos))
	case f.limit < 0:
		return errors.New("-n must not be negative")
	case f.threads < 1:
		return errors.New("-p must be at least 1")
	}
	return nil
}

// engine returns the engine the flags ask for.
func (f *flags) engine() (fznkind.Engine, error) {
	name := f.backend
	switch {
	case name == "" && f.threads >= 2:
		return fznkind.Race(fznkind.RaceEngines(f.threads)...), nil
	case name == "":
		name = fznkind.DefaultEngine
	}
	e, err := fznkind.Open(name)
	if errors.Is(err, fznkind.ErrUnknownEngine) {
		return e, clikit.UnknownBackend(name, fznkind.Names())
	}
	return e, err
}

// readInput reads the named file, or standard input for "-".
func readInput(stdio clikit.IO, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdio.In)
	}
	return os.ReadFile(name)
}

// solve reads the model, runs the engine on it and prints what it finds.
func solve(ctx context.Context, stdio clikit.IO, f *flags, engine fznkind.Engine, name string) int {
	data, err := readInput(stdio, name)
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks fzn: %v\n", err)
		return clikit.ExitUsage
	}
	m, err := fznkind.Read(ctx, name, data)
	if err != nil {
		if ctx.Err() != nil {
			return clikit.ExitInterrupted
		}
		for _, e := range inputerr.All(err) {
			fmt.Fprintln(stdio.Err, e)
		}
		return clikit.ExitUsage
	}
	intermediate := f.intermediate && m.Solve.Method != fzn.Satisfy // -i is for optimisation alone
	opts := fznkind.Options{All: f.all || intermediate, Limit: f.limit, Free: f.free, Seed: f.seed, Timeouts: f.timeLimit != 0}
	runCtx := ctx
	if f.timeLimit != 0 && f.timeLimit <= maxLimit {
		// minizinc passes what is left of its --time-limit after
		// compiling, which may be nothing: a negative limit has passed.
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, time.Duration(max(f.timeLimit, 0))*time.Millisecond)
		defer cancel()
	}
	if f.verbose {
		fmt.Fprintf(stdio.Err, "waterworks fzn: %s on %s\n", engine.Name, name)
		if f.seed != 0 && !engine.Seeded {
			fmt.Fprintf(stdio.Err, "waterworks fzn: %s draws nothing at random; -r is ignored\n", engine.Name)
		}
	}
	p := newPrinter(stdio.Out, m, opts)
	runOpts := opts
	if p.hold {
		// The printer holds the best solution and prints it when the run
		// ends, or at once when the time is up: the engine hands out each
		// improving one, or the best would reach the printer only when
		// the engine has stopped, after the printer has closed.
		runOpts.All = true
	}
	onSolution := p.solution
	if f.verbose {
		onSolution = func(s fzn.Solution) {
			p.solution(s)
			say(stdio, m, s)
		}
	}
	stopFlush := context.AfterFunc(runCtx, p.flush)
	res := fznkind.Run(runCtx, engine, name, m, runOpts, onSolution)
	stopFlush()
	p.finish(res, f.stats, engine)
	if f.verbose {
		fmt.Fprintf(stdio.Err, "waterworks fzn: %s: %s\n", engine.Name, res.Answer(opts).Words)
	}
	return exitCode(ctx, stdio, res, p.err)
}

// maxLimit is the longest -t that a time.Duration holds; a longer one is
// no limit.
const maxLimit = math.MaxInt64 / int64(time.Millisecond)

// say says on standard error that the solution s was found, with its
// objective.
func say(stdio clikit.IO, m *fzn.Model, s fzn.Solution) {
	if m.Solve.Method == fzn.Satisfy {
		fmt.Fprintln(stdio.Err, "waterworks fzn: found a solution")
		return
	}
	obj, _ := fzn.Objective(m, s)
	fmt.Fprintf(stdio.Err, "waterworks fzn: found a solution of objective %d\n", obj)
}

// exitCode says what went wrong, if anything, and returns the exit code.
func exitCode(ctx context.Context, stdio clikit.IO, res fznkind.Result, printErr error) int {
	switch {
	case printErr != nil:
		fmt.Fprintf(stdio.Err, "waterworks fzn: %v\n", printErr)
		return clikit.ExitFailed
	case res.Status == kind.StatusError:
		fmt.Fprintf(stdio.Err, "waterworks fzn: %v\n", res.Err)
		return clikit.ExitFailed
	case kind.Ended(ctx, ctx.Err()).Stop == kind.Interrupted:
		return clikit.ExitInterrupted
	}
	return clikit.ExitOK
}
