// Package crossing is what the torch and river commands share: both solve
// crossing puzzles (a torch over a bridge, a boat over a river) through
// their kinds on the layer beneath (frontends/kind/crossings), with the
// same flags, and print the same records. A command reads its inputs into
// Puzzles, each with a Run of its kind; Run solves them in order and
// prints.
package crossing

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

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
	fs.IntVar(&f.MaxStates, "max-states", crossings.DefaultMaxStates, "search: give up after storing this many states; 0 means no limit")
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
		if err == nil && fl.Name == "backend" && f.Method != crossings.MethodSAT {
			err = fmt.Errorf("--backend applies to --method sat")
		}
	})
	if err == nil && f.Method == crossings.MethodSAT {
		if _, openErr := backends.Open(f.Backend); errors.Is(openErr, backends.ErrUnknown) {
			err = clikit.UnknownBackend(f.Backend, backends.Available())
		}
	}
	return err
}

// options returns the methods' settings the flags give.
func (f *Flags) options() crossings.Options {
	return crossings.Options{MaxStates: f.MaxStates, MaxSteps: f.MaxSteps, Backend: f.Backend, Timeouts: f.Timeout > 0}
}

// Puzzle is one input a command solves.
type Puzzle struct {
	ID string
	// Err is set when the puzzle could not be read.
	Err error
	// Annotations are the members of its JSON record that are the user's
	// own, carried into its record of output.
	Annotations jsonfields.Annotations
	// Run runs the method called method (one the command offers) on the
	// puzzle under ctx: its kind's Run.
	Run func(ctx context.Context, method string, o crossings.Options) crossings.Report
}

// Solve runs p's method under the flags' timeout and memory budget and
// fills in its record from the kind's judged run.
func Solve(ctx context.Context, f *Flags, p Puzzle) Record {
	rec := Record{ID: p.ID, Method: f.Method, Annotations: p.Annotations}
	if f.Method == crossings.MethodSAT {
		rec.Backend = f.Backend
	}
	if p.Err != nil {
		rec.Status, rec.Error = kind.StatusError, p.Err.Error()
		return rec
	}
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	res := p.Run(work, f.Method, f.options())
	rec.MS, rec.Stats, rec.Unit = kind.Millis(res.Elapsed), res.Stats, res.Unit
	rec.Status, rec.Reason, rec.Error = res.Status, res.Reason, res.Error
	if rec.Status == kind.StatusSolved {
		steps := res.Crossings
		rec.Optimal, rec.Plan, rec.Steps, rec.Cost = true, res.Plan(), &steps, res.Cost
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
