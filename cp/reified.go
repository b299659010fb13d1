package cp

// condEqual is the constraint cond → x = y.
type condEqual struct {
	cond Lit
	x, y Var
}

// AddCondEqual posts cond → x = y: when cond holds, x and y keep only their
// common values; when they have none in common, cond is made false.
func (s *Solver) AddCondEqual(cond Lit, x, y Var) PropID {
	s.checkBool(cond.Var())
	id := s.Add(&condEqual{cond: cond, x: x, y: y})
	s.Watch(id, cond.Var(), OnFix)
	s.Watch(id, x, OnDomain)
	s.Watch(id, y, OnDomain)
	return id
}

func (c *condEqual) Idempotent() bool { return true }

// Explains reports that the constraint explains its deductions.
func (c *condEqual) Explains() bool { return true }

func (c *condEqual) Propagate(s *Solver) error {
	if s.isFalse(c.cond) {
		return nil
	}
	if !s.isTrue(c.cond) {
		if !s.intersects(c.x, c.y) {
			if s.Learning() {
				s.SetReason(s.disjointWhy(c.x, c.y)...)
			}
			return s.makeTrue(c.cond.Not())
		}
		return nil
	}
	if err := s.keepCommon(c.x, c.y, c.cond); err != nil {
		return err
	}
	return s.keepCommon(c.y, c.x, c.cond)
}

// disjointWhy returns true literals under which x and y share no value:
// the bounds of each, and the values of each that the other's bounds
// allow but its domain lacks.
func (s *Solver) disjointWhy(x, y Var) []Lit {
	why := []Lit{s.AtLeast(x, s.Min(x)), s.AtMost(x, s.Max(x)), s.AtLeast(y, s.Min(y)), s.AtMost(y, s.Max(y))}
	lo, hi := max(s.Min(x), s.Min(y)), min(s.Max(x), s.Max(y))
	for v := lo; v <= hi; v++ {
		if !s.Contains(x, v) {
			why = append(why, s.IsNot(x, v))
		} else {
			why = append(why, s.IsNot(y, v))
		}
	}
	return why
}

// intersects reports whether x and y have a value in common.
func (s *Solver) intersects(x, y Var) bool {
	_, ok := s.common(x, y)
	return ok
}

// common returns the smallest value the domains of x and y share, and
// whether there is one.
func (s *Solver) common(x, y Var) (int, bool) {
	lo, hi := max(s.Min(x), s.Min(y)), min(s.Max(x), s.Max(y))
	if s.boundsOnly(x) { // walk the one that may have holes
		x, y = y, x
	}
	for v := s.next(x, lo); v <= hi; v = s.next(x, v+1) {
		if s.Contains(y, v) {
			return v, true
		}
	}
	return 0, false
}

// boundsOnly reports whether v keeps its bounds only, over more than
// MaxBitsetValues values: it has no holes, and walking its values is slow.
func (s *Solver) boundsOnly(v Var) bool { return s.vars[v].words == 0 && s.Size(v) > 2 }

// keepCommon removes from x the values that y does not have, where the
// true literal cond makes them equal.
func (s *Solver) keepCommon(x, y Var, cond Lit) error {
	learning := s.Learning()
	if learning {
		s.SetReason(cond, s.AtLeast(y, s.Min(y)))
	}
	if err := s.SetMin(x, s.Min(y)); err != nil {
		return err
	}
	if learning {
		s.SetReason(cond, s.AtMost(y, s.Max(y)))
	}
	if err := s.SetMax(x, s.Max(y)); err != nil {
		return err
	}
	if s.boundsOnly(x) || s.boundsOnly(y) {
		return nil // x cannot lose an inner value, or y lacks none
	}
	for v := s.Min(x); v <= s.Max(x); v = s.next(x, v+1) {
		if !s.Contains(y, v) {
			if learning {
				s.SetReason(cond, s.IsNot(y, v))
			}
			if err := s.Remove(x, v); err != nil {
				return err
			}
		}
	}
	return nil
}
