package fznsat

import (
	"cmp"
	"slices"

	"github.com/waterworks-solver/waterworks/sat"
)

// mode is how a constraint holds: outright, implied by a literal r (the
// _imp forms), or equivalent to r (the _reif forms).
type mode uint8

const (
	hard mode = iota
	imp
	reif
)

// relOp compares a linear sum with a constant.
type relOp uint8

const (
	opLE relOp = iota // sum <= k
	opGE              // sum >= k
	opEQ              // sum = k
	opNE              // sum != k
)

// negation returns the relation of "not (sum op k)" and its constant.
func negation(op relOp, k int64) (relOp, int64) {
	switch op {
	case opLE:
		return opGE, add(k, 1)
	case opGE:
		return opLE, sub(k, 1)
	case opEQ:
		return opNE, k
	}
	return opEQ, k
}

// term is c*x in a linear sum.
type term struct {
	c int64
	x *intVar
}

// linear posts sum(ts) op k in mode m with literal r (the true constant
// when m is hard).
//
// The encoding depends on the terms, after fixed integers are folded into
// k and terms on one integer merged:
//   - one term: a literal of the integer's encoding ([x >= v], [x = v]);
//   - two order-encoded terms: the clauses of the order encoding (Tamura
//     et al.'s Sugar): for each value u of one, "a*x >= a*u implies
//     b*y <= k - a*u", one clause each, on which unit propagation keeps
//     bounds consistency; for !=, a clause per value pair that sums to k;
//   - = and != over three or four order-encoded terms: the same between
//     two halves, a pair of terms being an auxiliary order-encoded
//     integer shared by every constraint over that pair (sums.go);
//   - otherwise the sum of weighted literals: an order-encoded x is
//     vals[0] + sum (vals[i]-vals[i-1]) [x >= vals[i]], a chain of
//     literals each implying the one before, and a log-encoded x is lo +
//     sum 2^j bit_j. That pseudo-Boolean constraint goes to the sat
//     package's encoders (decision diagrams or counters, with the chains
//     as levels) when their size, estimated from the bound, stays below
//     Options.PBLimit, and to an adder network (adder.go) otherwise.
func (e *encoder) linear(ts []term, op relOp, k int64, r sat.Lit, m mode) {
	ts, k = simplify(ts, k)
	lo, hi := sumBounds(ts)
	if holds, ok := decided(op, lo, hi, k); ok {
		e.assert(e.constLit(holds), r, m)
		return
	}
	if len(ts) == 1 {
		e.linear1(ts[0], op, k, r, m)
		return
	}
	l := &lin{ts: ts}
	e.imply(r, l, op, k) // r is true when hard
	if m == reif {
		nop, nk := negation(op, k)
		e.imply(r.Not(), l, nop, nk)
	}
}

// lin is the terms of a linear constraint and, once built, their sum of
// weighted literals, shared by the two halves of a reification.
type lin struct {
	ts []term
	ex *lexpr
}

// simplify folds fixed integers into k, merges terms on one integer and
// drops zero coefficients.
func simplify(ts []term, k int64) ([]term, int64) {
	out := make([]term, 0, len(ts))
	for _, t := range ts {
		if v, ok := t.x.fixed(); ok {
			k = sub(k, mul(t.c, v))
			continue
		}
		if i := slices.IndexFunc(out, func(u term) bool { return u.x == t.x }); i >= 0 {
			out[i].c = add(out[i].c, t.c)
			continue
		}
		out = append(out, t)
	}
	out = slices.DeleteFunc(out, func(t term) bool { return t.c == 0 })
	return out, k
}

// sumBounds returns the least and greatest values of sum(ts).
func sumBounds(ts []term) (lo, hi int64) {
	for _, t := range ts {
		a, b := mul(t.c, t.x.lo), mul(t.c, t.x.hi)
		lo, hi = add(lo, min(a, b)), add(hi, max(a, b))
	}
	return lo, hi
}

// decided reports whether "s op k" holds for every s in lo..hi (holds
// true) or for none (holds false); ok is false when it depends on s.
func decided(op relOp, lo, hi, k int64) (holds, ok bool) {
	switch op {
	case opLE:
		return hi <= k, hi <= k || lo > k
	case opGE:
		return lo >= k, lo >= k || hi < k
	case opEQ:
		if k < lo || k > hi {
			return false, true
		}
		return true, lo == hi
	}
	if k < lo || k > hi {
		return true, true
	}
	return false, lo == hi
}

// linear1 posts c*x op k with literals of x's encoding.
func (e *encoder) linear1(t term, op relOp, k int64, r sat.Lit, m mode) {
	c, x := t.c, t.x
	switch op {
	case opLE, opGE:
		if c < 0 { // c*x <= k is -c*x >= -k, and the other way round
			c, k = -c, -k
			if op == opLE {
				op = opGE
			} else {
				op = opLE
			}
		}
		if op == opLE {
			e.assert(e.le(x, floorDiv(k, c)), r, m)
		} else {
			e.assert(e.ge(x, ceilDiv(k, c)), r, m)
		}
	case opEQ:
		switch {
		case k%c != 0:
			e.assert(-e.t, r, m)
		case m == reif:
			e.equal(r, e.eq(x, k/c))
		default:
			e.assertAll(e.eqConj(x, k/c), r, m)
		}
	case opNE:
		switch {
		case k%c != 0:
			e.assert(e.t, r, m)
		case m == reif:
			e.equal(r, e.eq(x, k/c).Not())
		default:
			e.assertAny(e.neLits(x, k/c), r, m)
		}
	}
}

// imply writes g -> sum(l.ts) op k, for two or more terms.
func (e *encoder) imply(g sat.Lit, l *lin, op relOp, k int64) {
	if g == -e.t {
		return
	}
	if len(l.ts) == 2 && !l.ts[0].x.isLog() && !l.ts[1].x.isLog() {
		e.direct2(g, l.ts, op, k)
		return
	}
	if (op == opNE || op == opEQ) && e.split(g, l.ts, op, k) {
		return
	}
	if l.ex == nil {
		l.ex = e.newLexpr(l.ts)
	}
	e.relate(g, l.ex, op, sub(k, l.ex.base))
}

// direct2 writes g -> a*x + b*y op k with the clauses of the order
// encoding.
func (e *encoder) direct2(g sat.Lit, ts []term, op relOp, k int64) {
	if ts[1].x.size() < ts[0].x.size() {
		ts = []term{ts[1], ts[0]}
	}
	neg := []term{{-ts[0].c, ts[0].x}, {-ts[1].c, ts[1].x}}
	switch op {
	case opLE:
		e.orderLE(g, ts, k)
	case opGE:
		e.orderLE(g, neg, -k)
	case opEQ:
		e.orderLE(g, ts, k)
		e.orderLE(g, neg, -k)
	case opNE:
		e.orderNE(g, ts, k)
	}
}

// orderLE writes g -> a*x + b*y <= k: for each value u of x, a*x >= a*u
// implies b*y <= k - a*u.
func (e *encoder) orderLE(g sat.Lit, ts []term, k int64) {
	a, x, b, y := ts[0].c, ts[0].x, ts[1].c, ts[1].x
	for i, u := range x.vals {
		at := x.ge[i] // a*x >= a*u for a > 0
		if a < 0 {
			at = e.le(x, u)
		}
		rest := sub(k, mul(a, u))
		var then sat.Lit
		if b > 0 {
			then = e.le(y, floorDiv(rest, b))
		} else {
			then = e.ge(y, ceilDiv(rest, b))
		}
		e.clause(g.Not(), at.Not(), then)
	}
}

// orderNE writes g -> a*x + b*y != k: no value pair sums to k.
func (e *encoder) orderNE(g sat.Lit, ts []term, k int64) {
	a, x, b, y := ts[0].c, ts[0].x, ts[1].c, ts[1].x
	for _, u := range x.vals {
		rest := sub(k, mul(a, u))
		if rest%b != 0 || !y.has(rest/b) {
			continue
		}
		c := append([]sat.Lit{g.Not()}, e.neLits(x, u)...)
		e.clause(append(c, e.neLits(y, rest/b)...)...)
	}
}

// lexpr is base + sum of weighted literals (positive weights), the form
// of a linear sum the pseudo-Boolean encoders and the adders take.
type lexpr struct {
	base   int64
	terms  []sat.Term
	chains []int // lengths of the runs of terms that are ladders
	total  int64 // the sum of the weights
	log    bool  // some term comes from a log-encoded integer or a product
	sum    []sat.Lit
}

// newLexpr expands sum(ts) into weighted literals, the terms with the
// largest coefficients first (decision diagrams of pseudo-Boolean
// constraints tend to be smaller in that order).
func (e *encoder) newLexpr(ts []term) *lexpr {
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(s, t term) int {
		return cmp.Compare(abs(t.c), abs(s.c))
	})
	ex := &lexpr{}
	for _, t := range ts {
		if t.x.isLog() {
			ex.log = true
			ex.base = add(ex.base, mul(t.c, t.x.lo))
			for j, b := range t.x.bits {
				e.addTerm(ex, mul(t.c, 1<<j), b)
				ex.chains = append(ex.chains, 1)
			}
			continue
		}
		ex.base = add(ex.base, mul(t.c, t.x.vals[0]))
		n := len(ex.terms)
		for i := 1; i < len(t.x.vals); i++ {
			e.addTerm(ex, mul(t.c, t.x.vals[i]-t.x.vals[i-1]), t.x.ge[i])
		}
		if t.c < 0 { // not ge[i] implies not ge[i+1]: the chain runs backwards
			slices.Reverse(ex.terms[n:])
		}
		ex.chains = append(ex.chains, len(ex.terms)-n)
	}
	return ex
}

// addTerm adds w*l to ex, as |w| * not l and a constant when w < 0.
func (e *encoder) addTerm(ex *lexpr, w int64, l sat.Lit) {
	if w < 0 {
		ex.base = add(ex.base, w)
		w, l = -w, l.Not()
	}
	ex.total = add(ex.total, w)
	ex.terms = append(ex.terms, sat.Term{Lit: l, Weight: int(w)})
}

// relate writes g -> (sum of ex's weighted literals) op k.
func (e *encoder) relate(g sat.Lit, ex *lexpr, op relOp, k int64) {
	if g == -e.t {
		return
	}
	if holds, ok := decided(op, 0, ex.total, k); ok {
		if !holds {
			e.clause(g.Not())
		}
		return
	}
	if !ex.log && ex.total <= maxPBTotal && pbCost(ex.chains, bound(op, k, ex.total)) <= e.opts.PBLimit {
		e.relatePB(g, ex, op, k)
		return
	}
	if ex.sum == nil {
		ex.sum = e.sumBits(ex.terms)
	}
	switch op {
	case opLE:
		e.leConst(g, ex.sum, uint64(k))
	case opGE:
		e.geConst(g, ex.sum, uint64(k))
	case opEQ:
		e.eqConst(g, ex.sum, uint64(k))
	case opNE:
		e.neConst(g, ex.sum, uint64(k))
	}
}

// maxPBTotal bounds the weights of a constraint given to the sat
// package, so that the big-M term of a guard cannot overflow an int.
const maxPBTotal = 1 << 60

// bound returns the bound of "s op k" that a decision diagram or counter
// counts up to: k for an upper bound, total-k for a lower one (the upper
// bound of the negated literals).
func bound(op relOp, k, total int64) int64 {
	switch op {
	case opLE:
		return k
	case opGE:
		return total - k
	}
	return max(k, total-k)
}

// pbCost estimates the clauses of a decision diagram over the chains for
// a bound b: level i has at most min(b+1, the sums the levels before it
// can make) nodes, each with a clause per prefix of its chain.
func pbCost(chains []int, b int64) int64 {
	cost, reach := int64(0), int64(1)
	for _, n := range chains {
		nodes := min(b+1, reach)
		cost = satAdd(cost, satMul(nodes, int64(n+1)))
		reach = satMul(reach, int64(n+1))
	}
	return cost
}

// relatePB writes g -> sum op k through the sat package's encoders. A
// guard g other than true enters the constraint as a big-M term: g with
// weight total-k in an upper bound (true, it leaves room k; false, no
// bound at all), not g with weight k in a lower bound.
func (e *encoder) relatePB(g sat.Lit, ex *lexpr, op relOp, k int64) {
	c := sat.Linear{Terms: slices.Clone(ex.terms), Chains: slices.Clone(ex.chains), K: int(k)}
	guard := func(l sat.Lit, w int64) {
		if g != e.t {
			c.Terms = append(c.Terms, sat.Term{Lit: l, Weight: int(w)})
			c.Chains = append(c.Chains, 1)
		}
	}
	switch op {
	case opLE:
		c.Op = sat.AtMost
		guard(g, ex.total-k)
		if g != e.t {
			c.K = int(ex.total)
		}
	case opGE:
		c.Op = sat.AtLeast
		guard(g.Not(), k)
	case opEQ:
		if g != e.t {
			e.relate(g, ex, opLE, k)
			e.relate(g, ex, opGE, k)
			return
		}
		c.Op = sat.Exactly
	case opNE:
		below, above := e.newLit(), e.newLit()
		e.clause(g.Not(), below, above)
		e.relate(below, ex, opLE, k-1)
		e.relate(above, ex, opGE, k+1)
		return
	}
	e.encodeLinear(c)
}

// mddLimit bounds the constant of an equality that the MDD encoding
// takes: it keeps a bit set of the reachable sums per level.
const mddLimit = 1 << 16

// encodeLinear lowers c into the formula with the encoding of the options,
// or keeps it whole for a backend that takes it natively.
func (e *encoder) encodeLinear(c sat.Linear) {
	enc := e.opts.Linear
	if enc == sat.Native {
		e.f.AddLinear(c)
		return
	}
	if (enc == sat.MDD || enc == sat.Auto) && c.Op == sat.Exactly && c.K > mddLimit {
		enc = sat.BDD
	}
	if err := enc.Encode(e.f, c); err != nil {
		panic(err) // the constraint is valid and the encoding known
	}
}
