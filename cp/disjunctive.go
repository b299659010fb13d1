package cp

import (
	"fmt"
	"slices"
)

// disjunctive is the constraint that tasks do not overlap in time.
type disjunctive struct {
	start, dur []Var
	strict     bool
}

// AddDisjunctive posts that no two tasks, given by start times and
// durations, overlap: for each pair, one ends before the other starts.
// With strict unset (FlatZinc's disjunctive) a task of duration zero may
// sit anywhere, even inside another; with strict set
// (disjunctive_strict) it may not sit strictly inside another task.
// Durations are constrained to be non-negative, as MiniZinc asserts.
//
// It reasons on pairs: of the ways a pair can be apart (i before j, j
// before i, and without strict either duration zero), it rules out those
// the bounds make impossible, fails when none is left and enforces the
// last one left on the bounds of both tasks. It repeats until nothing
// moves. This includes time-tabling for unit usage (a task pushed off
// another's compulsory part cannot go before it) but is weaker than edge
// finding, which reasons on sets of tasks. When all the variables are
// fixed it is exact. A pass costs O(n²). It does not explain its
// deductions, though each follows from the bounds of one pair.
func (s *Solver) AddDisjunctive(start, dur []Var, strict bool) PropID {
	if len(dur) != len(start) {
		panic(fmt.Sprintf("cp: disjunctive over %d starts and %d durations", len(start), len(dur)))
	}
	p := &disjunctive{start: slices.Clone(start), dur: slices.Clone(dur), strict: strict}
	id := s.Add(p)
	for i := range start {
		s.Watch(id, start[i], OnBounds)
		s.Watch(id, dur[i], OnBounds)
	}
	return id
}

// Idempotent holds: Propagate repeats its passes until nothing moves.
func (p *disjunctive) Idempotent() bool { return true }

func (p *disjunctive) Propagate(s *Solver) error {
	for _, d := range p.dur {
		if err := s.SetMin(d, 0); err != nil {
			return err
		}
	}
	for moved := true; moved; {
		moved = false
		for i := range p.start {
			for j := i + 1; j < len(p.start); j++ {
				m, err := p.pair(s, i, j)
				if err != nil {
					return err
				}
				moved = moved || m
			}
		}
	}
	return nil
}

// pair prunes with tasks i and j; it reports whether a bound moved.
func (p *disjunctive) pair(s *Solver, i, j int) (bool, error) {
	ways := [...]sepWay{
		{kind: sepBefore, a: i, b: j}, {kind: sepBefore, a: j, b: i},
		{kind: sepZero, a: i}, {kind: sepZero, a: j},
	}
	n := 2
	if !p.strict {
		n = 4
	}
	return separate(s, ways[:n], p.start, p.dur)
}

// sepWay is one way for two boxes to be apart along one axis: box a ends
// before box b starts (start[a] + size[a] ≤ start[b]), or box a has size
// zero (then b is unused).
type sepWay struct {
	kind uint8
	a, b int
}

const (
	sepBefore = iota
	sepZero
)

// possible reports whether the bounds allow the way.
func (w sepWay) possible(s *Solver, start, size []Var) bool {
	if w.kind == sepZero {
		return s.Min(size[w.a]) <= 0
	}
	return s.Min(start[w.a])+s.Min(size[w.a]) <= s.Max(start[w.b])
}

// enforce narrows the bounds so that the way holds.
func (w sepWay) enforce(s *Solver, start, size []Var) error {
	if w.kind == sepZero {
		return s.SetMax(size[w.a], 0)
	}
	a, b, da := start[w.a], start[w.b], size[w.a]
	if err := s.SetMin(b, s.Min(a)+s.Min(da)); err != nil {
		return err
	}
	if err := s.SetMax(a, s.Max(b)-s.Min(da)); err != nil {
		return err
	}
	return s.SetMax(da, s.Max(b)-s.Min(a))
}

// separate fails when none of the ways is possible and enforces the only
// one left; it reports whether a bound moved.
func separate(s *Solver, ways []sepWay, start, size []Var) (bool, error) {
	left := -1
	for k, w := range ways {
		if !w.possible(s, start, size) {
			continue
		}
		if left >= 0 {
			return false, nil // two ways left: nothing to deduce
		}
		left = k
	}
	if left < 0 {
		return false, ErrInconsistent
	}
	w := ways[left]
	touched := [...]Var{start[w.a], size[w.a], start[w.b]}
	before := 0
	for _, v := range touched {
		before += s.Size(v)
	}
	if err := w.enforce(s, start, size); err != nil {
		return false, err
	}
	for _, v := range touched {
		before -= s.Size(v)
	}
	return before != 0, nil
}
