package fzncp

import (
	"math"
	"math/bits"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// interval is what is known of an int variable's bounds before the cp
// variables are made: lo when hasLo, hi when hasHi.
type interval struct {
	lo, hi       int64
	hasLo, hasHi bool
}

// setLo raises the lower bound to v; it reports a change.
func (iv *interval) setLo(v int64) bool {
	if iv.hasLo && iv.lo >= v {
		return false
	}
	iv.lo, iv.hasLo = v, true
	return true
}

// setHi lowers the upper bound to v; it reports a change.
func (iv *interval) setHi(v int64) bool {
	if iv.hasHi && iv.hi <= v {
		return false
	}
	iv.hi, iv.hasHi = v, true
	return true
}

func (iv interval) bounded() bool { return iv.hasLo && iv.hasHi }

// inferRounds bounds the passes of inferBounds over the constraints.
const inferRounds = 8

// inferBounds computes b.iv: the declared bounds of each int variable,
// narrowed by what its constraints imply, until nothing changes (at most
// inferRounds passes). Every bound it finds holds in every solution, so
// narrowing to it loses none.
func (b *builder) inferBounds() {
	decls := b.m.src.Decls
	b.iv = make([]interval, len(decls))
	for i, d := range decls {
		if !d.IsVar() || d.IsArray() {
			continue
		}
		r := b.root[i]
		switch {
		case d.Type.Elem == fzn.Bool:
			b.iv[r] = interval{0, 1, true, true}
		case d.Type.Domain != nil && !d.Type.Domain.IsEmpty():
			b.iv[r].setLo(d.Type.Domain.Min())
			b.iv[r].setHi(d.Type.Domain.Max())
		case d.Type.Domain != nil: // empty
			b.iv[r] = interval{1, 0, true, true}
		}
		if l, ok := fzn.Resolve(d.Value).(*fzn.IntLit); ok {
			b.iv[r].setLo(l.Value)
			b.iv[r].setHi(l.Value)
		}
	}
	for range inferRounds {
		changed := false
		for _, c := range b.m.src.Constraints {
			if b.inferFrom(c) {
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// ivOf returns the bounds of a scalar int or bool expression, and a
// pointer to narrow them when it is a variable (nil for a constant).
func (b *builder) ivOf(e fzn.Expr) (interval, *interval) {
	switch e := fzn.Resolve(e).(type) {
	case *fzn.IntLit:
		return interval{e.Value, e.Value, true, true}, nil
	case *fzn.BoolLit:
		v := b2i(e.Value)
		return interval{v, v, true, true}, nil
	case *fzn.Ident:
		if e.Decl.IsVar() && !e.Decl.IsArray() {
			p := &b.iv[b.root[e.Decl.Index]]
			return *p, p
		}
	}
	return interval{}, nil
}

// narrow intersects the variable p (if any) with iv; it reports a change.
func narrow(p *interval, iv interval) bool {
	if p == nil {
		return false
	}
	changed := false
	if iv.hasLo && p.setLo(iv.lo) {
		changed = true
	}
	if iv.hasHi && p.setHi(iv.hi) {
		changed = true
	}
	return changed
}

// hull returns the smallest interval holding every element of an array.
func (b *builder) hull(e fzn.Expr) (interval, bool) {
	elems, ok := fzn.Array(fzn.Resolve(e))
	if !ok || len(elems) == 0 {
		return interval{}, false
	}
	h, _ := b.ivOf(elems[0])
	for _, x := range elems[1:] {
		iv, _ := b.ivOf(x)
		h.lo, h.hasLo = min(h.lo, iv.lo), h.hasLo && iv.hasLo
		h.hi, h.hasHi = max(h.hi, iv.hi), h.hasHi && iv.hasHi
	}
	return h, true
}

// inferFrom narrows the bounds of c's variables by what c implies; it
// reports a change. Malformed arguments imply nothing here: posting the
// constraint reports them.
func (b *builder) inferFrom(c *fzn.Constraint) bool {
	a := c.Args
	arg := func(i int) (interval, *interval) {
		if i < len(a) {
			return b.ivOf(a[i])
		}
		return interval{}, nil
	}
	switch c.Name {
	case "int_lin_eq", "int_lin_le":
		if len(a) == 3 {
			return b.inferLinear(a[0], a[1], a[2], c.Name == "int_lin_eq")
		}
	case "int_eq", "bool2int":
		x, px := arg(0)
		y, py := arg(1)
		if c.Name == "bool2int" {
			x = interval{0, 1, true, true}
		}
		return narrow(py, x) || narrow(px, y)
	case "int_le", "int_lt":
		if len(a) != 2 {
			return false
		}
		d := int64(0)
		if c.Name == "int_lt" {
			d = 1
		}
		x, px := arg(0)
		y, py := arg(1)
		ch := false
		if y.hasHi && y.hi > math.MinInt64+d {
			ch = narrow(px, interval{hi: y.hi - d, hasHi: true})
		}
		if x.hasLo && x.lo < math.MaxInt64-d {
			ch = narrow(py, interval{lo: x.lo + d, hasLo: true}) || ch
		}
		return ch
	case "int_plus":
		x, _ := arg(0)
		y, _ := arg(1)
		_, pz := arg(2)
		return narrow(pz, addIv(x, y))
	case "int_times":
		x, _ := arg(0)
		y, _ := arg(1)
		_, pz := arg(2)
		return narrow(pz, mulIv(x, y))
	case "int_abs":
		x, _ := arg(0)
		_, pz := arg(1)
		if x.bounded() && x.lo > math.MinInt64 {
			return narrow(pz, interval{0, absMax(x.lo, x.hi), true, true})
		}
		return narrow(pz, interval{lo: 0, hasLo: true})
	case "int_div":
		x, _ := arg(0)
		_, pz := arg(2)
		if x.bounded() && x.lo > math.MinInt64 {
			m := absMax(x.lo, x.hi)
			return narrow(pz, interval{-m, m, true, true})
		}
	case "int_mod":
		x, _ := arg(0)
		y, _ := arg(1)
		_, pz := arg(2)
		m := int64(-1)
		if x.bounded() && x.lo > math.MinInt64 {
			m = absMax(x.lo, x.hi)
		}
		if y.bounded() && y.lo > math.MinInt64 {
			if k := absMax(y.lo, y.hi) - 1; m < 0 || k < m {
				m = k
			}
		}
		if m >= 0 {
			return narrow(pz, interval{-m, m, true, true})
		}
	case "int_min", "int_max":
		x, _ := arg(0)
		y, _ := arg(1)
		_, pz := arg(2)
		return narrow(pz, interval{min(x.lo, y.lo), max(x.hi, y.hi), x.hasLo && y.hasLo, x.hasHi && y.hasHi})
	case "array_int_maximum", "array_int_minimum":
		if len(a) == 2 {
			if h, ok := b.hull(a[1]); ok {
				_, pm := arg(0)
				return narrow(pm, h)
			}
		}
	case "array_int_element", "array_var_int_element":
		if len(a) == 3 {
			elems, _ := fzn.Array(fzn.Resolve(a[1]))
			_, pi := arg(0)
			ch := narrow(pi, interval{1, int64(len(elems)), true, true})
			if h, ok := b.hull(a[1]); ok {
				_, pv := arg(2)
				ch = narrow(pv, h) || ch
			}
			return ch
		}
	}
	return false
}

// inferLinear narrows the variables of Σ as[i]·xs[i] = c (or ≤ c): each
// term lies within c minus the other terms' bounds. A constraint whose
// sums leave int64 implies nothing here.
func (b *builder) inferLinear(asE, xsE, cE fzn.Expr, eq bool) bool {
	as, ok1 := fzn.Array(fzn.Resolve(asE))
	xs, ok2 := fzn.Array(fzn.Resolve(xsE))
	c, ok3 := fzn.IntValue(cE)
	if !ok1 || !ok2 || !ok3 || len(as) != len(xs) {
		return false
	}
	n := len(xs)
	coef := make([]int64, n)
	lo, hi := make([]int64, n), make([]int64, n)
	hasLo, hasHi := make([]bool, n), make([]bool, n)
	var sumLo, sumHi int64 // the finite parts
	var openLo, openHi int // terms without a bound
	for i := range n {
		a, ok := fzn.IntValue(as[i])
		if !ok {
			return false
		}
		coef[i] = a
		iv, _ := b.ivOf(xs[i])
		t := scaleIv(iv, a)
		lo[i], hi[i], hasLo[i], hasHi[i] = t.lo, t.hi, t.hasLo, t.hasHi
		var over bool
		if t.hasLo {
			if sumLo, over = addChecked(sumLo, t.lo); over {
				return false
			}
		} else {
			openLo++
		}
		if t.hasHi {
			if sumHi, over = addChecked(sumHi, t.hi); over {
				return false
			}
		} else {
			openHi++
		}
	}
	changed := false
	for i := range n {
		_, p := b.ivOf(xs[i])
		if p == nil || coef[i] == 0 {
			continue
		}
		// the others' sum lies in restLo..restHi; a·x = c - rest (or ≤).
		var t interval // bounds of a·x
		if restLo, ok := rest(sumLo, openLo, lo[i], hasLo[i]); ok {
			if v, over := subChecked(c, restLo); !over {
				t.hi, t.hasHi = v, true
			}
		}
		if eq {
			if restHi, ok := rest(sumHi, openHi, hi[i], hasHi[i]); ok {
				if v, over := subChecked(c, restHi); !over {
					t.lo, t.hasLo = v, true
				}
			}
		}
		if narrow(p, divIv(t, coef[i])) {
			changed = true
		}
	}
	return changed
}

// rest returns the sum of the other terms' bounds, given the finite sum of
// all, the number of terms without a bound, and this term's bound.
func rest(sum int64, open int, own int64, hasOwn bool) (int64, bool) {
	switch {
	case !hasOwn && open == 1:
		return sum, true
	case open > 0:
		return 0, false
	}
	v, over := subChecked(sum, own)
	return v, !over
}

// divIv returns the x with a·x in t, a ≠ 0.
func divIv(t interval, a int64) interval {
	var r interval
	if a < 0 {
		t = interval{lo: negSat(t.hi), hi: negSat(t.lo), hasLo: t.hasHi, hasHi: t.hasLo}
		a = -a
		if a < 0 { // MinInt64
			return r
		}
	}
	if t.hasLo {
		r.lo, r.hasLo = ceilDiv(t.lo, a), true
	}
	if t.hasHi {
		r.hi, r.hasHi = floorDiv(t.hi, a), true
	}
	return r
}

func negSat(v int64) int64 {
	if v == math.MinInt64 {
		return math.MaxInt64
	}
	return -v
}

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

// addIv returns the bounds of x + y (a side that overflows is unbounded).
func addIv(x, y interval) interval {
	var r interval
	if x.hasLo && y.hasLo {
		v, over := addChecked(x.lo, y.lo)
		r.lo, r.hasLo = v, !over
	}
	if x.hasHi && y.hasHi {
		v, over := addChecked(x.hi, y.hi)
		r.hi, r.hasHi = v, !over
	}
	return r
}

// scaleIv returns the bounds of a·x for x in iv (a side that overflows
// is unbounded).
func scaleIv(iv interval, a int64) interval {
	var r interval
	if iv.hasLo {
		v, over := mulChecked(a, iv.lo)
		r.lo, r.hasLo = v, !over
	}
	if iv.hasHi {
		v, over := mulChecked(a, iv.hi)
		r.hi, r.hasHi = v, !over
	}
	if a < 0 {
		r.lo, r.hi, r.hasLo, r.hasHi = r.hi, r.lo, r.hasHi, r.hasLo
	}
	return r
}

// mulIv returns the bounds of x·y: the hull of the corner products, or
// nothing when a side is unbounded or a product leaves int64.
func mulIv(x, y interval) interval {
	if !x.bounded() || !y.bounded() {
		return interval{}
	}
	var r interval
	first := true
	for _, p := range [2]int64{x.lo, x.hi} {
		for _, q := range [2]int64{y.lo, y.hi} {
			v, over := mulChecked(p, q)
			if over {
				return interval{}
			}
			if first || v < r.lo {
				r.lo = v
			}
			if first || v > r.hi {
				r.hi = v
			}
			first = false
		}
	}
	r.hasLo, r.hasHi = true, true
	return r
}

func addChecked(a, b int64) (int64, bool) {
	s := a + b
	return s, (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0)
}

func subChecked(a, b int64) (int64, bool) {
	s := a - b
	return s, (a >= 0) != (b >= 0) && (s >= 0) != (a >= 0)
}

func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, false
	}
	neg := (a < 0) != (b < 0)
	ua, ub := uabs(a), uabs(b)
	hi, lo := bits.Mul64(ua, ub)
	if hi != 0 {
		return 0, true
	}
	if neg {
		if lo > 1<<63 {
			return 0, true
		}
		return int64(-lo), false // -2^63 wraps to itself
	}
	if lo > math.MaxInt64 {
		return 0, true
	}
	return int64(lo), false
}

func uabs(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // MinInt64 gives 2^63, as wanted
	}
	return uint64(a)
}
