package fznsat

import (
	"slices"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// split writes g -> sum(ts) op k, for op = or != and three or four
// order-encoded terms, as the order encoding's clauses between two halves
// of the sum, each an integer of its own or an auxiliary integer a*x + b*y
// (pairSum). The standard library's all_different over differences
// (golomb rulers, costas arrays) makes hundreds of x1 - x2 + x3 - x4 != 0
// and d = x1 - x2 over a few differences: each difference is then encoded
// once, and each constraint costs a clause or two per value, where the
// pseudo-Boolean encoding takes a decision diagram for each of < and >.
// It reports false, writing nothing, when a half would be too large for
// the order encoding.
func (e *encoder) split(g sat.Lit, ts []term, op relOp, k int64) bool {
	if len(ts) < 3 || len(ts) > 4 || slices.ContainsFunc(ts, func(t term) bool { return t.x.isLog() }) {
		return false
	}
	h := (len(ts) + 1) / 2
	a, x, ok := e.half(ts[:h])
	if !ok {
		return false
	}
	b, y, ok := e.half(ts[h:])
	if !ok {
		return false
	}
	e.direct2(g, []term{{a, x}, {b, y}}, op, k)
	return true
}

// half returns c and x with c*x equal to the sum of one or two terms.
func (e *encoder) half(ts []term) (int64, *intVar, bool) {
	if len(ts) == 1 {
		return ts[0].c, ts[0].x, true
	}
	s, sign, ok := e.pairSum(ts[0], ts[1])
	return sign, s, ok
}

// sumKey names the auxiliary integer a*x + b*y.
type sumKey struct {
	a, b int64
	x, y *intVar
}

// pairSum returns an order-encoded integer s and a sign with sign*s =
// t.c*t.x + u.c*u.x, made once for each pair (in either order, and for
// its negation). It reports false when the sum has more values than
// four times Options.OrderLimit, or its clauses (two per value pair)
// would exceed Options.TableLimit pairs.
func (e *encoder) pairSum(t, u term) (*intVar, int64, bool) {
	for _, sign := range []int64{1, -1} {
		for _, k := range []sumKey{{sign * t.c, sign * u.c, t.x, u.x}, {sign * u.c, sign * t.c, u.x, t.x}} {
			if s, ok := e.sums[k]; ok {
				return s, sign, true
			}
		}
	}
	pairs := satMul(t.x.size(), u.x.size())
	if e.opts.TableLimit < 0 || pairs > e.opts.TableLimit {
		return nil, 0, false
	}
	vals := make([]int64, 0, pairs)
	for _, v := range t.x.vals {
		for _, w := range u.x.vals {
			vals = append(vals, add(mul(t.c, v), mul(u.c, w)))
		}
	}
	slices.Sort(vals)
	vals = slices.Compact(vals)
	if int64(len(vals)) > 4*int64(e.orderLimit) {
		return nil, 0, false
	}
	s := &intVar{lo: vals[0], hi: vals[len(vals)-1]}
	e.orderInt(s, fzn.SetOfValues(vals...))
	// For each value pair, a*x >= a*v and b*y >= b*w imply s >= a*v + b*w,
	// and the same with <=: s is the sum in every model, and unit
	// propagation keeps its bounds and the operands' consistent.
	for _, v := range t.x.vals {
		for _, w := range u.x.vals {
			sum := add(mul(t.c, v), mul(u.c, w))
			e.clause(e.scaledGE(t.c, t.x, v).Not(), e.scaledGE(u.c, u.x, w).Not(), e.ge(s, sum))
			e.clause(e.scaledGE(-t.c, t.x, v).Not(), e.scaledGE(-u.c, u.x, w).Not(), e.le(s, sum))
		}
	}
	if e.sums == nil {
		e.sums = make(map[sumKey]*intVar)
	}
	e.sums[sumKey{t.c, u.c, t.x, u.x}] = s
	return s, 1, true
}

// scaledGE returns the literal [c*x >= c*v]: [x >= v] for c > 0, [x <= v]
// for c < 0.
func (e *encoder) scaledGE(c int64, x *intVar, v int64) sat.Lit {
	if c > 0 {
		return e.ge(x, v)
	}
	return e.le(x, v)
}
