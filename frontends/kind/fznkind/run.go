package fznkind

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// ErrWrongAnswer is wrapped by the error of a Result whose engine gave a
// wrong answer: a solution that fails fzn.Check, or a claim that the model
// is unsatisfiable after a solution.
var ErrWrongAnswer = errors.New("wrong answer")

// Result is one engine's run on one model, judged.
type Result struct {
	// Result is what the engine reported, with Solutions and Objective
	// those of the solutions that passed the check, and Time the run's
	// wall-clock time.
	fzn.Result
	// Status is solved (a checked solution), unsolvable (no solution, and
	// the proof), unknown or interrupted (see End), or error (see Err).
	Status kind.Status
	// End is how the work ended: what stopped it, when something did.
	End kind.Ending
	// Err is the engine's error, a panic (a *kind.InternalError), or the
	// wrong answer (wrapping ErrWrongAnswer).
	Err error
	// Optimising reports whether the model has an objective.
	Optimising bool
}

// checker passes on the solutions of one run that fzn.Check accepts: for
// optimisation, only those that improve on the last one, and never more
// than the options ask for. The first solution that fails the check ends
// the run (cancel) and the passing on; onSolution may be called from any
// goroutine, one call at a time.
type checker struct {
	mu         sync.Mutex
	m          *fzn.Model
	engine     string
	limit      int // 0: none
	cancel     context.CancelFunc
	onSolution func(fzn.Solution)
	passed     int
	best       int64
	bad        error
}

func (c *checker) take(s fzn.Solution) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bad != nil || c.limit > 0 && c.passed >= c.limit {
		return
	}
	if err := fzn.Check(c.m, s); errors.Is(err, fzn.ErrCannotCheck) {
		c.bad = fmt.Errorf("solution %d of %s cannot be checked, so it is not printed: %w", c.passed+1, c.engine, err)
		c.cancel()
		return
	} else if err != nil {
		c.bad = fmt.Errorf("%w: solution %d of %s fails the check: %w", ErrWrongAnswer, c.passed+1, c.engine, err)
		c.cancel()
		return
	}
	if c.m.Solve.Method != fzn.Satisfy {
		obj, err := fzn.Objective(c.m, s)
		if err != nil {
			c.bad = fmt.Errorf("%w: the objective of solution %d of %s: %w", ErrWrongAnswer, c.passed+1, c.engine, err)
			c.cancel()
			return
		}
		if c.passed > 0 && !better(c.m.Solve.Method, obj, c.best) {
			return // no improvement: nothing to say
		}
		c.best = obj
	}
	c.passed++
	if c.onSolution != nil {
		c.onSolution(s)
	}
}

// better reports whether objective a is strictly better than b under the
// method.
func better(method fzn.Method, a, b int64) bool {
	if method == fzn.Maximize {
		return a > b
	}
	return a < b
}

// solutionLimit is how many solutions a run under o hands out at most; 0
// is no limit.
func solutionLimit(m *fzn.Model, o Options) int {
	if o.Limit > 0 {
		return o.Limit
	}
	if !o.All && m.Solve.Method == fzn.Satisfy {
		return 1
	}
	return 0
}

// Run runs the engine on the model under ctx, checks every solution it
// finds with fzn.Check before handing it to onSolution (which may be nil),
// and judges the outcome: a solution that fails the check ends the run
// with status error, and is never handed out; so does a panic inside the
// engine. id names the model in messages.
func Run(ctx context.Context, e Engine, id string, m *fzn.Model, o Options, onSolution func(fzn.Solution)) Result {
	start := time.Now()
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &checker{m: m, engine: e.Name, limit: solutionLimit(m, o), cancel: cancel, onSolution: onSolution}
	var got fzn.Result
	err := kind.Safely(id, func() (err error) {
		got, err = e.Solve(inner, m, o, c.take)
		return err
	})
	c.mu.Lock()
	defer c.mu.Unlock()
	r := Result{Result: got, Optimising: m.Solve.Method != fzn.Satisfy}
	r.Solutions, r.Objective, r.Time = c.passed, c.best, time.Since(start)
	if c.passed == 0 {
		r.Objective = 0
	}
	r.judge(ctx, err, c.bad)
	return r
}

// judge sets the status of a run that returned err and whose check found
// bad.
func (r *Result) judge(ctx context.Context, err, bad error) {
	if err == nil && ctx.Err() != nil && !r.Result.Status.Complete() {
		err = ctx.Err() // the engine stopped for ctx, and says so in its status alone
	}
	r.End = kind.Ended(ctx, err)
	switch {
	case bad != nil:
		r.Status, r.Err, r.End = kind.StatusError, bad, kind.Ending{}
	case r.End.Stopped():
		r.Status = r.End.Status()
		if r.Solutions > 0 {
			r.Status = kind.StatusSolved
		}
		r.Result.Status = unfinished(r.Solutions)
	case err != nil:
		r.Status, r.Err = kind.StatusError, err
	case r.Result.Status == fzn.Unsatisfiable && r.Solutions > 0:
		r.Status, r.Err = kind.StatusError, fmt.Errorf("%w: unsatisfiable after %d solutions", ErrWrongAnswer, r.Solutions)
	case r.Result.Status == fzn.Unsatisfiable, r.Result.Status == fzn.AllSolutions && r.Solutions == 0:
		r.Status, r.Result.Status = kind.StatusUnsolvable, fzn.Unsatisfiable
	case r.Result.Status == fzn.Optimal && r.Solutions == 0:
		r.Status, r.Err = kind.StatusError, fmt.Errorf("%w: an optimum without a solution", ErrWrongAnswer)
	case r.Solutions > 0:
		r.Status = kind.StatusSolved
	default:
		r.Status, r.Result.Status = kind.StatusUnknown, fzn.Unknown // the engine gave up
	}
}

// Answer says the result in words, as compare shows it, for a run under
// o: "satisfiable", "optimal 42", "3 solutions" (every solution, asked for
// with All), "best 40 (not proven)", "unsatisfiable", what stopped the
// work, "gave up", "wrong answer" or "error". Its key, on which the
// engines that settle the question must agree, is "satisfiable",
// "optimal N", "N solutions" or "unsolvable".
func (r Result) Answer(o Options) kind.Answer {
	a := kind.Answer{Status: r.Status}
	switch {
	case r.Status == kind.StatusUnsolvable:
		return kind.Unsolvable("unsatisfiable")
	case r.Status == kind.StatusSolved && r.Optimising && r.Result.Status == fzn.Optimal:
		a.Words = fmt.Sprintf("optimal %d", r.Objective)
		a.Key = a.Words
	case r.Status == kind.StatusSolved && r.Optimising:
		a.Words = fmt.Sprintf("best %d (not proven)", r.Objective)
	case r.Status == kind.StatusSolved && o.All && r.Result.Status == fzn.AllSolutions:
		a.Words = fmt.Sprintf("%d solutions", r.Solutions)
		a.Key = a.Words
	case r.Status == kind.StatusSolved:
		a.Words, a.Key = "satisfiable", "satisfiable"
		if o.All || o.Limit > 1 {
			a.Words, a.Key = fmt.Sprintf("%d+ solutions", r.Solutions), ""
		}
	case r.End.Stopped():
		a.Words = r.End.Reason()
	case r.Status == kind.StatusUnknown:
		a.Words = "gave up"
	case errors.Is(r.Err, ErrWrongAnswer):
		a.Words = "wrong answer"
	default:
		a.Words = "error"
	}
	return a
}

// Stats returns the engine's statistics for compare's rows.
func (r Result) Stats() kind.StatList {
	l := make(kind.StatList, len(r.Result.Stats))
	for i, s := range r.Result.Stats {
		l[i] = kind.Stat{Name: s.Name, Value: s.Value}
	}
	return l
}
