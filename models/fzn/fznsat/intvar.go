package fznsat

import (
	"slices"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// intVar is an integer of the encoding: a FlatZinc variable, a constant,
// a bool seen as 0..1, or an auxiliary integer. It has one of two
// encodings.
//
// The order encoding keeps the values of the domain, vals, and a literal
// ge[i] = [x >= vals[i]] for each; ge[0] is the true constant, and the
// ladder clauses ge[i+1] -> ge[i] make the true literals a prefix. A
// domain with holes costs nothing more: its values are the ladder's
// steps. x = vals[i] is ge[i] and not ge[i+1].
//
// The log encoding keeps bits with x = lo + sum 2^j bits[j], the bound
// x <= hi as clauses on the bits, and a clause per hole of the domain.
// Comparisons with constants are small circuits over the bits, made on
// demand and cached.
type intVar struct {
	name   string
	lo, hi int64
	vals   []int64   // order encoding: the domain's values, increasing
	ge     []sat.Lit // order encoding: ge[i] is [x >= vals[i]]
	bits   []sat.Lit // log encoding: the bits of x - lo, lowest first
	geLog  map[int64]sat.Lit
	eqs    map[int64]sat.Lit
}

// isLog reports whether x has the log encoding.
func (x *intVar) isLog() bool { return x.bits != nil }

// fixed returns the value of x when its domain has one value.
func (x *intVar) fixed() (int64, bool) {
	if !x.isLog() && len(x.vals) == 1 {
		return x.vals[0], true
	}
	return 0, false
}

// size returns the number of values of x's domain (the width of its range
// for the log encoding).
func (x *intVar) size() int64 {
	if x.isLog() {
		return x.hi - x.lo + 1
	}
	return int64(len(x.vals))
}

// constant returns the integer c.
func (e *encoder) constant(c int64) *intVar {
	if x, ok := e.consts[c]; ok {
		return x
	}
	x := &intVar{name: strconv.FormatInt(c, 10), lo: c, hi: c, vals: []int64{c}, ge: []sat.Lit{e.t}}
	e.consts[c] = x
	return x
}

// boolInt returns the 0..1 integer of the literal l.
func (e *encoder) boolInt(l sat.Lit) *intVar {
	switch l {
	case e.t:
		return e.constant(1)
	case -e.t:
		return e.constant(0)
	}
	if x, ok := e.bools[l]; ok {
		return x
	}
	x := &intVar{lo: 0, hi: 1, vals: []int64{0, 1}, ge: []sat.Lit{e.t, l}}
	e.bools[l] = x
	return x
}

// newInt returns a fresh integer over the values of dom, named name when
// name is not empty (for the comments of a DIMACS export). It takes the
// order encoding when dom has at most e.opts.OrderLimit values, else the
// log encoding. An empty domain makes the formula unsatisfiable.
func (e *encoder) newInt(name string, dom *fzn.Set) *intVar {
	if dom.IsEmpty() {
		e.clause()
		return e.constant(0)
	}
	lo, hi := dom.Min(), dom.Max()
	check(lo)
	check(hi)
	if lo == hi {
		return e.constant(lo)
	}
	x := &intVar{name: name, lo: lo, hi: hi}
	if dom.Len() <= uint64(e.orderLimit) {
		e.orderInt(x, dom)
	} else {
		e.logInt(x, dom)
	}
	return x
}

// orderInt gives x the order encoding over the values of dom.
func (e *encoder) orderInt(x *intVar, dom *fzn.Set) {
	x.vals = slices.Collect(dom.Values())
	x.ge = make([]sat.Lit, len(x.vals))
	x.ge[0] = e.t
	for i := 1; i < len(x.vals); i++ {
		x.ge[i] = e.newLit()
		if x.name != "" {
			e.f.SetName(x.ge[i].Var(), x.name+">="+strconv.FormatInt(x.vals[i], 10))
		}
		if i > 1 {
			e.clause(x.ge[i].Not(), x.ge[i-1])
		}
	}
}

// logInt gives x the log encoding over dom.
func (e *encoder) logInt(x *intVar, dom *fzn.Set) {
	width := bitLen(sub(x.hi, x.lo))
	x.bits = make([]sat.Lit, width)
	for j := range x.bits {
		x.bits[j] = e.newLit()
		if x.name != "" {
			e.f.SetName(x.bits[j].Var(), x.name+".bit"+strconv.Itoa(j))
		}
	}
	e.leConst(e.t, x.bits, uint64(x.hi-x.lo))
	rs := dom.Ranges()
	for i := 1; i < len(rs); i++ { // rule out the hole between two ranges
		e.clause(e.ge(x, rs[i-1].Hi+1).Not(), e.ge(x, rs[i].Lo))
	}
}

// ge returns the literal [x >= v].
func (e *encoder) ge(x *intVar, v int64) sat.Lit {
	switch {
	case v <= x.lo:
		return e.t
	case v > x.hi:
		return -e.t
	case !x.isLog():
		i, _ := slices.BinarySearch(x.vals, v)
		return x.ge[i]
	}
	if l, ok := x.geLog[v]; ok {
		return l
	}
	// [x - lo >= c] over the bits from the lowest: with the bits below j
	// compared, bit j decides when it differs from c's.
	c := uint64(v - x.lo)
	acc := e.t
	for j, b := range x.bits {
		if c>>j&1 == 1 {
			acc = e.and(b, acc)
		} else {
			acc = e.or(b, acc)
		}
	}
	if x.geLog == nil {
		x.geLog = make(map[int64]sat.Lit)
	}
	x.geLog[v] = acc
	return acc
}

// le returns the literal [x <= v].
func (e *encoder) le(x *intVar, v int64) sat.Lit {
	if v >= x.hi {
		return e.t
	}
	return e.ge(x, v+1).Not()
}

// has reports whether v is in the domain of x. For the log encoding, the
// holes of the domain are not known here: every value of lo..hi is taken
// to be in it, which is safe (a hole's literals are false in every model).
func (x *intVar) has(v int64) bool {
	if v < x.lo || v > x.hi {
		return false
	}
	if x.isLog() {
		return true
	}
	_, found := slices.BinarySearch(x.vals, v)
	return found
}

// eqConj returns literals whose conjunction is [x = v], no literal at all
// for a fixed x equal to v, and the false constant when v is not in x's
// domain.
func (e *encoder) eqConj(x *intVar, v int64) []sat.Lit {
	if !x.has(v) {
		return []sat.Lit{-e.t}
	}
	if x.isLog() {
		c := uint64(v - x.lo)
		lits := make([]sat.Lit, len(x.bits))
		for j, b := range x.bits {
			lits[j] = b
			if c>>j&1 == 0 {
				lits[j] = b.Not()
			}
		}
		return lits
	}
	i, _ := slices.BinarySearch(x.vals, v)
	var lits []sat.Lit
	if i > 0 {
		lits = append(lits, x.ge[i])
	}
	if i+1 < len(x.vals) {
		lits = append(lits, x.ge[i+1].Not())
	}
	return lits
}

// neLits returns literals whose disjunction is [x != v].
func (e *encoder) neLits(x *intVar, v int64) []sat.Lit {
	conj := e.eqConj(x, v)
	ne := make([]sat.Lit, len(conj))
	for i, l := range conj {
		ne[i] = l.Not()
	}
	return ne
}

// eq returns the literal [x = v], made once for each x and v.
func (e *encoder) eq(x *intVar, v int64) sat.Lit {
	if !x.has(v) {
		return -e.t
	}
	if l, ok := x.eqs[v]; ok {
		return l
	}
	l := e.and(e.eqConj(x, v)...)
	if x.eqs == nil {
		x.eqs = make(map[int64]sat.Lit)
	}
	x.eqs[v] = l
	return l
}

// values returns the values of x's domain; for the log encoding, those of
// lo..hi.
func (x *intVar) values() []int64 {
	if !x.isLog() {
		return x.vals
	}
	vs := make([]int64, 0, x.size())
	for v := x.lo; ; v++ {
		vs = append(vs, v)
		if v == x.hi {
			return vs
		}
	}
}

// value returns the value of x in the assignment a.
func (x *intVar) value(a sat.Assignment) int64 {
	if x.isLog() {
		v := x.lo
		for j, b := range x.bits {
			if a.Value(b) {
				v += 1 << j
			}
		}
		return v
	}
	// The true literals of the ladder are a prefix: find its end.
	i, _ := slices.BinarySearchFunc(x.ge[1:], true, func(l sat.Lit, _ bool) int {
		if a.Value(l) {
			return -1
		}
		return 1
	})
	return x.vals[i]
}
