package jugs

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that
// breaks a rule or misses the goal.
var ErrWrongPlan = puzzleerr.ErrWrongPlan

// Check replays plan from p's initial state and reports the first step that
// breaks a rule, or a final state that misses the goal. It shares no code
// with the transition system the engines use, so it can judge them all.
//
// A step is legal when its jugs exist, a fill or empty has a tap to use, a
// pour goes between two distinct jugs, and the step changes something:
// filling a full jug, emptying an empty one, pouring from an empty jug or
// into a full one are rejected as wasted steps no fewest-actions plan takes.
// Steps and jugs are numbered from 1 in the messages.
func Check(p *Puzzle, plan Plan) error {
	if err := p.Validate(); err != nil {
		return err
	}
	level := append([]int(nil), p.Initial...)
	for k, a := range plan {
		if why := applyStep(p, level, a); why != "" {
			return puzzleerr.Wrongf("step %d (%v): %s", k+1, a, why)
		}
	}
	return checkGoal(p, level, len(plan))
}

// jugName names jug j for the messages of Check.
func jugName(p *Puzzle, j int) string {
	return fmt.Sprintf("jug %d (capacity %d)", j+1, p.Capacities[j])
}

// applyStep applies a to the amounts in level, or says why a is not a
// legal step there.
func applyStep(p *Puzzle, level []int, a Action) string {
	exists := func(j int) bool { return 0 <= j && j < len(level) }
	if !exists(a.Jug) {
		return fmt.Sprintf("there is no jug %d", a.Jug+1)
	}
	switch a.Op {
	case OpFill, OpEmpty:
		if !p.Tap {
			return fmt.Sprintf("the puzzle has no tap to %v from or into", a.Op)
		}
		if a.To != 0 {
			return fmt.Sprintf("a %v names one jug, not a destination", a.Op)
		}
		if a.Op == OpFill {
			if level[a.Jug] == p.Capacities[a.Jug] {
				return fmt.Sprintf("%s is already full", jugName(p, a.Jug))
			}
			level[a.Jug] = p.Capacities[a.Jug]
		} else {
			if level[a.Jug] == 0 {
				return fmt.Sprintf("%s is already empty", jugName(p, a.Jug))
			}
			level[a.Jug] = 0
		}
	case OpPour:
		src, dst := a.Jug, a.To
		switch {
		case !exists(dst):
			return fmt.Sprintf("there is no jug %d", dst+1)
		case src == dst:
			return "a jug cannot pour into itself"
		case level[src] == 0:
			return fmt.Sprintf("%s is empty", jugName(p, src))
		case level[dst] == p.Capacities[dst]:
			return fmt.Sprintf("%s is full", jugName(p, dst))
		}
		room := p.Capacities[dst] - level[dst]
		if level[src] <= room {
			level[dst] += level[src]
			level[src] = 0
		} else {
			level[src] -= room
			level[dst] = p.Capacities[dst]
		}
	default:
		return "unknown action"
	}
	return ""
}

// checkGoal reports whether the amounts in level, after steps steps, meet
// p's goal.
func checkGoal(p *Puzzle, level []int, steps int) error {
	missed := func(format string, args ...any) error {
		return puzzleerr.Wrongf("after %d steps the jugs hold %s: %s", steps, amounts(level), fmt.Sprintf(format, args...))
	}
	switch p.Goal {
	case GoalAny:
		for _, v := range level {
			if v == p.Target {
				return nil
			}
		}
		return missed("no jug holds %d", p.Target)
	case GoalTotal:
		sum := 0
		for _, v := range level {
			sum += v
		}
		if sum != p.Target {
			return missed("%d in all, not %d", sum, p.Target)
		}
	case GoalState:
		for j, want := range p.GoalState {
			if want != DontCare && level[j] != want {
				return missed("%s should hold %d", jugName(p, j), want)
			}
		}
	}
	return nil
}
