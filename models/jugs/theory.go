package jugs

// This file decides solvability without search, where number theory can.
//
// Invariants of every puzzle (any number of jugs, with or without a tap).
// Let g be the gcd of all capacities and all initial amounts. Every
// reachable amount is a multiple of g: the start is; a fill sets a jug to
// its capacity and an empty sets it to 0, both multiples of g; a pour moves
// min(source, room in destination), the smaller of two multiples of g. Every
// amount also stays within 0..capacity, and without a tap the total never
// changes. A goal that breaks one of these can never be reached.
//
// Two jugs with a tap, starting empty. Let the capacities be a and b and
// g = gcd(a, b). The reachable states are exactly
//
//	R = { (x, y) : 0 <= x <= a, 0 <= y <= b, g | x, g | y,
//	      x is 0 or a, or y is 0 or b }.
//
// Inside R: (0, 0) is in R, and every action leaves some jug empty or full
// (a fill or empty does so to its jug; a pour stops when the source is empty
// or the destination full), while amounts stay multiples of g (above).
// All of R is reached: keep jug 1 empty between rounds, and in each round
// fill jug 1 and pour it into jug 2, emptying jug 2 whenever it becomes full
// while jug 1 still holds water. After m rounds jug 2 holds m·a mod b with
// jug 1 empty; as a/g is invertible modulo b/g, these residues run through
// every multiple of g below b, and (0, b) is one fill away, so every (0, y)
// in R is reached; by symmetry every (x, 0) is. Filling the other jug then
// gives (x, b) and (a, y). So:
//
//   - "any" T is reachable iff g | T and T <= max(a, b): put T in a jug
//     that can hold it and leave the other empty; no jug can hold more.
//   - "total" T is reachable iff g | T and T <= a+b: (T, 0) or (0, T) when
//     T fits one jug, and otherwise (a, T-a), since then 0 < T-a <= b.
//   - "state" with both amounts given is reachable iff the pair is in R;
//     with one amount x given (jug i) iff g | x (x then fits jug i with the
//     other jug empty); with none given at once.
//
// The two-jug criterion is the classic Bézout argument (Wikipedia, "Water
// pouring puzzle", which states it for one target amount; LeetCode 365
// "Water and Jug Problem" asks the total version). The description of R and
// the proof above are our own; TestDecideAgreesWithBFS checks them against
// exhaustive search on many small instances.

// Decide settles solvability without search when it can: decided reports
// whether it could, and solvable is the answer then. It proves any puzzle
// unsolvable whose goal breaks the invariants above, and settles two-jug
// puzzles with a tap that start with both jugs empty. p must be valid.
func Decide(p *Puzzle) (solvable, decided bool) {
	if !invariantsAllow(p) {
		return false, true
	}
	if len(p.Capacities) != 2 || !p.Tap || p.Initial[0] != 0 || p.Initial[1] != 0 {
		return false, false
	}
	a, b := p.Capacities[0], p.Capacities[1]
	g := gcd(a, b)
	switch p.Goal {
	case GoalAny:
		return p.Target%g == 0 && p.Target <= max(a, b), true
	case GoalTotal:
		return p.Target%g == 0 && p.Target <= a+b, true
	case GoalState:
		x, y := p.GoalState[0], p.GoalState[1]
		switch {
		case x == DontCare && y == DontCare:
			return true, true
		case x == DontCare:
			return y%g == 0, true
		case y == DontCare:
			return x%g == 0, true
		}
		edge := x == 0 || x == a || y == 0 || y == b
		return x%g == 0 && y%g == 0 && edge, true
	}
	return false, false
}

// invariantsAllow reports whether p's goal is compatible with the
// invariants every reachable state keeps: amounts are multiples of the gcd
// of capacities and initial amounts, within capacity, and, without a tap,
// add up to the initial total, so what the goal leaves open must fit in
// the other jugs (capacities 3, 1, 1, 13 holding 14 units never have 4 in
// any jug: the 13-litre jug would leave 10 units for 5 litres).
func invariantsAllow(p *Puzzle) bool {
	g, total, room, most := measures(p)
	switch p.Goal {
	case GoalAny:
		if p.Target%g != 0 || p.Target > most {
			return false
		}
		if p.Tap {
			return true
		}
		for _, c := range p.Capacities {
			if p.Target <= c && p.Target <= total && total-p.Target <= room-c {
				return true
			}
		}
		return false
	case GoalTotal:
		return p.Target%g == 0 && p.Target <= room && (p.Tap || p.Target == total)
	case GoalState:
		given, freeRoom := 0, 0
		for i, v := range p.GoalState {
			if v == DontCare {
				freeRoom += p.Capacities[i]
				continue
			}
			if v%g != 0 {
				return false
			}
			given += v
		}
		return p.Tap || given <= total && total-given <= freeRoom
	}
	return true
}

// measures returns what the invariants of p speak of: the gcd of the
// capacities and the initial amounts, the initial total, the room of all
// jugs together, and the largest capacity.
func measures(p *Puzzle) (g, total, room, most int) {
	for i, c := range p.Capacities {
		g = gcd(gcd(g, c), p.Initial[i])
		total += p.Initial[i]
		room += c
		most = max(most, c)
	}
	return g, total, room, most
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
