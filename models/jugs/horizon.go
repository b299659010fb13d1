package jugs

// This file is what the bounded-horizon engines (SolveSAT on a SAT
// solver, SolveCP on the cp core) share on top of the loop of
// models/statespace: ask "is there a plan of exactly k actions?" for
// k = 0, 1, 2, ... on an encoding that grows one step per round. A fewest-actions plan has some exact length k*, so the rounds
// before k* all answer no and round k* answers yes: the first yes is
// optimal, and the no answers of rounds 0..k*-1 are the proof.
//
// Pruning. Besides the rules, the encodings forbid some plans that are
// never needed, each by a constraint on two consecutive steps only:
//
//   - Two consecutive actions on disjoint jugs (fill J1 then pour J2 into
//     J3) commute: either order is legal and ends in the same state. Of
//     the two orders, only the one with the smaller ActionIndex first is
//     allowed.
//   - Some pairs of actions are wasted (see wasted): wherever they are
//     legal, a shorter sequence, or a lexicographically smaller pair, does
//     the same.
//
// Among the plans with the fewest actions to any state, the one that is
// lexicographically least by ActionIndex obeys both rules (a violation
// would give a lexicographically smaller plan of the same length, or a
// shorter one), and so do its prefixes. Hence the first k with an allowed
// plan is still the optimum. Once round k has answered no, later rounds
// also forbid the goal after step k: a path through it there would be a
// plan of k actions. On the corpus puzzle of four jugs 57, 24, 22
// and 9 with a tap (gen-jug4-10), they cut the legal sequences of 8
// actions from the start from 13,968,352 to 523,117.
//
// Proving unsolvability. On its own a bounded search proves only that no
// plan of at most k actions exists. Number theory (Decide) settles many
// puzzles before any round. With HorizonOptions.ExploreStates the
// reachable states are counted first by breadth-first search, storing at
// most that many: when they all fit, no shortest plan is longer than the
// deepest of them, and refuting every k up to that depth is a proof
// (statespace.HorizonOptions.Bound). That settles small puzzles at once. With HorizonOptions.Complete the
// encodings also forbid plans that visit a state twice (no shortest plan
// does), and each round first asks whether any allowed path of k actions
// leaves the start, whatever its end. When none does, every reachable
// state has an allowed shortest path (as above, and through no goal state,
// which would be a shorter plan) of fewer than k actions, and the earlier
// rounds found the goal at none of them: the puzzle is unsolvable.
// This is the recurrence-diameter test of bounded model checking; it ends
// only once k passes the longest loop-free path, which may be far beyond
// the optimum, and its distinctness constraints grow as k².

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// HorizonOptions tune the bounded-horizon engines, SolveSAT and SolveCP.
// The zero value searches without a horizon, bound or completeness test,
// so only number theory (Decide) proves a puzzle unsolvable.
type HorizonOptions struct {
	// MaxHorizon is the horizon K: once no plan of at most K actions is
	// proven to exist, the search stops with statespace.ErrHorizon.
	// Complete forbids plans that revisit a state and proves the puzzle
	// unsolvable when no loop-free path of k actions exists, as the file
	// comment of horizon.go explains; it costs constraints quadratic in k.
	// MaxClauses bounds SolveSAT's formula. From and Bound are set by the
	// engines themselves.
	statespace.HorizonOptions
	// Encoding is how SolveSAT writes amounts (SolveCP ignores it).
	Encoding Encoding
	// ExploreStates, when positive, bounds the horizon by the depth of
	// the reachable states, counted by breadth-first search storing at
	// most this many; puzzles with more states go without that bound.
	ExploreStates int
}

// HorizonResult is the answer of SolveSAT and SolveCP: the loop's, and
// what the puzzle's side of it proved.
type HorizonResult struct {
	statespace.HorizonResult[Action]
	// FastPath is true when Decide proved the puzzle unsolvable; nothing
	// was encoded.
	FastPath bool
	// Unit is the greatest common divisor of the capacities and initial
	// amounts: every amount is a multiple of it, so the encodings count in
	// units of it.
	Unit int
	// Reachable counts the reachable states when ExploreStates sufficed
	// to explore them all; the horizon was then bounded by their depth
	// (HorizonResult.LongestPath, with Proof ProofBound).
	Reachable int64
	// DeadEnds is the number of facts in SolveCP's nogood store at the
	// end.
	DeadEnds int
}

// Solvable reports whether a plan was found.
func (r HorizonResult) Solvable() bool { return r.Status == statespace.Solved }

// solveHorizon runs a bounded-horizon engine on p: it validates p, lets
// Decide settle what number theory can, scales p down by its unit, bounds
// the horizon by exploring when asked, and calls run with the scaled
// puzzle and the loop's options. run returns the loop's result and the
// engine's count of dead ends.
func solveHorizon(ctx context.Context, p *Puzzle, opts HorizonOptions,
	run func(q *Puzzle, o statespace.HorizonOptions) (statespace.HorizonResult[Action], int, error)) (HorizonResult, error) {
	r := HorizonResult{HorizonResult: statespace.HorizonResult[Action]{Status: statespace.Unknown}}
	if err := p.Validate(); err != nil {
		return r, err
	}
	if opts.MaxHorizon < 0 {
		return r, fmt.Errorf("negative horizon %d", opts.MaxHorizon)
	}
	if solvable, decided := Decide(p); decided && !solvable {
		r.FastPath, r.Status = true, statespace.Unsolvable
		return r, nil
	}
	q, unit := scaleDown(p)
	r.Unit = unit
	o := opts.HorizonOptions
	if opts.ExploreStates > 0 && o.Bound == 0 {
		bound, reach, err := explore(ctx, q, opts.ExploreStates)
		switch {
		case err == nil:
			// The bound ends the search no later than the completeness
			// test would (no loop-free path is shorter than the
			// breadth-first depth), so that test, a second solve per
			// round and distinctness constraints quadratic in k, is
			// dropped.
			o.Bound, r.Reachable, o.Complete = bound, reach.States, false
		case !errors.Is(err, statespace.ErrLimit):
			return r, err
		}
	}
	var err error
	r.HorizonResult, r.DeadEnds, err = run(q, o)
	return r, err
}

// explore bounds the horizon of p by its reachable states, storing at
// most limit (statespace.ExploreBound).
func explore(ctx context.Context, p *Puzzle, limit int) (int, statespace.Reach, error) {
	opts := statespace.Options{MaxStates: limit}
	if sp, fits := newPackedSpace(p); fits {
		return statespace.ExploreBound(ctx, sp, sp.pack(p.Initial), opts)
	}
	w := newWideSpace(p)
	return statespace.ExploreBound(ctx, w, w.pack(p.Initial), opts)
}

// checkHorizon replays a plan found at horizon k with Check and checks
// that it has k actions.
func checkHorizon(p *Puzzle, plan []Action, k int) error {
	if err := Check(p, plan); err != nil {
		return err
	}
	if len(plan) != k {
		return fmt.Errorf("asked for %d actions, decoded %d", k, len(plan))
	}
	return nil
}

// scaleDown returns p with every amount divided by the greatest common
// divisor of its capacities and initial amounts, and that divisor. Every
// reachable amount is a multiple of it (see theory.go), and so is every
// goal amount of a puzzle Decide has not ruled out; a plan of the scaled
// puzzle is a plan of p. p itself is returned when the divisor is 1.
func scaleDown(p *Puzzle) (*Puzzle, int) {
	g := 0
	for i, c := range p.Capacities {
		g = gcd(gcd(g, c), p.Initial[i])
	}
	if g == 1 {
		return p, 1
	}
	div := func(xs []int) []int {
		out := make([]int, len(xs))
		for i, x := range xs {
			out[i] = x / g
			if x == DontCare {
				out[i] = DontCare
			}
		}
		return out
	}
	q := *p
	q.Capacities, q.Initial, q.Target = div(p.Capacities), div(p.Initial), p.Target/g
	if p.GoalState != nil {
		q.GoalState = div(p.GoalState)
	}
	return &q, g
}

// touches reports whether action a changes jug j when legal.
func touches(a Action, j int) bool { return a.Jug == j || a.Op == OpPour && a.To == j }

// independent reports whether two actions touch disjoint jugs, so that
// they commute.
func independent(a, b Action) bool {
	if touches(b, a.Jug) {
		return false
	}
	return a.Op != OpPour || !touches(b, a.To)
}

// wasted reports whether b right after a is never part of the
// lexicographically least shortest plan to any state (see the file
// comment), because a shorter sequence, or a smaller one of two actions,
// does the same wherever a then b is legal:
//
//   - fill J then empty J, or empty J then fill J: the second alone, or
//     nothing;
//   - pour I into J then J into I: pour J into I at once, or nothing;
//   - pour I into J then empty I (I kept some water, so J is full), or
//     pour I into J then fill J (I emptied into J): both end with I empty
//     and J full, as fill J then empty I does, and fills and empties come
//     before pours in ActionIndex order.
func wasted(a, b Action) bool {
	switch {
	case a.Op == OpPour && b.Op == OpPour:
		return a.Jug == b.To && a.To == b.Jug
	case a.Op == OpPour && b.Op == OpEmpty:
		return b.Jug == a.Jug
	case a.Op == OpPour && b.Op == OpFill:
		return b.Jug == a.To
	case a.Op == OpFill && b.Op == OpEmpty, a.Op == OpEmpty && b.Op == OpFill:
		return a.Jug == b.Jug
	}
	return false
}

// prunedPairs lists the pairs (a, b) of action indices that may not follow
// each other, a at some step and b at the next: commuting pairs in
// decreasing order, and the wasted pairs (see the file comment).
func prunedPairs(actions []Action) [][2]int {
	var pairs [][2]int
	for i, a := range actions {
		for j, b := range actions {
			if wasted(a, b) || i > j && independent(a, b) {
				pairs = append(pairs, [2]int{i, j})
			}
		}
	}
	return pairs
}
