package torchkind

import (
	"context"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/frontends/torchfmt"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/torch"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// Method is one way of solving torch puzzles for the least total time.
type Method = crossings.Method[*torch.Puzzle, torch.Crossing]

// Methods lists the methods --method chooses from, the default first: A*
// (estimating from the people still to cross), uniform-cost search, and
// the SAT method asking about growing time budgets.
func Methods() []Method { return slices.Clone(methods) }

// methods are the methods, made once: Methods gives a copy.
var methods = []Method{
	{Name: crossings.MethodAStar, Solve: search(torch.SolveAStar)},
	{Name: crossings.MethodUCS, Solve: search(torch.Solve)},
	{Name: crossings.MethodSAT, Solve: solveSAT},
}

// MethodNamed returns the method called name, and false when there is
// none.
func MethodNamed(name string) (Method, bool) { return kind.Named(methods, methodName, name) }

// MethodNames lists the names --method takes, the default first.
func MethodNames() []string { return kind.Names(methods, methodName) }

func methodName(m Method) string { return m.Name }

// EngineNames lists the names compare's --engines takes for torch
// puzzles: each method, "sat", sat/BACKEND and each backend's own name.
func EngineNames() []string { return kind.EngineNames(MethodNames()...) }

// rules are the torch's part of crossings.Run: torch.Check replays a plan
// and totals its minutes.
var rules = crossings.Rules[*torch.Puzzle, torch.Crossing]{
	Unit:  "minutes",
	Check: func(p *torch.Puzzle, plan []torch.Crossing) (int, error) { return torch.Check(p, plan) },
	Steps: steps,
}

// Run runs the method on the puzzle p (named id in messages) under ctx,
// the plan replayed by torch.Check and the outcome judged
// (crossings.Run).
func Run(ctx context.Context, id string, m Method, p *torch.Puzzle, o crossings.Options) crossings.Result[torch.Crossing] {
	return crossings.Run(ctx, id, m, rules, p, o)
}

// search is a method of one search of the state-space library.
func search(run func(context.Context, *torch.Puzzle, statespace.Options) (torch.Result, error)) func(context.Context, *torch.Puzzle, crossings.Options) (crossings.Found[torch.Crossing], error) {
	return func(ctx context.Context, p *torch.Puzzle, o crossings.Options) (crossings.Found[torch.Crossing], error) {
		r, err := run(ctx, p, statespace.Options{MaxStates: o.MaxStates})
		found := crossings.Found[torch.Crossing]{Status: r.Status, Plan: r.Plan, Stats: crossings.SearchStats(r.Stats)}
		if r.Status == statespace.Unsolvable {
			found.Proof = searchProof(p, r.Stats.Stored)
		}
		return found, err
	}
}

func solveSAT(ctx context.Context, p *torch.Puzzle, o crossings.Options) (crossings.Found[torch.Crossing], error) {
	s, err := backends.OpenFor(o.Backend, o.Timeouts)
	if err != nil {
		return crossings.Found[torch.Crossing]{}, err
	}
	r, err := torch.SolveSAT(ctx, p, s, statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: o.MaxSteps}})
	found := crossings.Found[torch.Crossing]{Status: r.Status, Plan: r.Plan, Stats: crossings.HorizonStats(r.Rounds)}
	if r.Status == statespace.Unsolvable {
		found.Proof = satProof(p, r)
	}
	return found, err
}

func searchProof(p *torch.Puzzle, stored int64) string {
	if p.Limit > 0 {
		return fmt.Sprintf("no plan within the limit of %d minutes: all %d states within it explored", p.Limit, stored)
	}
	return fmt.Sprintf("no plan: all %d reachable states explored", stored)
}

func satProof(p *torch.Puzzle, r torch.SATResult) string {
	switch {
	case len(r.Rounds) == 0 && p.Capacity == 1:
		return "no plan: with a capacity of 1 whoever brings the torch back undoes the only crossing"
	case len(r.Rounds) == 0:
		b, _ := torch.NewBridge(p) // p is valid: SolveSAT answered
		return fmt.Sprintf("no plan within the limit of %d minutes: crossing takes at least %d", p.Limit, b.Estimate(b.Start()))
	case p.Limit > 0 && r.LongestPath == p.Limit:
		return fmt.Sprintf("no plan within the limit of %d minutes: every budget from %d to %d minutes refuted", p.Limit, r.Rounds[0].K, p.Limit)
	}
	return fmt.Sprintf("every budget from %d to %d minutes refuted", r.Rounds[0].K, r.LongestPath)
}

// steps words a plan (torchfmt.Words) and gives each crossing's JSON.
func steps(p *torch.Puzzle, plan []torch.Crossing) []crossings.Step {
	steps := make([]crossings.Step, len(plan))
	for k, c := range plan {
		op := "cross"
		if c.Back {
			op = "return"
		}
		steps[k] = crossings.Step{Op: op, People: c.People, Minutes: torch.Plan{c}.Cost(p.Times), Words: torchfmt.Words(p, c)}
	}
	return steps
}

// compare runs the engines c wants on every puzzle of one input
// (crossings.Compare): the least total time, or unsolvability, must
// agree.
func compare(ctx context.Context, c kind.Comparison, in kind.Input) {
	var puzzles []crossings.Input[*torch.Puzzle]
	for _, inst := range torchfmt.Parse(in.Name, in.Data) {
		puzzles = append(puzzles, crossings.Input[*torch.Puzzle]{ID: inst.ID, Puzzle: inst.Puzzle, Err: inst.Err})
	}
	crossings.Compare(ctx, c, "torch", Methods(), rules, puzzles)
}
