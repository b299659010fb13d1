package minizinc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// An Instance is a model and its data files.
type Instance struct {
	Model string   // the .mzn file
	Data  []string // .dzn or .json data files, possibly none
}

// String names the instance as "model.mzn data.dzn".
func (in Instance) String() string {
	return strings.Join(append([]string{in.Model}, in.Data...), " ")
}

// DefaultGrace is how long Solve waits past a request's time limit before
// it kills minizinc: minizinc stops by itself at the limit, but neither
// compilation nor every solver heeds it promptly.
const DefaultGrace = 5 * time.Second

// A Request asks minizinc to solve an instance with one solver.
type Request struct {
	Instance
	// Solver is a solver id (org.gecode.gecode, or its last part, gecode)
	// or the path of a solver configuration file (.msc).
	Solver string
	// TimeLimit bounds the run, compilation included (minizinc's
	// --time-limit); 0 means none.
	TimeLimit time.Duration
	// Grace is how long past TimeLimit minizinc may take to stop before it
	// is killed with its process group (DefaultGrace when 0). Without a
	// TimeLimit nothing is killed but by the context.
	Grace time.Duration
	// AllSolutions asks for every solution of a satisfaction problem, or
	// for each improving solution of an optimisation (-a).
	AllSolutions bool
	// Free lets the solver ignore the search annotations (-f).
	Free bool
	// Threads asks for a parallel solver's threads (-p) when above 1.
	Threads int
	// Flags are more arguments for minizinc, given before the files, such
	// as "-r", "7" or "--solver-time-limit", "1000".
	Flags []string
	// Files are more model files, given after the data (constraints added
	// to the model, as Confirm adds one).
	Files []string
}

// args returns the command line for r, without the program name.
func (r *Request) args() []string {
	args := []string{"--solver", r.Solver, "--json-stream", "--output-mode", "json",
		"--output-objective", "--output-time", "-s"}
	if r.TimeLimit > 0 {
		args = append(args, "--time-limit", strconv.FormatInt(max(r.TimeLimit.Milliseconds(), 1), 10))
	}
	if r.AllSolutions {
		args = append(args, "-a")
	}
	if r.Free {
		args = append(args, "-f")
	}
	if r.Threads > 1 {
		args = append(args, "-p", strconv.Itoa(r.Threads))
	}
	args = append(args, r.Flags...)
	args = append(args, r.Model)
	args = append(args, r.Data...)
	return append(args, r.Files...)
}

// prepare checks r and makes the folder minizinc runs in for it; done
// removes the folder.
func (r *Request) prepare() (dir string, done func(), err error) {
	if err := r.check(); err != nil {
		return "", nil, err
	}
	dir, err = os.MkdirTemp("", "minizinc-")
	if err != nil {
		return "", nil, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// check refuses requests minizinc would misread.
func (r *Request) check() error {
	switch {
	case r.Solver == "":
		return errors.New("minizinc: no solver given")
	case r.Model == "":
		return errors.New("minizinc: no model given")
	case r.TimeLimit < 0 || r.Grace < 0:
		return errors.New("minizinc: negative time limit")
	}
	for _, f := range append(append([]string{r.Model}, r.Data...), r.Files...) {
		if strings.HasPrefix(f, "-") {
			return fmt.Errorf("minizinc: file name %q begins with a dash; write ./%s", f, f)
		}
	}
	return nil
}

// Solve runs minizinc on the request and reads back what it printed:
// the solutions, in order, the final status, statistics and messages.
//
// A model minizinc cannot compile, a solver that fails, and output this
// package cannot read all give a Result with status Error and the reason
// in Errors (see Result.Err); an error is returned only when minizinc
// could not be run at all, or when ctx ended, in which case the Result
// holds what was printed before.
//
// Without a final status from minizinc the status is Satisfied when a
// solution was printed and Unknown otherwise; this is how a time limit
// ends. A run that outlives TimeLimit plus Grace is killed with the
// processes it started (Result.Killed).
func (p *Program) Solve(ctx context.Context, req Request) (*Result, error) {
	dir, done, err := req.prepare()
	if err != nil {
		return nil, err
	}
	defer done()
	return p.solveIn(ctx, req, dir)
}

func (p *Program) solveIn(ctx context.Context, req Request, dir string) (*Result, error) {
	limit := time.Duration(0)
	if req.TimeLimit > 0 {
		limit = req.TimeLimit + cmp.Or(req.Grace, DefaultGrace)
	}
	start := time.Now()
	stdout, stderr, code, runErr := p.run(ctx, limit, dir, req.args())
	killed := errors.Is(runErr, context.DeadlineExceeded) && ctx.Err() == nil
	if runErr != nil && !killed && ctx.Err() == nil {
		return nil, runErr
	}
	r := readRun(stdout, runErr != nil, runErr == nil && code != 0)
	r.Elapsed, r.Stderr, r.ExitCode, r.Killed = time.Since(start), stderr, code, killed
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	return r, nil
}

// settle fixes the status once the run is over: Error when minizinc
// reported errors or failed; otherwise the status minizinc reported, or,
// without one, Satisfied or Unknown after the solutions.
func (r *Result) settle(failed bool) {
	switch {
	case len(r.Errors) > 0 || failed && r.Status == Unknown:
		r.Status = Error
	case r.Status == Unknown && len(r.Solutions) > 0:
		r.Status = Satisfied
	}
}
