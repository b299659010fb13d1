package fznsat

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// This file holds the globals that a solver library may leave native
// (fzn_*, as fzn.Check knows them). Each is encoded directly over the
// literals [x = v] of its variables; none has a reified form here (the
// standard library decomposes those).

func init() {
	for name, h := range map[string]handler{
		"fzn_all_different_int":     {"I", allDifferent(false), true},
		"fzn_alldifferent_except_0": {"I", allDifferent(true), true},
		"fzn_alldifferent_except":   {"Is", allDifferent(true), true},
		"fzn_table_int":             {"IC", tableInt, false},
		"fzn_table_bool":            {"BB", tableBool, false},

		"fzn_global_cardinality":               {"ICI", gcc(false), false},
		"fzn_global_cardinality_closed":        {"ICI", gcc(true), false},
		"fzn_global_cardinality_low_up":        {"ICCC", gccLowUp(false), false},
		"fzn_global_cardinality_low_up_closed": {"ICCC", gccLowUp(true), false},

		"fzn_inverse":    {"II", inverse, false},
		"fzn_circuit":    {"I", circuit, false},
		"fzn_subcircuit": {"I", subcircuit, false},
		"fzn_regular":    {"IccCcs", regular, false},

		// What models/fzn/mznlib makes of circuit, subcircuit, inverse
		// and bin_packing_load: the fzn_* form with the first index of
		// each array given, so that nodes and bins count from it.
		"waterworks_circuit":          {"Ic", circuit, false},
		"waterworks_subcircuit":       {"Ic", subcircuit, false},
		"waterworks_inverse":          {"IcIc", inverse, false},
		"waterworks_bin_packing_load": {"IICc", binPackingLoad, false},

		"fzn_cumulative":         {"IIIi", cumulative, false},
		"fzn_disjunctive":        {"II", disjunctive(false), false},
		"fzn_disjunctive_strict": {"II", disjunctive(true), false},
		"fzn_diffn":              {"IIII", diffn, false},

		"fzn_lex_lesseq_int":  {"II", lexInt(false), false},
		"fzn_lex_less_int":    {"II", lexInt(true), false},
		"fzn_lex_lesseq_bool": {"BB", lexBool(false), false},
		"fzn_lex_less_bool":   {"BB", lexBool(true), false},

		"fzn_count_eq":  {"Iii", count(func(n, c *intVar) ([]term, relOp, int64) { return []term{{1, n}, {-1, c}}, opEQ, 0 }), false},
		"fzn_count_neq": {"Iii", count(func(n, c *intVar) ([]term, relOp, int64) { return []term{{1, n}, {-1, c}}, opNE, 0 }), false},
		"fzn_count_lt":  {"Iii", count(func(n, c *intVar) ([]term, relOp, int64) { return []term{{1, c}, {-1, n}}, opLE, -1 }), false},
		"fzn_count_leq": {"Iii", count(func(n, c *intVar) ([]term, relOp, int64) { return []term{{1, c}, {-1, n}}, opLE, 0 }), false},
		"fzn_count_gt":  {"Iii", count(func(n, c *intVar) ([]term, relOp, int64) { return []term{{1, n}, {-1, c}}, opLE, -1 }), false},
		"fzn_count_geq": {"Iii", count(func(n, c *intVar) ([]term, relOp, int64) { return []term{{1, n}, {-1, c}}, opLE, 0 }), false},

		"fzn_among":            {"iIs", among, false},
		"fzn_nvalue":           {"iI", nvalue, false},
		"fzn_bin_packing_load": {"IIC", binPackingLoad, false},
	} {
		handlers[name] = h
	}
}

// union returns the values of the domains of xs, increasing.
func union(xs []*intVar) ([]int64, error) {
	n := int64(0)
	for _, x := range xs {
		n = satAdd(n, x.size())
	}
	if n > 1<<20 {
		return nil, errWide("domains of millions of values")
	}
	var vs []int64
	for _, x := range xs {
		vs = append(vs, x.values()...)
	}
	slices.Sort(vs)
	return slices.Compact(vs), nil
}

// atMostOne writes that at most one of lits holds: pairwise for a few,
// through the sat package's encoding for more.
func (e *encoder) atMostOne(lits []sat.Lit) {
	lits = slices.DeleteFunc(slices.Clone(lits), func(l sat.Lit) bool { return l == -e.t })
	if len(lits) <= 6 {
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				e.clause(lits[i].Not(), lits[j].Not())
			}
		}
		return
	}
	if slices.Contains(lits, e.t) {
		for _, l := range lits {
			if l != e.t {
				e.clause(l.Not())
			}
		}
		return
	}
	e.encodeLinear(sat.Card(sat.AtMost, 1, lits...))
}

// allDifferent is all_different_int(xs), or alldifferent_except(xs, s)
// (except 0 when s is missing): at most one [x = v] for each value v
// (not in s); when the values are as many as the variables (a
// permutation), also at least one. The reified forms go pair by pair.
func allDifferent(except bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		xs := a[0].xs
		skip := fzn.SetOf()
		if except {
			skip = fzn.SetOfValues(0)
			if len(a) > 1 {
				skip = a[1].s
			}
		}
		if m != hard {
			e.allDifferentPairs(xs, skip, r, m)
			return nil
		}
		vs, err := union(xs)
		if err != nil {
			return err
		}
		for _, v := range vs {
			if skip.Contains(v) {
				continue
			}
			lits := make([]sat.Lit, 0, len(xs))
			for _, x := range xs {
				if x.has(v) {
					lits = append(lits, e.eq(x, v))
				}
			}
			e.atMostOne(lits)
			if !except && len(vs) == len(xs) {
				e.clause(lits...)
			}
		}
		return nil
	}
}

// allDifferentPairs writes all_different(xs) except the values of skip
// in mode m with literal r: each pair differs or holds a skipped value.
func (e *encoder) allDifferentPairs(xs []*intVar, skip *fzn.Set, r sat.Lit, m mode) {
	var all []sat.Lit
	for i, x := range xs {
		skipped := -e.t
		if !skip.IsEmpty() {
			skipped = e.newLit()
			setIn(e, []arg{{x: x}, {s: skip}}, skipped, reif)
		}
		for _, y := range xs[:i] {
			ne := e.newLit()
			e.linear([]term{{1, x}, {-1, y}}, opNE, 0, ne, reif)
			all = append(all, e.or(ne, skipped))
		}
	}
	e.assertAll(all, r, m)
}

// tableInt is table_int(xs, t): xs is one of the rows of t.
func tableInt(e *encoder, a []arg, r sat.Lit, m mode) error {
	return e.table(a[0].xs, a[1].cs)
}

// tableBool is table_bool(xs, t) over 0..1 integers.
func tableBool(e *encoder, a []arg, r sat.Lit, m mode) error {
	xs := make([]*intVar, len(a[0].ls))
	for i, l := range a[0].ls {
		xs[i] = e.boolInt(l)
	}
	t := make([]int64, len(a[1].ls))
	for i, l := range a[1].ls {
		switch l {
		case e.t:
			t[i] = 1
		case -e.t:
		default:
			return errors.New("argument 2: the table must be fixed")
		}
	}
	return e.table(xs, t)
}

// table writes that xs equals a row of t: a selector literal per row that
// fits the domains implies the row's values, some selector holds, and each
// value of each variable implies a selector of a row with that value (the
// support that makes unit propagation arc consistent).
func (e *encoder) table(xs []*intVar, t []int64) error {
	n := len(xs)
	if n == 0 {
		if len(t) != 0 {
			return errors.New("a table for no variables must be empty")
		}
		return nil
	}
	if len(t)%n != 0 {
		return fmt.Errorf("a table of %d values does not split into rows of %d", len(t), n)
	}
	var rows [][]int64
	for row := range slices.Chunk(t, n) {
		fits := true
		for j, v := range row {
			fits = fits && xs[j].has(v)
		}
		if fits {
			rows = append(rows, row)
		}
	}
	sel := make([]sat.Lit, len(rows))
	support := make([]map[int64][]sat.Lit, n)
	for j := range support {
		support[j] = make(map[int64][]sat.Lit)
	}
	for i, row := range rows {
		sel[i] = e.newLit()
		for j, v := range row {
			for _, l := range e.eqConj(xs[j], v) {
				e.clause(sel[i].Not(), l)
			}
			support[j][v] = append(support[j][v], sel[i])
		}
	}
	e.clause(sel...)
	for j, x := range xs {
		if x.isLog() {
			continue // the selectors alone keep x to the table's values
		}
		for _, v := range x.vals {
			e.clause(append(e.neLits(x, v), support[j][v]...)...)
		}
	}
	return nil
}

// gcc is global_cardinality[_closed](xs, cover, counts): counts[i] is the
// number of xs equal to cover[i], and the counts add up to at most
// len(xs) (which only matters when cover repeats a value); closed also
// keeps every x in cover.
func gcc(closed bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		xs, cover, counts := a[0].xs, a[1].cs, a[2].xs
		if len(cover) != len(counts) {
			return fmt.Errorf("%d values for %d counts", len(cover), len(counts))
		}
		if closed {
			e.keepIn(xs, cover)
		}
		var all []term
		for i, v := range cover {
			ts := e.countTerms(xs, v)
			e.linear(append(ts, term{-1, counts[i]}), opEQ, 0, e.t, hard)
			all = append(all, term{1, counts[i]})
		}
		e.linear(all, opLE, int64(len(xs)), e.t, hard)
		return nil
	}
}

// countTerms returns the terms [x = v] of a count of the xs equal to v.
func (e *encoder) countTerms(xs []*intVar, v int64) []term {
	ts := make([]term, 0, len(xs))
	for _, x := range xs {
		ts = append(ts, term{1, e.boolInt(e.eq(x, v))})
	}
	return ts
}

// keepIn writes that every x is one of vs.
func (e *encoder) keepIn(xs []*intVar, vs []int64) {
	s := fzn.SetOfValues(vs...)
	for _, x := range xs {
		setIn(e, []arg{{x: x}, {s: s}}, e.t, hard)
	}
}

// gccLowUp is global_cardinality_low_up[_closed](xs, cover, lo, up): the
// number of xs equal to cover[i] lies in lo[i]..up[i]; closed also keeps
// every x in cover and len(xs) within sum(lo)..sum(up).
func gccLowUp(closed bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		xs, cover, lo, up := a[0].xs, a[1].cs, a[2].cs, a[3].cs
		if len(cover) != len(lo) || len(cover) != len(up) {
			return fmt.Errorf("%d values for %d lower and %d upper bounds", len(cover), len(lo), len(up))
		}
		var sumLo, sumUp int64
		for i, v := range cover {
			ts := e.countTerms(xs, v)
			e.linear(ts, opGE, lo[i], e.t, hard)
			e.linear(ts, opLE, up[i], e.t, hard)
			sumLo, sumUp = add(sumLo, lo[i]), add(sumUp, up[i])
		}
		if closed {
			e.keepIn(xs, cover)
			if n := int64(len(xs)); n < sumLo || n > sumUp {
				e.clause()
			}
		}
		return nil
	}
}

// base returns the constant argument a[i] when there is one, the first
// index of an array of the waterworks_* forms, and 1, FlatZinc's first
// index, for the fzn_* forms, which have none.
func base(a []arg, i int) int64 {
	if i < len(a) {
		return a[i].c
	}
	return 1
}

// errIndexOverflow is the error of a base whose indices do not fit an
// int64.
var errIndexOverflow = fmt.Errorf("the indices from the base given overflow 64 bits (%w)", ErrUnsupported)

// indicesFit reports whether the n indices from first fit an int64.
func indicesFit(first int64, n int) error {
	if n > 0 && first > math.MaxInt64-int64(n-1) {
		return errIndexOverflow
	}
	return nil
}

// inverse is inverse(f, g): f[i] = j exactly when g[j] = i, the indices
// of f from 1 and those of g from 1 (fzn_inverse), or from the bases
// given (waterworks_inverse(f, fbase, g, gbase)); the arrays must be as
// long as each other (mutual inverses).
func inverse(e *encoder, a []arg, r sat.Lit, m mode) error {
	f, fBase, g, gBase := a[0].xs, int64(1), a[1].xs, int64(1)
	if len(a) == 4 {
		fBase, g, gBase = a[1].c, a[2].xs, a[3].c
	}
	if len(f) != len(g) {
		e.clause()
		return nil
	}
	if err := errors.Join(indicesFit(fBase, len(f)), indicesFit(gBase, len(g))); err != nil {
		return err
	}
	for i, x := range f {
		e.inRangeFrom(x, gBase, len(g), e.t)
		e.inRangeFrom(g[i], fBase, len(f), e.t)
		for j, y := range g {
			e.equal(e.eq(x, gBase+int64(j)), e.eq(y, fBase+int64(i)))
		}
	}
	return nil
}

// successors writes that xs, the successors of nodes first, first+1,
// ..., is a permutation of those nodes without fixed points (circuit) or
// with (subcircuit).
func (e *encoder) successors(xs []*intVar, first int64, fixed bool) error {
	if err := indicesFit(first, len(xs)); err != nil {
		return err
	}
	for i, x := range xs {
		e.inRangeFrom(x, first, len(xs), e.t)
		if !fixed {
			e.clause(e.neLits(x, first+int64(i))...)
		}
	}
	return allDifferent(false)(e, []arg{{xs: xs}}, e.t, hard)
}

// circuit is circuit(xs): xs[i] is the successor of node i, and the
// successors form one cycle through all nodes, numbered from 1
// (fzn_circuit) or from the base given (waterworks_circuit(xs, base)).
// Beyond a permutation without fixed points, node i gets a position
// p[i], with p[first] = 1 and p[j] = p[i] + 1 when j (not the first)
// follows i: positions grow along every path that avoids the first
// node, so every cycle passes through it.
func circuit(e *encoder, a []arg, r sat.Lit, m mode) error {
	xs, first := a[0].xs, base(a, 1)
	n := len(xs)
	switch n {
	case 0:
		return nil
	case 1:
		e.clause()
		return nil
	}
	if err := e.successors(xs, first, false); err != nil {
		return err
	}
	pos := e.positions(n)
	pos[0] = e.constant(1)
	for i, x := range xs {
		for j := 1; j < n; j++ {
			if j != i {
				e.linear([]term{{1, pos[j]}, {-1, pos[i]}}, opEQ, 1, e.eq(x, first+int64(j)), imp)
			}
		}
	}
	return nil
}

// positions returns n fresh integers over 1..n.
func (e *encoder) positions(n int) []*intVar {
	pos := make([]*intVar, n)
	for i := range pos {
		pos[i] = e.newInt("", fzn.SetOf(fzn.Range{Lo: 1, Hi: int64(n)}))
	}
	return pos
}

// subcircuit is subcircuit(xs): the nodes with xs[i] != i form one cycle
// or none, nodes numbered as for circuit. As for circuit, with the first
// node on the cycle (the least index i with xs[i] != i) in the role of
// the first node.
func subcircuit(e *encoder, a []arg, r sat.Lit, m mode) error {
	xs, first := a[0].xs, base(a, 1)
	n := len(xs)
	if err := e.successors(xs, first, true); err != nil {
		return err
	}
	pos := e.positions(n)
	starts := make([]sat.Lit, n)
	none := e.t // no node before i is on the cycle
	for i, x := range xs {
		in := e.eq(x, first+int64(i)).Not()
		starts[i] = e.and(none, in)
		none = e.and(none, in.Not())
		e.linear([]term{{1, pos[i]}}, opEQ, 1, starts[i], imp)
	}
	for i, x := range xs {
		for j := range n {
			if j != i {
				e.linear([]term{{1, pos[j]}, {-1, pos[i]}}, opEQ, 1, e.and(e.eq(x, first+int64(j)), starts[j].Not()), imp)
			}
		}
	}
	return nil
}

// regular is regular(xs, nq, ns, d, q0, final): the automaton of states
// 1..nq, inputs 1..ns and transitions d (0 fails) accepts xs. The state
// after each input is an integer over the states that are reachable from
// q0 and can still reach a final state; a state and an input imply the
// next state.
func regular(e *encoder, a []arg, r sat.Lit, m mode) error {
	xs, nq, ns, d, q0, final := a[0].xs, a[1].c, a[2].c, a[3].cs, a[4].c, a[5].s
	if nq < 1 || ns < 1 || int64(len(d)) != mul(nq, ns) {
		return fmt.Errorf("want a transition table of %d by %d states, found %d values", nq, ns, len(d))
	}
	next := func(q, v int64) int64 { return d[(q-1)*ns+v-1] }
	inputs := make([][]int64, len(xs))
	for t, x := range xs {
		e.inRange(x, int(ns), e.t)
		for v := max(1, x.lo); v <= min(ns, x.hi); v++ {
			if x.has(v) {
				inputs[t] = append(inputs[t], v)
			}
		}
	}
	states := regularStates(inputs, nq, q0, final, next)
	qs := make([]*intVar, len(states))
	for t, s := range states {
		qs[t] = e.newInt("", fzn.SetOfValues(s...))
	}
	for t := range xs {
		for _, q := range states[t] {
			at := e.eq(qs[t], q)
			for _, v := range inputs[t] {
				pre := append([]sat.Lit{at.Not()}, e.neLits(xs[t], v)...)
				to := next(q, v)
				if !qs[t+1].has(to) {
					e.clause(pre...)
					continue
				}
				for _, l := range e.eqConj(qs[t+1], to) {
					e.clause(append(slices.Clip(pre), l)...)
				}
			}
		}
	}
	return nil
}

// regularStates returns, for each position 0..len(inputs), the states
// reachable from q0 over the inputs that can still reach a final state.
func regularStates(inputs [][]int64, nq, q0 int64, final *fzn.Set, next func(q, v int64) int64) [][]int64 {
	n := len(inputs)
	reach := make([]map[int64]bool, n+1)
	reach[0] = map[int64]bool{}
	if q0 >= 1 && q0 <= nq {
		reach[0][q0] = true
	}
	for t := range n {
		reach[t+1] = map[int64]bool{}
		for q := range reach[t] {
			for _, v := range inputs[t] {
				if to := next(q, v); to >= 1 && to <= nq {
					reach[t+1][to] = true
				}
			}
		}
	}
	states := make([][]int64, n+1)
	for q := range reach[n] {
		if final.Contains(q) {
			states[n] = append(states[n], q)
		}
	}
	for t := n - 1; t >= 0; t-- {
		for q := range reach[t] {
			for _, v := range inputs[t] {
				if slices.Contains(states[t+1], next(q, v)) {
					states[t] = append(states[t], q)
					break
				}
			}
		}
	}
	for _, s := range states {
		slices.Sort(s)
	}
	return states
}

// cumulative is cumulative(s, d, r, b): durations and uses are not
// negative, and at the start of each task of positive duration and use,
// the tasks running then use at most b. Task j runs at the start of task
// i when d[j] > 0 and s[j] <= s[i] < s[j] + d[j], which implies a literal
// o[j][i]; the uses of the tasks with o[j][i] plus r[i] are at most b
// (the task decomposition, O(n^2) literals). A variable use enters the
// sum through an integer that is at least r[j] when o[j][i] holds.
func cumulative(e *encoder, a []arg, r sat.Lit, m mode) error {
	s, d, use, b := a[0].xs, a[1].xs, a[2].xs, a[3].x
	if len(s) != len(d) || len(s) != len(use) {
		return fmt.Errorf("%d starts, %d durations and %d uses", len(s), len(d), len(use))
	}
	if len(s) == 0 {
		return nil
	}
	e.linear([]term{{1, b}}, opGE, 0, e.t, hard)
	for i := range s {
		e.linear([]term{{1, d[i]}}, opGE, 0, e.t, hard)
		e.linear([]term{{1, use[i]}}, opGE, 0, e.t, hard)
	}
	for i := range s {
		active := e.and(e.ge(d[i], 1), e.ge(use[i], 1))
		if active == -e.t {
			continue
		}
		ts := []term{{-1, b}, {1, use[i]}}
		for j := range s {
			if j == i || d[j].hi < 1 || use[j].hi < 1 {
				continue
			}
			before, during := e.newLit(), e.newLit() // s[j] <= s[i], s[i] < s[j] + d[j]
			e.linear([]term{{1, s[j]}, {-1, s[i]}}, opGE, 1, before.Not(), imp)
			e.linear([]term{{1, s[i]}, {-1, s[j]}, {-1, d[j]}}, opGE, 0, during.Not(), imp)
			o := e.newLit()
			e.clause(before.Not(), during.Not(), e.le(d[j], 0), o)
			ts = append(ts, e.usedBy(use[j], o))
		}
		e.linear(ts, opLE, 0, active, imp)
	}
	return nil
}

// usedBy returns a term that is at least u when o holds and at least 0
// otherwise: u times o for a fixed u.
func (e *encoder) usedBy(u *intVar, o sat.Lit) term {
	if v, ok := u.fixed(); ok {
		return term{v, e.boolInt(o)}
	}
	w := e.newInt("", fzn.SetOf(fzn.Range{Lo: 0, Hi: max(u.hi, 0)}))
	e.linear([]term{{1, w}, {-1, u}}, opGE, 0, o, imp)
	return term{1, w}
}

// fixedAll returns the values of fixed integers.
func fixedAll(xs []*intVar) ([]int64, bool) {
	vs := make([]int64, len(xs))
	for i, x := range xs {
		v, ok := x.fixed()
		if !ok {
			return nil, false
		}
		vs[i] = v
	}
	return vs, true
}

// disjunctive is disjunctive[_strict](s, d): durations are not negative
// and no two tasks overlap; unless strict, a task of duration 0 overlaps
// nothing.
func disjunctive(strict bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		s, d := a[0].xs, a[1].xs
		if len(s) != len(d) {
			return fmt.Errorf("%d starts for %d durations", len(s), len(d))
		}
		for i := range s {
			e.linear([]term{{1, d[i]}}, opGE, 0, e.t, hard)
			for j := range i {
				c := []sat.Lit{e.before(s[i], d[i], s[j]), e.before(s[j], d[j], s[i])}
				if !strict {
					c = append(c, e.le(d[i], 0), e.le(d[j], 0))
				}
				e.clause(c...)
			}
		}
		return nil
	}
}

// before returns a literal that implies s + d <= t.
func (e *encoder) before(s, d, t *intVar) sat.Lit {
	l := e.newLit()
	e.linear([]term{{1, s}, {1, d}, {-1, t}}, opLE, 0, l, imp)
	return l
}

// diffn is diffn(x, y, dx, dy): no two rectangles overlap; each pair is
// apart along x or y, one way or the other.
func diffn(e *encoder, a []arg, r sat.Lit, m mode) error {
	x, y, dx, dy := a[0].xs, a[1].xs, a[2].xs, a[3].xs
	if len(x) != len(y) || len(x) != len(dx) || len(x) != len(dy) {
		return fmt.Errorf("%d, %d, %d and %d values for the rectangles", len(x), len(y), len(dx), len(dy))
	}
	for i := range x {
		for j := range i {
			e.clause(e.before(x[i], dx[i], x[j]), e.before(y[i], dy[i], y[j]),
				e.before(x[j], dx[j], x[i]), e.before(y[j], dy[j], y[i]))
		}
	}
	return nil
}

func lexInt(strict bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		e.lex(a[0].xs, a[1].xs, strict)
		return nil
	}
}

func lexBool(strict bool) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		ints := func(ls []sat.Lit) []*intVar {
			xs := make([]*intVar, len(ls))
			for i, l := range ls {
				xs[i] = e.boolInt(l)
			}
			return xs
		}
		e.lex(ints(a[0].ls), ints(a[1].ls), strict)
		return nil
	}
}

// lex writes that xs comes before ys in lexicographic order (strictly
// when strict), a proper prefix before the longer array. A literal eq[i]
// holds while the prefixes before i are equal: then xs[i] <= ys[i], and
// xs[i] < ys[i] or eq[i+1].
func (e *encoder) lex(xs, ys []*intVar, strict bool) {
	n := min(len(xs), len(ys))
	eq := e.t
	for i := range n {
		e.linear([]term{{1, xs[i]}, {-1, ys[i]}}, opLE, 0, eq, imp)
		less, next := e.newLit(), e.newLit()
		e.linear([]term{{1, xs[i]}, {-1, ys[i]}}, opLE, -1, less, imp)
		e.clause(eq.Not(), less, next)
		eq = next
	}
	if len(xs) > len(ys) || strict && len(xs) == len(ys) {
		e.clause(eq.Not())
	}
}

// count is count_*(xs, y, c): rel(n, c) for n the number of xs equal to y.
func count(rel func(n, c *intVar) ([]term, relOp, int64)) func(e *encoder, a []arg, r sat.Lit, m mode) error {
	return func(e *encoder, a []arg, r sat.Lit, m mode) error {
		xs, y, c := a[0].xs, a[1].x, a[2].x
		n := e.newInt("", fzn.SetOf(fzn.Range{Lo: 0, Hi: int64(len(xs))}))
		var ts []term
		if v, ok := y.fixed(); ok {
			ts = e.countTerms(xs, v)
		} else {
			for _, x := range xs {
				t := e.newLit()
				e.linear([]term{{1, x}, {-1, y}}, opEQ, 0, t, reif)
				ts = append(ts, term{1, e.boolInt(t)})
			}
		}
		e.linear(append(ts, term{-1, n}), opEQ, 0, e.t, hard)
		rts, op, k := rel(n, c)
		e.linear(rts, op, k, e.t, hard)
		return nil
	}
}

// among is among(n, xs, s): n of the xs are in s.
func among(e *encoder, a []arg, r sat.Lit, m mode) error {
	n, xs, s := a[0].x, a[1].xs, a[2].s
	ts := []term{{-1, n}}
	for _, x := range xs {
		t := e.newLit()
		setIn(e, []arg{{x: x}, {s: s}}, t, reif)
		ts = append(ts, term{1, e.boolInt(t)})
	}
	e.linear(ts, opEQ, 0, e.t, hard)
	return nil
}

// nvalue is nvalue(n, xs): xs take n different values. A literal per
// value says that some x takes it.
func nvalue(e *encoder, a []arg, r sat.Lit, m mode) error {
	n, xs := a[0].x, a[1].xs
	vs, err := union(xs)
	if err != nil {
		return err
	}
	ts := []term{{-1, n}}
	for _, v := range vs {
		lits := make([]sat.Lit, 0, len(xs))
		for _, x := range xs {
			lits = append(lits, e.eq(x, v))
		}
		ts = append(ts, term{1, e.boolInt(e.or(lits...))})
	}
	e.linear(ts, opEQ, 0, e.t, hard)
	return nil
}

// binPackingLoad is bin_packing_load(load, bin, w): item i of weight w[i]
// goes in bin bin[i], one of 1..len(load) (fzn_bin_packing_load) or of
// base..base+len(load)-1 (waterworks_bin_packing_load(load, bin, w,
// base)), and load[b] is the weight in bin b: a pseudo-Boolean equation
// per bin over the literals [bin[i] = b].
func binPackingLoad(e *encoder, a []arg, r sat.Lit, m mode) error {
	load, bin, w, first := a[0].xs, a[1].xs, a[2].cs, base(a, 3)
	if len(bin) != len(w) {
		return fmt.Errorf("%d items for %d weights", len(bin), len(w))
	}
	if err := indicesFit(first, len(load)); err != nil {
		return err
	}
	for _, x := range bin {
		e.inRangeFrom(x, first, len(load), e.t)
	}
	for b, l := range load {
		ts := []term{{-1, l}}
		for i, x := range bin {
			ts = append(ts, term{w[i], e.boolInt(e.eq(x, first+int64(b)))})
		}
		e.linear(ts, opEQ, 0, e.t, hard)
	}
	return nil
}
