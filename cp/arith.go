package cp

import (
	"math"
	"slices"
)

// The arithmetic constraints follow math/big's order: the result first,
// z = f(x, y), so that AddTimes(z, x, y) reads z = x·y. Each one is sound
// (it removes no value of a solution), decides its constraint once its
// variables are fixed, and narrows bounds from the bounds of the others,
// so that each deduction can later be explained by the bounds it read.
// Values are int64 inside; products that leave the int64 range saturate.

// satMul returns a·b, saturated to the int64 range.
func satMul(a, b int64) int64 { return saturatingMul(a, b) }

// hull tracks the smallest and largest of a set of values.
type hull struct {
	lo, hi int64
	empty  bool
}

func newHull() hull { return hull{lo: math.MaxInt64, hi: math.MinInt64, empty: true} }

func (h *hull) add(x int64) {
	h.lo, h.hi, h.empty = min(h.lo, x), max(h.hi, x), false
}

// narrowTo narrows v to lo..hi and reports whether a bound moved.
func (s *Solver) narrowTo(v Var, lo, hi int64) (bool, error) {
	changed := false
	if lo > int64(s.Min(v)) {
		if lo > int64(s.Max(v)) {
			return false, ErrInconsistent
		}
		if err := s.SetMin(v, int(lo)); err != nil {
			return false, err
		}
		changed = true
	}
	if hi < int64(s.Max(v)) {
		if hi < int64(s.Min(v)) {
			return false, ErrInconsistent
		}
		if err := s.SetMax(v, int(hi)); err != nil {
			return false, err
		}
		changed = true
	}
	return changed, nil
}

// bounds64 returns v's bounds as int64.
func (s *Solver) bounds64(v Var) (lo, hi int64) { return int64(s.Min(v)), int64(s.Max(v)) }

// extremum is z = min(xs), or z = max(xs) with max. It reasons on the
// low end in both cases: for max it reads every bound negated.
type extremum struct {
	z   Var
	xs  []Var
	max bool
}

// AddMin posts z = min(xs) (FlatZinc's array_int_minimum, and int_min with
// two variables). It is bounds consistent. xs must not be empty.
func (s *Solver) AddMin(z Var, xs []Var) PropID { return s.addExtremum(z, xs, false) }

// AddMax posts z = max(xs) (FlatZinc's array_int_maximum, and int_max with
// two variables). It is bounds consistent. xs must not be empty.
func (s *Solver) AddMax(z Var, xs []Var) PropID { return s.addExtremum(z, xs, true) }

func (s *Solver) addExtremum(z Var, xs []Var, max bool) PropID {
	if len(xs) == 0 {
		panic("cp: the minimum or maximum of no variable")
	}
	c := &extremum{z: z, xs: slices.Clone(xs), max: max}
	id := s.Add(c)
	s.Watch(id, z, OnBounds)
	for _, x := range c.xs {
		s.Watch(id, x, OnBounds)
	}
	return id
}

func (c *extremum) Idempotent() bool { return true }

// low and high are v's bounds in the constraint's frame: as they are for
// min, negated and swapped for max.
func (c *extremum) low(s *Solver, v Var) int64 {
	if c.max {
		return -int64(s.Max(v))
	}
	return int64(s.Min(v))
}

func (c *extremum) high(s *Solver, v Var) int64 {
	if c.max {
		return -int64(s.Min(v))
	}
	return int64(s.Max(v))
}

// narrow narrows v to lo..hi in the constraint's frame.
func (c *extremum) narrow(s *Solver, v Var, lo, hi int64) (bool, error) {
	if c.max {
		return s.narrowTo(v, -hi, -lo)
	}
	return s.narrowTo(v, lo, hi)
}

// Propagate: z lies between the least low and the least high of xs; every
// x is at least z's low; and when only one x can reach z's high, that one
// is at most z's high.
func (c *extremum) Propagate(s *Solver) error {
	for {
		leastLow, leastHigh := int64(math.MaxInt64), int64(math.MaxInt64)
		for _, x := range c.xs {
			leastLow, leastHigh = min(leastLow, c.low(s, x)), min(leastHigh, c.high(s, x))
		}
		changed, err := c.narrow(s, c.z, leastLow, leastHigh)
		if err != nil {
			return err
		}
		zLow, zHigh := c.low(s, c.z), c.high(s, c.z)
		reach := -1 // the only x that can be as small as z's high, or -2
		for i, x := range c.xs {
			moved, err := c.narrow(s, x, zLow, math.MaxInt64)
			if err != nil {
				return err
			}
			changed = changed || moved
			if c.low(s, x) <= zHigh {
				if reach == -1 {
					reach = i
				} else {
					reach = -2
				}
			}
		}
		if reach >= 0 {
			moved, err := c.narrow(s, c.xs[reach], -math.MaxInt64, zHigh)
			if err != nil {
				return err
			}
			changed = changed || moved
		}
		if !changed {
			return nil
		}
	}
}

// abs is z = |x|.
type abs struct{ z, x Var }

// AddAbs posts z = |x| (FlatZinc's int_abs). It is bounds consistent, and
// domain consistent while the domains hold at most exactPairs values.
func (s *Solver) AddAbs(z, x Var) PropID {
	id := s.Add(&abs{z: z, x: x})
	s.Watch(id, z, OnDomain)
	s.Watch(id, x, OnDomain)
	return id
}

func (c *abs) Idempotent() bool { return true }

func (c *abs) Propagate(s *Solver) error {
	for {
		xl, xh := s.bounds64(c.x)
		least := int64(0) // the smallest |x|
		if xl > 0 {
			least = xl
		} else if xh < 0 {
			least = -xh
		}
		changed, err := s.narrowTo(c.z, least, max(-xl, xh))
		if err != nil {
			return err
		}
		zl, zh := s.bounds64(c.z)
		moved, err := s.narrowTo(c.x, -zh, zh)
		if err != nil {
			return err
		}
		changed = changed || moved
		// x lies outside -zl..zl: a side that cannot reach it goes.
		if xl, xh = s.bounds64(c.x); zl > 0 && xl > -zl {
			moved, err = s.narrowTo(c.x, zl, xh)
		} else if zl > 0 && xh < zl {
			moved, err = s.narrowTo(c.x, xl, -zl)
		}
		if err != nil {
			return err
		}
		if !changed && !moved {
			break
		}
	}
	if s.Size(c.x)+s.Size(c.z) > exactPairs {
		return nil
	}
	// Domain consistency: one pass removes the values without support,
	// and removes no support of a value that stays.
	for v := s.Min(c.x); v <= s.Max(c.x); v = s.next(c.x, v+1) {
		if !s.Contains(c.z, max(v, -v)) {
			if err := s.Remove(c.x, v); err != nil {
				return err
			}
		}
	}
	for w := s.Min(c.z); w <= s.Max(c.z); w = s.next(c.z, w+1) {
		if !s.Contains(c.x, w) && !s.Contains(c.x, -w) {
			if err := s.Remove(c.z, w); err != nil {
				return err
			}
		}
	}
	return nil
}

// exactPairs bounds the work of exact propagation: the functional
// constraints with poor bounds reasoning (div, mod, pow) try every pair
// of their arguments' values when there are at most this many pairs, and
// AddAbs is domain consistent while its two domains hold at most this many
// values. Tests lower it to exercise the bounds reasoning alone.
var exactPairs = 256

// binary is z = f(x, y) for a function of two arguments, propagated
// exactly on small domains and by the bounds reasoning of its kind on
// larger ones.
type binary struct {
	z, x, y      Var
	f            func(a, b int64) (int64, bool) // false: undefined (no solution)
	bounds       func(s *Solver, c *binary) (bool, error)
	xs, ys, zs   []int  // scratch of exact
	keepX, keepY []bool // scratch of exact
}

func (s *Solver) addBinary(c *binary) PropID {
	id := s.Add(c)
	s.Watch(id, c.z, OnDomain)
	s.Watch(id, c.x, OnDomain)
	s.Watch(id, c.y, OnDomain)
	return id
}

func (c *binary) Propagate(s *Solver) error {
	for {
		if s.Fixed(c.x) && s.Fixed(c.y) {
			v, ok := c.f(int64(s.Min(c.x)), int64(s.Min(c.y)))
			if !ok || v < math.MinInt || v > math.MaxInt {
				return ErrInconsistent
			}
			return s.Assign(c.z, int(v))
		}
		if s.Size(c.x)*s.Size(c.y) <= exactPairs {
			return c.exact(s)
		}
		changed, err := c.bounds(s, c)
		if err != nil || !changed {
			return err
		}
	}
}

// exact keeps the values of x and y that make a defined f in z's domain,
// and narrows z to those results: domain consistent on x and y, and on z
// too unless its domain is much larger than the pairs tried. One pass is a
// fixpoint: no value that stays loses its support.
func (c *binary) exact(s *Solver) error {
	xs, ys, zs := s.Values(c.xs[:0], c.x), s.Values(c.ys[:0], c.y), c.zs[:0]
	keepX, keepY := falses(c.keepX, len(xs)), falses(c.keepY, len(ys))
	c.xs, c.ys, c.keepX, c.keepY = xs, ys, keepX, keepY
	for i, a := range xs {
		for j, b := range ys {
			v, ok := c.f(int64(a), int64(b))
			if ok && v >= math.MinInt && v <= math.MaxInt && s.Contains(c.z, int(v)) {
				keepX[i], keepY[j] = true, true
				zs = append(zs, int(v))
			}
		}
	}
	c.zs = zs
	if len(zs) == 0 {
		return ErrInconsistent
	}
	for i, a := range xs {
		if !keepX[i] {
			if err := s.Remove(c.x, a); err != nil {
				return err
			}
		}
	}
	for j, b := range ys {
		if !keepY[j] {
			if err := s.Remove(c.y, b); err != nil {
				return err
			}
		}
	}
	slices.Sort(zs)
	zs = slices.Compact(zs)
	if s.Size(c.z) > 4*exactPairs {
		_, err := s.narrowTo(c.z, int64(zs[0]), int64(zs[len(zs)-1]))
		return err
	}
	return s.Intersect(c.z, zs)
}

// falses returns n false values, in buf's memory when it is large enough.
func falses(buf []bool, n int) []bool {
	if cap(buf) < n {
		return make([]bool, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// AddTimes posts z = x·y (FlatZinc's int_times), for any signs: each bound
// is narrowed to the hull of the products, or of the quotients, of the
// others' bounds, until nothing changes.
func (s *Solver) AddTimes(z, x, y Var) PropID {
	return s.addBinary(&binary{z: z, x: x, y: y, bounds: timesBounds,
		f: func(a, b int64) (int64, bool) { return satMul(a, b), true }})
}

// timesBounds narrows z to the products of x's and y's bounds, and x and y
// to the quotients of z's bounds by the other's; a z without 0 takes 0
// out of x and y.
func timesBounds(s *Solver, c *binary) (bool, error) {
	xl, xh := s.bounds64(c.x)
	yl, yh := s.bounds64(c.y)
	h := newHull()
	for _, a := range [2]int64{xl, xh} {
		for _, b := range [2]int64{yl, yh} {
			h.add(satMul(a, b))
		}
	}
	changed, err := s.narrowTo(c.z, h.lo, h.hi)
	if err != nil {
		return false, err
	}
	if zl, zh := s.bounds64(c.z); zl > 0 || zh < 0 {
		for _, v := range [2]Var{c.x, c.y} {
			if s.Contains(v, 0) {
				if err := s.Remove(v, 0); err != nil {
					return false, err
				}
				changed = true
			}
		}
	}
	for _, v := range [2][2]Var{{c.x, c.y}, {c.y, c.x}} {
		moved, err := narrowQuotient(s, v[0], c.z, v[1])
		if err != nil {
			return false, err
		}
		changed = changed || moved
	}
	return changed, nil
}

// narrowQuotient narrows x so that x·y = z can hold for some y and z in
// their bounds: x lies in the hull of z/y over y's nonzero values. When y
// and z can both be 0, x is free.
func narrowQuotient(s *Solver, x, z, y Var) (bool, error) {
	zl, zh := s.bounds64(z)
	yl, yh := s.bounds64(y)
	if yl <= 0 && yh >= 0 && zl <= 0 && zh >= 0 {
		return false, nil
	}
	h := newHull()
	for _, part := range [2][2]int64{{yl, min(yh, -1)}, {max(yl, 1), yh}} {
		if part[0] > part[1] {
			continue
		}
		for _, a := range [2]int64{zl, zh} {
			for _, b := range part {
				h.lo, h.hi = min(h.lo, ceilDiv(a, b)), max(h.hi, floorDiv(a, b))
				h.empty = false
			}
		}
	}
	if h.empty { // y = 0 and z ≠ 0
		return false, ErrInconsistent
	}
	return s.narrowTo(x, h.lo, h.hi)
}

// AddDiv posts z = x / y truncated toward zero, as Go's / and FlatZinc's
// int_div: y = 0 has no solution. Small domains propagate exactly (see
// exactPairs); larger ones narrow z to the quotients of the bounds and x
// to what z and y allow.
func (s *Solver) AddDiv(z, x, y Var) PropID {
	return s.addBinary(&binary{z: z, x: x, y: y, bounds: divBounds,
		f: func(a, b int64) (int64, bool) {
			if b == 0 {
				return 0, false
			}
			if a == math.MinInt64 && b == -1 {
				return math.MaxInt64, true // saturated: no int64 holds it
			}
			return a / b, true
		}})
}

// divBounds: y ≠ 0; trunc(x/y) is monotone in x and, on each side of 0,
// in y, so z lies between the quotients of the bounds' corners; and x lies
// between the least and greatest dividends that z and y allow.
func divBounds(s *Solver, c *binary) (bool, error) {
	if err := s.Remove(c.y, 0); err != nil {
		return false, err
	}
	xl, xh := s.bounds64(c.x)
	yl, yh := s.bounds64(c.y)
	zl, zh := s.bounds64(c.z)
	zHull, xHull := newHull(), newHull()
	for _, part := range [2][2]int64{{yl, min(yh, -1)}, {max(yl, 1), yh}} {
		if part[0] > part[1] {
			continue
		}
		for _, a := range [2]int64{xl, xh} {
			for _, b := range part {
				q, _ := c.f(a, b)
				zHull.add(q)
			}
		}
		// Dividends for a positive divisor in lo..hi and quotients zl..zh;
		// a negative divisor d gives quotient q where -d gives -q.
		lo, hi, ql, qh := part[0], part[1], zl, zh
		if lo < 0 {
			lo, hi, ql, qh = -hi, -lo, -zh, -zl
		}
		xHull.add(leastDividend(ql, lo, hi))
		xHull.add(greatestDividend(qh, lo, hi))
	}
	changed, err := s.narrowTo(c.z, zHull.lo, zHull.hi)
	if err != nil {
		return false, err
	}
	moved, err := s.narrowTo(c.x, xHull.lo, xHull.hi)
	return changed || moved, err
}

// leastDividend returns the least x with trunc(x/d) ≥ q for some divisor
// d in lo..hi, 1 ≤ lo: q·d when q > 0 (smallest d), (q-1)·d + 1 when
// q ≤ 0 (largest d).
func leastDividend(q, lo, hi int64) int64 {
	if q > 0 {
		return satMul(q, lo)
	}
	return satAdd(satMul(q-1, hi), 1)
}

// greatestDividend returns the greatest x with trunc(x/d) ≤ q for some
// divisor d in lo..hi, 1 ≤ lo: (q+1)·d - 1 when q ≥ 0 (largest d), q·d
// when q < 0 (smallest d).
func greatestDividend(q, lo, hi int64) int64 {
	if q >= 0 {
		return satAdd(satMul(q+1, hi), -1)
	}
	return satMul(q, lo)
}

// satAdd returns a+b, saturated to the int64 range.
func satAdd(a, b int64) int64 {
	sum := a + b
	switch {
	case a > 0 && b > 0 && sum < 0:
		return math.MaxInt64
	case a < 0 && b < 0 && sum >= 0:
		return math.MinInt64
	}
	return sum
}

// AddMod posts z = x mod y, the remainder of the truncated division, as
// Go's % and FlatZinc's int_mod: z has x's sign and |z| < |y|, and y = 0
// has no solution. Small domains propagate exactly (see exactPairs);
// larger ones reason on the signs and sizes: z lies between 0 and x and
// within |y|-1 of 0, x reaches z, and |y| exceeds |z|.
func (s *Solver) AddMod(z, x, y Var) PropID {
	return s.addBinary(&binary{z: z, x: x, y: y, bounds: modBounds,
		f: func(a, b int64) (int64, bool) {
			if b == 0 {
				return 0, false
			}
			if b == -1 {
				return 0, true
			}
			return a % b, true
		}})
}

func modBounds(s *Solver, c *binary) (bool, error) {
	if err := s.Remove(c.y, 0); err != nil {
		return false, err
	}
	xl, xh := s.bounds64(c.x)
	yl, yh := s.bounds64(c.y)
	bigY := max(-yl, yh) // the largest |y|
	changed, err := s.narrowTo(c.z, max(min(xl, 0), 1-bigY), min(max(xh, 0), bigY-1))
	if err != nil {
		return false, err
	}
	zl, zh := s.bounds64(c.z)
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if zl > 0 {
		lo = zl
	}
	if zh < 0 {
		hi = zh
	}
	moved, err := s.narrowTo(c.x, lo, hi)
	if err != nil {
		return false, err
	}
	changed = changed || moved
	// |y| > |z| ≥ smallZ: y leaves -smallZ..smallZ.
	smallZ := int64(0)
	if zl > 0 {
		smallZ = zl
	} else if zh < 0 {
		smallZ = -zh
	}
	if yl, yh = s.bounds64(c.y); smallZ > 0 && yl >= -smallZ {
		moved, err = s.narrowTo(c.y, smallZ+1, yh)
	} else if smallZ > 0 && yh <= smallZ {
		moved, err = s.narrowTo(c.y, yl, -smallZ-1)
	}
	return changed || moved, err
}

// AddPow posts z = x^y (FlatZinc's int_pow): x^0 = 1 (0^0 too), and for
// y < 0 MiniZinc's 1 div x^-y: 1 for x = 1, ±1 for x = -1 by y's parity,
// 0 for other x, and no solution for x = 0. Small domains propagate
// exactly (see exactPairs); larger ones narrow z to the hull of the
// powers the bounds allow, and, once y is fixed and positive, x to the
// roots of z's bounds.
func (s *Solver) AddPow(z, x, y Var) PropID {
	return s.addBinary(&binary{z: z, x: x, y: y, bounds: powBounds, f: pow})
}

// pow returns a^b as AddPow defines it, saturated to the int64 range.
func pow(a, b int64) (int64, bool) {
	switch {
	case b < 0 && a == 0:
		return 0, false
	case b < 0 && a == 1:
		return 1, true
	case b < 0 && a == -1:
		return 1 - 2*(-b%2), true
	case b < 0:
		return 0, true
	case b == 0 || a == 1:
		return 1, true
	case a == 0:
		return 0, true
	case a == -1:
		return 1 - 2*(b%2), true
	}
	// |a| ≥ 2: at most 63 products before the range runs out.
	result := int64(1)
	for ; b > 0; b-- {
		if result = satMul(result, a); result == math.MaxInt64 || result == math.MinInt64 {
			if a < 0 && b%2 == 0 { // the sign flips once more
				result = -result - 1
			}
			break
		}
	}
	return result, true
}

func powBounds(s *Solver, c *binary) (bool, error) {
	xl, xh := s.bounds64(c.x)
	yl, yh := s.bounds64(c.y)
	// The extreme powers over the box are at its edges, next to them (the
	// other parity of y) or at the small values where signs and sizes turn.
	h := newHull()
	for _, a := range [...]int64{xl, xl + 1, xh - 1, xh, -2, -1, 0, 1, 2} {
		for _, b := range [...]int64{yl, yl + 1, yh - 1, yh, -2, -1, 0, 1, 2, 3} {
			if a < xl || a > xh || b < yl || b > yh {
				continue
			}
			if v, ok := pow(a, b); ok {
				h.add(v)
			}
		}
	}
	if h.empty {
		return false, ErrInconsistent // x = 0 and y < 0
	}
	changed, err := s.narrowTo(c.z, h.lo, h.hi)
	if err != nil || yl != yh || yl < 1 {
		return changed, err
	}
	moved, err := narrowRoot(s, c.x, c.z, yl)
	return changed || moved, err
}

// narrowRoot narrows x so that x^n, n ≥ 1, can lie in z's bounds.
func narrowRoot(s *Solver, x, z Var, n int64) (bool, error) {
	zl, zh := s.bounds64(z)
	if n%2 == 1 { // monotone: x between the roots of the bounds
		return s.narrowTo(x, signedRoot(zl, n, true), signedRoot(zh, n, false))
	}
	if zh < 0 {
		return false, ErrInconsistent
	}
	r := rootFloor(zh, n)
	return s.narrowTo(x, -r, r)
}

// signedRoot returns the least x with x^n ≥ v (up) or the greatest x with
// x^n ≤ v (down), for odd n.
func signedRoot(v, n int64, up bool) int64 {
	if v < 0 {
		return -signedRoot(-v, n, !up)
	}
	r := rootFloor(v, n)
	if up {
		if p, _ := pow(r, n); p < v {
			r++
		}
	}
	return r
}

// rootFloor returns the greatest r ≥ 0 with r^n ≤ v, for v ≥ 0 and n ≥ 1.
func rootFloor(v, n int64) int64 {
	if n == 1 {
		return v
	}
	r := int64(math.Pow(float64(v), 1/float64(n)))
	for r > 0 {
		if p, _ := pow(r, n); p <= v {
			break
		}
		r--
	}
	for {
		if p, _ := pow(r+1, n); p > v || p == math.MaxInt64 {
			return r
		}
		r++
	}
}
