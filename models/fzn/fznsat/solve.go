package fznsat

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// SolveOptions say what to look for.
type SolveOptions struct {
	// Encode are the options of the encoding; the zero value means
	// DefaultOptions.
	Encode *Options
	// All asks a satisfaction problem for every solution (that differs on
	// the output variables).
	All bool
	// Limit stops the search after this many solutions, in any problem;
	// 0 means 1 for satisfaction without All, no limit otherwise.
	Limit int
}

// ErrWrongAnswer is wrapped by the error of Solve when a solution that
// the encoding decoded fails fzn.Check: a bug of the encoding, caught
// before the solution is handed out.
var ErrWrongAnswer = errors.New("the SAT route found a wrong solution")

// Solve encodes m and solves it with s, a fresh solver, calling
// onSolution (which may be nil) with each solution as it is found:
// satisfaction problems get one solution, or Limit, or all of them (a
// blocking clause after each, over the literals of the output variables
// only, or of every variable when the model marks none for output);
// optimisation problems get each improving solution, found by descending
// bounds on the objective added to the same solver, the last one proven
// optimal when the next bound is unsatisfiable. A backend that cannot
// keep its state between solves, such as sat/external, solves afresh each
// time. Every solution is checked by fzn.Check before it is handed out.
//
// When ctx ends, Solve returns what it has: status Satisfied after some
// solution, Unknown before any, and a nil error. An error is a failure:
// the model cannot be encoded (wrapping ErrUnsupported), the backend
// failed, or a wrong solution was caught (wrapping ErrWrongAnswer).
func Solve(ctx context.Context, m *fzn.Model, s sat.Solver, opts SolveOptions, onSolution func(fzn.Solution)) (fzn.Result, error) {
	start := time.Now()
	eopts := DefaultOptions()
	if opts.Encode != nil {
		eopts = *opts.Encode
	}
	en, err := Encode(ctx, m, eopts)
	if err != nil {
		if ctx.Err() != nil {
			return fzn.Result{Time: time.Since(start)}, nil
		}
		return fzn.Result{Time: time.Since(start)}, err
	}
	res, err := en.Solve(ctx, s, opts, onSolution)
	res.Time = time.Since(start)
	return res, err
}

// Solve solves the encoding with s, a fresh solver, as the function Solve
// does.
func (en *Encoding) Solve(ctx context.Context, s sat.Solver, opts SolveOptions, onSolution func(fzn.Solution)) (fzn.Result, error) {
	start := time.Now()
	r := &run{en: en, s: s, opts: opts, onSolution: onSolution}
	err := r.search(ctx)
	res := fzn.Result{Status: r.status(), Solutions: r.found, Objective: r.best, Time: time.Since(start)}
	res.Stats = r.stats(time.Since(start))
	if err != nil && ctx.Err() != nil && !errors.Is(err, ErrWrongAnswer) {
		err = nil // stopped by ctx: the status says so
	}
	return res, err
}

// run is one search.
type run struct {
	en         *Encoding
	s          sat.Solver
	opts       SolveOptions
	onSolution func(fzn.Solution)
	calls      int64
	found      int
	best       int64
	complete   bool // the search ended with UNSAT
}

func (r *run) search(ctx context.Context) error {
	en := r.en
	if err := sat.LoadContext(ctx, r.s, en.e.f); err != nil {
		return err
	}
	limit := r.opts.Limit
	if limit <= 0 && !r.opts.All && en.obj == nil {
		limit = 1
	}
	for limit <= 0 || r.found < limit {
		st, err := r.s.Solve(ctx)
		r.calls++
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("fznsat: the SAT backend failed: %w", err)
		}
		switch st {
		case sat.Unsat:
			r.complete = true
			return nil
		case sat.Unknown:
			return nil
		}
		sol := en.Decode(r.s)
		if err := fzn.Check(en.m, sol); err != nil {
			return fmt.Errorf("%w: %w", ErrWrongAnswer, err)
		}
		r.found++
		if en.obj != nil {
			r.best = en.obj.value(r.s)
		}
		if r.onSolution != nil {
			r.onSolution(sol)
		}
		var more [][]sat.Lit
		if en.obj != nil {
			more = en.improve(r.best)
		} else {
			more = [][]sat.Lit{en.block(r.s)}
		}
		for _, c := range more {
			if len(c) == 0 { // nothing left to find
				r.complete = true
				return nil
			}
			r.s.AddClause(c...)
		}
	}
	return nil
}

// status returns the outcome of the search.
func (r *run) status() fzn.Status {
	exact := r.en.Exact()
	switch {
	case r.found == 0 && r.complete && exact:
		return fzn.Unsatisfiable
	case r.found == 0:
		return fzn.Unknown
	case !r.complete || !exact:
		return fzn.Satisfied
	case r.en.obj != nil:
		return fzn.Optimal
	}
	return fzn.AllSolutions
}

// stats returns the statistics of the run.
func (r *run) stats(solve time.Duration) []fzn.Stat {
	f := r.en.e.f
	st := []fzn.Stat{
		{Name: "satVariables", Value: int64(f.NumVars())},
		{Name: "satClauses", Value: int64(f.NumClauses())},
		{Name: "solveCalls", Value: r.calls},
		{Name: "encodeMs", Value: r.en.time.Milliseconds()},
		{Name: "solveMs", Value: solve.Milliseconds()},
	}
	if rep, ok := r.s.(sat.StatsReporter); ok {
		bs := rep.Stats()
		for _, s := range []fzn.Stat{
			{Name: "conflicts", Value: bs.Conflicts},
			{Name: "decisions", Value: bs.Decisions},
			{Name: "propagations", Value: bs.Propagations},
			{Name: "restarts", Value: bs.Restarts},
		} {
			if s.Value != 0 {
				st = append(st, s)
			}
		}
	}
	return st
}

// block returns the clause that rules out the values of the output
// variables in a: for each, the literals of its encoding that say it has
// another value. It is empty when there is no output variable to differ
// on.
func (en *Encoding) block(a sat.Assignment) []sat.Lit {
	var c []sat.Lit
	for _, x := range en.output {
		for _, l := range en.e.neLits(x, x.value(a)) {
			if l != -en.e.t {
				c = append(c, l)
			}
		}
	}
	return c
}

// improve returns the clauses that ask for an objective better than v:
// a unit clause on the objective's ladder, or the clauses comparing its
// bits with the constant. An empty clause says that nothing is better.
func (en *Encoding) improve(v int64) [][]sat.Lit {
	x, e := en.obj, en.e
	minimize := en.m.Solve.Method == fzn.Minimize
	if minimize && v <= x.lo || !minimize && v >= x.hi {
		return [][]sat.Lit{nil}
	}
	if !x.isLog() {
		if minimize {
			return [][]sat.Lit{{e.ge(x, v).Not()}}
		}
		return [][]sat.Lit{{e.ge(x, v+1)}}
	}
	var out [][]sat.Lit
	emit := func(c ...sat.Lit) { out = append(out, c) }
	if minimize {
		leClauses(x.bits, uint64(v-1-x.lo), emit)
	} else {
		geClauses(x.bits, uint64(v+1-x.lo), emit)
	}
	return out
}
