package aqcp

import (
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
)

// levelSum is the constraint that f_1(L_1) + ... + f_n(L_n) = k, where L_i
// is the water level of an aquarium (or of any chain of blocks whose water
// is a bottom run) and f_i any integer function of it. The level lives in
// the aquarium's blocks, top to bottom, as an order encoding: the
// aquarium's level index is the number of its empty blocks (0: full, m:
// empty), and block j is full exactly when the index is at most j.
// Gravity makes the empty blocks a top run, so the blocks fixed so far
// bound the index to an interval lo..hi: lo is one below the lowest empty
// block, hi the topmost full block.
//
// Propagate reasons by bounds: each term lies between the least and the
// greatest value of f_i over its interval, and a level at either end of an
// interval whose value the others cannot complete to k is cut off. The
// model posts one for each pair of neighbouring columns: their clues'
// difference, with f_i the difference of aquarium i's full cells in the two
// columns at level L_i (under the pool rule, of a chain of blocks through
// the two columns: see addPoolColumnDifferences). Most aquariums span both
// columns with nearly the same rows, so their terms vary by a cell or two
// where each column alone varies by the aquarium's height: bounds that are
// loose on each column become tight on their difference.
type levelSum struct {
	k     int
	terms []levelTerm
	// lo[i]..hi[i] is the level index interval of term i, and least[i] and
	// most[i] the least and greatest values of f_i over it, kept by Advise
	// with their sums sumLeast and sumMost, so that a run that can cut
	// nothing costs a few reads.
	lo, hi            []cp.Rev
	least, most       []cp.Rev
	sumLeast, sumMost cp.Rev
	// span is the largest fMost-fLeast of a term: when the sums leave at
	// least that much room on both sides of k, no level can be cut.
	span int
	// broken is 1 + a term whose interval Advise found empty, 0 for none.
	broken cp.Rev

	// Scratch: the picks of an explanation, and the explanation.
	picks  []pick
	reason []cp.Lit
}

// levelTerm is one aquarium's term: its blocks, top to bottom, and f[x],
// the term's value at level index x (0..len(blocks)).
type levelTerm struct {
	blocks []cp.Var
	f      []int
	// fLeast and fMost are f's least and greatest values over all levels:
	// the term's range when none of its blocks is known.
	fLeast, fMost int
}

// newLevelSum posts f_1(L_1) + ... + f_n(L_n) = k on s.
func newLevelSum(s *cp.Solver, k int, terms []levelTerm) *levelSum {
	n := len(terms)
	c := &levelSum{k: k, terms: terms, lo: make([]cp.Rev, n), hi: make([]cp.Rev, n),
		least: make([]cp.Rev, n), most: make([]cp.Rev, n)}
	sumLeast, sumMost := 0, 0
	for i := range terms {
		t := &terms[i]
		t.fLeast, t.fMost = slices.Min(t.f), slices.Max(t.f)
		c.lo[i], c.hi[i] = s.NewRev(0), s.NewRev(int64(len(t.blocks)))
		c.least[i], c.most[i] = s.NewRev(int64(t.fLeast)), s.NewRev(int64(t.fMost))
		sumLeast += t.fLeast
		sumMost += t.fMost
		c.span = max(c.span, t.fMost-t.fLeast)
	}
	c.sumLeast, c.sumMost = s.NewRev(int64(sumLeast)), s.NewRev(int64(sumMost))
	c.broken = s.NewRev(0)
	id := s.Add(c)
	for i, t := range terms {
		watchStack(s, id, c, i, t.blocks)
	}
	return c
}

func (c *levelSum) Priority() cp.Priority { return cp.PriorityHeavy }
func (c *levelSum) Idempotent() bool      { return true }

// Explains reports that the constraint explains its deductions by the
// bound literals of the terms involved (the lowest empty and topmost full
// block of each).
func (c *levelSum) Explains() bool { return true }

// Advise narrows a term's interval when one of its blocks is fixed, with
// its least and greatest values and their sums. The tag holds the term in
// its high bits and the block's index below. It asks for a run whenever
// the interval moved, even when the run can deduce nothing: not asking
// changed the order in which propagators run, hence the search, and made
// hard grids slower (grown 250x250 seed 1: unsolved in 150 s of CPU
// against 111 s; seed 2: unsolved in 92 s against 49 s).
func (c *levelSum) Advise(s *cp.Solver, tag int32) bool {
	i, j := int(tag>>16), int(tag&0xFFFF)
	if s.Min(c.terms[i].blocks[j]) == 0 { // fixed: its minimum is its value, read without Value's check
		if int64(j+1) <= s.Get(c.lo[i]) {
			return false
		}
		s.Set(c.lo[i], int64(j+1))
	} else {
		if int64(j) >= s.Get(c.hi[i]) {
			return false
		}
		s.Set(c.hi[i], int64(j))
	}
	lo, hi := int(s.Get(c.lo[i])), int(s.Get(c.hi[i]))
	if lo > hi {
		s.Set(c.broken, int64(i+1))
		return true // Propagate fails
	}
	f := c.terms[i].f
	least, most := slices.Min(f[lo:hi+1]), slices.Max(f[lo:hi+1])
	least0, most0 := int(s.Get(c.least[i])), int(s.Get(c.most[i]))
	if least == least0 && most == most0 {
		return true
	}
	s.Set(c.least[i], int64(least))
	s.Set(c.most[i], int64(most))
	s.Set(c.sumLeast, s.Get(c.sumLeast)+int64(least-least0))
	s.Set(c.sumMost, s.Get(c.sumMost)+int64(most-most0))
	return true
}

// Propagate cuts off the levels at the ends of each interval that the
// other terms cannot complete to k, until nothing changes.
func (c *levelSum) Propagate(s *cp.Solver) error {
	for {
		if i := int(s.Get(c.broken)) - 1; i >= 0 {
			return s.Fail(c.boundLits(s, nil, i)...)
		}
		sumLeast, sumMost := int(s.Get(c.sumLeast)), int(s.Get(c.sumMost))
		if sumLeast > c.k {
			return s.Fail(c.whyLeast(s, -1, c.k)...)
		}
		if sumMost < c.k {
			return s.Fail(c.whyMost(s, -1, c.k)...)
		}
		if min(c.k-sumLeast, sumMost-c.k) >= c.span {
			return nil
		}
		changed := false
		for i := range c.terms {
			// The term's value must lie in low..high.
			least, most := int(s.Get(c.least[i])), int(s.Get(c.most[i]))
			low, high := c.k-(sumMost-most), c.k-(sumLeast-least)
			if low <= least && most <= high {
				continue
			}
			cut, err := c.cut(s, i, low, high)
			if err != nil {
				return err
			}
			changed = changed || cut
		}
		if !changed {
			return nil
		}
	}
}

// cut narrows term i's interval from both ends to levels whose value lies
// in low..high, and reports whether it moved.
func (c *levelSum) cut(s *cp.Solver, i, low, high int) (bool, error) {
	t := &c.terms[i]
	lo0, hi0 := int(s.Get(c.lo[i])), int(s.Get(c.hi[i]))
	lo, hi := lo0, hi0
	out := func(x int) bool { return t.f[x] < low || t.f[x] > high }
	for lo <= hi && out(lo) {
		lo++
	}
	for hi >= lo && out(hi) {
		hi--
	}
	if lo > hi {
		// No level is left: the interval's values all lie outside.
		return false, s.Fail(c.whyCut(s, i, lo0, hi0, low, high, true, true)...)
	}
	if lo > lo0 {
		// The index is at least lo: block lo-1 is empty.
		s.SetReason(c.whyCut(s, i, lo0, lo-1, low, high, true, false)...)
		if err := s.Assign(t.blocks[lo-1], 0); err != nil {
			return false, err
		}
	}
	if hi < hi0 {
		// The index is at most hi: block hi is full.
		s.SetReason(c.whyCut(s, i, hi+1, hi0, low, high, false, true)...)
		if err := s.Assign(t.blocks[hi], 1); err != nil {
			return false, err
		}
	}
	return lo > lo0 || hi < hi0, nil
}

// whyCut explains that term i takes no level of from..to (all outside
// low..high) and, by its own bounds as asked, none beyond: its lower bound
// literal when the levels below from are meant too (lower), its upper
// bound literal when those above to are (upper). Levels whose value is
// above high are cut by the others' least values, those below low by the
// others' greatest values.
func (c *levelSum) whyCut(s *cp.Solver, i, from, to, low, high int, lower, upper bool) []cp.Lit {
	if !s.Learning() {
		return nil
	}
	f := c.terms[i].f
	above, below := false, false // some cut value is above high, below low
	minAbove, maxBelow := 0, 0
	for x := from; x <= to; x++ {
		switch {
		case f[x] > high:
			if !above || f[x] < minAbove {
				minAbove = f[x]
			}
			above = true
		case f[x] < low:
			if !below || f[x] > maxBelow {
				maxBelow = f[x]
			}
			below = true
		}
	}
	var why []cp.Lit
	if above {
		// The others' least values sum to more than k - minAbove.
		why = append(why, c.whyLeast(s, i, c.k-minAbove)...)
	}
	if below {
		// The others' greatest values sum to less than k - maxBelow.
		why = append(why, c.whyMost(s, i, c.k-maxBelow)...)
	}
	lo, hi := int(s.Get(c.lo[i])), int(s.Get(c.hi[i]))
	m := len(c.terms[i].blocks)
	if lower && lo > 0 {
		why = append(why, cp.Neg(c.terms[i].blocks[lo-1]))
	}
	if upper && hi < m {
		why = append(why, cp.Pos(c.terms[i].blocks[hi]))
	}
	return why
}

// whyLeast explains that the terms other than except (-1: none) have
// least values summing to more than limit: the bound literals of as few
// terms as do, those whose bounds raise their least value most first.
func (c *levelSum) whyLeast(s *cp.Solver, except, limit int) []cp.Lit {
	return c.whyBounds(s, except, limit, false)
}

// whyMost explains that the terms other than except have greatest values
// summing to less than limit, as whyLeast does.
func (c *levelSum) whyMost(s *cp.Solver, except, limit int) []cp.Lit {
	return c.whyBounds(s, except, limit, true)
}

// whyBounds is whyLeast, or whyMost when most is set: the least values
// of the terms other than except exceed limit, or their greatest values
// fall short of it. A term's bounds are worth what they move its value
// from the one it has with no block known.
func (c *levelSum) whyBounds(s *cp.Solver, except, limit int, most bool) []cp.Lit {
	if !s.Learning() {
		return nil
	}
	free := 0 // the sum with no block known
	c.picks = c.picks[:0]
	for i, t := range c.terms {
		if i == except {
			continue
		}
		gain := int(s.Get(c.least[i])) - t.fLeast
		free += t.fLeast
		if most {
			gain = t.fMost - int(s.Get(c.most[i]))
			free += t.fMost - t.fLeast
		}
		if gain > 0 {
			c.picks = append(c.picks, pick{gain, i})
		}
	}
	if most {
		return c.pickLits(s, free-limit)
	}
	return c.pickLits(s, limit-free)
}

// pickLits takes the picks of largest worth until their worth passes
// budget, and returns the bound literals of their terms.
func (c *levelSum) pickLits(s *cp.Solver, budget int) []cp.Lit {
	c.reason = c.reason[:0]
	for _, p := range fewest(c.picks, budget) {
		c.reason = c.boundLits(s, c.reason, p.chain)
	}
	return c.reason
}

// boundLits appends term i's bound literals: its lowest empty block and
// its topmost full block, those it has.
func (c *levelSum) boundLits(s *cp.Solver, dst []cp.Lit, i int) []cp.Lit {
	t := &c.terms[i]
	if lo := int(s.Get(c.lo[i])); lo > 0 {
		dst = append(dst, cp.Neg(t.blocks[lo-1]))
	}
	if hi := int(s.Get(c.hi[i])); hi < len(t.blocks) {
		dst = append(dst, cp.Pos(t.blocks[hi]))
	}
	return dst
}
