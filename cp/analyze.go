package cp

import "slices"

// analyze resolves the conflict, a set of true literals that cannot hold
// together (a nogood), back to the first unique implication point of the
// current level: it replaces the latest literal of the current level by
// the reason of the event that made it true until one literal of the
// current level is left. It returns the learned clause, the negation of
// the final nogood, with its asserting literal first.
func (c *cdcl) analyze(conflict []Lit) []Lit {
	s, l := c.s, &c.s.learn
	c.stamp++
	if c.stamp == 0 {
		clear(c.seen)
		clear(c.bumped)
		clear(c.lowStamp[0])
		clear(c.lowStamp[1])
		c.stamp = 1
	}
	if n := len(l.events); len(c.seen) < n {
		c.seen = append(c.seen, make([]uint32, n-len(c.seen))...)
		c.need = append(c.need, make([]Lit, n-len(c.need))...)
	}
	c.lower, c.lowerAt = c.lower[:0], c.lowerAt[:0]
	clear(c.lowerNE)
	pending := 0
	for _, p := range conflict {
		pending += c.note(p)
	}
	var uip Lit
	for i := len(l.events) - 1; ; i-- {
		if c.seen[i] != c.stamp {
			continue
		}
		pending--
		e := &l.events[i]
		if pending == 0 {
			uip = c.need[i]
			break
		}
		if e.why.kind == reasonDecision {
			// The events left are those of this level's decision, which
			// Assign made two of: the decision implies them all.
			uip = c.decisions[len(c.decisions)-1]
			break
		}
		c.buf = s.appendReason(c.buf[:0], e.why, e.lit)
		for _, p := range c.buf {
			pending += c.note(p)
		}
	}
	learnt := append(c.learnt[:0], uip.Not())
	for i, p := range c.lower {
		if c.needed(i) {
			learnt = append(learnt, p.Not())
		}
	}
	c.learnt = learnt
	return slices.Clone(learnt)
}

// note adds the true literal p to the nogood under analysis: a literal of
// the current level marks its event for resolution, one of a lower level
// joins the lower part, one of the root is dropped. It returns 1 when it
// marked a new event.
func (c *cdcl) note(p Lit) int {
	s, l := c.s, &c.s.learn
	if p.isEqual() {
		v := int(s.litValue(p))
		return c.note(s.AtLeast(p.Var(), v)) + c.note(s.AtMost(p.Var(), v))
	}
	e := s.eventOf(p)
	if e < 0 {
		return 0
	}
	if x := p.Var(); c.bumped[x] != c.stamp { // once per conflict, as VSIDS does
		c.bumped[x] = c.stamp
		c.activity[x] += c.bump
		c.heapOf(x).fix(x)
	}
	if l.events[e].level != l.level {
		c.addLower(p, e)
		return 0
	}
	if c.seen[e] != c.stamp {
		c.seen[e] = c.stamp
		c.need[e] = p
		return 1
	}
	c.need[e] = c.conjoin(c.need[e], p, l.events[e].lit)
	return 0
}

// addLower adds p, made true by event e of a lower level, to the lower
// part of the nogood, where a variable keeps its strongest bound on each
// side.
func (c *cdcl) addLower(p Lit, e int32) {
	if p.isNotEq() {
		if _, ok := c.lowerNE[p]; ok {
			return
		}
		if c.lowerNE == nil {
			c.lowerNE = make(map[Lit]int32)
		}
		c.lowerNE[p] = int32(len(c.lower))
		c.lower, c.lowerAt = append(c.lower, p), append(c.lowerAt, e)
		return
	}
	side := sideOf(p)
	if c.lowStamp[side][p.Var()] == c.stamp {
		i := c.lowPos[side][p.Var()]
		if q := c.lower[i]; side == sideLower && p.offset() > q.offset() || side == sideUpper && p.offset() < q.offset() {
			c.lower[i], c.lowerAt[i] = p, e
		}
		return
	}
	c.lowStamp[side][p.Var()], c.lowPos[side][p.Var()] = c.stamp, int32(len(c.lower))
	c.lower, c.lowerAt = append(c.lower, p), append(c.lowerAt, e)
}

// conjoin returns one literal that implies a and b, both implied by the
// event literal ev: the stronger of two bounds on the same side, else ev.
func (c *cdcl) conjoin(a, b, ev Lit) Lit {
	switch {
	case a == b:
		return a
	case a.isLower() && b.isLower():
		if a.offset() >= b.offset() {
			return a
		}
		return b
	case a.isUpper() && b.isUpper():
		if a.offset() <= b.offset() {
			return a
		}
		return b
	}
	return ev
}

// needed reports whether the literal lower[i] of the nogood must stay:
// unless it is a decision, it can go when every literal of its reason is
// true at the root or implied by a literal of the nogood made true before
// it (local minimization; the order keeps two literals from justifying
// each other).
func (c *cdcl) needed(i int) bool {
	s, l := c.s, &c.s.learn
	ev := &l.events[c.lowerAt[i]]
	if ev.why.kind == reasonDecision {
		return true
	}
	c.buf = s.appendReason(c.buf[:0], ev.why, ev.lit)
	if len(c.buf) == 0 {
		return true
	}
	for _, r := range c.buf {
		if !c.covered(r, c.lowerAt[i]) {
			return true
		}
	}
	return false
}

// covered reports whether the true literal r holds at the root or is
// implied by a literal of the nogood's lower part whose event comes before
// the event before.
func (c *cdcl) covered(r Lit, before int32) bool {
	s := c.s
	if r.isEqual() {
		v := int(s.litValue(r))
		return c.covered(s.AtLeast(r.Var(), v), before) && c.covered(s.AtMost(r.Var(), v), before)
	}
	if s.eventOf(r) < 0 {
		return true
	}
	implied := func(side int, ok func(q Lit) bool) bool {
		if c.lowStamp[side][r.Var()] != c.stamp {
			return false
		}
		i := c.lowPos[side][r.Var()]
		return c.lowerAt[i] < before && ok(c.lower[i])
	}
	switch {
	case r.isLower():
		return implied(sideLower, func(q Lit) bool { return q.offset() >= r.offset() })
	case r.isUpper():
		return implied(sideUpper, func(q Lit) bool { return q.offset() <= r.offset() })
	}
	v := s.litValue(r)
	if implied(sideLower, func(q Lit) bool { return s.litValue(q) > v }) ||
		implied(sideUpper, func(q Lit) bool { return s.litValue(q) < v }) {
		return true
	}
	i, ok := c.lowerNE[r]
	return ok && c.lowerAt[i] < before
}
