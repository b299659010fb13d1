package cp

import "fmt"

// linear is Σ aᵢ·xᵢ over integer variables: the terms of AddIntSum and
// AddIntSumReif. Its deductions read the bounds of the terms only, so each
// one is explained by the bounds it read.
type linear struct {
	vars   []Var
	coeffs []int64 // none is 0
}

// newLinear drops the terms of coefficient 0; a nil coeffs means every
// coefficient is 1.
func newLinear(vars []Var, coeffs []int) linear {
	if coeffs != nil && len(coeffs) != len(vars) {
		panic(fmt.Sprintf("cp: %d coefficients for %d variables", len(coeffs), len(vars)))
	}
	var l linear
	for i, v := range vars {
		a := int64(1)
		if coeffs != nil {
			a = int64(coeffs[i])
		}
		if a != 0 {
			l.vars = append(l.vars, v)
			l.coeffs = append(l.coeffs, a)
		}
	}
	return l
}

// watch wakes id when a bound of a term's variable moves.
func (l *linear) watch(s *Solver, id PropID) {
	for _, v := range l.vars {
		s.Watch(id, v, OnBounds)
	}
}

// termBounds returns the smallest and largest values of aᵢ·xᵢ.
func (l *linear) termBounds(s *Solver, i int) (lo, hi int64) {
	a := l.coeffs[i]
	lo, hi = a*int64(s.Min(l.vars[i])), a*int64(s.Max(l.vars[i]))
	if a < 0 {
		lo, hi = hi, lo
	}
	return lo, hi
}

// why returns the bounds of the terms other than skip (-1 for none) that
// make the sum's smallest value (low) or its largest: each term's bound
// toward that side, after the literals of cond, which hold too. It is nil
// when no learning search runs.
func (l *linear) why(s *Solver, cond []Lit, skip int, low bool) []Lit {
	if !s.Learning() {
		return nil
	}
	lits := make([]Lit, 0, len(cond)+len(l.vars))
	lits = append(lits, cond...)
	for i, v := range l.vars {
		if i == skip {
			continue
		}
		if (l.coeffs[i] > 0) == low {
			lits = append(lits, s.AtLeast(v, s.Min(v)))
		} else {
			lits = append(lits, s.AtMost(v, s.Max(v)))
		}
	}
	return lits
}

// whyFixed returns the values of the fixed terms other than skip, after
// the literals of cond: the reason of exclude's deductions.
func (l *linear) whyFixed(s *Solver, cond []Lit, skip int) []Lit {
	if !s.Learning() {
		return nil
	}
	lits := make([]Lit, 0, len(cond)+len(l.vars))
	lits = append(lits, cond...)
	for i, v := range l.vars {
		if i != skip {
			lits = append(lits, s.AtLeast(v, s.Min(v)), s.AtMost(v, s.Max(v)))
		}
	}
	return lits
}

// bounds returns the smallest and largest values of the sum.
func (l *linear) bounds(s *Solver) (lo, hi int64) {
	for i := range l.vars {
		tlo, thi := l.termBounds(s, i)
		lo, hi = lo+tlo, hi+thi
	}
	return lo, hi
}

// narrow makes the sum at most k (atMost) and at least k (atLeast),
// narrowing bounds until nothing changes: each term's bounds become what
// the other terms' bounds allow. Under a learning search, each deduction
// is explained by those bounds and the literals of cond, which must hold
// and make the constraint apply; a propagator that does not explain
// itself passes explain false and is explained by its variables' domains.
func (l *linear) narrow(s *Solver, k int64, atMost, atLeast bool, explain bool, cond ...Lit) error {
	explain = explain && s.Learning()
	for {
		sumLo, sumHi := l.bounds(s)
		if atMost && sumLo > k {
			if explain {
				return s.Fail(l.why(s, cond, -1, true)...)
			}
			return ErrInconsistent
		}
		if atLeast && sumHi < k {
			if explain {
				return s.Fail(l.why(s, cond, -1, false)...)
			}
			return ErrInconsistent
		}
		changed := false
		for i, v := range l.vars {
			lo, hi := l.termBounds(s, i)
			a := l.coeffs[i]
			// The term may be at most k - (sumLo - lo) and at least k - (sumHi - hi).
			if limit := k - (sumLo - lo); atMost && hi > limit {
				if explain {
					s.SetReason(l.why(s, cond, i, true)...)
				}
				if err := s.boundTerm(v, a, limit, true); err != nil {
					return err
				}
				changed = true
			}
			if limit := k - (sumHi - hi); atLeast && lo < limit {
				if explain {
					s.SetReason(l.why(s, cond, i, false)...)
				}
				if err := s.boundTerm(v, a, limit, false); err != nil {
					return err
				}
				changed = true
			}
			if changed {
				break // recompute the sums from the new bounds
			}
		}
		if !changed {
			return nil
		}
	}
}

// exclude makes the sum differ from k. Nothing can be deduced while two
// terms are open; with one open, the value that would make the sum k
// leaves its variable (domain consistent), and with none the sum is
// checked. Explanations are as narrow's.
func (l *linear) exclude(s *Solver, k int64, explain bool, cond ...Lit) error {
	explain = explain && s.Learning()
	open := -1
	rest := k // k minus the fixed terms
	for i, v := range l.vars {
		if !s.Fixed(v) {
			if open >= 0 {
				return nil
			}
			open = i
			continue
		}
		rest -= l.coeffs[i] * int64(s.Min(v))
	}
	if open < 0 {
		if rest == 0 {
			if explain {
				return s.Fail(l.whyFixed(s, cond, -1)...)
			}
			return ErrInconsistent
		}
		return nil
	}
	if a := l.coeffs[open]; rest%a == 0 {
		if explain {
			s.SetReason(l.whyFixed(s, cond, open)...)
		}
		return s.Remove(l.vars[open], int(rest/a))
	}
	return nil
}

// intSum is the constraint Σ aᵢ·xᵢ rel k over integer variables, with rel
// one of ≤, ≥, = and ≠.
type intSum struct {
	linear
	k   int64
	rel Relation
}

// AddIntSum posts Σ coeffs[i]·vars[i] rel k. For ≤, <, ≥, > and = it is
// bounds consistent: each variable's bounds are narrowed to what the other
// terms' bounds allow. For ≠ (FlatZinc's int_lin_ne) it waits until one
// term is open and removes the value that would make the sum k.
// Coefficients may have any sign; a nil coeffs slice means every
// coefficient is 1.
func (s *Solver) AddIntSum(vars []Var, coeffs []int, rel Relation, k int) PropID {
	c := &intSum{linear: newLinear(vars, coeffs)}
	c.rel, c.k = rel.nonStrict(int64(k))
	id := s.Add(c)
	c.watch(s, id)
	return id
}

func (c *intSum) Idempotent() bool { return true }

// Explains reports that the sum explains its deductions by the other
// terms' bounds.
func (c *intSum) Explains() bool { return true }

// Propagate narrows bounds until nothing changes.
func (c *intSum) Propagate(s *Solver) error {
	if c.rel == NotEqual {
		return c.exclude(s, c.k, true)
	}
	return c.narrow(s, c.k, c.rel != GreaterEq, c.rel != LessEq, true)
}

// floorDiv and ceilDiv divide rounding toward minus and plus infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) == (b < 0) {
		q++
	}
	return q
}

// boundTerm narrows v so that a·v ≤ limit (atMost) or a·v ≥ limit
// (otherwise), for a ≠ 0: dividing by a negative a turns the bound around.
func (s *Solver) boundTerm(v Var, a, limit int64, atMost bool) error {
	if (a > 0) == atMost {
		return s.SetMax(v, int(floorDiv(limit, a)))
	}
	return s.SetMin(v, int(ceilDiv(limit, a)))
}
