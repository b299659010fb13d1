package jugs

// This file is the binary (log) encoding of amounts for SolveSAT
// (EncodingBinary): jug j at step t has one variable per bit of its
// capacity, "a<j>@<t>.b<i>", with clauses keeping the amount within the
// capacity. A pour reads the sum s of its two jugs from a ripple-carry
// adder (shared by both directions), whether s reaches the destination's
// capacity c from a comparator with the constant c, and s - c from a
// second adder; under the action, either the destination ends full and
// the source holds s - c, or the destination holds s and the source is
// empty. Every gate is defined both ways (Tseitin), so unit propagation
// computes the successor of a known state exactly, as in the order
// encoding, while a step costs tens of clauses per pair of jugs instead of
// thousands. Frame axioms are explanatory per bit: a bit may change only
// under an action that touches its jug.

import (
	"fmt"
	"math/bits"

	"github.com/waterworks-solver/waterworks/sat"
)

// bitsFor returns the number of bits that hold 0..c (at least one).
func bitsFor(c int) int { return max(1, bits.Len(uint(c))) }

// binConst returns the w-bit constant v.
func (m *satModel) binConst(v, w int) []sat.Lit {
	x := make([]sat.Lit, w)
	for b := range x {
		x[b] = m.constant(v>>b&1 == 1)
	}
	return x
}

// newBin returns fresh bits for an amount in 0..c, named, and adds that
// the amount is at most c.
func (m *satModel) newBin(c int, name func(b int) string) []sat.Lit {
	x := make([]sat.Lit, bitsFor(c))
	for b := range x {
		x[b] = m.f.NewNamedVar(name(b))
	}
	// x > c when, at some bit where c has 0, x has 1 and agrees with c
	// on every higher 1 of c (the higher 0s of c being 0 in x already).
	for b := range x {
		if c>>b&1 == 1 {
			continue
		}
		cl := []sat.Lit{x[b].Not()}
		for h := b + 1; h < len(x); h++ {
			if c>>h&1 == 1 {
				cl = append(cl, x[h].Not())
			}
		}
		m.add(m.f, cl...)
	}
	return x
}

// bit returns bit b of x, false beyond its width.
func (m *satModel) bit(x []sat.Lit, b int) sat.Lit {
	if b < len(x) {
		return x[b]
	}
	return m.top.Not()
}

// and returns a literal equivalent to a and b.
func (m *satModel) and(a, b sat.Lit) sat.Lit {
	switch {
	case a == m.top.Not() || b == m.top.Not() || a == b.Not():
		return m.top.Not()
	case a == m.top || a == b:
		return b
	case b == m.top:
		return a
	}
	g := m.f.NewVar()
	m.add(m.f, g.Not(), a)
	m.add(m.f, g.Not(), b)
	m.add(m.f, g, a.Not(), b.Not())
	return g
}

// or returns a literal equivalent to a or b.
func (m *satModel) or(a, b sat.Lit) sat.Lit { return m.and(a.Not(), b.Not()).Not() }

// xor returns a literal equivalent to a xor b.
func (m *satModel) xor(a, b sat.Lit) sat.Lit {
	switch {
	case a == m.top:
		return b.Not()
	case a == m.top.Not():
		return b
	case b.Var() == m.top.Var():
		return m.xor(b, a)
	case a == b:
		return m.top.Not()
	case a == b.Not():
		return m.top
	}
	g := m.f.NewVar()
	m.add(m.f, g.Not(), a, b)
	m.add(m.f, g.Not(), a.Not(), b.Not())
	m.add(m.f, g, a.Not(), b)
	m.add(m.f, g, a, b.Not())
	return g
}

// majority returns a literal equivalent to at least two of a, b, c.
func (m *satModel) majority(a, b, c sat.Lit) sat.Lit {
	for _, x := range [][3]sat.Lit{{a, b, c}, {b, a, c}, {c, a, b}} {
		switch x[0] {
		case m.top:
			return m.or(x[1], x[2])
		case m.top.Not():
			return m.and(x[1], x[2])
		}
	}
	g := m.f.NewVar()
	for _, p := range [][2]sat.Lit{{a, b}, {a, c}, {b, c}} {
		m.add(m.f, p[0].Not(), p[1].Not(), g)
		m.add(m.f, p[0], p[1], g.Not())
	}
	return g
}

// addBin returns x + y, one bit wider than the wider of them.
func (m *satModel) addBin(x, y []sat.Lit) []sat.Lit {
	w := max(len(x), len(y))
	s := make([]sat.Lit, w+1)
	carry := m.top.Not()
	for b := range w {
		a, c := m.bit(x, b), m.bit(y, b)
		s[b] = m.xor(m.xor(a, c), carry)
		carry = m.majority(a, c, carry)
	}
	s[w] = carry
	return s
}

// atLeastConst returns a literal equivalent to x >= c, for c >= 0.
func (m *satModel) atLeastConst(x []sat.Lit, c int) sat.Lit {
	ge := m.top // on no bits, x >= c
	for b := range max(len(x), bits.Len(uint(c))) {
		if c>>b&1 == 1 {
			ge = m.and(m.bit(x, b), ge)
		} else {
			ge = m.or(m.bit(x, b), ge)
		}
	}
	return ge
}

// minusConst returns x - c modulo 2^len(x): x - c when x >= c.
func (m *satModel) minusConst(x []sat.Lit, c int) []sat.Lit {
	w := len(x)
	return m.addBin(x, m.binConst((1<<w-c)&(1<<w-1), w))[:w]
}

// binPour is what a pour from one jug into another reads in the binary
// encoding: the destination ends full, and the rest left in the source.
type binPour struct {
	full sat.Lit
	rest []sat.Lit
}

// binPourOf returns the sum of jugs i and j in st and, for the pour from
// i into j, whether it fills j and what it leaves in i; both are built
// once per state.
func (m *satModel) binPourOf(st *satState, i, j int) ([]sat.Lit, binPour) {
	key := [2]int{min(i, j), max(i, j)}
	s, ok := st.sums[key]
	if !ok {
		s = m.addBin(st.level[key[0]], st.level[key[1]])
		st.sums[key] = s
	}
	if st.pours == nil {
		st.pours = map[[2]int]binPour{}
	}
	bp, ok := st.pours[[2]int{i, j}]
	if !ok {
		c := m.p.Capacities[j]
		bp = binPour{full: m.atLeastConst(s, c), rest: m.minusConst(s, c)}
		st.pours[[2]int{i, j}] = bp
	}
	return s, bp
}

// equalUnder adds that y equals x bit for bit when every literal of when
// holds (x read as zero beyond its width).
func (m *satModel) equalUnder(when []sat.Lit, y, x []sat.Lit) {
	for b := range y {
		m.add(m.f, append(negated(when), y[b].Not(), m.bit(x, b))...)
		m.add(m.f, append(negated(when), y[b], m.bit(x, b).Not())...)
	}
}

// negated returns the negations of lits, in a new slice.
func negated(lits []sat.Lit) []sat.Lit {
	out := make([]sat.Lit, len(lits), len(lits)+2)
	for i, l := range lits {
		out[i] = l.Not()
	}
	return out
}

// binPourEffect adds what pour x from jug i into jug j does in the binary
// encoding.
func (m *satModel) binPourEffect(x sat.Lit, before, after *satState, i, j int) {
	s, bp := m.binPourOf(before, i, j)
	c := m.p.Capacities[j]
	m.equalUnder([]sat.Lit{x, bp.full}, after.level[j], m.binConst(c, len(after.level[j])))
	m.equalUnder([]sat.Lit{x, bp.full}, after.level[i], bp.rest)
	m.equalUnder([]sat.Lit{x, bp.full.Not()}, after.level[j], s)
	m.equalUnder([]sat.Lit{x, bp.full.Not()}, after.level[i], m.binConst(0, len(after.level[i])))
}

// binFrame adds the frame axioms of the binary encoding: a bit of jug j
// changes only under an action that touches j.
func (m *satModel) binFrame(acts []sat.Lit, before, after *satState) {
	for j := range m.p.Capacities {
		var touch []sat.Lit
		for i, a := range m.actions {
			if touches(a, j) {
				touch = append(touch, acts[i])
			}
		}
		for b, y := range after.level[j] {
			x := before.level[j][b]
			m.add(m.f, append([]sat.Lit{x.Not(), y}, touch...)...)
			m.add(m.f, append([]sat.Lit{x, y.Not()}, touch...)...)
		}
	}
}

// binConserve adds, without a tap, that the amounts of st add up to the
// initial total. Every pour keeps the total, so this holds of every
// reachable state; said per state, it lets the solver reason about one
// jug from the others (on corpus puzzle gen-jug4-09, the refutation of 8
// actions takes gini 0.18 s of CPU with it, 2.9 s without).
func (m *satModel) binConserve(st *satState) {
	if m.p.Tap {
		return
	}
	total, want := st.level[0], m.p.Initial[0]
	for j, y := range st.level[1:] {
		total = m.addBin(total, y)
		want += m.p.Initial[j+1]
	}
	m.isUnder(m.top, total, want)
}

// binStepClauses bounds from above the clauses a step adds in the binary
// encoding, before the parts shared with the order encoding: per pair the
// adder (14 per bit of the sum), per direction the comparator (3 per
// bit), the second adder (14 per bit) and the effects, and the bounds and
// frame axioms per bit.
func binStepClauses(caps []int) int {
	total, bitSum := 0, 0
	for i, a := range caps {
		wa := bitsFor(a)
		bitSum += wa
		for _, b := range caps[i+1:] {
			wb := bitsFor(b)
			w := max(wa, wb) + 1
			total += 14*w + 2*(3*w+14*w) + 2*4*(wa+wb)
		}
	}
	return total + 4*bitSum
}

// binName names bit b of jug j after t steps.
func binName(j, t int) func(b int) string {
	return func(b int) string { return fmt.Sprintf("a%d@%d.b%d", j+1, t, b) }
}
