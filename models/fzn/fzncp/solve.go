package fzncp

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Engine is the search Solve runs.
type Engine uint8

const (
	// Plain is propagation and depth-first search, following the search
	// annotations exactly (branch and bound when optimising).
	Plain Engine = iota
	// Learning is cp's conflict-learning search (SearchLearningBy,
	// MinimizeVarLearning): the annotations lead each descent, from the
	// root and after each restart, and the variables' activity decides the
	// rest; with free search, activity alone. Following the
	// annotations, it starts with a short Plain probe (DefaultProbe). On a
	// model whose propagators it cannot learn from, Solve runs Plain
	// instead.
	Learning
)

// DefaultEngine is the engine a command line should pick when the user
// names none: Learning, which follows the annotations on every other run
// and learns from every failure. On the 113 instances of the MiniZinc
// benchmark selection (testdata/minizinc/selection.txt), 10 s each, it
// solved 68 with a PAR-2 of 972 s where Gecode solved 62 (1,085 s) in the
// same run (after the probe); Plain solved 47 where Gecode solved 50 in
// another.
const DefaultEngine = Learning

// String returns "plain" or "learning".
func (e Engine) String() string {
	switch e {
	case Plain:
		return "plain"
	case Learning:
		return "learning"
	}
	return "Engine(" + strconv.Itoa(int(e)) + ")"
}

// SolveOptions say what Solve looks for; the zero value finds one solution
// (an optimal one when the model optimises) with the Plain engine.
type SolveOptions struct {
	All          bool   // -a: every solution (satisfaction), every improving one (optimisation)
	MaxSolutions int    // -n: stop after this many (0: 1 for satisfaction unless All; no limit when optimising)
	Free         bool   // -f: ignore the search annotations
	Seed         uint64 // -r: the seed of indomain_random
	Engine       Engine
	// Probe is the failure budget of the probe the Learning engine starts
	// with when it follows the annotations (see DefaultProbe): 0 for
	// DefaultProbe, negative for no probe.
	Probe int64
}

// ErrWrongSolution is wrapped by the error Solve returns when a solution
// the search found fails fzn.Check: an internal error, never handed out.
var ErrWrongSolution = errors.New("fzncp: internal error: the search found a wrong solution")

// Solve searches m as opts ask and calls onSolution with each solution, as
// it is found, after fzn.Check has confirmed it: for satisfaction, each
// solution (distinct on the output variables when more than one is asked
// for); for optimisation, each improving solution when opts.All, else the
// best one once at the end. A solution gives every scalar variable of the
// model a value.
//
// When solutions must be distinct on the outputs (All or MaxSolutions > 1
// on a satisfaction problem), the search branches on the output variables
// only, so the plain engine's annotations keep to those; the other
// variables get the first values that complete a solution.
//
// Solve returns when the search ends, or when ctx ends: then the Result's
// Status is Unknown or Satisfied, and the best solution found has already
// been handed out. If the search does not notice the end of ctx within a
// quarter of a second (a step of cp's conflict analysis can take seconds),
// Solve returns without waiting for it, with only the solutions' count as
// statistics; the search then stops at its next check and hands out nothing
// more. The error is for what is no answer: a wrong solution
// (ErrWrongSolution), or a failure of the engine. A Model takes one Solve
// at a time, and after a Solve that returned so, none (nothing can tell
// when the search has stopped).
func Solve(ctx context.Context, m *Model, opts SolveOptions, onSolution func(fzn.Solution)) (fzn.Result, error) {
	r := &run{m: m, opts: opts, onSolution: onSolution, start: time.Now(), before: m.s.Stats()}
	if onSolution == nil {
		r.onSolution = func(fzn.Solution) {}
	}
	var status fzn.Status
	var err error
	if m.unsat {
		status = fzn.Unsatisfiable
	} else {
		done := make(chan struct{})
		go func() {
			defer close(done)
			if m.objective >= 0 {
				status, err = r.optimize(ctx)
			} else {
				status, err = r.satisfy(ctx)
			}
		}()
		select {
		case <-done:
		case <-ctx.Done():
			select {
			case <-done:
			case <-time.After(cancelGrace):
				return r.abandon(), nil
			}
		}
	}
	if r.err != nil {
		err = r.err
	}
	if m.truncated != nil { // solutions may lie beyond the cut domains
		switch status {
		case fzn.Optimal, fzn.AllSolutions:
			status = fzn.Satisfied
		case fzn.Unsatisfiable:
			status = fzn.Unknown
		}
	}
	r.res.Status = status
	r.finish()
	return r.res, err
}

// cancelGrace is how long Solve waits for the search to see that its
// context has ended before it gives up on it (see abandon).
const cancelGrace = 250 * time.Millisecond

// abandon ends a Solve whose search has not stopped within cancelGrace of
// its context's end (cp checks the context between steps, and a step of
// conflict analysis can take seconds): it hands out the best solution if
// that is still due, and returns the result so far, without the engine's
// statistics, which the search goroutine still owns. The search stops at
// its next check of the context and hands out nothing more; the Model
// must not be solved again until then, which Solve cannot tell.
func (r *run) abandon() fzn.Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.abandoned = true
	if r.best != nil && !r.opts.All {
		r.handOut(r.best)
	}
	res := r.res
	res.Status = fzn.Unknown
	if res.Solutions > 0 {
		res.Status = fzn.Satisfied
	}
	res.Time = time.Since(r.start)
	res.Stats = []fzn.Stat{{Name: "solutions", Value: int64(res.Solutions)}}
	return res
}

// run is the state of one Solve.
type run struct {
	m          *Model
	opts       SolveOptions
	onSolution func(fzn.Solution)
	res        fzn.Result
	err        error // a wrong solution
	start      time.Time
	before     cp.Stats

	// mu guards what the search's callbacks share with abandon.
	mu        sync.Mutex
	abandoned bool         // Solve has returned: hand out nothing more
	best      fzn.Solution // the best solution of an optimisation
}

// solution reads the solver's state as a solution and checks it.
func (r *run) solution() (fzn.Solution, bool) {
	m := r.m
	sol := make(fzn.Solution, len(m.all))
	for i, d := range m.src.Decls {
		if x := m.vars[i]; x >= 0 {
			sol[d.Name] = int64(m.s.Value(x))
		}
	}
	if err := fzn.Check(m.src, sol); err != nil {
		r.err = fmt.Errorf("%w: %w", ErrWrongSolution, err)
		return nil, false
	}
	return sol, true
}

// handOut hands a checked solution out and counts it.
func (r *run) handOut(sol fzn.Solution) {
	r.res.Solutions++
	if obj := r.m.src.Solve.Objective; obj != nil {
		if v, err := fzn.Objective(r.m.src, sol); err == nil {
			r.res.Objective = v
		}
	}
	r.onSolution(sol)
}

// satisfy runs a satisfaction search.
func (r *run) satisfy(ctx context.Context) (fzn.Status, error) {
	want := r.opts.MaxSolutions
	if want <= 0 && !r.opts.All {
		want = 1
	}
	var only []cp.Var // solutions distinct on the outputs
	if want != 1 {
		only = r.m.outputs
	}
	n := 0
	onSolution := func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.abandoned {
			return false
		}
		sol, ok := r.solution()
		if !ok {
			return false
		}
		r.handOut(sol)
		n++
		return want <= 0 || n < want
	}
	var err error
	learned := false
	if r.probes() && want == 1 {
		pctx, cancel := probeContext(ctx)
		err = r.m.s.Search(pctx, r.m.brancher(false, r.opts.Seed, nil), r.probeLimits(), onSolution)
		cancel()
		if learned = err == nil || r.err != nil; !learned {
			err = nil // the probe ran out: learning takes over
		}
	}
	if r.opts.Engine == Learning && !learned {
		if !r.opts.Free {
			r.m.setPhases(r.opts.Seed)
		}
		vars := only
		if vars == nil {
			vars = r.m.learningVars(r.opts.Free)
		}
		err = r.m.s.SearchLearningBy(ctx, r.m.annotationBrancher(r.opts.Free, r.opts.Seed), vars, cp.Limits{}, onSolution)
		learned = !errors.Is(err, cp.ErrCannotLearn)
	}
	switch {
	case learned:
	case want == 1 && r.opts.Free: // dom/wdeg learns from restarts
		b := r.m.brancher(true, r.opts.Seed, nil)
		_, err = r.m.s.Solve(ctx, b, cp.Limits{Restarts: freeRestarts}, func() { onSolution() })
	default:
		b := r.m.brancher(r.opts.Free, r.opts.Seed, only)
		err = r.m.s.Search(ctx, b, cp.Limits{}, onSolution)
	}
	switch {
	case r.err != nil:
		return fzn.Unknown, r.err
	case err == nil && want > 0 && n >= want:
		return fzn.Satisfied, nil
	case err == nil && n > 0:
		return fzn.AllSolutions, nil
	case err == nil:
		return fzn.Unsatisfiable, nil
	case ctx.Err() != nil && n > 0:
		return fzn.Satisfied, nil
	case ctx.Err() != nil:
		return fzn.Unknown, nil
	}
	return fzn.Unknown, err
}

// optimize runs an optimising search.
func (r *run) optimize(ctx context.Context) (fzn.Status, error) {
	m := r.m
	maximize := m.src.Solve.Method == fzn.Maximize
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	onImprove := func(int) {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.abandoned {
			stop()
			return
		}
		sol, ok := r.solution()
		if !ok {
			stop()
			return
		}
		r.best = sol
		if r.opts.All {
			r.handOut(sol)
			if r.opts.MaxSolutions > 0 && r.res.Solutions >= r.opts.MaxSolutions {
				stop()
			}
		}
	}
	var opt cp.Optimum
	var err error
	learned := false
	if r.probes() {
		opt, learned = r.probeOptimum(sctx, onImprove)
	}
	probed := opt
	if r.opts.Engine == Learning && !learned {
		if !r.opts.Free {
			m.setPhases(r.opts.Seed)
		}
		// The objective's bound is a fact for the rest of the search, as
		// Chuffed keeps it; the annotations lead each descent.
		vars := m.learningVars(r.opts.Free)
		b := m.annotationBrancher(r.opts.Free, r.opts.Seed)
		if maximize {
			opt, err = m.s.MaximizeVarLearning(sctx, b, vars, m.objective, cp.Limits{}, onImprove)
		} else {
			opt, err = m.s.MinimizeVarLearning(sctx, b, vars, m.objective, cp.Limits{}, onImprove)
		}
		learned = !errors.Is(err, cp.ErrCannotLearn)
		if learned && probed.Found && !opt.Found {
			opt = probed // nothing beats the probe's best
		}
	}
	if !learned {
		b := m.brancher(r.opts.Free, r.opts.Seed, nil)
		lim := cp.Limits{}
		if r.opts.Free {
			lim.Restarts = freeRestarts
		}
		if maximize {
			opt, err = m.s.Maximize(sctx, b, m.objective, lim, onImprove)
		} else {
			opt, err = m.s.Minimize(sctx, b, m.objective, lim, onImprove)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.abandoned:
		return fzn.Unknown, nil // abandon has handed out the best
	case r.err != nil:
		return fzn.Unknown, r.err
	}
	if r.best != nil && !r.opts.All {
		r.handOut(r.best)
	}
	switch {
	case err == nil && opt.Found:
		return fzn.Optimal, nil
	case err == nil:
		return fzn.Unsatisfiable, nil
	case sctx.Err() != nil && r.best != nil:
		return fzn.Satisfied, nil
	case sctx.Err() != nil:
		return fzn.Unknown, nil
	}
	return fzn.Unknown, err
}

// DefaultProbe is the failure budget of the probe the Learning engine
// starts with when it follows the annotations: the plain engine's
// depth-first search, led by the annotations, for up to so many failures
// and a probeShare-th of the time left before the context's deadline. Some
// models are solved or proven by the annotations' search in a few
// thousand failures where learning, whose restarts cut each descent
// short, does not finish (template_design's catfood_2: 1,072 failures,
// against no proof in 10 s); elsewhere the probe costs at most its share
// of the time. An optimum the probe finds bounds the learning search that
// follows. A probe is not run when solutions must differ on the outputs
// (-a or -n on a satisfaction problem). On the 113 instances of the
// benchmark selection, 10 s each, both in one run at load 13-16: 57
// solved with the probe against 56 without, PAR-2 1,207 s against 1,233 s
// (trucking/01 in 0.1 s against none, sugiyama g3_7_7_7 solved; lost:
// radiation/01).
const DefaultProbe = 2000

// probeShare: the probe takes at most a probeShare-th of the time left.
const probeShare = 20

// probes reports whether Solve starts with the probe.
func (r *run) probes() bool {
	return r.opts.Engine == Learning && !r.opts.Free && r.opts.Probe >= 0
}

// probeLimits are the limits of the probe.
func (r *run) probeLimits() cp.Limits {
	if r.opts.Probe > 0 {
		return cp.Limits{Failures: r.opts.Probe}
	}
	return cp.Limits{Failures: DefaultProbe}
}

// probeContext returns the context of the probe: ctx, ended after a
// probeShare-th of the time left before its deadline, if it has one.
func probeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if deadline, ok := ctx.Deadline(); ok {
		return context.WithTimeout(ctx, time.Until(deadline)/probeShare)
	}
	return context.WithCancel(ctx)
}

// probeOptimum runs the probe of an optimising search under sctx, each
// improvement going to onImprove. done reports that the probe settled the
// question (opt is then the search's result); otherwise the objective is
// bounded at the root to beat the probe's best, if it found one.
func (r *run) probeOptimum(sctx context.Context, onImprove func(int)) (opt cp.Optimum, done bool) {
	m := r.m
	pctx, cancel := probeContext(sctx)
	defer cancel()
	b := m.brancher(false, r.opts.Seed, nil)
	lim := r.probeLimits()
	var err error
	if m.src.Solve.Method == fzn.Maximize {
		opt, err = m.s.Maximize(pctx, b, m.objective, lim, onImprove)
	} else {
		opt, err = m.s.Minimize(pctx, b, m.objective, lim, onImprove)
	}
	if err == nil || r.err != nil || sctx.Err() != nil {
		return opt, err == nil
	}
	if !opt.Found {
		return opt, false
	}
	if m.src.Solve.Method == fzn.Maximize {
		err = m.s.SetMin(m.objective, opt.Value+1)
	} else {
		err = m.s.SetMax(m.objective, opt.Value-1)
	}
	if err != nil { // nothing beats it: optimal
		opt.Proven = true
		return opt, true
	}
	return opt, false
}

// freeRestarts are the restarts of the plain engine's free search, which
// branches by dom/wdeg: failure counts carry over from run to run.
var freeRestarts = cp.Restarts{Policy: cp.RestartLuby, Scale: 100}

// finish fills in the statistics.
func (r *run) finish() {
	st := r.m.s.Stats()
	r.res.Time = time.Since(r.start)
	r.res.Stats = []fzn.Stat{
		{Name: "nodes", Value: st.Nodes - r.before.Nodes},
		{Name: "failures", Value: st.Failures - r.before.Failures},
		{Name: "propagations", Value: st.Propagations - r.before.Propagations},
		{Name: "solutions", Value: int64(r.res.Solutions)},
		{Name: "restarts", Value: st.Restarts - r.before.Restarts},
		{Name: "peakDepth", Value: int64(st.MaxDepth)},
		{Name: "variables", Value: int64(r.m.s.NumVars())},
		{Name: "propagators", Value: int64(r.m.s.NumPropagators())},
	}
}
