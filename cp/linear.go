package cp

import (
	"fmt"
	"sort"
)

// Relation is a comparison: of a linear sum with a constant, of two
// variables, of a variable with a value in a search Decision.
type Relation uint8

// Relations. The first three are the original ones and keep their values.
const (
	LessEq    Relation = iota // a ≤ b
	GreaterEq                 // a ≥ b
	Equal                     // a = b
	NotEqual                  // a ≠ b
	Less                      // a < b
	Greater                   // a > b
)

var relationNames = [...]string{LessEq: "≤", GreaterEq: "≥", Equal: "=", NotEqual: "≠", Less: "<", Greater: ">"}

// String returns the relation's symbol.
func (r Relation) String() string { return enumName(relationNames[:], "Relation", r) }

// Negate returns the relation that holds exactly when r does not: ≤ and
// >, ≥ and <, = and ≠ are each other's negations.
func (r Relation) Negate() Relation {
	switch r {
	case LessEq:
		return Greater
	case GreaterEq:
		return Less
	case Equal:
		return NotEqual
	case NotEqual:
		return Equal
	case Less:
		return GreaterEq
	case Greater:
		return LessEq
	}
	panic(fmt.Sprintf("cp: unknown relation %d", r))
}

// Holds reports whether a r b.
func (r Relation) Holds(a, b int) bool {
	switch r {
	case LessEq:
		return a <= b
	case GreaterEq:
		return a >= b
	case Equal:
		return a == b
	case NotEqual:
		return a != b
	case Less:
		return a < b
	case Greater:
		return a > b
	}
	panic(fmt.Sprintf("cp: unknown relation %d", r))
}

// nonStrict rewrites a r k over integers without the strict relations:
// a < k is a ≤ k-1 and a > k is a ≥ k+1. Other relations come back as
// they are.
func (r Relation) nonStrict(k int64) (Relation, int64) {
	switch r {
	case Less:
		return LessEq, k - 1
	case Greater:
		return GreaterEq, k + 1
	}
	return r, k
}

// enumName returns names[v], or typ(v), such as "Relation(7)", for a value
// without a name: the String method of the package's enumerations.
func enumName[T ~uint8](names []string, typ string, v T) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// BoolSum is the constraint Σ wᵢ·lᵢ rel k over literals of 0..1 variables.
// It is bounds consistent: a literal whose weight would carry the sum past k
// is made false, and one without which the sum cannot reach k is made true.
// With ≠, the last open literal is fixed so that the sum misses k.
type BoolSum struct {
	lits    []Lit   // heaviest first
	weights []int64 // positive, in the order of lits
	k       int64
	rel     Relation
	fixed   Rev // Σ wᵢ over true literals
	free    Rev // Σ wᵢ over literals not fixed yet
}

// AddBoolSum posts Σ weights[i]·lits[i] rel k, where a true literal counts 1
// and a false one 0; rel may be any Relation. A nil weights slice means
// every weight is 1. Weights may
// be negative (the literal is flipped) or zero (the term is dropped); the
// same variable may appear several times. s.Propagator(id).(*BoolSum) gives
// the constraint itself, for its Bounds.
func (s *Solver) AddBoolSum(lits []Lit, weights []int, rel Relation, k int) PropID {
	c, fixed, free := newBoolSum(s, lits, weights, rel, k)
	c.fixed, c.free = s.NewRev(fixed), s.NewRev(free)
	id := s.Add(c)
	for i, l := range c.lits {
		s.WatchTagged(id, l.Var(), OnFix, int32(i))
	}
	return id
}

// newBoolSum builds the constraint of AddBoolSum without its running sums
// and without adding it: it returns what the sums of the true and of the
// free weights are now.
func newBoolSum(s *Solver, lits []Lit, weights []int, rel Relation, k int) (c *BoolSum, fixed, free int64) {
	if weights != nil && len(weights) != len(lits) {
		panic(fmt.Sprintf("cp: %d weights for %d literals", len(weights), len(lits)))
	}
	c = &BoolSum{}
	c.rel, c.k = rel.nonStrict(int64(k))
	type term struct {
		l Lit
		w int64
	}
	terms := make([]term, 0, len(lits))
	for i, l := range lits {
		s.checkBool(l.Var())
		w := int64(1)
		if weights != nil {
			w = int64(weights[i])
		}
		switch {
		case w == 0:
			continue
		case w < 0: // w·l = w + |w|·¬l
			c.k -= w
			l, w = l.Not(), -w
		}
		terms = append(terms, term{l, w})
	}
	sort.SliceStable(terms, func(i, j int) bool { return terms[i].w > terms[j].w })
	for _, t := range terms {
		c.lits = append(c.lits, t.l)
		c.weights = append(c.weights, t.w)
		switch {
		case s.isTrue(t.l):
			fixed += t.w
		case !s.Fixed(t.l.Var()):
			free += t.w
		}
	}
	return c, fixed, free
}

// Idempotent reports that the constraint reaches its own fixpoint.
func (c *BoolSum) Idempotent() bool { return true }

// Explains reports that the constraint explains its deductions.
func (c *BoolSum) Explains() bool { return true }

// why returns the literals behind a bound: for the upper bound (the sum of
// the true literals is too large) the true literals, for the lower bound
// (the sum can no longer reach k) the negations of the false ones.
func (c *BoolSum) why(s *Solver, upper bool) []Lit {
	if !s.Learning() {
		return nil
	}
	var lits []Lit
	for _, l := range c.lits {
		if upper && s.isTrue(l) {
			lits = append(lits, l)
		} else if !upper && s.isFalse(l) {
			lits = append(lits, l.Not())
		}
	}
	return lits
}

// Advise keeps the running sums as the literals get fixed.
func (c *BoolSum) Advise(s *Solver, tag int32) bool {
	w := c.weights[tag]
	s.Set(c.free, s.Get(c.free)-w)
	if s.isTrue(c.lits[tag]) {
		s.Set(c.fixed, s.Get(c.fixed)+w)
	}
	return true
}

// Bounds returns the smallest and largest sums still possible.
func (c *BoolSum) Bounds(s *Solver) (lo, hi int) {
	fixed := s.Get(c.fixed)
	return int(fixed), int(fixed + s.Get(c.free))
}

// Propagate prunes the literals whose value is forced by the bounds. One
// pass, heaviest first, reaches the fixpoint: a free literal that is not
// forced stops the pass, since lighter ones cannot be forced either and
// nothing changes after it; every literal before it is fixed.
func (c *BoolSum) Propagate(s *Solver) error {
	if c.rel == NotEqual {
		return c.exclude(s)
	}
	atMost, atLeast := c.rel != GreaterEq, c.rel != LessEq
	if err := c.check(s, atMost, atLeast); err != nil {
		return err
	}
	for i, l := range c.lits {
		if s.Fixed(l.Var()) {
			continue
		}
		lo := s.Get(c.fixed)
		hi := lo + s.Get(c.free)
		w := c.weights[i]
		switch {
		case atMost && lo+w > c.k:
			s.SetReason(c.why(s, true)...)
			if err := s.makeTrue(l.Not()); err != nil {
				return err
			}
		case atLeast && hi-w < c.k:
			s.SetReason(c.why(s, false)...)
			if err := s.makeTrue(l); err != nil {
				return err
			}
		default:
			return nil
		}
		if err := c.check(s, atMost, atLeast); err != nil {
			return err
		}
	}
	return nil
}

// exclude keeps the sum from k: with one literal open it fixes the
// literal the other way than k needs, and with none it checks the sum.
// The reason is every other literal as it stands.
func (c *BoolSum) exclude(s *Solver) error {
	fixed, free := s.Get(c.fixed), s.Get(c.free)
	if len(c.lits) > 0 && free > c.weights[0] {
		return nil // at least two literals are open
	}
	open := -1
	for i, l := range c.lits {
		if !s.Fixed(l.Var()) {
			if open >= 0 {
				return nil
			}
			open = i
		}
	}
	switch {
	case open < 0 && fixed == c.k:
		return s.Fail(standing(s, c.lits, -1)...)
	case open < 0:
		return nil
	case fixed == c.k: // the sum is k unless the literal holds
		s.SetReason(standing(s, c.lits, open)...)
		return s.makeTrue(c.lits[open])
	case fixed+c.weights[open] == c.k:
		s.SetReason(standing(s, c.lits, open)...)
		return s.makeTrue(c.lits[open].Not())
	}
	return nil
}

// standing returns the fixed literals of lits as they stand (as LitOf
// gives them), except the one at except: the reason of a deduction that
// reads them all. It is nil outside learning.
func standing(s *Solver, lits []Lit, except int) []Lit {
	if !s.Learning() {
		return nil
	}
	why := make([]Lit, 0, len(lits))
	for i, l := range lits {
		if i != except {
			why = append(why, s.LitOf(l.Var()))
		}
	}
	return why
}

// check fails when the bounds leave no sum that satisfies the relation.
func (c *BoolSum) check(s *Solver, atMost, atLeast bool) error {
	lo := s.Get(c.fixed)
	hi := lo + s.Get(c.free)
	switch {
	case atMost && lo > c.k:
		return s.Fail(c.why(s, true)...)
	case atLeast && hi < c.k:
		return s.Fail(c.why(s, false)...)
	}
	return nil
}
