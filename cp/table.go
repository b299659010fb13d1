package cp

import (
	"fmt"
	"math/bits"
)

// table is the constraint that the tuple of its variables' values is one of
// a list of allowed tuples, propagated in the manner of Compact-Table
// (Demeure et al., CP 2017): the live tuples, those whose every value is
// still possible, form a reversible bitset; each value of each variable has
// a mask of the tuples that hold it; a run first drops from the live set
// the tuples of the values that the variables changed since the last run
// lost, then removes the values whose masks meet no live tuple, checking
// first the word where a live tuple was found last time (the residue).
type table struct {
	vars   []Var
	tuples [][]int
	lo, hi []int // by variable: the smallest and largest value of its column within its domain

	words Rev     // the first of the live set's words, which follow it in memory
	index []int32 // a permutation of the word numbers; the first *limit are the non-zero words
	limit Rev

	supports [][]maskWord // by variable: the masks of its values, one after the other
	start    [][]int32    // by variable then value - lo: where its mask starts in supports; one more entry ends the last
	residue  [][]int32    // by variable then value - lo: the entry of its mask that last met a live tuple
	size     []Rev        // by variable: its domain's size when the live set last caught up with it, -1 before
	repeats  bool         // whether a variable appears twice
	mask     []uint64     // scratch, by word
	why      []Lit        // scratch for explanations, which SetReason copies
}

// maskWord is one non-zero word of a value's mask of tuples.
type maskWord struct {
	word int32
	bits uint64
}

// AddTable posts that (vars[0], ..., vars[n-1]) takes one of the tuples,
// kept domain consistent: every value left in a domain belongs to an allowed
// tuple whose other values are still possible. A run costs, for each
// variable changed since the last, a pass over its masks, and for each
// value left, a word or two of the live set in most cases.
func (s *Solver) AddTable(vars []Var, tuples [][]int) PropID {
	for i, t := range tuples {
		if len(t) != len(vars) {
			panic(fmt.Sprintf("cp: tuple %d has %d values for %d variables", i, len(t), len(vars)))
		}
	}
	n := len(vars)
	c := &table{vars: append([]Var(nil), vars...), tuples: tuples,
		lo: make([]int, n), hi: make([]int, n), size: make([]Rev, n),
		supports: make([][]maskWord, n), start: make([][]int32, n), residue: make([][]int32, n)}
	nw := (len(tuples) + 63) / 64
	c.words = Rev(len(s.mem))
	for w := range nw {
		live := ^uint64(0)
		if rest := len(tuples) - 64*w; rest < 64 {
			live = 1<<rest - 1
		}
		s.NewRev(int64(live))
	}
	c.index = make([]int32, nw)
	for w := range c.index {
		c.index[w] = int32(w)
	}
	c.limit = s.NewRev(int64(nw))
	c.mask = make([]uint64, nw)
	for j, v := range vars {
		// The values outside the column go at the first run, so the
		// masks span the column's values within the domain.
		c.lo[j], c.hi[j] = s.Min(v), s.Max(v)
		if len(tuples) > 0 {
			lo, hi := tuples[0][j], tuples[0][j]
			for _, t := range tuples {
				lo, hi = min(lo, t[j]), max(hi, t[j])
			}
			c.lo[j], c.hi[j] = max(c.lo[j], lo), min(c.hi[j], hi)
		}
		c.buildMasks(j)
		c.size[j] = s.NewRev(-1)
	}
	seen := make(map[Var]bool, n)
	for _, v := range vars {
		c.repeats = c.repeats || seen[v]
		seen[v] = true
	}
	id := s.Add(c)
	for _, v := range c.vars {
		s.Watch(id, v, OnDomain)
	}
	return id
}

// buildMasks makes the masks of variable j's values, tuples in increasing
// order, so that a mask lists its tuples in the order of the list.
func (c *table) buildMasks(j int) {
	lo, width := c.lo[j], max(c.hi[j]-c.lo[j]+1, 0)
	start := make([]int32, width+1)
	last := make([]int32, width) // the last word counted for each value, plus one
	for ti, t := range c.tuples {
		if o := t[j] - lo; o >= 0 && o < width && last[o] != int32(ti/64)+1 {
			last[o] = int32(ti/64) + 1
			start[o+1]++
		}
	}
	for o := range width {
		start[o+1] += start[o]
	}
	supports := make([]maskWord, start[width])
	fill := append([]int32(nil), start[:width]...)
	for ti, t := range c.tuples {
		o := t[j] - lo
		if o < 0 || o >= width {
			continue
		}
		w, bit := int32(ti/64), uint64(1)<<(ti%64)
		if k := fill[o] - 1; k >= start[o] && supports[k].word == w {
			supports[k].bits |= bit
			continue
		}
		supports[fill[o]] = maskWord{word: w, bits: bit}
		fill[o]++
	}
	c.supports[j], c.start[j], c.residue[j] = supports, start, make([]int32, width)
}

func (c *table) Priority() Priority { return PriorityHeavy }
func (c *table) Idempotent() bool   { return true }

// Explains reports that the table explains its deductions: a value goes
// because each tuple that holds it lost another of its values.
func (c *table) Explains() bool { return true }

// word returns word w of the live set.
func (c *table) word(s *Solver, w int32) uint64 { return uint64(s.mem[c.words+Rev(w)]) }

// lost appends to dst, for each tuple of variable j's value x, a value it
// holds that its variable has lost, other than that of variable j.
func (c *table) lost(s *Solver, dst []Lit, j, x int) []Lit {
	o := x - c.lo[j]
	if o < 0 || o > c.hi[j]-c.lo[j] {
		return dst
	}
	for _, m := range c.supports[j][c.start[j][o]:c.start[j][o+1]] {
		for b := m.bits; b != 0; b &= b - 1 {
			dst = c.lostOf(s, dst, int(m.word)*64+bits.TrailingZeros64(b), j)
		}
	}
	return dst
}

// lostOf appends to dst a value of tuple ti that its variable has lost,
// looking at every variable but skip (-1 for none).
func (c *table) lostOf(s *Solver, dst []Lit, ti, skip int) []Lit {
	t := c.tuples[ti]
	for k, v := range c.vars {
		if k != skip && !s.Contains(v, t[k]) {
			return append(dst, s.IsNot(v, t[k]))
		}
	}
	return dst
}

// Propagate drops the tuples that lost a value and removes the values that
// no live tuple holds. The removals change no live tuple, so one pass
// reaches the fixpoint, unless a variable appears twice: then the values
// it lost for one column may kill tuples through another.
func (c *table) Propagate(s *Solver) error {
	for j, v := range c.vars {
		if s.Min(v) >= c.lo[j] && s.Max(v) <= c.hi[j] {
			continue
		}
		if s.Learning() {
			s.SetReason() // the table alone rules out what no tuple holds
		}
		if err := s.SetMin(v, c.lo[j]); err != nil {
			return err
		}
		if err := s.SetMax(v, c.hi[j]); err != nil {
			return err
		}
	}
	for {
		changed, only := 0, -1
		for j, v := range c.vars {
			if was := s.Get(c.size[j]); int64(s.Size(v)) != was {
				changed += 1 + int(max(-was, 0)) // the first run checks every variable
				only = j
				c.dropTuples(s, j, was < 0)
				s.Set(c.size[j], int64(s.Size(v)))
			}
		}
		if changed == 0 {
			return nil
		}
		if s.Get(c.limit) == 0 {
			return c.fail(s)
		}
		for j := range c.vars {
			if changed == 1 && j == only {
				continue // every value kept the tuple that supported it
			}
			if err := c.removeUnsupported(s, j); err != nil {
				return err
			}
			if !c.repeats {
				s.Set(c.size[j], int64(s.Size(c.vars[j])))
			}
		}
	}
}

// fail explains that no tuple is left: each lost a value.
func (c *table) fail(s *Solver) error {
	if !s.Learning() {
		return ErrInconsistent
	}
	c.why = c.why[:0]
	for ti := range c.tuples {
		c.why = c.lostOf(s, c.why, ti, -1)
	}
	return s.Fail(c.why...)
}

// dropTuples removes from the live set the tuples that hold a value that
// variable j has lost. It unites the masks of the values kept, or of those
// lost when they are fewer; at the first run, of those kept, as only they
// rule out the tuples of values outside the column.
func (c *table) dropTuples(s *Solver, j int, first bool) {
	v := c.vars[j]
	limit := int(s.Get(c.limit))
	for _, w := range c.index[:limit] {
		c.mask[w] = 0
	}
	lo, width := c.lo[j], c.hi[j]-c.lo[j]+1
	kept := s.Size(v)
	byLost := !first && width-kept < kept
	if byLost {
		for o := range width {
			if !s.Contains(v, lo+o) {
				c.unite(j, o)
			}
		}
	} else {
		for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
			c.unite(j, x-lo)
		}
	}
	for i := limit - 1; i >= 0; i-- {
		w := c.index[i]
		old := c.word(s, w)
		now := old & c.mask[w]
		if byLost {
			now = old &^ c.mask[w]
		}
		if now == old {
			continue
		}
		s.Set(c.words+Rev(w), int64(now))
		if now == 0 {
			limit--
			c.index[i], c.index[limit] = c.index[limit], c.index[i]
		}
	}
	s.Set(c.limit, int64(limit))
}

// unite adds the mask of variable j's value lo+o to the scratch mask.
func (c *table) unite(j, o int) {
	for _, m := range c.supports[j][c.start[j][o]:c.start[j][o+1]] {
		c.mask[m.word] |= m.bits
	}
}

// supported reports whether a live tuple holds the value x of variable j,
// a value of its column.
func (c *table) supported(s *Solver, j, x int) bool {
	o := x - c.lo[j]
	from, to := c.start[j][o], c.start[j][o+1]
	if from == to {
		return false
	}
	if m := c.supports[j][from+c.residue[j][o]]; c.word(s, m.word)&m.bits != 0 {
		return true
	}
	for k := from; k < to; k++ {
		if m := c.supports[j][k]; c.word(s, m.word)&m.bits != 0 {
			c.residue[j][o] = k - from
			return true
		}
	}
	return false
}

// removeUnsupported removes the values of variable j that no live tuple
// holds.
func (c *table) removeUnsupported(s *Solver, j int) error {
	v := c.vars[j]
	if s.boundsOnly(v) {
		return c.narrowBounds(s, j)
	}
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		if c.supported(s, j, x) {
			continue
		}
		if s.Learning() {
			c.why = c.lost(s, c.why[:0], j, x)
			s.SetReason(c.why...)
		}
		if err := s.Remove(v, x); err != nil {
			return err
		}
	}
	return nil
}

// narrowBounds moves the bounds of variable j, which has no holes, to its
// nearest supported values.
func (c *table) narrowBounds(s *Solver, j int) error {
	v := c.vars[j]
	lo, hi := s.Min(v), s.Max(v)
	newLo, newHi := lo, hi
	for newLo <= hi && !c.supported(s, j, newLo) {
		newLo++
	}
	for newHi >= newLo && !c.supported(s, j, newHi) {
		newHi--
	}
	if newLo == lo && newHi == hi {
		return nil
	}
	// Each value passed lost its tuples; the old bound keeps the values
	// beyond it out.
	explain := func(from, to int, bound Lit) {
		if !s.Learning() {
			return
		}
		c.why = append(c.why[:0], bound)
		for x := from; x <= to; x++ {
			c.why = c.lost(s, c.why, j, x)
		}
		s.SetReason(c.why...)
	}
	explain(lo, min(newLo, hi+1)-1, s.AtLeast(v, lo))
	if err := s.SetMin(v, newLo); err != nil {
		return err
	}
	explain(newHi+1, hi, s.AtMost(v, hi))
	return s.SetMax(v, newHi)
}
