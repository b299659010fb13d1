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
	si, sj, di, dj := p.start[i], p.start[j], p.dur[i], p.dur[j]
	ways := [...]sepWay{before(si, di, sj), before(sj, dj, si), zero(di), zero(dj)}
	n := 2
	if !p.strict {
		n = 4
	}
	return separate(s, ways[:n])
}

// sepWay is one way for two boxes to be apart along one axis: box a, of
// start a and size da, ends before box b starts (a + da ≤ b), or (zero)
// box a has size zero, whatever b.
type sepWay struct {
	zero     bool
	a, da, b Var
}

func before(a, da, b Var) sepWay { return sepWay{a: a, da: da, b: b} }
func zero(da Var) sepWay         { return sepWay{zero: true, da: da} }

// possible reports whether the bounds allow the way.
func (w sepWay) possible(s *Solver) bool {
	if w.zero {
		return s.Contains(w.da, 0)
	}
	return s.Min(w.a)+s.Min(w.da) <= s.Max(w.b)
}

// enforce narrows the bounds so that the way holds.
func (w sepWay) enforce(s *Solver) error {
	if w.zero {
		return s.Assign(w.da, 0)
	}
	if err := s.SetMin(w.b, s.Min(w.a)+s.Min(w.da)); err != nil {
		return err
	}
	if err := s.SetMax(w.a, s.Max(w.b)-s.Min(w.da)); err != nil {
		return err
	}
	return s.SetMax(w.da, s.Max(w.b)-s.Min(w.a))
}

// separate fails when none of the ways is possible and enforces the only
// one left; it reports whether a domain changed.
func separate(s *Solver, ways []sepWay) (bool, error) {
	left := -1
	for k, w := range ways {
		if !w.possible(s) {
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
	before := s.Size(w.da)
	if !w.zero {
		before += s.Size(w.a) + s.Size(w.b)
	}
	if err := w.enforce(s); err != nil {
		return false, err
	}
	after := s.Size(w.da)
	if !w.zero {
		after += s.Size(w.a) + s.Size(w.b)
	}
	return after != before, nil
}

// diffn is the constraint that rectangles do not overlap.
type diffn struct {
	x, y, dx, dy []Var
	strict       bool
}

// AddDiffn posts that the rectangles with corners (x[i], y[i]) and sizes
// (dx[i], dy[i]) do not overlap: for each pair, one lies entirely to the
// left of, right of, below or above the other. With strict set
// (FlatZinc's diffn) this holds even for rectangles of zero width or
// height; without it (diffn_nonstrict) such rectangles may go anywhere.
// Sizes are not constrained in sign, as in MiniZinc.
//
// It reasons on pairs as AddDisjunctive does, over the four directions
// (and the zero sizes without strict), and repeats until nothing moves;
// it is exact when all the variables are fixed. A pass costs O(n²). It
// does not explain its deductions.
func (s *Solver) AddDiffn(x, y, dx, dy []Var, strict bool) PropID {
	n := len(x)
	if len(y) != n || len(dx) != n || len(dy) != n {
		panic(fmt.Sprintf("cp: diffn over %d, %d, %d and %d variables", len(x), len(y), len(dx), len(dy)))
	}
	p := &diffn{x: slices.Clone(x), y: slices.Clone(y), dx: slices.Clone(dx), dy: slices.Clone(dy), strict: strict}
	id := s.Add(p)
	for i := range n {
		for _, v := range [...]Var{x[i], y[i], dx[i], dy[i]} {
			s.Watch(id, v, OnBounds)
		}
	}
	return id
}

// Idempotent holds: Propagate repeats its passes until nothing moves.
func (p *diffn) Idempotent() bool { return true }

func (p *diffn) Propagate(s *Solver) error {
	for moved := true; moved; {
		moved = false
		for i := range p.x {
			for j := i + 1; j < len(p.x); j++ {
				ways := [...]sepWay{
					before(p.x[i], p.dx[i], p.x[j]), before(p.x[j], p.dx[j], p.x[i]),
					before(p.y[i], p.dy[i], p.y[j]), before(p.y[j], p.dy[j], p.y[i]),
					zero(p.dx[i]), zero(p.dx[j]), zero(p.dy[i]), zero(p.dy[j]),
				}
				n := 8
				if p.strict {
					n = 4
				}
				m, err := separate(s, ways[:n])
				if err != nil {
					return err
				}
				moved = moved || m
			}
		}
	}
	return nil
}
