package fznsat

import (
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// This file infers bounds for the integer variables from the model's
// hard constraints: minizinc -c leaves many introduced variables without a
// domain ("var int: X_INTRODUCED_386_"), defined by a linear equation or
// a product of bounded variables, and both encodings need a finite range.
// The inference is interval reasoning (bounds propagation) over the
// constraints that define or bound a variable, run for a few passes; it is
// sound (every solution keeps within the bounds), so the encoding may also
// use it to narrow declared domains.

// maxBoundPasses bounds the passes over the constraints: enough for the
// chains of definitions of compiled models, cheap on big ones.
const maxBoundPasses = 32

// bounds is the interval of each integer variable; ±limit is infinite.
type bounds map[*fzn.Decl]*fzn.Range

// inferBounds returns the bounds of the scalar int variables of m.
func inferBounds(m *fzn.Model) (map[*fzn.Decl]fzn.Range, error) {
	b := make(bounds)
	for _, d := range m.Decls {
		if !d.Type.Var || d.Type.Array || d.Type.Elem != fzn.Int {
			continue
		}
		r := &fzn.Range{Lo: -limit, Hi: limit}
		if dom := d.Type.Domain; dom != nil {
			if dom.IsEmpty() {
				r.Lo, r.Hi = 1, 0
			} else {
				r.Lo, r.Hi = clampInf(dom.Min()), clampInf(dom.Max())
			}
		}
		b[d] = r
	}
	for range maxBoundPasses {
		changed := false
		for _, d := range m.Decls {
			if id, ok := d.Value.(*fzn.Ident); ok && b[d] != nil {
				changed = b.equal(&fzn.Ident{Decl: d}, id) || changed
			}
		}
		for _, c := range m.Constraints {
			changed = b.propagate(c) || changed
		}
		if !changed {
			break
		}
	}
	out := make(map[*fzn.Decl]fzn.Range, len(b))
	for d, r := range b {
		out[d] = *r
	}
	return out, nil
}

// get returns the bounds of an int expression.
func (b bounds) get(x fzn.Expr) (lo, hi int64) {
	if v, ok := fzn.IntValue(x); ok {
		return clampInf(v), clampInf(v)
	}
	if id, ok := x.(*fzn.Ident); ok {
		if r := b[id.Decl]; r != nil {
			return r.Lo, r.Hi
		}
	}
	return -limit, limit
}

// narrow intersects the bounds of x with lo..hi and reports a change.
func (b bounds) narrow(x fzn.Expr, lo, hi int64) bool {
	id, ok := x.(*fzn.Ident)
	if !ok {
		return false
	}
	r := b[id.Decl]
	if r == nil {
		return false
	}
	changed := false
	if lo > r.Lo && !isInf(lo) {
		r.Lo, changed = lo, true
	}
	if hi < r.Hi && !isInf(hi) {
		r.Hi, changed = hi, true
	}
	return changed
}

func (b bounds) equal(x, y fzn.Expr) bool {
	xl, xh := b.get(x)
	yl, yh := b.get(y)
	return b.narrow(x, yl, yh) || b.narrow(y, xl, xh)
}

// propagate narrows the bounds of the variables of one hard constraint.
// A constraint of the wrong arity is left to the encoder to report.
func (b bounds) propagate(c *fzn.Constraint) bool {
	if _, m, ok := lookup(c.Name, len(c.Args)); !ok || m != hard {
		return false
	}
	a := c.Args
	switch c.Name {
	case "int_eq":
		return b.equal(a[0], a[1])
	case "int_le", "int_lt":
		d := int64(0)
		if c.Name == "int_lt" {
			d = 1
		}
		xl, _ := b.get(a[0])
		_, yh := b.get(a[1])
		return b.narrow(a[1], satAdd(xl, d), limit) || b.narrow(a[0], -limit, satAdd(yh, -d))
	case "int_lin_eq", "int_lin_le":
		return b.linear(a[0], a[1], a[2], c.Name == "int_lin_eq")
	case "int_plus":
		return b.sum([]int64{1, 1, -1}, []fzn.Expr{a[0], a[1], a[2]}, 0, true)
	case "bool2int":
		return b.narrow(a[1], 0, 1)
	case "set_in":
		if s, ok := fzn.SetValue(a[1]); ok && !s.IsEmpty() {
			return b.narrow(a[0], s.Min(), s.Max())
		}
	case "array_int_element", "array_var_int_element":
		return b.element(a[0], a[1], a[2])
	case "array_int_maximum", "array_int_minimum":
		return b.extremum(a[0], a[1], c.Name == "array_int_maximum")
	case "int_max", "int_min":
		return b.extremum(a[2], &fzn.ArrayLit{Elems: a[:2]}, c.Name == "int_max")
	case "int_times", "int_abs", "int_div", "int_mod", "int_pow", "int_pow_fixed":
		return b.nonlinear(c.Name, a)
	}
	return false
}

// linear narrows sum as[i]*xs[i] <= k (and >= k when eq).
func (b bounds) linear(as, xs, k fzn.Expr, eq bool) bool {
	ces, ok1 := fzn.Array(as)
	xes, ok2 := fzn.Array(xs)
	if !ok1 || !ok2 || len(ces) != len(xes) {
		return false
	}
	cs := make([]int64, len(ces))
	for i, c := range ces {
		v, ok := fzn.IntValue(c)
		if !ok {
			return false
		}
		cs[i] = clampInf(v)
	}
	return b.sum(append(cs, -1), append(append([]fzn.Expr(nil), xes...), k), 0, eq)
}

// sum narrows sum cs[i]*xs[i] <= k, and >= k when eq: each term is at
// most k minus the least the others can add up to.
func (b bounds) sum(cs []int64, xs []fzn.Expr, k int64, eq bool) bool {
	los, his := make([]int64, len(xs)), make([]int64, len(xs))
	var minSum, maxSum int64
	minInf, maxInf := 0, 0 // the number of terms without a finite least or greatest value
	for i, x := range xs {
		lo, hi := b.get(x)
		p, q := satMul(cs[i], lo), satMul(cs[i], hi)
		los[i], his[i] = min(p, q), max(p, q)
		if isInf(los[i]) {
			minInf++
		} else {
			minSum = satAdd(minSum, los[i])
		}
		if isInf(his[i]) {
			maxInf++
		} else {
			maxSum = satAdd(maxSum, his[i])
		}
	}
	changed := false
	for i, x := range xs {
		if cs[i] == 0 {
			continue
		}
		var tlo, thi int64 = -limit, limit // the bounds of cs[i]*x
		if rest, n := minSum, minInf; n == 0 || n == 1 && isInf(los[i]) {
			if !isInf(los[i]) {
				rest = satAdd(rest, -los[i])
			}
			thi = satAdd(k, -rest)
		}
		if rest, n := maxSum, maxInf; eq && (n == 0 || n == 1 && isInf(his[i])) {
			if !isInf(his[i]) {
				rest = satAdd(rest, -his[i])
			}
			tlo = satAdd(k, -rest)
		}
		changed = b.narrowScaled(x, cs[i], tlo, thi) || changed
	}
	return changed
}

// narrowScaled narrows x from tlo <= c*x <= thi.
func (b bounds) narrowScaled(x fzn.Expr, c, tlo, thi int64) bool {
	lo, hi := int64(-limit), int64(limit)
	if c > 0 {
		if !isInf(tlo) {
			lo = ceilDiv(tlo, c)
		}
		if !isInf(thi) {
			hi = floorDiv(thi, c)
		}
	} else {
		if !isInf(thi) {
			lo = ceilDiv(thi, c)
		}
		if !isInf(tlo) {
			hi = floorDiv(tlo, c)
		}
	}
	return b.narrow(x, lo, hi)
}

// element narrows z = xs[i].
func (b bounds) element(i, xs, z fzn.Expr) bool {
	elems, ok := fzn.Array(xs)
	if !ok || len(elems) == 0 {
		return false
	}
	changed := b.narrow(i, 1, int64(len(elems)))
	ilo, ihi := b.get(i)
	lo, hi := int64(limit), int64(-limit)
	for k := max(ilo, 1); k <= min(ihi, int64(len(elems))); k++ {
		l, h := b.get(elems[k-1])
		lo, hi = min(lo, l), max(hi, h)
	}
	return b.narrow(z, lo, hi) || changed
}

// extremum narrows m = max(xs) (or min(xs)).
func (b bounds) extremum(m, xs fzn.Expr, isMax bool) bool {
	elems, ok := fzn.Array(xs)
	if !ok || len(elems) == 0 {
		return false
	}
	lo, hi := b.get(elems[0])
	for _, x := range elems[1:] {
		l, h := b.get(x)
		if isMax {
			lo, hi = max(lo, l), max(hi, h)
		} else {
			lo, hi = min(lo, l), min(hi, h)
		}
	}
	changed := b.narrow(m, lo, hi)
	_, mhi := b.get(m)
	mlo, _ := b.get(m)
	for _, x := range elems {
		if isMax {
			changed = b.narrow(x, -limit, mhi) || changed
		} else {
			changed = b.narrow(x, mlo, limit) || changed
		}
	}
	return changed
}

// nonlinear narrows the result of int_times, int_abs, int_div, int_mod
// and int_pow from the bounds of the operands.
func (b bounds) nonlinear(name string, a []fzn.Expr) bool {
	xl, xh := b.get(a[0])
	if isInf(xl) || isInf(xh) {
		if name == "int_abs" {
			_, zh := b.get(a[1])
			return b.narrow(a[1], 0, limit) || b.narrow(a[0], satMul(-1, zh), zh)
		}
		return false
	}
	xm := max(abs(xl), abs(xh))
	if name == "int_abs" {
		lo := int64(0)
		if xl > 0 || xh < 0 {
			lo = min(abs(xl), abs(xh))
		}
		return b.narrow(a[1], lo, xm)
	}
	yl, yh := b.get(a[1])
	switch name {
	case "int_div":
		return b.narrow(a[2], -xm, xm)
	case "int_mod":
		ym := max(satMul(-1, yl), yh)
		return b.narrow(a[2], -min(xm, satAdd(ym, -1)), min(xm, satAdd(ym, -1)))
	case "int_times":
		if isInf(yl) || isInf(yh) {
			return false
		}
		p := []int64{satMul(xl, yl), satMul(xl, yh), satMul(xh, yl), satMul(xh, yh)}
		return b.narrow(a[2], min(p[0], p[1], p[2], p[3]), max(p[0], p[1], p[2], p[3]))
	}
	lo, hi, ok := powBounds(xl, xh, yl, yh)
	return ok && b.narrow(a[2], lo, hi)
}

// powBounds returns bounds of x^y over the ranges, when y's range is
// small enough to try every exponent.
func powBounds(xl, xh, yl, yh int64) (lo, hi int64, ok bool) {
	if isInf(yl) || isInf(yh) || yh-yl > 64 {
		return 0, 0, false
	}
	lo, hi = limit, -limit
	bases := []int64{xl, xh}
	for _, v := range []int64{-1, 0, 1} {
		if xl <= v && v <= xh {
			bases = append(bases, v)
		}
	}
	for y := yl; y <= yh; y++ {
		for _, x := range bases {
			for _, s := range []int64{x, satAdd(x, 1), satAdd(x, -1)} { // neighbours, for the sign of odd powers
				if s < xl || s > xh {
					continue
				}
				if p, defined := powSat(s, y); defined {
					lo, hi = min(lo, p), max(hi, p)
				}
			}
		}
	}
	return lo, hi, lo <= hi
}

// powSat is x^y as MiniZinc defines it (see fzn.Check), saturated at
// ±limit; defined is false for 0 to a negative power.
func powSat(x, y int64) (p int64, defined bool) {
	if y < 0 {
		switch x {
		case 0:
			return 0, false
		case 1:
			return 1, true
		case -1:
			if y%2 == 0 {
				return 1, true
			}
			return -1, true
		}
		return 0, true
	}
	p = 1
	for range min(y, 64) {
		p = satMul(p, x)
	}
	if y > 64 && (x < -1 || x > 1) {
		p = satMul(p, x) // stays saturated
	}
	if y > 64 && x == -1 && y%2 == 1 {
		p = -1
	}
	return p, true
}
