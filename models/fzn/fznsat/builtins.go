package fznsat

import (
	"errors"

	"github.com/waterworks-solver/waterworks/sat"
)

// handlers maps each constraint of the SAT route to its encoding: the
// FlatZinc builtins over int and bool here, the nonlinear ones in
// nonlinear.go, the globals in globals.go (registered by init).
var handlers = map[string]handler{
	"int_eq":     {"ii", cmp2(opEQ, 0), true},
	"int_ne":     {"ii", cmp2(opNE, 0), true},
	"int_le":     {"ii", cmp2(opLE, 0), true},
	"int_lt":     {"ii", cmp2(opLE, -1), true},
	"int_lin_eq": {"CIi", linRel(opEQ), true},
	"int_lin_ne": {"CIi", linRel(opNE), true},
	"int_lin_le": {"CIi", linRel(opLE), true},
	"int_plus":   {"iii", intPlus, true},

	"bool2int":    {"bi", bool2int, true},
	"bool_lin_eq": {"CBi", boolLin(opEQ), true},
	"bool_lin_le": {"CBi", boolLin(opLE), true},

	"bool_eq":        {"bb", boolGate(boolEq), true},
	"bool_le":        {"bb", boolGate(boolLe), true},
	"bool_lt":        {"bb", boolGate(boolLt), true},
	"bool_not":       {"bb", boolGate(boolNot), true},
	"bool_xor/2":     {"bb", boolGate(boolNot), true},
	"bool_and":       {"bbb", boolGate(boolAnd), true},
	"bool_or":        {"bbb", boolGate(boolOr), true},
	"bool_xor/3":     {"bbb", boolGate(boolXor), true},
	"bool_clause":    {"BB", boolClause, true},
	"array_bool_and": {"Bb", arrayBool(true), true},
	"array_bool_or":  {"Bb", arrayBool(false), true},
	"array_bool_xor": {"B", arrayBoolXor, true},

	"array_int_element":      {"iIi", intElement, true},
	"array_var_int_element":  {"iIi", intElement, true},
	"array_bool_element":     {"iBb", boolElement, true},
	"array_var_bool_element": {"iBb", boolElement, true},

	"set_in": {"is", setIn, true},
}

// cmp2 is x - y op k.
func cmp2(op relOp, k int64) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		e.linear([]term{{1, a[0].x}, {-1, a[1].x}}, op, k, r, m)
		return nil
	}
}

// linRel is int_lin_*(as, xs, k): sum as[i]*xs[i] op k.
func linRel(op relOp) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		ts, err := terms(a[0].cs, a[1].xs)
		if err != nil {
			return err
		}
		e.linear(append(ts, term{-1, a[2].x}), op, 0, r, m)
		return nil
	}
}

var errLengths = errors.New("the arrays of coefficients and variables differ in length")

func terms(cs []int64, xs []*intVar) ([]term, error) {
	if len(cs) != len(xs) {
		return nil, errLengths
	}
	ts := make([]term, len(cs))
	for i := range cs {
		ts[i] = term{check(cs[i]), xs[i]}
	}
	return ts, nil
}

func intPlus(e *encoder, a []arg, r sat.Lit, m mode) error {
	e.linear([]term{{1, a[0].x}, {1, a[1].x}, {-1, a[2].x}}, opEQ, 0, r, m)
	return nil
}

func bool2int(e *encoder, a []arg, r sat.Lit, m mode) error {
	e.linear([]term{{1, e.boolInt(a[0].l)}, {-1, a[1].x}}, opEQ, 0, r, m)
	return nil
}

// boolLin is bool_lin_*(as, bs, k): sum as[i]*bs[i] op k.
func boolLin(op relOp) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		xs := make([]*intVar, len(a[1].ls))
		for i, l := range a[1].ls {
			xs[i] = e.boolInt(l)
		}
		ts, err := terms(a[0].cs, xs)
		if err != nil {
			return err
		}
		e.linear(append(ts, term{-1, a[2].x}), op, 0, r, m)
		return nil
	}
}

// A gate is a constraint over a few literals: hard writes it as clauses,
// truth returns a literal equivalent to it (for the reified forms).
type gate struct {
	hard  func(e *encoder, l []sat.Lit)
	truth func(e *encoder, l []sat.Lit) sat.Lit
}

var (
	boolEq = gate{
		func(e *encoder, l []sat.Lit) { e.equal(l[0], l[1]) },
		func(e *encoder, l []sat.Lit) sat.Lit { return e.xor(l[0], l[1]).Not() },
	}
	boolLe = gate{
		func(e *encoder, l []sat.Lit) { e.clause(l[0].Not(), l[1]) },
		func(e *encoder, l []sat.Lit) sat.Lit { return e.or(l[0].Not(), l[1]) },
	}
	boolLt = gate{
		func(e *encoder, l []sat.Lit) { e.clause(l[0].Not()); e.clause(l[1]) },
		func(e *encoder, l []sat.Lit) sat.Lit { return e.and(l[0].Not(), l[1]) },
	}
	boolNot = gate{ // also bool_xor(a, b): a != b
		func(e *encoder, l []sat.Lit) { e.equal(l[0], l[1].Not()) },
		func(e *encoder, l []sat.Lit) sat.Lit { return e.xor(l[0], l[1]) },
	}
	boolAnd = gate{
		func(e *encoder, l []sat.Lit) { e.defineAnd(l[2], l[:2]) },
		func(e *encoder, l []sat.Lit) sat.Lit { return e.xor(l[2], e.and(l[0], l[1])).Not() },
	}
	boolOr = gate{
		func(e *encoder, l []sat.Lit) { e.defineOr(l[2], l[:2]) },
		func(e *encoder, l []sat.Lit) sat.Lit { return e.xor(l[2], e.or(l[0], l[1])).Not() },
	}
	boolXor = gate{ // c = a xor b: a, b, c have an even number of true
		func(e *encoder, l []sat.Lit) {
			a, b, c := l[0], l[1], l[2]
			e.clause(a.Not(), b, c)
			e.clause(a, b.Not(), c)
			e.clause(a, b, c.Not())
			e.clause(a.Not(), b.Not(), c.Not())
		},
		func(e *encoder, l []sat.Lit) sat.Lit { return e.xor(l[2], e.xor(l[0], l[1])).Not() },
	}
)

// boolGate is the handler of a gate over bool arguments.
func boolGate(g gate) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		l := make([]sat.Lit, len(a))
		for i := range a {
			l[i] = a[i].l
		}
		if m == hard {
			g.hard(e, l)
		} else {
			e.assert(g.truth(e, l), r, m)
		}
		return nil
	}
}

// boolClause is bool_clause(as, bs): some a is true or some b false.
func boolClause(e *encoder, a []arg, r sat.Lit, m mode) error {
	lits := append([]sat.Lit(nil), a[0].ls...)
	for _, b := range a[1].ls {
		lits = append(lits, b.Not())
	}
	e.assertAny(lits, r, m)
	return nil
}

// arrayBool is array_bool_and(as, c) (all) or array_bool_or(as, c): c is
// the conjunction or the disjunction of as.
func arrayBool(all bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		as, c := a[0].ls, a[1].l
		if m == hard {
			if all {
				e.defineAnd(c, as)
			} else {
				e.defineOr(c, as)
			}
			return nil
		}
		t := e.or(as...)
		if all {
			t = e.and(as...)
		}
		e.assert(e.xor(c, t).Not(), r, m)
		return nil
	}
}

// arrayBoolXor is array_bool_xor(as): an odd number of as are true.
func arrayBoolXor(e *encoder, a []arg, r sat.Lit, m mode) error {
	p := -e.t
	for _, l := range a[0].ls {
		p = e.xor(p, l)
	}
	e.assert(p, r, m)
	return nil
}

// intElement is array_[var_]int_element(i, xs, z): xs[i] = z, i in
// 1..len(xs). Each [i = k] implies z = xs[k]; for a constant array over
// an order-encoded z, each value v of z also implies an index k with
// xs[k] = v, the support that unit propagation needs to narrow i from z.
func intElement(e *encoder, a []arg, r sat.Lit, m mode) error {
	i, xs, z := a[0].x, a[1].xs, a[2].x
	if m == reif {
		any := make([]sat.Lit, 0, len(xs))
		for k, x := range xs {
			t := e.newLit()
			e.linear([]term{{1, z}, {-1, x}}, opEQ, 0, t, reif)
			any = append(any, e.and(e.eq(i, int64(k+1)), t))
		}
		e.equal(r, e.or(any...))
		return nil
	}
	e.inRange(i, len(xs), r)
	for k, x := range xs {
		at := e.eq(i, int64(k+1))
		if at == -e.t {
			continue
		}
		e.linear([]term{{1, z}, {-1, x}}, opEQ, 0, e.and(r, at), imp)
	}
	e.elementSupport(i, xs, z, r)
	return nil
}

// inRange writes r -> i in 1..n.
func (e *encoder) inRange(i *intVar, n int, r sat.Lit) {
	e.inRangeFrom(i, 1, n, r)
}

// inRangeFrom writes r -> first <= i < first+n.
func (e *encoder) inRangeFrom(i *intVar, first int64, n int, r sat.Lit) {
	e.clause(r.Not(), e.ge(i, first))
	e.clause(r.Not(), e.le(i, first+int64(n)-1))
}

// elementSupport writes, for a constant array xs and an order-encoded z,
// r /\ z = v -> some i = k with xs[k] = v.
func (e *encoder) elementSupport(i *intVar, xs []*intVar, z *intVar, r sat.Lit) {
	if z.isLog() {
		return
	}
	support := make(map[int64][]sat.Lit)
	for k, x := range xs {
		v, ok := x.fixed()
		if !ok {
			return
		}
		if at := e.eq(i, int64(k+1)); at != -e.t {
			support[v] = append(support[v], at)
		}
	}
	for _, v := range z.vals {
		c := append([]sat.Lit{r.Not()}, e.neLits(z, v)...)
		e.clause(append(c, support[v]...)...)
	}
}

// boolElement is array_[var_]bool_element(i, bs, c): bs[i] = c.
func boolElement(e *encoder, a []arg, r sat.Lit, m mode) error {
	i, bs, c := a[0].x, a[1].ls, a[2].l
	if m == reif {
		any := make([]sat.Lit, 0, len(bs))
		for k, b := range bs {
			any = append(any, e.and(e.eq(i, int64(k+1)), e.xor(b, c).Not()))
		}
		e.equal(r, e.or(any...))
		return nil
	}
	e.inRange(i, len(bs), r)
	for k, b := range bs {
		at := e.eq(i, int64(k+1))
		e.clause(r.Not(), at.Not(), b.Not(), c)
		e.clause(r.Not(), at.Not(), b, c.Not())
	}
	return nil
}

// setIn is set_in(x, s): x is in s. It rules out each stretch of x's
// range that s leaves out, or for a reification, takes the literal that x
// is in one of the stretches of s, whichever are fewer.
func setIn(e *encoder, a []arg, r sat.Lit, m mode) error {
	x, s := a[0].x, a[1].s
	var in, out [][2]int64 // the stretches of x.lo..x.hi in s and out of it
	next := x.lo
	for _, rg := range s.Ranges() {
		if rg.Hi < x.lo || rg.Lo > x.hi {
			continue
		}
		lo, hi := max(rg.Lo, x.lo), min(rg.Hi, x.hi)
		if lo > next {
			out = append(out, [2]int64{next, lo - 1})
		}
		in = append(in, [2]int64{lo, hi})
		next = hi + 1
	}
	if next <= x.hi {
		out = append(out, [2]int64{next, x.hi})
	}
	if m == reif && len(in) < len(out) {
		any := make([]sat.Lit, len(in))
		for i, st := range in {
			any[i] = e.and(e.ge(x, st[0]), e.le(x, st[1]))
		}
		e.equal(r, e.or(any...))
		return nil
	}
	all := make([]sat.Lit, len(out))
	for i, st := range out {
		all[i] = e.or(e.le(x, st[0]-1), e.ge(x, st[1]+1))
	}
	e.assertAll(all, r, m)
	return nil
}
