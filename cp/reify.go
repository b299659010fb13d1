package cp

import (
	"math"
	"slices"
)

// Reification is how a literal b is tied to a constraint C.
type Reification uint8

// Reifications, as FlatZinc's _reif and _imp constraints ask.
const (
	Iff     Reification = iota // b ⇔ C: b holds exactly when C does
	Implies                    // b → C: C holds when b does
)

var reificationNames = [...]string{Iff: "⇔", Implies: "→"}

// String returns the reification's arrow.
func (r Reification) String() string { return enumName(reificationNames[:], "Reification", r) }

// reified is the part every reified constraint shares: the literal and
// the reification. A reified propagator asks its condition whether it is
// entailed or refuted by the domains; then reified makes b true or false,
// or, once b is fixed, the propagator enforces the condition or its
// negation.
type reified struct {
	b    Lit
	mode Reification
}

// status is what the domains say of a reified constraint's condition.
type status uint8

const (
	undecided status = iota
	entailed         // every assignment left satisfies the condition
	refuted          // none does
)

// settle acts on b given what the domains say of the condition: a refuted
// condition makes b false, an entailed one makes b true (under Iff). It
// returns whether the propagator should enforce the condition (b holds),
// its negation (b is false, under Iff), or neither.
func (r reified) settle(s *Solver, st status) (enforce, negate bool, err error) {
	switch st {
	case refuted:
		return false, false, s.makeTrue(r.b.Not())
	case entailed:
		if r.mode == Iff {
			return false, false, s.makeTrue(r.b)
		}
		return false, false, nil
	}
	switch {
	case s.isTrue(r.b):
		return true, false, nil
	case s.isFalse(r.b) && r.mode == Iff:
		return false, true, nil
	}
	return false, false, nil
}

// boundReif is the constraint b ⇔ x rel k (or b → x rel k), rel one of
// ≤, ≥, =, ≠.
type boundReif struct {
	reified
	x     Var
	rel   Relation
	k     int
	never bool // x < MinInt or x > MaxInt
}

// AddBoundReif posts b ⇔ x rel k, or b → x rel k under Implies
// (FlatZinc's int_le_reif, int_eq_imp, ... with a constant side). It is
// domain consistent: b follows as soon as x's domain decides the
// relation, and once b is fixed x keeps the values that agree with it.
func (s *Solver) AddBoundReif(b Lit, mode Reification, x Var, rel Relation, k int) PropID {
	s.checkBool(b.Var())
	c := &boundReif{reified: reified{b: b, mode: mode}, x: x}
	if rel == Less && k == math.MinInt || rel == Greater && k == math.MaxInt {
		c.never = true
	}
	r, k64 := rel.nonStrict(int64(k))
	c.rel, c.k = r, int(k64)
	id := s.Add(c)
	s.Watch(id, b.Var(), OnFix)
	event := OnBounds
	if c.rel == Equal || c.rel == NotEqual {
		event = OnDomain
	}
	s.Watch(id, x, event)
	return id
}

// AddCondBound posts cond → x rel k: when cond holds, x's domain is cut to
// the values satisfying the relation; when none of x's values does, cond is
// made false. It is AddBoundReif under Implies.
func (s *Solver) AddCondBound(cond Lit, x Var, rel Relation, k int) PropID {
	return s.AddBoundReif(cond, Implies, x, rel, k)
}

func (c *boundReif) Priority() Priority { return PriorityUnary }
func (c *boundReif) Idempotent() bool   { return true }

func (c *boundReif) status(s *Solver) status {
	x, k := c.x, c.k
	if c.never {
		return refuted
	}
	switch c.rel {
	case LessEq:
		return decide(s.Max(x) <= k, s.Min(x) > k)
	case GreaterEq:
		return decide(s.Min(x) >= k, s.Max(x) < k)
	case Equal:
		return decide(s.Fixed(x) && s.Min(x) == k, !s.Contains(x, k))
	}
	return decide(!s.Contains(x, k), s.Fixed(x) && s.Min(x) == k) // ≠
}

// decide turns two tests into a status.
func decide(holds, fails bool) status {
	switch {
	case holds:
		return entailed
	case fails:
		return refuted
	}
	return undecided
}

// Explains reports that the constraint explains its deductions: x rel k
// is one literal, and b and that literal explain each other.
func (c *boundReif) Explains() bool { return true }

// holds returns the literal x rel k.
func (c *boundReif) holds(s *Solver) Lit {
	switch c.rel {
	case LessEq:
		return s.AtMost(c.x, c.k)
	case GreaterEq:
		return s.AtLeast(c.x, c.k)
	case Equal:
		return s.Is(c.x, c.k)
	}
	return s.IsNot(c.x, c.k)
}

func (c *boundReif) Propagate(s *Solver) error {
	learning := s.Learning()
	st := c.status(s)
	if learning {
		switch {
		case c.never:
			s.SetReason()
		case st == refuted:
			s.SetReason(c.holds(s).Not())
		case st == entailed:
			s.SetReason(c.holds(s))
		}
	}
	enforce, negate, err := c.settle(s, st)
	if err != nil || !enforce && !negate {
		return err
	}
	rel := c.rel
	if learning {
		s.SetReason(c.b)
	}
	if negate {
		rel = rel.Negate()
		if learning {
			s.SetReason(c.b.Not())
		}
	}
	return s.Apply(Decision{Var: c.x, Rel: rel, Val: c.k})
}

// compareReif is the constraint b ⇔ x rel y + c (or b → ...), rel one of
// ≤, = and ≠.
type compareReif struct {
	reified
	always bool // no literal: the constraint holds (AddCompare)
	x, y   Var
	rel    Relation
	c      int
}

// AddCompare posts x rel y + c (c = 0 for FlatZinc's int_le, int_lt, int_eq
// and the like; x ≤ y - d for a precedence). The order relations are
// bounds consistent, = is domain consistent (x and y + c keep their
// common values) and ≠ is AddNotEqual.
func (s *Solver) AddCompare(x Var, rel Relation, y Var, c int) PropID {
	if rel == NotEqual && x != y {
		return s.AddNotEqual(x, y, c)
	}
	return s.addCompare(&compareReif{always: true}, x, rel, y, c)
}

// AddCompareReif posts b ⇔ x rel y + c, or b → x rel y + c under Implies
// (FlatZinc's int_le_reif, int_eq_imp, ...). b follows once the bounds
// decide an order relation, or once the domains decide = or ≠ (disjoint
// bounds, or a fixed side the other lacks); once b is fixed, the relation
// or its negation is enforced as AddCompare enforces it.
func (s *Solver) AddCompareReif(b Lit, mode Reification, x Var, rel Relation, y Var, c int) PropID {
	s.checkBool(b.Var())
	id := s.addCompare(&compareReif{reified: reified{b: b, mode: mode}}, x, rel, y, c)
	s.Watch(id, b.Var(), OnFix)
	return id
}

// addCompare rewrites x rel y + c with ≤, = or ≠ only and adds p.
func (s *Solver) addCompare(p *compareReif, x Var, rel Relation, y Var, c int) PropID {
	switch rel {
	case Less: // x ≤ y + c - 1
		rel, c = LessEq, c-1
	case GreaterEq: // y ≤ x - c
		rel, x, y, c = LessEq, y, x, -c
	case Greater: // y ≤ x - c - 1
		rel, x, y, c = LessEq, y, x, -c-1
	}
	p.x, p.y, p.rel, p.c = x, y, rel, c
	id := s.Add(p)
	event := OnBounds
	if rel != LessEq {
		event = OnDomain
	}
	s.Watch(id, x, event)
	s.Watch(id, y, event)
	return id
}

func (p *compareReif) Idempotent() bool { return true }

func (p *compareReif) status(s *Solver) status {
	x, y, c := p.x, p.y, p.c
	if x == y { // x rel x + c is 0 rel c, whatever x
		holds := p.rel == LessEq && 0 <= c || p.rel == Equal && c == 0 || p.rel == NotEqual && c != 0
		return decide(holds, !holds)
	}
	switch p.rel {
	case LessEq:
		return decide(s.Max(x) <= s.Min(y)+c, s.Min(x) > s.Max(y)+c)
	case Equal:
		return decide(s.Fixed(x) && s.Fixed(y) && s.Min(x) == s.Min(y)+c, p.apart(s))
	}
	return decide(p.apart(s), s.Fixed(x) && s.Fixed(y) && s.Min(x) == s.Min(y)+c)
}

// apart reports whether x = y + c is impossible: the bounds do not meet,
// or one side is fixed to a value the other lacks.
func (p *compareReif) apart(s *Solver) bool {
	x, y, c := p.x, p.y, p.c
	return s.Max(x) < s.Min(y)+c || s.Min(x) > s.Max(y)+c ||
		s.Fixed(x) && !s.Contains(y, s.Min(x)-c) ||
		s.Fixed(y) && !s.Contains(x, s.Min(y)+c)
}

func (p *compareReif) Propagate(s *Solver) error {
	enforce, negate := p.always, false
	if !p.always {
		var err error
		if enforce, negate, err = p.settle(s, p.status(s)); err != nil || !enforce && !negate {
			return err
		}
	}
	if p.x == p.y {
		// One variable on both sides, which the bound reasoning below
		// would narrow one value a run: the relation is decided at once.
		if holds := p.status(s) == entailed; holds != enforce {
			return ErrInconsistent
		}
		return nil
	}
	switch {
	case p.rel == LessEq && enforce: // x ≤ y + c
		if err := s.SetMax(p.x, s.Max(p.y)+p.c); err != nil {
			return err
		}
		return s.SetMin(p.y, s.Min(p.x)-p.c)
	case p.rel == LessEq: // x > y + c
		if err := s.SetMin(p.x, s.Min(p.y)+p.c+1); err != nil {
			return err
		}
		return s.SetMax(p.y, s.Max(p.x)-p.c-1)
	case (p.rel == Equal) == enforce:
		if err := s.keepShifted(p.x, p.y, p.c); err != nil {
			return err
		}
		return s.keepShifted(p.y, p.x, -p.c)
	}
	// x ≠ y + c: a fixed side's value leaves the other.
	if s.Fixed(p.y) {
		if err := s.Remove(p.x, s.Min(p.y)+p.c); err != nil {
			return err
		}
	}
	if s.Fixed(p.x) {
		return s.Remove(p.y, s.Min(p.x)-p.c)
	}
	return nil
}

// keepShifted removes from x the values v for which y lacks v - c.
func (s *Solver) keepShifted(x, y Var, c int) error {
	if err := s.SetMin(x, s.Min(y)+c); err != nil {
		return err
	}
	if err := s.SetMax(x, s.Max(y)+c); err != nil {
		return err
	}
	for v := s.Min(x); v <= s.Max(x); v = s.next(x, v+1) {
		if !s.Contains(y, v-c) {
			if err := s.Remove(x, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// linearReif is the constraint b ⇔ Σ aᵢ·xᵢ rel k (or b → ...), rel one of
// ≤, ≥, = and ≠.
type linearReif struct {
	reified
	linear
	rel Relation
	k   int64
}

// AddIntSumReif posts b ⇔ Σ coeffs[i]·vars[i] rel k, or b → ... under
// Implies (FlatZinc's int_lin_le_reif, int_lin_eq_imp, int_lin_ne_reif,
// ...). b follows once the sum's bounds decide the relation; once b is
// fixed, the relation or its negation is enforced as AddIntSum enforces
// it: bounds consistent for ≤, ≥, =, and ≠ once one term is open.
func (s *Solver) AddIntSumReif(b Lit, mode Reification, vars []Var, coeffs []int, rel Relation, k int) PropID {
	s.checkBool(b.Var())
	c := &linearReif{reified: reified{b: b, mode: mode}, linear: newLinear(vars, coeffs)}
	c.rel, c.k = rel.nonStrict(int64(k))
	id := s.Add(c)
	s.Watch(id, b.Var(), OnFix)
	c.watch(s, id)
	return id
}

func (c *linearReif) Idempotent() bool { return true }

func (c *linearReif) Propagate(s *Solver) error {
	lo, hi := c.bounds(s)
	var st status
	switch c.rel {
	case LessEq:
		st = decide(hi <= c.k, lo > c.k)
	case GreaterEq:
		st = decide(lo >= c.k, hi < c.k)
	case Equal:
		st = decide(lo == c.k && hi == c.k, lo > c.k || hi < c.k)
	case NotEqual:
		st = decide(lo > c.k || hi < c.k, lo == c.k && hi == c.k)
	}
	enforce, negate, err := c.settle(s, st)
	if err != nil || !enforce && !negate {
		return err
	}
	// The enforced side is explained by the sum's bounds and b; b's own
	// value, set by settle, by the propagator's variables (see Explaining).
	rel, cond := c.rel, c.b
	if negate {
		rel, cond = rel.Negate(), c.b.Not()
	}
	switch rel {
	case LessEq:
		return c.narrow(s, c.k, true, false, true, cond)
	case GreaterEq:
		return c.narrow(s, c.k, false, true, true, cond)
	case Greater:
		return c.narrow(s, c.k+1, false, true, true, cond)
	case Less:
		return c.narrow(s, c.k-1, true, false, true, cond)
	case Equal:
		return c.narrow(s, c.k, true, true, true, cond)
	}
	return c.exclude(s, c.k, true, cond)
}

// inReif is the constraint b ⇔ x ∈ values (or b → ...).
type inReif struct {
	reified
	x      Var
	values []int // increasing, without repeats
}

// AddInReif posts b ⇔ x ∈ values, or b → x ∈ values under Implies
// (FlatZinc's set_in_reif and set_in_imp). It is domain consistent: b
// follows once every value of x is in values, or none is, and once b is
// fixed x keeps the values that agree with it.
func (s *Solver) AddInReif(b Lit, mode Reification, x Var, values []int) PropID {
	s.checkBool(b.Var())
	c := &inReif{reified: reified{b: b, mode: mode}, x: x, values: sortedSet(values)}
	id := s.Add(c)
	s.Watch(id, b.Var(), OnFix)
	s.Watch(id, x, OnDomain)
	return id
}

// sortedSet returns values in increasing order without repeats, in a new
// slice.
func sortedSet(values []int) []int {
	return slices.Compact(slices.Sorted(slices.Values(values)))
}

func (c *inReif) Idempotent() bool { return true }

func (c *inReif) Propagate(s *Solver) error {
	in, out := 0, 0 // x's values in and out of values
	k := 0
	for v := s.Min(c.x); v <= s.Max(c.x) && (in == 0 || out == 0); v = s.next(c.x, v+1) {
		for k < len(c.values) && c.values[k] < v {
			k++
		}
		if k < len(c.values) && c.values[k] == v {
			in++
		} else {
			out++
		}
	}
	enforce, negate, err := c.settle(s, decide(out == 0, in == 0))
	switch {
	case err != nil:
		return err
	case enforce:
		return s.Intersect(c.x, c.values)
	case negate:
		return s.RemoveValues(c.x, c.values)
	}
	return nil
}

// Intersect removes from v's domain every value not in values (FlatZinc's
// set_in): the domain becomes its intersection with values, in any
// order, repeats allowed. It fails with ErrInconsistent when that is
// empty. A variable that keeps bounds only (see MaxBitsetValues) has its
// bounds narrowed to values' ends and no holes cut.
func (s *Solver) Intersect(v Var, values []int) error {
	if !slices.IsSorted(values) {
		values = sortedSet(values)
	}
	if len(values) == 0 {
		return s.failOn()
	}
	if err := s.SetMin(v, values[0]); err != nil {
		return err
	}
	if err := s.SetMax(v, values[len(values)-1]); err != nil {
		return err
	}
	if s.boundsOnly(v) {
		return nil // a domain that keeps bounds only has no holes to cut
	}
	k := 0
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		for k < len(values) && values[k] < x {
			k++
		}
		if k == len(values) || values[k] != x {
			if err := s.Remove(v, x); err != nil {
				return err
			}
		}
	}
	return nil
}

// RemoveValues removes each of values from v's domain. It fails with
// ErrInconsistent when that empties the domain.
func (s *Solver) RemoveValues(v Var, values []int) error {
	for _, x := range values {
		if err := s.Remove(v, x); err != nil {
			return err
		}
	}
	return nil
}

// xor is the constraint that an odd number of its literals hold, or an
// even number.
type xor struct {
	clauseLike
	lits []Lit
	odd  bool
	open Rev // literals not fixed yet
}

// AddXor posts that the exclusive or of lits is result: an odd number of
// them hold when result is true, an even number otherwise (FlatZinc's
// array_bool_xor is result true; bool_xor(a, b, r) is lits a, b, r with
// result false). When one literal is open it gets the value that makes
// the parity right. It explains its deductions, so learning can use it.
func (s *Solver) AddXor(lits []Lit, result bool) PropID {
	c := &xor{lits: slices.Clone(lits), odd: result}
	open := 0
	for _, l := range lits {
		s.checkBool(l.Var())
		if !s.Fixed(l.Var()) {
			open++
		}
	}
	c.open = s.NewRev(int64(open))
	id := s.Add(c)
	for _, l := range c.lits {
		s.Watch(id, l.Var(), OnFix)
	}
	return id
}

// Advise counts the open literals, and asks for a run when one is left.
func (c *xor) Advise(s *Solver, _ int32) bool {
	open := s.Get(c.open) - 1
	s.Set(c.open, open)
	return open <= 1
}

func (c *xor) Propagate(s *Solver) error {
	if s.Get(c.open) > 1 {
		return nil
	}
	need := c.odd // whether an odd number of the literals not seen must hold
	last := -1
	for i, l := range c.lits {
		switch {
		case !s.Fixed(l.Var()):
			last = i
		case s.isTrue(l):
			need = !need
		}
	}
	if last < 0 {
		if need {
			return s.Fail(standing(s, c.lits, -1)...)
		}
		return nil
	}
	s.SetReason(standing(s, c.lits, last)...)
	if need {
		return s.makeTrue(c.lits[last])
	}
	return s.makeTrue(c.lits[last].Not())
}
