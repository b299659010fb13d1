package jugs

import "fmt"

// Impossible says in words why Decide proves p unsolvable, naming the
// invariant its goal breaks ("no jug holds 9: the largest holds 5"), or
// returns "" when Decide does not prove p unsolvable. p must be valid.
func Impossible(p *Puzzle) string {
	if solvable, decided := Decide(p); solvable || !decided {
		return ""
	}
	if why := brokenInvariant(p); why != "" {
		return why
	}
	if p.Goal == GoalState {
		return fmt.Sprintf("with two jugs and a tap every reachable state has a jug empty or full, and %s has neither",
			amounts(p.GoalState))
	}
	a, b := p.Capacities[0], p.Capacities[1]
	return fmt.Sprintf("every amount two jugs of %d and %d measure is a multiple of gcd(%d, %d) = %d, and %d is not",
		a, b, a, b, gcd(a, b), p.Target)
}

// brokenInvariant names the invariant of every reachable state that p's
// goal breaks, or returns "" (see invariantsAllow).
func brokenInvariant(p *Puzzle) string {
	g, total, room, most := measures(p)
	notMultiple := func(v int) string {
		return fmt.Sprintf("every amount is a multiple of %d, the gcd of the capacities and the amounts at the start, and %d is not", g, v)
	}
	switch p.Goal {
	case GoalAny:
		switch {
		case p.Target > most:
			return fmt.Sprintf("no jug holds %d: the largest holds %d", p.Target, most)
		case p.Target%g != 0:
			return notMultiple(p.Target)
		case !p.Tap && p.Target > total:
			return fmt.Sprintf("without a tap the jugs always hold %d in all, less than %d", total, p.Target)
		case !p.Tap:
			return fmt.Sprintf("without a tap the jugs always hold %d in all, and no jug can hold %d while the others hold the other %d",
				total, p.Target, total-p.Target)
		}
	case GoalTotal:
		switch {
		case p.Target > room:
			return fmt.Sprintf("the jugs hold at most %d in all, less than %d", room, p.Target)
		case p.Target%g != 0:
			return notMultiple(p.Target)
		case !p.Tap && p.Target != total:
			return fmt.Sprintf("without a tap the jugs always hold %d in all, not %d", total, p.Target)
		}
	case GoalState:
		for i, v := range p.GoalState {
			if v != DontCare && v%g != 0 {
				return fmt.Sprintf("%s: %s", p.JugName(i), notMultiple(v))
			}
		}
		if !p.Tap {
			return fmt.Sprintf("without a tap the jugs always hold %d in all, which the state %s cannot hold", total, amounts(p.GoalState))
		}
	}
	return ""
}
