package cp

// notEqual is the constraint x ≠ y + c.
type notEqual struct {
	x, y Var
	c    int
}

// AddNotEqual posts x ≠ y + c (c = 0 for plain x ≠ y). It is domain
// consistent: once one side is fixed, the value it rules out leaves the
// other, explained by the fixed side's value.
func (s *Solver) AddNotEqual(x, y Var, c int) PropID {
	id := s.Add(&notEqual{x: x, y: y, c: c})
	s.Watch(id, x, OnFix)
	s.Watch(id, y, OnFix)
	return id
}

func (p *notEqual) Priority() Priority { return PriorityUnary }
func (p *notEqual) Idempotent() bool   { return true }

// Explains reports that the fixed side is the reason for the value the
// other side loses.
func (p *notEqual) Explains() bool { return true }

func (p *notEqual) Propagate(s *Solver) error {
	if s.Fixed(p.y) {
		if s.Learning() {
			s.SetReason(s.Is(p.y, s.Value(p.y)))
		}
		if err := s.Remove(p.x, s.Value(p.y)+p.c); err != nil {
			return err
		}
	}
	if s.Fixed(p.x) {
		if s.Learning() {
			s.SetReason(s.Is(p.x, s.Value(p.x)))
		}
		return s.Remove(p.y, s.Value(p.x)-p.c)
	}
	return nil
}
