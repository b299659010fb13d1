package jugs

// This file is the loop the bounded-horizon engines share (SolveSAT on a
// SAT solver, SolveCP on the cp core): ask "is there a plan of exactly k
// actions?" for k = 0, 1, 2, ... on an encoding that grows one step per
// round. A fewest-actions plan has some exact length k*, so the rounds
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
// plan of at most k actions exists. With HorizonOptions.Complete the
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
)

// ErrHorizon is returned by SolveSAT and SolveCP when they have proven
// that no plan of at most HorizonOptions.MaxSteps actions exists, and
// looked no further. Longer plans may exist.
var ErrHorizon = errors.New("no plan within the horizon")

// ErrFormulaLimit is returned by SolveSAT when the next step would take the
// formula past HorizonOptions.MaxClauses.
var ErrFormulaLimit = errors.New("formula limit reached")

// HorizonOptions tune the bounded-horizon engines, SolveSAT and SolveCP.
// The zero value searches without a horizon and without the completeness
// test, so only number theory (Decide) proves a puzzle unsolvable.
type HorizonOptions struct {
	// MaxSteps is the horizon K: once no plan of at most K actions is
	// proven to exist, the search stops with ErrHorizon. 0 means no
	// horizon: an unsolvable puzzle that neither Decide nor Complete
	// settles keeps the search going until ctx ends.
	MaxSteps int
	// Complete forbids plans that revisit a state and proves the puzzle
	// unsolvable when no loop-free path of k actions exists, as the file
	// comment of horizon.go explains. It costs constraints quadratic in k.
	Complete bool
	// MaxClauses bounds the size of SolveSAT's formula: a round whose
	// step would take it past this many clauses is not started, and the
	// search stops with ErrFormulaLimit. 0 means no limit.
	MaxClauses int
}

// HorizonStats describe what a bounded-horizon search proved, whatever the
// engine.
type HorizonStats struct {
	// FastPath is true when Decide proved the puzzle unsolvable; nothing
	// was encoded.
	FastPath bool
	// Unit is the greatest common divisor of the capacities and initial
	// amounts: every amount is a multiple of it, so the encodings count in
	// units of it.
	Unit int
	// Horizon is the last k asked about: the length of the plan when one
	// was found, MaxSteps at ErrHorizon.
	Horizon int
	// LongestPath is set when the completeness test proved the puzzle
	// unsolvable: no loop-free path has more actions than this.
	LongestPath int
}

// unrolling is an engine's encoding of a puzzle over a growing number of
// steps.
type unrolling interface {
	// grow extends the encoding from k-1 to k steps (k >= 1), checking
	// its size against the memory budget ctx carries.
	grow(ctx context.Context, k int) error
	// pathExists reports whether an allowed loop-free path of exactly k
	// actions leaves the start (Complete only).
	pathExists(ctx context.Context, k int) (bool, error)
	// planOf looks for a plan of exactly k actions that reaches the goal.
	planOf(ctx context.Context, k int) (Plan, bool, error)
}

// deepen runs the rounds k = 0, 1, 2, ... on the unrolling that start
// makes for the puzzle scaled down by its unit, and checks every plan
// with Check before returning it. st receives what was proven.
func deepen(ctx context.Context, p *Puzzle, opts HorizonOptions, st *HorizonStats,
	start func(scaled *Puzzle) (unrolling, error)) (solvable bool, plan Plan, err error) {
	if err := p.Validate(); err != nil {
		return false, nil, err
	}
	if opts.MaxSteps < 0 {
		return false, nil, fmt.Errorf("negative horizon %d", opts.MaxSteps)
	}
	if solvable, decided := Decide(p); decided && !solvable {
		st.FastPath = true
		return false, nil, nil
	}
	scaled, unit := scaleDown(p)
	st.Unit = unit
	u, err := start(scaled)
	if err != nil {
		return false, nil, err
	}
	for k := 0; ; k++ {
		if opts.MaxSteps > 0 && k > opts.MaxSteps {
			return false, nil, fmt.Errorf("%w: no plan of at most %d actions", ErrHorizon, opts.MaxSteps)
		}
		if err := ctx.Err(); err != nil {
			return false, nil, err
		}
		st.Horizon = k
		if k > 0 {
			if err := u.grow(ctx, k); err != nil {
				return false, nil, err
			}
			if opts.Complete {
				ok, err := u.pathExists(ctx, k)
				if err != nil {
					return false, nil, err
				}
				if !ok {
					st.LongestPath = k - 1
					return false, nil, nil
				}
			}
		}
		plan, found, err := u.planOf(ctx, k)
		if err != nil {
			return false, nil, err
		}
		if !found {
			continue
		}
		if err := Check(p, plan); err != nil {
			return false, nil, fmt.Errorf("internal error: the decoded plan fails the check: %w", err)
		}
		if len(plan) != k {
			return false, nil, fmt.Errorf("internal error: asked for %d actions, decoded %d", k, len(plan))
		}
		return true, plan, nil
	}
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
