package cp

// condEqual is the constraint cond → x = y.
type condEqual struct {
	cond Lit
	x, y Var
}

// AddCondEqual posts cond → x = y: when cond holds, x and y keep only their
// common values; when they have none in common, cond is made false.
func (s *Solver) AddCondEqual(cond Lit, x, y Var) PropID {
	s.checkBool(cond.Var)
	id := s.Add(&condEqual{cond: cond, x: x, y: y})
	s.Watch(id, cond.Var, OnFix)
	s.Watch(id, x, OnDomain)
	s.Watch(id, y, OnDomain)
	return id
}

func (c *condEqual) Idempotent() bool { return true }

func (c *condEqual) Propagate(s *Solver) error {
	if s.isFalse(c.cond) {
		return nil
	}
	if !s.isTrue(c.cond) {
		if !s.intersects(c.x, c.y) {
			return s.makeTrue(c.cond.Not())
		}
		return nil
	}
	if err := s.keepCommon(c.x, c.y); err != nil {
		return err
	}
	return s.keepCommon(c.y, c.x)
}

// intersects reports whether x and y have a value in common.
func (s *Solver) intersects(x, y Var) bool {
	for v := s.Min(x); v <= s.Max(x); v = s.next(x, v+1) {
		if s.Contains(y, v) {
			return true
		}
	}
	return false
}

// keepCommon removes from x the values that y does not have.
func (s *Solver) keepCommon(x, y Var) error {
	if err := s.SetMin(x, s.Min(y)); err != nil {
		return err
	}
	if err := s.SetMax(x, s.Max(y)); err != nil {
		return err
	}
	for v := s.Min(x); v <= s.Max(x); v = s.next(x, v+1) {
		if !s.Contains(y, v) {
			if err := s.Remove(x, v); err != nil {
				return err
			}
		}
	}
	return nil
}
