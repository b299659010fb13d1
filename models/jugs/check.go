package jugs

import (
	"errors"
	"fmt"
	"strings"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that
// breaks a rule or misses the goal.
var ErrWrongPlan = errors.New("wrong plan")

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
	name := func(j int) string { return fmt.Sprintf("jug %d (capacity %d)", j+1, p.Capacities[j]) }
	exists := func(j int) bool { return 0 <= j && j < len(level) }
	for k, a := range plan {
		wrong := func(format string, args ...any) error {
			return fmt.Errorf("%w: step %d (%v): %s", ErrWrongPlan, k+1, a, fmt.Sprintf(format, args...))
		}
		if !exists(a.Jug) {
			return wrong("there is no jug %d", a.Jug+1)
		}
		switch a.Op {
		case OpFill, OpEmpty:
			if !p.Tap {
				return wrong("the puzzle has no tap to %v from or into", a.Op)
			}
			if a.To != 0 {
				return wrong("a %v names one jug, not a destination", a.Op)
			}
			if a.Op == OpFill {
				if level[a.Jug] == p.Capacities[a.Jug] {
					return wrong("%s is already full", name(a.Jug))
				}
				level[a.Jug] = p.Capacities[a.Jug]
			} else {
				if level[a.Jug] == 0 {
					return wrong("%s is already empty", name(a.Jug))
				}
				level[a.Jug] = 0
			}
		case OpPour:
			src, dst := a.Jug, a.To
			switch {
			case !exists(dst):
				return wrong("there is no jug %d", dst+1)
			case src == dst:
				return wrong("a jug cannot pour into itself")
			case level[src] == 0:
				return wrong("%s is empty", name(src))
			case level[dst] == p.Capacities[dst]:
				return wrong("%s is full", name(dst))
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
			return wrong("unknown action")
		}
	}
	missed := func(format string, args ...any) error {
		return fmt.Errorf("%w: after %d steps the jugs hold %s: %s",
			ErrWrongPlan, len(plan), amounts(level), fmt.Sprintf(format, args...))
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
				return missed("%s should hold %d", name(j), want)
			}
		}
	}
	return nil
}

// amounts formats jug contents as "(3, 0, 5)".
func amounts(level []int) string {
	parts := make([]string, len(level))
	for i, v := range level {
		parts[i] = fmt.Sprint(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
