package jugs

import "slices"

// This file is the puzzle read as a transition system: a start state, a
// fixed alphabet of actions, the effect of an action, and the goal test.
// Every engine shares this reading of the rules; a bounded-horizon
// unrolling numbers its action variables by ActionIndex and encodes the
// effect that Moved describes.

// State is the amount in every jug, in jug order.
type State []int

// Start returns a fresh copy of the initial state.
func (p *Puzzle) Start() State { return slices.Clone(State(p.Initial)) }

// NumActions returns the size of the action alphabet: 2n fills and
// empties with a tap, plus n(n-1) pours between distinct jugs.
func (p *Puzzle) NumActions() int {
	n := len(p.Capacities)
	k := n * (n - 1)
	if p.Tap {
		k += 2 * n
	}
	return k
}

// Actions returns the action alphabet in a fixed order: with a tap, Fill(0)
// to Fill(n-1) and Empty(0) to Empty(n-1); then Pour(i, j) for every i and
// every j != i, by i and then by j. An action's position in this list is
// its ActionIndex.
func (p *Puzzle) Actions() []Action {
	n := len(p.Capacities)
	as := make([]Action, 0, p.NumActions())
	if p.Tap {
		for i := range n {
			as = append(as, Fill(i))
		}
		for i := range n {
			as = append(as, Empty(i))
		}
	}
	for i := range n {
		for j := range n {
			if i != j {
				as = append(as, Pour(i, j))
			}
		}
	}
	return as
}

// ActionIndex returns the position of a in Actions, or -1 when a is not in
// the alphabet (a jug out of range, a pour into itself, a fill or empty
// without a tap).
func (p *Puzzle) ActionIndex(a Action) int {
	n := len(p.Capacities)
	inRange := func(i int) bool { return i >= 0 && i < n }
	if !inRange(a.Jug) {
		return -1
	}
	base := 0
	if p.Tap {
		base = 2 * n
	}
	switch a.Op {
	case OpFill, OpEmpty:
		if !p.Tap || a.To != 0 {
			return -1
		}
		if a.Op == OpEmpty {
			return n + a.Jug
		}
		return a.Jug
	case OpPour:
		if !inRange(a.To) || a.To == a.Jug {
			return -1
		}
		to := a.To
		if to > a.Jug {
			to-- // the row of jug a.Jug skips the pour into itself
		}
		return base + a.Jug*(n-1) + to
	}
	return -1
}

// Moved returns how much water action a moves in state s: what a fill adds,
// what an empty removes, what a pour transfers (the smaller of what the
// source holds and the room left in the destination). An action that would
// change nothing moves 0 and is not legal; so is one outside the alphabet.
func (p *Puzzle) Moved(s State, a Action) int {
	if p.ActionIndex(a) < 0 {
		return 0
	}
	return p.moved(s, a)
}

// moved is Moved for an action known to be in the alphabet.
func (p *Puzzle) moved(s State, a Action) int {
	switch a.Op {
	case OpFill:
		return p.Capacities[a.Jug] - s[a.Jug]
	case OpEmpty:
		return s[a.Jug]
	default: // OpPour
		return min(s[a.Jug], p.Capacities[a.To]-s[a.To])
	}
}

// Legal reports whether a is in the alphabet and changes s.
func (p *Puzzle) Legal(s State, a Action) bool { return p.Moved(s, a) > 0 }

// Apply performs a on s in place and reports whether it was legal; an
// illegal action leaves s unchanged.
func (p *Puzzle) Apply(s State, a Action) bool {
	d := p.Moved(s, a)
	if d == 0 {
		return false
	}
	shift(s, a, d)
	return true
}

// shift moves d units as action a does.
func shift(s State, a Action, d int) {
	switch a.Op {
	case OpFill:
		s[a.Jug] += d
	case OpEmpty:
		s[a.Jug] -= d
	case OpPour:
		s[a.Jug] -= d
		s[a.To] += d
	}
}

// unshift undoes shift(s, a, d).
func unshift(s State, a Action, d int) { shift(s, a, -d) }

// goalSum returns what goalAfter needs to know of s: for GoalAny the
// number of jugs holding the target, for GoalTotal the total in the jugs,
// and 0 for GoalState.
func (p *Puzzle) goalSum(s State) int {
	sum := 0
	switch p.Goal {
	case GoalAny:
		for _, v := range s {
			if v == p.Target {
				sum++
			}
		}
	case GoalTotal:
		for _, v := range s {
			sum += v
		}
	}
	return sum
}

// goalAfter reports whether the state that a, moving d, leads to from s
// satisfies the goal, given sum = p.goalSum(s). For GoalAny and GoalTotal
// it looks at the jugs a changes alone; s is left as it was.
func (p *Puzzle) goalAfter(s State, sum int, a Action, d int) bool {
	switch p.Goal {
	case GoalAny:
		hit := func(v int) int {
			if v == p.Target {
				return 1
			}
			return 0
		}
		if a.Op == OpFill {
			d = -d
		}
		sum += hit(s[a.Jug]-d) - hit(s[a.Jug])
		if a.Op == OpPour {
			sum += hit(s[a.To]+d) - hit(s[a.To])
		}
		return sum > 0
	case GoalTotal:
		switch a.Op {
		case OpFill:
			sum += d
		case OpEmpty:
			sum -= d
		}
		return sum == p.Target
	}
	shift(s, a, d)
	goal := p.AtGoal(s)
	unshift(s, a, d)
	return goal
}

// AtGoal reports whether s satisfies the puzzle's goal.
func (p *Puzzle) AtGoal(s State) bool {
	switch p.Goal {
	case GoalAny:
		return slices.Contains(s, p.Target)
	case GoalTotal:
		total := 0
		for _, v := range s {
			total += v
		}
		return total == p.Target
	case GoalState:
		for i, want := range p.GoalState {
			if want != DontCare && s[i] != want {
				return false
			}
		}
		return true
	}
	return false
}
