package riverkind

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/models/river"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// Method is one way of solving river crossings for the fewest crossings.
type Method = crossings.Method[*river.Puzzle, river.Trip]

// Methods lists the methods --method chooses from, the default first:
// breadth-first search, and the SAT method asking for plans of k
// crossings.
func Methods() []Method { return slices.Clone(methods) }

// methods are the methods, made once: Methods gives a copy.
var methods = []Method{{Name: crossings.MethodBFS, Solve: solveBFS}, {Name: crossings.MethodSAT, Solve: solveSAT}}

// MethodNamed returns the method called name, and false when there is
// none.
func MethodNamed(name string) (Method, bool) { return kind.Named(methods, methodName, name) }

// MethodNames lists the names --method takes, the default first.
func MethodNames() []string { return kind.Names(methods, methodName) }

func methodName(m Method) string { return m.Name }

// EngineNames lists the names compare's --engines takes for river
// crossings: each method, "sat", sat/BACKEND and each backend's own name.
func EngineNames() []string { return kind.EngineNames(MethodNames()...) }

// rules are the river's part of crossings.Run: river.Check replays a
// plan; every crossing counts one.
var rules = crossings.Rules[*river.Puzzle, river.Trip]{
	Check: func(p *river.Puzzle, plan []river.Trip) (int, error) { return len(plan), river.Check(p, plan) },
	Steps: steps,
}

// Run runs the method on the puzzle p (named id in messages) under ctx,
// the plan replayed by river.Check and the outcome judged
// (crossings.Run).
func Run(ctx context.Context, id string, m Method, p *river.Puzzle, o crossings.Options) crossings.Result[river.Trip] {
	return crossings.Run(ctx, id, m, rules, p, o)
}

// solveBFS is breadth-first search; with o.MaxSteps, a search that finds
// no plan that short proves nothing beyond it.
func solveBFS(ctx context.Context, p *river.Puzzle, o crossings.Options) (crossings.Found[river.Trip], error) {
	r, err := river.Solve(ctx, p, statespace.Options{MaxStates: o.MaxStates, MaxCost: o.MaxSteps})
	found := crossings.Found[river.Trip]{Status: r.Status, Plan: r.Plan, Stats: crossings.SearchStats(r.Stats)}
	switch {
	case r.Status == statespace.Unsolvable && o.MaxSteps > 0:
		found.Status, err = statespace.Unknown, fmt.Errorf("%w: no plan of at most %d crossings", statespace.ErrHorizon, o.MaxSteps)
	case r.Status == statespace.Unsolvable:
		found.Proof = fmt.Sprintf("no plan: all %d reachable states explored", r.Stats.Stored)
	}
	return found, err
}

// solveSAT runs the SAT method with the loop-free test and, when the
// reachable states fit in o.MaxStates, the bound of their depth.
func solveSAT(ctx context.Context, p *river.Puzzle, o crossings.Options) (crossings.Found[river.Trip], error) {
	opts := statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: o.MaxSteps, Complete: true}}
	bound, err := river.ExploreBound(ctx, p, statespace.Options{MaxStates: o.MaxStates})
	switch {
	case err == nil:
		opts.Bound = bound
	case !errors.Is(err, statespace.ErrLimit):
		return crossings.Found[river.Trip]{}, err
	}
	s, err := backends.OpenFor(o.Backend, o.Timeouts)
	if err != nil {
		return crossings.Found[river.Trip]{}, err
	}
	r, err := river.SolveSAT(ctx, p, s, opts)
	found := crossings.Found[river.Trip]{Status: r.Status, Plan: r.Plan, Stats: crossings.HorizonStats(r.Rounds)}
	switch r.Proof {
	case statespace.ProofLoopFree:
		found.Proof = fmt.Sprintf("no plan: no loop-free path of %d crossings exists", r.Horizon)
	case statespace.ProofBound:
		found.Proof = fmt.Sprintf("no plan of at most %d crossings, and every reachable state is at most %d crossings away", r.LongestPath, r.LongestPath)
	}
	return found, err
}

// steps words a plan (riverfmt.Words) and gives each crossing's JSON.
func steps(p *river.Puzzle, plan []river.Trip) []crossings.Step {
	out := make([]crossings.Step, len(plan))
	for i, t := range plan {
		s := crossings.Step{Op: "cross", Carry: map[string]int{}, Words: riverfmt.Words(p, t)}
		if t.Back {
			s.Op = "return"
		}
		for k, v := range t.Load {
			if v > 0 {
				s.Carry[p.Kinds[k].Name] = v
			}
		}
		out[i] = s
	}
	return out
}

// compare runs the engines c wants on the puzzle of one input
// (crossings.Compare): the fewest crossings, or unsolvability, must agree.
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	p, err := riverfmt.Parse(in.Name, in.Data)
	crossings.Compare(ctx, c, "river", Methods(), rules, []crossings.Input[*river.Puzzle]{{ID: in.Name, Puzzle: p, Err: err}})
}
