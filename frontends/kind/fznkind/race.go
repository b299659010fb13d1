package fznkind

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Race returns the engine that runs engines at once, each in its own
// goroutine (external solvers in their own processes), and takes the
// first complete answer: the optimum proven, every solution found, no
// solution proven, or for a satisfaction problem the solutions asked for.
// The others are then stopped, and the race returns only when each has
// returned. Solutions are handed out as the engines find them, each once:
// for optimisation only those that improve on every one handed out
// before, for satisfaction only those whose output values are new. An
// engine that fails does not win; the race goes on with the others.
func Race(engines ...Engine) Engine {
	names := make([]string, len(engines))
	for i, e := range engines {
		names[i] = e.Name
	}
	return Engine{Name: RaceName, Solve: func(ctx context.Context, m *fzn.Model, o Options, onSolution func(fzn.Solution)) (fzn.Result, error) {
		return race(ctx, engines, m, o, onSolution)
	}, Seeded: true, Members: names}
}

// raceRun is what one engine of a race came back with.
type raceRun struct {
	engine int
	res    fzn.Result
	err    error
}

// raceOutlet hands out the solutions of a race, each once.
type raceOutlet struct {
	mu         sync.Mutex
	m          *fzn.Model
	names      []string // the output variables, whose values tell solutions apart
	limit      int
	seen       map[string]bool
	onSolution func(fzn.Solution)
	passed     int
	best       int64
}

func (t *raceOutlet) take(s fzn.Solution) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.limit > 0 && t.passed >= t.limit {
		return
	}
	if t.m.Solve.Method != fzn.Satisfy {
		obj, err := fzn.Objective(t.m, s)
		if err != nil || t.passed > 0 && !better(t.m.Solve.Method, obj, t.best) {
			return
		}
		t.best = obj
	} else {
		key := solutionKey(t.names, s)
		if t.seen[key] {
			return
		}
		t.seen[key] = true
	}
	t.passed++
	if t.onSolution != nil {
		t.onSolution(s)
	}
}

// full reports whether the solutions asked for are out.
func (t *raceOutlet) full() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.limit > 0 && t.passed >= t.limit
}

func race(ctx context.Context, engines []Engine, m *fzn.Model, o Options, onSolution func(fzn.Solution)) (fzn.Result, error) {
	out := &raceOutlet{m: m, names: outputNames(m), limit: solutionLimit(m, o), seen: map[string]bool{}, onSolution: onSolution}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	runs := make(chan raceRun, len(engines))
	for i, e := range engines {
		go func() {
			r := raceRun{engine: i}
			defer func() {
				if x := recover(); x != nil {
					r.err = fmt.Errorf("crashed: %v", x)
				}
				runs <- r
			}()
			r.res, r.err = e.Solve(ctx, m, o, out.take)
		}()
	}
	var failures []error
	won := -1
	var win fzn.Result
	for range engines {
		r := <-runs
		switch {
		case won >= 0:
			continue // reaping the stopped engines
		case r.err != nil:
			failures = append(failures, fmt.Errorf("%s: %w", engines[r.engine].Name, r.err))
		case r.res.Status.Complete() || out.full():
			won, win = r.engine, r.res
			stop()
		}
	}
	res := fzn.Result{Solutions: out.passed, Objective: out.best, Status: unfinished(out.passed)}
	if won >= 0 {
		res.Stats = append([]fzn.Stat{{Name: "raceWinner", Value: int64(won)}}, win.Stats...)
		if win.Status.Complete() {
			res.Status = win.Status
		}
		if win.Status == fzn.Optimal && out.passed > 0 && better(m.Solve.Method, out.best, win.Objective) {
			return res, fmt.Errorf("%w: %s claims optimum %d, beaten by %d", ErrWrongAnswer, engines[won].Name, win.Objective, out.best)
		}
		return res, nil
	}
	if len(failures) == len(engines) && ctx.Err() == nil {
		return res, fmt.Errorf("race: every engine failed: %w", errors.Join(failures...))
	}
	return res, nil
}

// outputNames lists the scalar variables whose values tell solutions of m
// apart: its output variables and the variables of its output arrays, or
// every scalar variable when it marks none.
func outputNames(m *fzn.Model) []string {
	var names []string
	add := func(d *fzn.Decl) {
		if !d.IsArray() {
			names = append(names, d.Name)
			return
		}
		for _, e := range d.Elems() {
			if x, ok := e.(*fzn.Ident); ok {
				names = append(names, x.Name())
			}
		}
	}
	outs := m.Outputs()
	if len(outs) == 0 {
		for _, d := range m.Decls {
			if d.IsVar() && !d.IsArray() {
				outs = append(outs, d)
			}
		}
	}
	for _, d := range outs {
		add(d)
	}
	return names
}

// solutionKey writes the values s gives names.
func solutionKey(names []string, s fzn.Solution) string {
	var b strings.Builder
	for _, n := range names {
		b.WriteString(strconv.FormatInt(s[n], 10))
		b.WriteByte(',')
	}
	return b.String()
}
