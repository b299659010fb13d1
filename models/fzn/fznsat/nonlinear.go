package fznsat

import (
	"slices"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// This file holds the nonlinear builtins: int_times, int_div, int_mod,
// int_pow, int_abs, int_min, int_max and array_int_maximum/minimum.
//
// On small domains (at most Options.TableLimit pairs of operand values,
// 16 times fewer for a log-encoded result) each is a table of support
// clauses: a pair of operand values implies the result's value (or is
// ruled out where the function is undefined), with no auxiliary
// variable, and in every mode. On larger domains:
//   - int_times is a multiplier circuit: both operands as binary numbers
//     (a log-encoded integer's bits, or an adder over an order-encoded
//     one's ladder), their bitwise products as and gates, and the
//     equation z = x*y as an adder network;
//   - int_div and int_mod are x = y*q + r with |r| < |y| and r of the sign
//     of x (truncating division), over that multiplier;
//   - int_abs, int_min, int_max and the array extrema are, over
//     order-encoded integers, equivalences of their ladders ([z >= v] is
//     [x >= v] or [x <= -v] for abs, the or of the operands' [x >= v] for
//     max), and otherwise case splits over linear equations;
//   - int_pow with a small fixed exponent is a chain of products.
// A reified or half-reified form over large domains computes the result
// into a fresh integer and reifies the equation with it.

// logTableCost is how many times a pair of operand values of a table
// counts against Options.TableLimit when the result is log-encoded: its
// value is a conjunction of a literal per bit instead of two.
const logTableCost = 16

// nonlin describes a nonlinear builtin z = f(x) or z = f(x, y).
type nonlin struct {
	// f is the function; ok is false where it is undefined.
	f func(v []int64) (z int64, ok bool)
	// bounds returns bounds of the result over the operands' ranges.
	bounds func(xs []*intVar) (lo, hi int64)
	// defined returns the literal that f is defined (true for a total f).
	defined func(e *encoder, xs []*intVar) sat.Lit
	// circuit writes g -> z = f(xs) for operands beyond tables; nil when
	// there is none.
	circuit func(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error
}

func init() {
	for name, n := range map[string]nonlin{
		"int_times":     {timesF, timesBounds, totalF, timesCircuit},
		"int_div":       {divF, divBounds, nonZeroDivisor, divCircuit(false)},
		"int_mod":       {modF, modBounds, nonZeroDivisor, divCircuit(true)},
		"int_pow":       {powF, powBoundsOf, powDefined, powCircuit},
		"int_pow_fixed": {powF, powBoundsOf, powDefined, powCircuit},
		"int_min":       {minF, extremeBounds(false), totalF, minMaxCircuit(false)},
		"int_max":       {maxF, extremeBounds(true), totalF, minMaxCircuit(true)},
	} {
		handlers[name] = handler{"iii", binary(n), true}
	}
	handlers["int_abs"] = handler{"ii", unary(nonlin{absF, absBounds, totalF, absCircuit}), true}
	handlers["array_int_maximum"] = handler{"iI", arrayExtremum(true), true}
	handlers["array_int_minimum"] = handler{"iI", arrayExtremum(false), true}
}

func binary(n nonlin) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		return e.nonlinear(n, []*intVar{a[0].x, a[1].x}, a[2].x, r, m)
	}
}

func unary(n nonlin) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		return e.nonlinear(n, []*intVar{a[0].x}, a[1].x, r, m)
	}
}

// nonlinear posts z = n.f(xs) in mode m with literal r.
func (e *encoder) nonlinear(n nonlin, xs []*intVar, z *intVar, r sat.Lit, m mode) error {
	pairs := int64(1)
	for _, x := range xs {
		pairs = satMul(pairs, x.size())
	}
	if z.isLog() { // each pair costs a clause per bit of z, not two
		pairs = satMul(pairs, logTableCost)
	}
	if pairs <= e.opts.TableLimit {
		e.funcTable(xs, z, n.f, r, m)
		return nil
	}
	if m == hard {
		e.clause(n.defined(e, xs))
		return n.circuit(e, xs, z, e.t)
	}
	lo, hi := n.bounds(xs)
	z2 := e.newInt("", fzn.SetOf(fzn.Range{Lo: lo, Hi: hi}))
	d := n.defined(e, xs)
	if err := n.circuit(e, xs, z2, d); err != nil {
		return err
	}
	t := e.newLit()
	e.linear([]term{{1, z}, {-1, z2}}, opEQ, 0, t, reif)
	e.assert(e.and(d, t), r, m)
	return nil
}

// funcTable writes z = f(xs) in mode m with literal r as support clauses:
// each tuple of operand values implies z's value, or is ruled out where f
// is undefined or its value is not in z's domain.
func (e *encoder) funcTable(xs []*intVar, z *intVar, f func([]int64) (int64, bool), r sat.Lit, m mode) {
	vals := make([]int64, len(xs))
	var rec func(i int, ne []sat.Lit)
	rec = func(i int, ne []sat.Lit) {
		if i < len(xs) {
			for _, v := range xs[i].values() {
				vals[i] = v
				rec(i+1, append(slices.Clip(ne), e.neLits(xs[i], v)...))
			}
			return
		}
		v, ok := f(vals)
		if !ok || !z.has(v) {
			e.clause(append(ne, r.Not())...)
			return
		}
		for _, l := range e.eqConj(z, v) {
			e.clause(append(slices.Clip(ne), r.Not(), l)...)
		}
		if m == reif {
			e.clause(append(append(slices.Clip(ne), r), e.neLits(z, v)...)...)
		}
	}
	rec(0, nil)
}

func totalF(e *encoder, _ []*intVar) sat.Lit { return e.t }

func timesF(v []int64) (int64, bool) { return mul(v[0], v[1]), true }

func timesBounds(xs []*intVar) (int64, int64) {
	x, y := xs[0], xs[1]
	p := []int64{mul(x.lo, y.lo), mul(x.lo, y.hi), mul(x.hi, y.lo), mul(x.hi, y.hi)}
	return slices.Min(p), slices.Max(p)
}

// timesCircuit writes g -> z = x*y. A fixed operand makes it linear.
func timesCircuit(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
	x, y := xs[0], xs[1]
	if v, ok := x.fixed(); ok {
		e.linear([]term{{v, y}, {-1, z}}, opEQ, 0, g, imp)
		return nil
	}
	if v, ok := y.fixed(); ok {
		e.linear([]term{{v, x}, {-1, z}}, opEQ, 0, g, imp)
		return nil
	}
	ex := e.newLexpr([]term{{1, z}})
	e.subProduct(ex, x, y)
	e.relate(g, ex, opEQ, -ex.base)
	return nil
}

// subProduct subtracts x*y from ex. With x = bx + X and y = by + Y for
// binary numbers X and Y, x*y is bx*by + bx*Y + by*X + the sum of
// 2^(i+j) (X_i and Y_j).
func (e *encoder) subProduct(ex *lexpr, x, y *intVar) {
	bx, X := e.binaryOf(x)
	by, Y := e.binaryOf(y)
	ex.log = true
	ex.base = sub(ex.base, mul(bx, by))
	for j, l := range Y {
		e.addTerm(ex, -mul(bx, 1<<j), l)
	}
	for i, l := range X {
		e.addTerm(ex, -mul(by, 1<<i), l)
	}
	for i, a := range X {
		for j, b := range Y {
			e.addTerm(ex, -mul(1<<i, 1<<j), e.and(a, b))
		}
	}
	for len(ex.chains) < len(ex.terms) {
		ex.chains = append(ex.chains, 1)
	}
}

// binaryOf returns x as base + a binary number: its bits for the log
// encoding, an adder over its ladder for the order encoding.
func (e *encoder) binaryOf(x *intVar) (base int64, bits []sat.Lit) {
	if x.isLog() {
		return x.lo, x.bits
	}
	terms := make([]sat.Term, 0, len(x.vals)-1)
	for i := 1; i < len(x.vals); i++ {
		terms = append(terms, sat.Term{Lit: x.ge[i], Weight: int(x.vals[i] - x.vals[i-1])})
	}
	return x.vals[0], e.sumBits(terms)
}

func divF(v []int64) (int64, bool) {
	if v[1] == 0 {
		return 0, false
	}
	return v[0] / v[1], true
}

func modF(v []int64) (int64, bool) {
	if v[1] == 0 {
		return 0, false
	}
	return v[0] % v[1], true
}

func nonZeroDivisor(e *encoder, xs []*intVar) sat.Lit {
	return e.or(e.ge(xs[1], 1), e.le(xs[1], -1))
}

func divBounds(xs []*intVar) (int64, int64) {
	m := max(abs(xs[0].lo), abs(xs[0].hi))
	return -m, m
}

func modBounds(xs []*intVar) (int64, int64) {
	m := min(max(abs(xs[0].lo), abs(xs[0].hi)), max(abs(xs[1].lo), abs(xs[1].hi))-1)
	m = max(m, 0)
	return -m, m
}

// divCircuit writes g -> z = x div y (or x mod y when mod): x = y*q + r
// with y != 0, r of the sign of x or 0, and |r| < |y|.
func divCircuit(mod bool) func(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
	return func(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
		x, y := xs[0], xs[1]
		q, rem := z, z
		if mod {
			lo, hi := divBounds(xs)
			q = e.newInt("", fzn.SetOf(fzn.Range{Lo: lo, Hi: hi}))
		} else {
			lo, hi := modBounds(xs)
			rem = e.newInt("", fzn.SetOf(fzn.Range{Lo: lo, Hi: hi}))
		}
		e.clause(g.Not(), nonZeroDivisor(e, xs))
		ex := e.newLexpr([]term{{1, x}, {-1, rem}})
		e.subProduct(ex, y, q)
		e.relate(g, ex, opEQ, -ex.base)
		sx, sy := e.ge(x, 0), e.ge(y, 0)
		e.linear([]term{{1, rem}}, opGE, 0, e.and(g, sx), imp)
		e.linear([]term{{1, rem}}, opLE, 0, e.and(g, sx.Not()), imp)
		for _, c := range [4]struct {
			sx, sy sat.Lit
			cr, cy int64 // cr*rem + cy*y <= -1 is |r| < |y| in this case
		}{{sx, sy, 1, -1}, {sx, sy.Not(), 1, 1}, {sx.Not(), sy, -1, -1}, {sx.Not(), sy.Not(), -1, 1}} {
			e.linear([]term{{c.cr, rem}, {c.cy, y}}, opLE, -1, e.and(g, c.sx, c.sy), imp)
		}
		return nil
	}
}

func powF(v []int64) (int64, bool) {
	p, ok := powSat(v[0], v[1])
	return p, ok && !isInf(p)
}

func powDefined(e *encoder, xs []*intVar) sat.Lit {
	return e.or(e.ge(xs[1], 0), e.ge(xs[0], 1), e.le(xs[0], -1))
}

func powBoundsOf(xs []*intVar) (int64, int64) {
	lo, hi, ok := powBounds(xs[0].lo, xs[0].hi, xs[1].lo, xs[1].hi)
	if !ok || isInf(lo) || isInf(hi) {
		panic(errOverflow)
	}
	return lo, hi
}

// maxPowCircuit is the largest exponent of a chain of products.
const maxPowCircuit = 16

// powCircuit writes g -> z = x^y: for each exponent k of y (a handful),
// [y = k] implies z = x^k, a chain of k-1 products for k >= 0; for k < 0,
// x^k is 1 for x = 1, ±1 for x = -1 and 0 for the others (undefined for
// x = 0, which powDefined rules out).
func powCircuit(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
	x, y := xs[0], xs[1]
	if y.size() > maxPowCircuit || y.hi > maxPowCircuit {
		return errWide("int_pow with a wide or large exponent over large domains")
	}
	for _, k := range y.values() {
		at := e.and(g, e.eq(y, k))
		if at == -e.t {
			continue
		}
		if k < 0 {
			odd := e.constLit(k%2 != 0)
			e.linear([]term{{1, z}}, opEQ, 1, e.and(at, e.eq(x, 1)), imp)
			e.linear([]term{{1, z}}, opEQ, -1, e.and(at, e.eq(x, -1), odd), imp)
			e.linear([]term{{1, z}}, opEQ, 1, e.and(at, e.eq(x, -1), odd.Not()), imp)
			e.linear([]term{{1, z}}, opEQ, 0, e.and(at, e.or(e.ge(x, 2), e.le(x, -2))), imp)
			continue
		}
		if err := e.powChain(x, k, z, at); err != nil {
			return err
		}
	}
	return nil
}

// powChain writes g -> z = x^k for 0 <= k <= maxPowCircuit as a chain of
// products through fresh integers.
func (e *encoder) powChain(x *intVar, k int64, z *intVar, g sat.Lit) error {
	if k == 0 {
		e.linear([]term{{1, z}}, opEQ, 1, g, imp)
		return nil
	}
	p := x
	for i := int64(2); i <= k; i++ {
		next := z
		if i < k {
			lo, hi := powBoundsOf([]*intVar{x, e.constant(i)})
			next = e.newInt("", fzn.SetOf(fzn.Range{Lo: lo, Hi: hi}))
		}
		if err := timesCircuit(e, []*intVar{p, x}, next, g); err != nil {
			return err
		}
		p = next
	}
	if k == 1 {
		e.linear([]term{{1, z}, {-1, x}}, opEQ, 0, g, imp)
	}
	return nil
}

func absF(v []int64) (int64, bool) { return abs(v[0]), true }

func absBounds(xs []*intVar) (int64, int64) {
	x := xs[0]
	lo := int64(0)
	if x.lo > 0 || x.hi < 0 {
		lo = min(abs(x.lo), abs(x.hi))
	}
	return lo, max(abs(x.lo), abs(x.hi))
}

// absCircuit writes g -> z = |x|: over order encodings, [z >= v] is [x >=
// v] or [x <= -v] for every v > 0 where either ladder has a step;
// otherwise z = x when x >= 0 and z = -x when not.
func absCircuit(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
	x := xs[0]
	e.clause(g.Not(), e.ge(z, 0))
	if !x.isLog() && !z.isLog() {
		for _, v := range steps(x.vals, negated(x.vals), z.vals) {
			if v > 0 {
				e.equalIf(g, e.ge(z, v), e.or(e.ge(x, v), e.le(x, -v)))
			}
		}
		return nil
	}
	s := e.ge(x, 0)
	e.linear([]term{{1, z}, {-1, x}}, opEQ, 0, e.and(g, s), imp)
	e.linear([]term{{1, z}, {1, x}}, opEQ, 0, e.and(g, s.Not()), imp)
	return nil
}

// equalIf writes g -> (a <-> b).
func (e *encoder) equalIf(g, a, b sat.Lit) {
	e.clause(g.Not(), a.Not(), b)
	e.clause(g.Not(), a, b.Not())
}

// steps returns the sorted union of the value lists.
func steps(lists ...[]int64) []int64 {
	var all []int64
	for _, l := range lists {
		all = append(all, l...)
	}
	slices.Sort(all)
	return slices.Compact(all)
}

func negated(vs []int64) []int64 {
	out := make([]int64, len(vs))
	for i, v := range vs {
		out[i] = -v
	}
	return out
}

func minF(v []int64) (int64, bool) { return min(v[0], v[1]), true }
func maxF(v []int64) (int64, bool) { return max(v[0], v[1]), true }

func extremeBounds(isMax bool) func(xs []*intVar) (int64, int64) {
	return func(xs []*intVar) (int64, int64) {
		lo, hi := xs[0].lo, xs[0].hi
		for _, x := range xs[1:] {
			if isMax {
				lo, hi = max(lo, x.lo), max(hi, x.hi)
			} else {
				lo, hi = min(lo, x.lo), min(hi, x.hi)
			}
		}
		return lo, hi
	}
}

func minMaxCircuit(isMax bool) func(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
	return func(e *encoder, xs []*intVar, z *intVar, g sat.Lit) error {
		e.extremum(xs, z, isMax, g)
		return nil
	}
}

// extremum writes g -> z = max(xs) (or min). Over order encodings, [z >=
// v] is the or (and) of the [x >= v], for every v where a ladder has a
// step. Otherwise z is at least (most) every x, and at most (least) one
// of them, chosen by a selector literal.
func (e *encoder) extremum(xs []*intVar, z *intVar, isMax bool, g sat.Lit) {
	if len(xs) == 0 {
		e.clause(g.Not())
		return
	}
	order := !z.isLog()
	lists := [][]int64{z.vals}
	for _, x := range xs {
		order = order && !x.isLog()
		lists = append(lists, x.vals)
	}
	if order {
		for _, v := range steps(lists...) {
			ins := make([]sat.Lit, len(xs))
			for i, x := range xs {
				ins[i] = e.ge(x, v)
			}
			if isMax {
				e.equalIf(g, e.ge(z, v), e.or(ins...))
			} else {
				e.equalIf(g, e.ge(z, v), e.and(ins...))
			}
		}
		return
	}
	sign := int64(1) // z >= x for max, -z >= -x for min
	if !isMax {
		sign = -1
	}
	some := []sat.Lit{g.Not()}
	for _, x := range xs {
		e.linear([]term{{sign, z}, {-sign, x}}, opGE, 0, g, imp)
		s := e.newLit()
		some = append(some, s)
		e.linear([]term{{sign, z}, {-sign, x}}, opLE, 0, e.and(g, s), imp)
	}
	e.clause(some...)
}

// arrayExtremum is array_int_maximum(m, xs) (or minimum).
func arrayExtremum(isMax bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		z, xs := a[0].x, a[1].xs
		if m == hard || len(xs) == 0 {
			if m == reif && len(xs) == 0 {
				e.clause(r.Not())
				return nil
			}
			e.extremum(xs, z, isMax, r)
			return nil
		}
		lo, hi := extremeBounds(isMax)(xs)
		z2 := e.newInt("", fzn.SetOf(fzn.Range{Lo: lo, Hi: hi}))
		e.extremum(xs, z2, isMax, e.t)
		e.linear([]term{{1, z}, {-1, z2}}, opEQ, 0, r, m)
		return nil
	}
}
