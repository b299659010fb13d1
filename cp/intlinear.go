package cp

import "fmt"

// intSum is the constraint Σ aᵢ·xᵢ rel k over integer variables.
type intSum struct {
	vars   []Var
	coeffs []int64
	k      int64
	rel    Relation
}

// AddIntSum posts Σ coeffs[i]·vars[i] rel k, kept bounds consistent: each
// variable's bounds are narrowed to what the other terms' bounds allow.
// Coefficients may have any sign; a nil coeffs slice means every
// coefficient is 1.
func (s *Solver) AddIntSum(vars []Var, coeffs []int, rel Relation, k int) PropID {
	if coeffs != nil && len(coeffs) != len(vars) {
		panic(fmt.Sprintf("cp: %d coefficients for %d variables", len(coeffs), len(vars)))
	}
	c := &intSum{k: int64(k), rel: rel}
	for i, v := range vars {
		a := int64(1)
		if coeffs != nil {
			a = int64(coeffs[i])
		}
		if a != 0 {
			c.vars = append(c.vars, v)
			c.coeffs = append(c.coeffs, a)
		}
	}
	id := s.Add(c)
	for _, v := range c.vars {
		s.Watch(id, v, OnBounds)
	}
	return id
}

func (c *intSum) Idempotent() bool { return true }

// Explains reports that the sum explains its deductions by the other
// terms' bounds.
func (c *intSum) Explains() bool { return true }

// why returns the bounds of the terms other than skip (-1 for none) that
// make the sum's smallest value (low) or its largest: each term's bound
// toward that side.
func (c *intSum) why(s *Solver, skip int, low bool) []Lit {
	if !s.Learning() {
		return nil
	}
	lits := make([]Lit, 0, len(c.vars))
	for i, v := range c.vars {
		if i == skip {
			continue
		}
		if (c.coeffs[i] > 0) == low {
			lits = append(lits, s.AtLeast(v, s.Min(v)))
		} else {
			lits = append(lits, s.AtMost(v, s.Max(v)))
		}
	}
	return lits
}

// termBounds returns the smallest and largest values of aᵢ·xᵢ.
func (c *intSum) termBounds(s *Solver, i int) (lo, hi int64) {
	a := c.coeffs[i]
	lo, hi = a*int64(s.Min(c.vars[i])), a*int64(s.Max(c.vars[i]))
	if a < 0 {
		lo, hi = hi, lo
	}
	return lo, hi
}

// Propagate narrows bounds until nothing changes.
func (c *intSum) Propagate(s *Solver) error {
	atMost, atLeast := c.rel != GreaterEq, c.rel != LessEq
	for {
		var sumLo, sumHi int64
		for i := range c.vars {
			lo, hi := c.termBounds(s, i)
			sumLo, sumHi = sumLo+lo, sumHi+hi
		}
		if atMost && sumLo > c.k {
			return s.Fail(c.why(s, -1, true)...)
		}
		if atLeast && sumHi < c.k {
			return s.Fail(c.why(s, -1, false)...)
		}
		changed := false
		for i, v := range c.vars {
			lo, hi := c.termBounds(s, i)
			a := c.coeffs[i]
			// The term may be at most k - (sumLo - lo) and at least k - (sumHi - hi).
			if limit := c.k - (sumLo - lo); atMost && hi > limit {
				s.SetReason(c.why(s, i, true)...)
				if err := s.boundTerm(v, a, limit, true); err != nil {
					return err
				}
				changed = true
			}
			if limit := c.k - (sumHi - hi); atLeast && lo < limit {
				s.SetReason(c.why(s, i, false)...)
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
