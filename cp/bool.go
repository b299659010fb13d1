package cp

import "fmt"

// Lit is a 0..1 variable, or its negation, used as a truth value.
type Lit struct {
	Var     Var
	Negated bool
}

// Pos returns the literal that is true when v is 1.
func Pos(v Var) Lit { return Lit{Var: v} }

// Neg returns the literal that is true when v is 0.
func Neg(v Var) Lit { return Lit{Var: v, Negated: true} }

// Not returns the opposite literal.
func (l Lit) Not() Lit { return Lit{Var: l.Var, Negated: !l.Negated} }

// value returns the 0..1 value that makes l true.
func (l Lit) value() int {
	if l.Negated {
		return 0
	}
	return 1
}

// isTrue and isFalse read a literal's state; both are false while unfixed.
func (s *Solver) isTrue(l Lit) bool  { return s.Fixed(l.Var) && s.Min(l.Var) == l.value() }
func (s *Solver) isFalse(l Lit) bool { return s.Fixed(l.Var) && s.Min(l.Var) != l.value() }

// makeTrue fixes l to true.
func (s *Solver) makeTrue(l Lit) error { return s.Assign(l.Var, l.value()) }

func (s *Solver) checkBool(v Var) {
	if s.Min(v) < 0 || s.Max(v) > 1 {
		panic(fmt.Sprintf("cp: %s is not a 0..1 variable", s.Describe(v)))
	}
}

// clauseLike gives a propagator that acts as clauses do (over 0..1
// variables, cheap, explaining each deduction by the literals that force
// it) the traits the engine asks for: unary priority, idempotence and
// explanations. Embedded first, it takes no space.
type clauseLike struct{}

func (clauseLike) Priority() Priority { return PriorityUnary }
func (clauseLike) Idempotent() bool   { return true }
func (clauseLike) Explains() bool     { return true }

// clause is the disjunction of its literals.
type clause struct {
	clauseLike
	lits []Lit
}

// AddClause posts the constraint that at least one of lits is true. Every
// literal's variable must be a 0..1 variable.
func (s *Solver) AddClause(lits ...Lit) PropID {
	c := &clause{lits: append([]Lit(nil), lits...)}
	id := s.Add(c)
	for _, l := range c.lits {
		s.checkBool(l.Var)
		s.Watch(id, l.Var, OnFix)
	}
	return id
}

func (c *clause) Propagate(s *Solver) error {
	free, nfree := Lit{}, 0
	for _, l := range c.lits {
		switch {
		case s.isTrue(l):
			return nil
		case !s.Fixed(l.Var):
			free, nfree = l, nfree+1
		}
	}
	switch nfree {
	case 0:
		return s.Fail(c.falsified(s, Lit{Var: -1})...)
	case 1:
		if s.Learning() {
			s.SetReason(c.falsified(s, free)...)
		}
		return s.makeTrue(free)
	}
	return nil
}

// falsified returns the negations of the clause's literals other than
// except: the true literals that rule the clause's other options out.
func (c *clause) falsified(s *Solver, except Lit) []Lit {
	if !s.Learning() {
		return nil
	}
	why := make([]Lit, 0, len(c.lits))
	for _, l := range c.lits {
		if l != except {
			why = append(why, l.Not())
		}
	}
	return why
}

// implication is the binary clause if → then.
type implication struct {
	clauseLike
	cond, then Lit
}

// AddImplication posts cond → then over 0..1 variables.
func (s *Solver) AddImplication(cond, then Lit) PropID {
	s.checkBool(cond.Var)
	s.checkBool(then.Var)
	id := s.Add(&implication{cond: cond, then: then})
	s.Watch(id, cond.Var, OnFix)
	s.Watch(id, then.Var, OnFix)
	return id
}

func (p *implication) Propagate(s *Solver) error {
	if s.isTrue(p.cond) {
		s.SetReason(p.cond)
		return s.makeTrue(p.then)
	}
	if s.isFalse(p.then) {
		s.SetReason(p.then.Not())
		return s.makeTrue(p.cond.Not())
	}
	return nil
}
