package rivercli

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/crossing"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/models/river"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

const solveArgs = "[--method bfs|sat] [--backend B] [--max-steps N] [flags] FILE..."

var methods = []string{crossing.MethodBFS, crossing.MethodSAT}

func runSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks river solve", solveArgs, `
Solve river crossings for the fewest crossings: a puzzle per file (- or none for
standard input) declaring the items, the boat's capacity, who can row and what may
not be left together (see frontends/riverfmt/FORMAT.md). The rules hold on both banks
after every crossing, the boat's load counted on the bank it reached, and in the boat
too with boat-rules. The SAT method asks for plans of k crossings, k = 1, 2, ...; it
proves a puzzle unsolvable when no loop-free path of k crossings exists, or when k
passes the depth of the reachable states. Every plan is replayed by the checker first.
--timeout applies to each puzzle.`)
	var f crossing.Flags
	f.Register(fs, methods, "bfs (breadth-first search) or sat (a SAT solver asked for plans of k crossings)",
		"give up (status unknown) when no plan of at most this many crossings exists; 0 means\nno limit")
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks river solve testdata/river/wolf-goat-cabbage.txt
		  waterworks river solve --method sat --format json testdata/river/missionaries-4-4.txt
		Exit codes:
		    0  solved in the fewest crossings
		    1  unsolvable: proven to have no plan (status unsolvable)
		  124  --timeout expired, or --max-states or --max-steps was reached (status unknown)`)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error { return f.Check(fs) })
	if !ok {
		return code
	}
	inputs, code := clikit.Inputs(stdio, files, nil)
	return clikit.Worse(code, crossing.Run(ctx, stdio, "waterworks river solve", &f, res, crossing.FromInputs(inputs, read)))
}

// read reads the puzzle of one input.
func read(name string, data []byte) []crossing.Puzzle {
	p, err := riverfmt.Parse(name, data)
	if err != nil {
		return []crossing.Puzzle{{ID: name, Err: err}}
	}
	return []crossing.Puzzle{Puzzle(name, p)}
}

// Puzzle is the crossing command's view of p: its Solve runs the flags'
// method and replays the plan with river.Check.
func Puzzle(id string, p *river.Puzzle) crossing.Puzzle {
	return crossing.Puzzle{ID: id, Solve: func(ctx context.Context, f *crossing.Flags) crossing.Outcome {
		var out crossing.Outcome
		var plan river.Plan
		if f.Method == crossing.MethodSAT {
			plan, out = solveSAT(ctx, p, f)
		} else {
			r, err := river.Solve(ctx, p, statespace.Options{MaxStates: f.MaxStates, MaxCost: f.MaxSteps})
			out = crossing.Outcome{Status: r.Status, Stats: crossing.SearchStats(r.Stats), Err: err}
			plan = r.Plan
			switch {
			case r.Status == statespace.Unsolvable && f.MaxSteps > 0:
				out.Status, out.Err = statespace.Unknown, fmt.Errorf("%w: no plan of at most %d crossings", statespace.ErrHorizon, f.MaxSteps)
			case r.Status == statespace.Unsolvable:
				out.Reason = fmt.Sprintf("no plan: all %d reachable states explored", r.Stats.Stored)
			}
		}
		if out.Status == statespace.Solved {
			out.Check = river.Check(p, plan)
			out.Plan = make([]crossing.Step, len(plan))
			for i, t := range plan {
				out.Plan[i] = step(p, t)
			}
		}
		return out
	}}
}

// solveSAT runs the SAT method with the loop-free test and, when the
// reachable states fit in --max-states, the bound of their depth.
func solveSAT(ctx context.Context, p *river.Puzzle, f *crossing.Flags) (river.Plan, crossing.Outcome) {
	opts := statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: f.MaxSteps, Complete: true}}
	bound, err := river.ExploreBound(ctx, p, statespace.Options{MaxStates: f.MaxStates})
	switch {
	case err == nil:
		opts.Bound = bound
	case !errors.Is(err, statespace.ErrLimit):
		return nil, crossing.Outcome{Err: err}
	}
	s, err := backends.OpenFor(f.Backend, f.Timeout > 0)
	if err != nil {
		return nil, crossing.Outcome{Err: err}
	}
	r, err := river.SolveSAT(ctx, p, s, opts)
	out := crossing.Outcome{Status: r.Status, Stats: crossing.HorizonStats(r.Rounds), Err: err}
	switch r.Proof {
	case statespace.ProofLoopFree:
		out.Reason = fmt.Sprintf("no plan: no loop-free path of %d crossings exists", r.Horizon)
	case statespace.ProofBound:
		out.Reason = fmt.Sprintf("no plan of at most %d crossings, and every reachable state is at most %d crossings away", r.LongestPath, r.LongestPath)
	}
	return r.Plan, out
}

// step is one crossing as the records print it.
func step(p *river.Puzzle, t river.Trip) crossing.Step {
	s := crossing.Step{Op: "cross", Carry: map[string]int{}, Words: riverfmt.Words(p, t)}
	if t.Back {
		s.Op = "return"
	}
	for k, v := range t.Load {
		if v > 0 {
			s.Carry[p.Kinds[k].Name] = v
		}
	}
	return s
}
