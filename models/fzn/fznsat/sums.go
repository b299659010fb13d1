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
	first, second := e.pairing(ts)
	a, x, ok := e.half(first)
	if !ok {
		return false
	}
	b, y, ok := e.half(second)
	if !ok {
		return false
	}
	e.direct2(g, []term{{a, x}, {b, y}}, op, k)
	return true
}

// pairing splits three or four terms into two halves of one or two
// terms: the split whose pairs are already auxiliary integers, or else
// the one whose new pairs have the fewest value pairs. Which terms pair
// up matters: in d = x1 - x0, the pair x1 - x0 may be the one that a
// hundred != constraints share, d - x1 is nobody's.
func (e *encoder) pairing(ts []term) (first, second []term) {
	var splits [][2][]term
	if len(ts) == 3 {
		for i := range ts {
			rest := slices.Delete(slices.Clone(ts), i, i+1)
			splits = append(splits, [2][]term{rest, {ts[i]}})
		}
	} else {
		for _, p := range [][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}} {
			splits = append(splits, [2][]term{{ts[p[0]], ts[p[1]]}, {ts[p[2]], ts[p[3]]}})
		}
	}
	best, bestCost := 0, int64(-1)
	for i, sp := range splits {
		cost := int64(0)
		for _, h := range sp {
			if len(h) == 1 {
				continue
			}
			if s, _ := e.cachedSum(h[0], h[1]); s == nil {
				cost = satAdd(cost, satMul(h[0].x.size(), h[1].x.size()))
			}
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = i, cost
		}
	}
	return splits[best][0], splits[best][1]
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
	if s, sign := e.cachedSum(t, u); s != nil {
		return s, sign, true
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

// cachedSum returns the auxiliary integer s and the sign with sign*s =
// t.c*t.x + u.c*u.x that pairSum made before, or nil.
func (e *encoder) cachedSum(t, u term) (*intVar, int64) {
	for _, sign := range []int64{1, -1} {
		for _, k := range []sumKey{{sign * t.c, sign * u.c, t.x, u.x}, {sign * u.c, sign * t.c, u.x, t.x}} {
			if s, ok := e.sums[k]; ok {
				return s, sign
			}
		}
	}
	return nil, 0
}

// scaledGE returns the literal [c*x >= c*v]: [x >= v] for c > 0, [x <= v]
// for c < 0.
func (e *encoder) scaledGE(c int64, x *intVar, v int64) sat.Lit {
	if c > 0 {
		return e.ge(x, v)
	}
	return e.le(x, v)
}
