package cp

import "fmt"

// Lit is an atomic constraint on one variable, used as a truth value: one
// of [x ≥ v], [x ≤ v], [x = v] and [x ≠ v]. Over a 0..1 variable, Pos(x) is
// [x = 1] and Neg(x) is [x = 0]. Propagators explain their deductions with
// the true literals that force them (SetReason, Fail), and conflict
// learning keeps clauses, disjunctions of literals. Make them with Pos and
// Neg, or with the Solver's AtLeast, AtMost, Is and IsNot; the zero Lit is
// [x0 ≥ its initial minimum], which always holds.
//
// A literal packs its value as an offset from the variable's initial
// minimum, so it is 8 bytes whatever the values.
type Lit struct {
	x   uint32 // variable<<2 | kind | negated, with the kinds below
	off uint32 // the value's offset from the variable's initial minimum
}

// The kinds of literal, bit 1 of x. With the offset d and the variable's
// initial minimum m, a bound literal is [x ≥ m+d] and its negation
// [x ≤ m+d-1]; an equality literal is [x = m+d] and its negation [x ≠ m+d].
const (
	kindBound = 0
	kindEqual = 2
	negBit    = 1
)

// Pos returns the literal [x = 1] of a 0..1 variable.
func Pos(x Var) Lit { return Lit{x: uint32(x) << 2, off: 1} }

// Neg returns the literal [x = 0] of a 0..1 variable.
func Neg(x Var) Lit { return Lit{x: uint32(x)<<2 | negBit, off: 1} }

// Var returns the variable the literal speaks of.
func (l Lit) Var() Var { return Var(l.x >> 2) }

// Not returns the opposite literal.
func (l Lit) Not() Lit { return Lit{x: l.x ^ negBit, off: l.off} }

// Negated reports whether l is a negation: [x ≤ v], [x ≠ v], or Neg(x) on
// a 0..1 variable.
func (l Lit) Negated() bool { return l.x&negBit != 0 }

// value returns the value that makes a literal of a 0..1 variable true.
func (l Lit) value() int { return 1 - int(l.x&negBit) }

func (l Lit) form() uint32  { return l.x & (kindEqual | negBit) }
func (l Lit) offset() int64 { return int64(l.off) }
func (l Lit) isEqual() bool { return l.form() == kindEqual }
func (l Lit) isLower() bool { return l.form() == 0 }      // [x ≥ v]
func (l Lit) isUpper() bool { return l.form() == negBit } // [x ≤ v]
func (l Lit) isNotEq() bool { return l.form() == kindEqual|negBit }

func makeLit(x Var, off int64, kind uint32) Lit {
	return Lit{x: uint32(x)<<2 | kind, off: uint32(off)}
}

// AtLeast returns the literal [x ≥ v]. Out of x's initial domain it is a
// literal that always holds (v at most the initial minimum) or never does.
func (s *Solver) AtLeast(x Var, v int) Lit {
	info := &s.vars[x]
	off := min(max(int64(v)-info.offset, 0), int64(info.size))
	return makeLit(x, off, kindBound)
}

// AtMost returns the literal [x ≤ v].
func (s *Solver) AtMost(x Var, v int) Lit { return s.AtLeast(x, v+1).Not() }

// Is returns the literal [x = v]. At the ends of x's initial domain it is
// the bound literal of the same meaning ([x ≤ m] for the minimum m), so
// that a meaning has one literal there; over 0..1 variables Is(x, 1) is
// Pos(x).
func (s *Solver) Is(x Var, v int) Lit {
	info := &s.vars[x]
	off := int64(v) - info.offset
	switch {
	case off < 0 || off >= int64(info.size):
		return s.AtLeast(x, int(info.offset+int64(info.size))) // never holds
	case off == 0:
		return s.AtMost(x, v)
	case off == int64(info.size)-1:
		return s.AtLeast(x, v)
	}
	return makeLit(x, off, kindEqual)
}

// IsNot returns the literal [x ≠ v].
func (s *Solver) IsNot(x Var, v int) Lit { return s.Is(x, v).Not() }

// litValue returns the value in l's meaning: v in [x ≥ v], [x = v] and
// [x ≠ v], and v in [x ≤ v].
func (s *Solver) litValue(l Lit) int64 {
	v := s.vars[l.Var()].offset + l.offset()
	if l.isUpper() {
		v--
	}
	return v
}

// isTrue and isFalse read a literal's state; both are false while the
// domain allows either.
func (s *Solver) isTrue(l Lit) bool {
	if l.x&kindEqual != 0 {
		return s.isTrueEqual(l)
	}
	return s.boundTrue(l)
}

// boundTrue is isTrue for the bound literals [x ≥ v] and [x ≤ v].
func (s *Solver) boundTrue(l Lit) bool {
	info := &s.vars[l.x>>2]
	v := info.offset + int64(l.off)
	if l.x&negBit == 0 { // [x ≥ v]
		return s.mem[info.base] >= v
	}
	return s.mem[info.base+1] < v // [x ≤ v-1]
}

// boolTrue is isTrue for Pos(x) and Neg(x) of a 0..1 variable x, which
// are [x ≥ 1] and [x ≤ 0].
func (s *Solver) boolTrue(l Lit) bool {
	base := s.vars[l.x>>2].base
	if l.x&negBit == 0 {
		return s.mem[base] == 1
	}
	return s.mem[base+1] == 0
}

// isTrueEqual is isTrue for [x = v] and [x ≠ v].
func (s *Solver) isTrueEqual(l Lit) bool {
	info := &s.vars[l.Var()]
	v := info.offset + l.offset()
	if l.x&negBit == 0 {
		return s.mem[info.base] == v && s.mem[info.base+1] == v
	}
	return !s.Contains(l.Var(), int(v))
}

func (s *Solver) isFalse(l Lit) bool { return s.isTrue(l.Not()) }

// IsTrue reports whether the literal holds in every value left.
func (s *Solver) IsTrue(l Lit) bool { return s.isTrue(l) }

// IsFalse reports whether the literal holds in no value left.
func (s *Solver) IsFalse(l Lit) bool { return s.isTrue(l.Not()) }

// makeTrue narrows l's variable so that l holds.
func (s *Solver) makeTrue(l Lit) error {
	info := &s.vars[l.Var()]
	if info.boolean && isPlain(l) {
		return s.Assign(l.Var(), l.value())
	}
	v := int(info.offset + l.offset())
	switch l.form() {
	case 0:
		return s.SetMin(l.Var(), v)
	case negBit:
		return s.SetMax(l.Var(), v-1)
	case kindEqual:
		return s.Assign(l.Var(), v)
	}
	if s.boundsOnly(l.Var()) && v > s.Min(l.Var()) && v < s.Max(l.Var()) {
		panic(fmt.Sprintf("cp: %s cannot be made true: %s keeps bounds only", s.LitString(l), s.Name(l.Var())))
	}
	return s.Remove(l.Var(), v)
}

// LitString describes a literal with its variable's name: "x3 ≥ 4".
func (s *Solver) LitString(l Lit) string {
	v := s.litValue(l)
	op := [...]string{"≥", "≤", "=", "≠"}[l.form()]
	return fmt.Sprintf("%s %s %d", s.Name(l.Var()), op, v)
}

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
	// plain reports that every literal is Pos or Neg of its variable, as
	// nearly every clause's are: Propagate then reads the bounds directly.
	plain bool
}

// AddClause posts the constraint that at least one of lits is true. Every
// literal's variable must be a 0..1 variable.
func (s *Solver) AddClause(lits ...Lit) PropID {
	c := &clause{lits: append([]Lit(nil), lits...), plain: true}
	for _, l := range c.lits {
		c.plain = c.plain && isPlain(l)
	}
	id := s.Add(c)
	for _, l := range c.lits {
		s.checkBool(l.Var())
		s.Watch(id, l.Var(), OnFix)
	}
	return id
}

func (c *clause) Propagate(s *Solver) error {
	free, nfree := Lit{}, 0
	// The loop is written twice on purpose: one loop testing c.plain at
	// each literal took 5% more instructions on Aquarium's pool search
	// (callgrind, RandomPool/100x100).
	if c.plain {
		for _, l := range c.lits {
			switch {
			case s.boolTrue(l):
				return nil
			case !s.Fixed(l.Var()):
				free, nfree = l, nfree+1
			}
		}
	} else {
		for _, l := range c.lits {
			switch {
			case s.isTrue(l):
				return nil
			case !s.Fixed(l.Var()):
				free, nfree = l, nfree+1
			}
		}
	}
	switch nfree {
	case 0:
		return s.Fail(c.falsified(s, Lit{x: ^uint32(0)})...)
	case 1:
		if s.Learning() {
			s.SetReason(c.falsified(s, free)...)
		}
		return s.makeTrue(free)
	}
	return nil
}

// falsified returns the negations of the clause's literals other than
// except: the true literals that rule the clause's other options out. The
// slice is the solver's scratch, which SetReason and Fail copy.
func (c *clause) falsified(s *Solver, except Lit) []Lit {
	if !s.Learning() {
		return nil
	}
	why := s.learn.why[:0]
	for _, l := range c.lits {
		if l != except {
			why = append(why, l.Not())
		}
	}
	s.learn.why = why
	return why
}

// implication is the binary clause if → then.
type implication struct {
	clauseLike
	cond, then Lit
}

// AddImplication posts cond → then over 0..1 variables.
func (s *Solver) AddImplication(cond, then Lit) PropID {
	s.checkBool(cond.Var())
	s.checkBool(then.Var())
	id := s.Add(&implication{cond: cond, then: then})
	s.Watch(id, cond.Var(), OnFix)
	s.Watch(id, then.Var(), OnFix)
	return id
}

// isPlain reports whether l, a literal of a 0..1 variable, is Pos or Neg
// of it (not one of the equality literals of the same values), which
// boolTrue reads.
func isPlain(l Lit) bool { return l.off == 1 && l.x&kindEqual == 0 }

func (p *implication) Propagate(s *Solver) error {
	if isPlain(p.cond) && isPlain(p.then) {
		// Pos and Neg, as nearly every implication has: read the bounds.
		if s.boolTrue(p.cond) {
			s.SetReason(p.cond)
			return s.makeTrue(p.then)
		}
		if s.boolTrue(p.then.Not()) {
			s.SetReason(p.then.Not())
			return s.makeTrue(p.cond.Not())
		}
		return nil
	}
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
