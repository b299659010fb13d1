// Package jugs models the water jug puzzle: jugs of known capacities with
// some water in them, actions that fill, empty and pour, and a goal on the
// amounts they end up holding.
//
// The puzzle is a transition system (see Start, Actions, Apply and AtGoal),
// so every engine can share one reading of the rules: the native
// breadth-first search here, and bounded-horizon unrollings that encode the
// same states and actions step by step. Check judges a plan on its own,
// sharing no code with any engine. The package never reads files and never
// prints: formats live in frontends/jugsfmt.
package jugs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/enumname"
	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// Limits on the size of a puzzle. They keep every sum of amounts far from
// overflow and the number of actions (about n²) small enough to index with
// 16 bits; search effort is bounded separately (Options.MaxStates).
const (
	MaxJugs     = 64
	MaxCapacity = 1_000_000_000_000
)

// DontCare marks an entry of Puzzle.GoalState that may hold any amount.
const DontCare = -1

// amounts writes the amounts of the jugs, or a goal state, for messages:
// "(3, 0, 5)", with "-" for DontCare ("(4, -, 0)").
func amounts(a []int) string {
	parts := make([]string, len(a))
	for i, v := range a {
		parts[i] = "-"
		if v != DontCare {
			parts[i] = strconv.Itoa(v)
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Goal says what the jugs must hold at the end of a plan.
type Goal uint8

const (
	// GoalAny asks that some jug hold exactly Target.
	GoalAny Goal = iota
	// GoalTotal asks that the jugs together hold exactly Target.
	GoalTotal
	// GoalState asks that every jug hold its entry of GoalState, except
	// where the entry is DontCare.
	GoalState
)

// goals names the goals as the corpus and the command line spell them.
var goals = enumname.Table[Goal]{Type: "Goal", What: "goal", Names: []string{GoalAny: "any", GoalTotal: "total", GoalState: "state"}}

// String returns the goal's name as the corpus and the command line spell
// it: "any", "total" or "state".
func (g Goal) String() string {
	return goals.String(g)
}

// ParseGoal turns "any", "total" or "state" into a Goal.
func ParseGoal(s string) (Goal, error) {
	return goals.Parse(s)
}

// Puzzle is one jug puzzle.
type Puzzle struct {
	// Capacities holds the capacity of every jug; jugs are numbered from 0.
	Capacities []int
	// Initial holds the amount every jug starts with.
	Initial []int
	// Tap says whether jugs may be filled from an unlimited source and
	// emptied into a drain. Without a tap, water only moves between jugs.
	Tap bool
	// Goal says what a plan must reach.
	Goal Goal
	// Target is the amount wanted by GoalAny and GoalTotal. GoalState
	// ignores it.
	Target int
	// GoalState holds, for GoalState, the wanted amount of every jug, or
	// DontCare. Other goals ignore it.
	GoalState []int
}

// NumJugs returns the number of jugs.
func (p *Puzzle) NumJugs() int { return len(p.Capacities) }

// JugName names jug i for people: "J" followed by its capacity when no two
// jugs share a capacity ("J5"), and otherwise, for every jug, "J" followed
// by its position from 1 ("J2"), so that names never collide.
func (p *Puzzle) JugName(i int) string {
	seen := make(map[int]bool, len(p.Capacities))
	for _, c := range p.Capacities {
		if seen[c] {
			return "J" + strconv.Itoa(i+1)
		}
		seen[c] = true
	}
	return "J" + strconv.Itoa(p.Capacities[i])
}

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a well-formed puzzle.
// Jugs are numbered from 1 in its messages. A well-formed puzzle may still
// be unsolvable.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	n := len(p.Capacities)
	switch {
	case n == 0:
		return bad("no jugs")
	case n > MaxJugs:
		return bad("%d jugs; at most %d are supported", n, MaxJugs)
	case len(p.Initial) != n:
		return bad("%d initial amounts for %d jugs", len(p.Initial), n)
	}
	for i, c := range p.Capacities {
		switch {
		case c <= 0:
			return bad("jug %d has capacity %d; capacities must be positive", i+1, c)
		case c > MaxCapacity:
			return bad("jug %d has capacity %d; at most %d is supported", i+1, c, MaxCapacity)
		}
	}
	for i, v := range p.Initial {
		if v < 0 || v > p.Capacities[i] {
			return bad("jug %d starts with %d, outside 0..%d (its capacity)", i+1, v, p.Capacities[i])
		}
	}
	switch p.Goal {
	case GoalAny, GoalTotal:
		if p.Target < 0 {
			return bad("negative target %d", p.Target)
		}
	case GoalState:
		if len(p.GoalState) != n {
			return bad("goal state has %d entries for %d jugs", len(p.GoalState), n)
		}
		for i, v := range p.GoalState {
			if v != DontCare && (v < 0 || v > p.Capacities[i]) {
				return bad("goal state wants %d in jug %d, outside 0..%d (its capacity)", v, i+1, p.Capacities[i])
			}
		}
	default:
		return bad("unknown goal %v", p.Goal)
	}
	return nil
}

// Op is the kind of an action.
type Op uint8

// The three kinds of action. The zero Op is no action at all.
const (
	// OpFill fills a jug to its capacity from the tap.
	OpFill Op = iota + 1
	// OpEmpty empties a jug into the drain.
	OpEmpty
	// OpPour pours one jug into another until the first is empty or the
	// second is full.
	OpPour
)

// ops names the actions as JSON output spells them.
var ops = enumname.Table[Op]{Type: "Op", Names: []string{OpFill: "fill", OpEmpty: "empty", OpPour: "pour"}}

// String returns the op's name as JSON output spells it: "fill", "empty"
// or "pour".
func (o Op) String() string {
	return ops.String(o)
}

// Action is one step of a plan. Jugs are numbered from 0.
type Action struct {
	Op Op
	// Jug is the jug filled or emptied, or the jug poured from.
	Jug int
	// To is the jug poured into; fill and empty leave it 0.
	To int
}

// Fill returns the action that fills jug i from the tap.
func Fill(i int) Action { return Action{Op: OpFill, Jug: i} }

// Empty returns the action that empties jug i into the drain.
func Empty(i int) Action { return Action{Op: OpEmpty, Jug: i} }

// Pour returns the action that pours jug from into jug to.
func Pour(from, to int) Action { return Action{Op: OpPour, Jug: from, To: to} }

// String returns a compact form with jugs numbered from 0, such as
// "fill(1)" or "pour(1,0)". Frontends render actions in words.
func (a Action) String() string {
	if a.Op == OpPour {
		return fmt.Sprintf("pour(%d,%d)", a.Jug, a.To)
	}
	return fmt.Sprintf("%v(%d)", a.Op, a.Jug)
}

// Plan is a sequence of actions, applied in order from the initial state.
type Plan []Action
