package cp

// notEqual is the constraint x ≠ y + c.
type notEqual struct {
	x, y     Var
	c        int
	booleans bool // both are 0..1 variables
}

// AddNotEqual posts x ≠ y + c (c = 0 for plain x ≠ y). It is domain
// consistent: once one side is fixed, the value it rules out leaves the
// other. Over two 0..1 variables it explains its deductions, so learning
// can use it; over others SearchLearning refuses it (ErrCannotLearn).
func (s *Solver) AddNotEqual(x, y Var, c int) PropID {
	id := s.Add(&notEqual{x: x, y: y, c: c, booleans: s.vars[x].boolean && s.vars[y].boolean})
	s.Watch(id, x, OnFix)
	s.Watch(id, y, OnFix)
	return id
}

func (p *notEqual) Priority() Priority { return PriorityUnary }
func (p *notEqual) Idempotent() bool   { return true }

// Explains reports whether both variables are 0..1: then the fixed side is
// the reason for the other side's value.
func (p *notEqual) Explains() bool { return p.booleans }

func (p *notEqual) Propagate(s *Solver) error {
	if s.Fixed(p.y) {
		if p.booleans {
			s.SetReason(s.LitOf(p.y))
		}
		if err := s.Remove(p.x, s.Value(p.y)+p.c); err != nil {
			return err
		}
	}
	if s.Fixed(p.x) {
		if p.booleans {
			s.SetReason(s.LitOf(p.x))
		}
		return s.Remove(p.y, s.Value(p.x)-p.c)
	}
	return nil
}
