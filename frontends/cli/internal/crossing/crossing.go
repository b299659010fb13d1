// Package crossing is what the torch and river commands share: both solve
// crossing puzzles (a torch over a bridge, a boat over a river) by a search
// of the state-space library or by its SAT horizon, check every plan with
// the puzzle's checker, and print the same records. A command reads its
// inputs into Puzzles, each with a Solve that runs one method; Run solves
// them in order and prints.
package crossing

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The methods; a command offers some of them.
const (
	MethodBFS   = "bfs"
	MethodUCS   = "ucs"
	MethodAStar = "astar"
	MethodSAT   = "sat"
)

// MaxStates is the default of --max-states.
const MaxStates = 50_000_000

// Flags are the flags of a crossing command's solve.
type Flags struct {
	clikit.CommonFlags
	Method    string
	Backend   string
	MaxStates int
	MaxSteps  int
	Jobs      clikit.Jobs
	methods   []string
}

// Register adds the flags to fs: methods lists the command's methods, the
// default first, and methodHelp describes them.
func (f *Flags) Register(fs *flag.FlagSet, methods []string, methodHelp, maxStepsHelp string) {
	f.methods = methods
	f.CommonFlags.Register(fs)
	fs.StringVar(&f.Method, "method", methods[0], "`method`: "+methodHelp)
	fs.StringVar(&f.Backend, "backend", backends.Gini, "sat: SAT `backend`: gini, gophersat or dimacs:CMD (an external solver)")
	fs.IntVar(&f.MaxStates, "max-states", MaxStates, "search: give up after storing this many states; 0 means no limit")
	fs.IntVar(&f.MaxSteps, "max-steps", 0, maxStepsHelp)
	f.Jobs.Register(fs, "puzzles")
}

// Check validates the flags after parsing.
func (f *Flags) Check(fs *flag.FlagSet) error {
	if err := f.CommonFlags.Check(); err != nil {
		return err
	}
	switch {
	case !clikit.Contains(f.methods, f.Method):
		return clikit.UnknownChoice("method", f.Method, f.methods)
	}
	if err := clikit.CheckCounts(clikit.Count{Name: "max-states", Value: f.MaxStates},
		clikit.Count{Name: "max-steps", Value: f.MaxSteps}, f.Jobs.Count()); err != nil {
		return err
	}
	var err error
	fs.Visit(func(fl *flag.Flag) {
		if err == nil && fl.Name == "backend" && f.Method != MethodSAT {
			err = fmt.Errorf("--backend applies to --method sat")
		}
	})
	if err == nil && f.Method == MethodSAT {
		if _, openErr := backends.Open(f.Backend); errors.Is(openErr, backends.ErrUnknown) {
			err = clikit.UnknownBackend(f.Backend, backends.Available())
		}
	}
	return err
}

// Outcome is what a method returned on one puzzle.
type Outcome struct {
	Status statespace.Status
	// Plan is the plan in words and JSON when Status is Solved, already
	// replayed by the checker: Check holds its verdict.
	Plan  []Step
	Check error
	// Cost is the plan's total time, when actions cost differently.
	Cost *int
	// Reason says why the puzzle is unsolvable.
	Reason string
	Stats  Stats
	Err    error
}

// Puzzle is one input a command solves.
type Puzzle struct {
	ID string
	// Err is set when the puzzle could not be read.
	Err error
	// Unit names the cost in text, "" when actions count 1.
	Unit string
	// Solve runs the flags' method under ctx.
	Solve func(ctx context.Context, f *Flags) Outcome
}

// Solve runs p's method under the flags' timeout and memory budget and
// fills in its record; a plan that failed the check is an internal error,
// never an answer.
func Solve(ctx context.Context, f *Flags, p Puzzle) Record {
	rec := Record{ID: p.ID, Method: f.Method, Unit: p.Unit}
	if f.Method == MethodSAT {
		rec.Backend = f.Backend
	}
	if p.Err != nil {
		rec.Status, rec.Error = kind.StatusError, p.Err.Error()
		return rec
	}
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	start := time.Now()
	var out Outcome
	err := kind.Safely(p.ID, func() error {
		out = p.Solve(work, f)
		return out.Err
	})
	rec.MS = kind.Millis(time.Since(start))
	rec.Stats = out.Stats
	if errors.Is(err, statespace.ErrHorizon) {
		rec.Status, rec.Reason = kind.StatusUnknown, fmt.Sprintf("no plan within --max-steps %d", f.MaxSteps)
	} else {
		search := kind.PlanSearch{Method: f.Method, Err: err, NoPlan: out.Status == statespace.Unsolvable, Proof: out.Reason}
		if out.Status == statespace.Solved {
			search.Check = func() error { return out.Check }
		}
		v := search.Verdict(work)
		rec.Status, rec.Reason, rec.Error = v.Status, v.Reason, v.Error
	}
	if rec.Status == kind.StatusSolved {
		steps := len(out.Plan)
		rec.Optimal, rec.Plan, rec.Steps, rec.Cost = true, out.Plan, &steps, out.Cost
	}
	if rec.Error != "" {
		rec.Error = p.ID + ": " + rec.Error // a reading error names its place instead
	}
	return rec
}

// Run solves the puzzles, --jobs at once, and prints their records in
// order under command (as "waterworks torch solve"); it returns the worst
// exit code.
func Run(ctx context.Context, stdio clikit.IO, command string, f *Flags, res clikit.Results, puzzles []Puzzle) int {
	return clikit.Batch[Puzzle, Record]{ID: puzzleID, Jobs: f.Jobs,
		Solve:  func(p Puzzle) Record { return Solve(ctx, f, p) },
		Report: func(s *clikit.Sink, rec Record) int { return reporter{s, command, f}.report(ctx, rec) },
	}.Run(ctx, stdio, res, f.Format, clikit.ExitOK, puzzles)
}

// puzzleID names a puzzle in progress and for --id.
func puzzleID(p Puzzle) string { return p.ID }

// FromInputs reads the puzzles of every input with read, which gets the
// name and the data of an input that was read; an input that could not be
// read is a Puzzle with Err set, and one a signal interrupted is left out.
func FromInputs(inputs []clikit.Input, read func(name string, data []byte) []Puzzle) []Puzzle {
	return clikit.ParseInputs(inputs, read, func(name string, err error) Puzzle { return Puzzle{ID: name, Err: err} })
}
