package fznsat

import (
	"github.com/waterworks-solver/waterworks/sat"
)

// This file holds the propositional layer of the encoder: clauses with
// constants folded away, and gates (and, or, xor, majority) whose output
// is a fresh literal defined by Tseitin clauses in both directions, so
// that a gate's literal can be asserted, negated or used in a reification.
//
// Variable 1 of every encoding is the constant true (e.t, asserted by a
// unit clause); its negation is the constant false. Gates fold constants:
// and(x, true) is x, or(x, true) is true, and so on, so the encodings of
// constraints write no clause that is satisfied by construction.

// isTrue and isFalse tell the constant literals apart.
func (e *encoder) isTrue(l sat.Lit) bool  { return l == e.t }
func (e *encoder) isFalse(l sat.Lit) bool { return l == -e.t }

// constLit returns the constant literal of b.
func (e *encoder) constLit(b bool) sat.Lit {
	if b {
		return e.t
	}
	return -e.t
}

// clause adds the disjunction of lits without the false constants; a
// clause with the true constant is dropped. An empty result makes the
// formula unsatisfiable.
func (e *encoder) clause(lits ...sat.Lit) {
	buf := e.buf[:0]
	for _, l := range lits {
		switch {
		case l == e.t:
			return
		case l == -e.t:
			continue
		}
		buf = append(buf, l)
	}
	e.buf = buf
	if len(buf) == 0 {
		e.unsat = true
	}
	e.f.AddClause(buf...)
}

// newLit returns a fresh auxiliary literal.
func (e *encoder) newLit() sat.Lit { return e.f.NewVar() }

// and returns a literal equivalent to the conjunction of lits.
func (e *encoder) and(lits ...sat.Lit) sat.Lit {
	ins := make([]sat.Lit, 0, len(lits))
	for _, l := range lits {
		switch {
		case l == -e.t:
			return -e.t
		case l == e.t:
			continue
		}
		ins = append(ins, l)
	}
	switch len(ins) {
	case 0:
		return e.t
	case 1:
		return ins[0]
	}
	o := e.newLit()
	e.defineAnd(o, ins)
	return o
}

// defineAnd writes o <-> ins[0] /\ ... /\ ins[n-1].
func (e *encoder) defineAnd(o sat.Lit, ins []sat.Lit) {
	back := make([]sat.Lit, 0, len(ins)+1)
	for _, l := range ins {
		e.clause(o.Not(), l)
		back = append(back, l.Not())
	}
	e.clause(append(back, o)...)
}

// or returns a literal equivalent to the disjunction of lits.
func (e *encoder) or(lits ...sat.Lit) sat.Lit {
	neg := make([]sat.Lit, len(lits))
	for i, l := range lits {
		neg[i] = l.Not()
	}
	return e.and(neg...).Not()
}

// defineOr writes o <-> ins[0] \/ ... \/ ins[n-1].
func (e *encoder) defineOr(o sat.Lit, ins []sat.Lit) {
	neg := make([]sat.Lit, len(ins))
	for i, l := range ins {
		neg[i] = l.Not()
	}
	e.defineAnd(o.Not(), neg)
}

// xor returns a literal equivalent to a xor b.
func (e *encoder) xor(a, b sat.Lit) sat.Lit {
	switch {
	case a == e.t:
		return b.Not()
	case a == -e.t:
		return b
	case b == e.t:
		return a.Not()
	case b == -e.t:
		return a
	case a == b:
		return -e.t
	case a == b.Not():
		return e.t
	}
	o := e.newLit()
	e.clause(o.Not(), a, b)
	e.clause(o.Not(), a.Not(), b.Not())
	e.clause(o, a.Not(), b)
	e.clause(o, a, b.Not())
	return o
}

// equal writes a <-> b.
func (e *encoder) equal(a, b sat.Lit) {
	e.clause(a.Not(), b)
	e.clause(a, b.Not())
}

// majority returns a literal that is true when at least two of a, b, c
// are: the carry of a full adder.
func (e *encoder) majority(a, b, c sat.Lit) sat.Lit {
	for _, p := range [3][3]sat.Lit{{a, b, c}, {b, a, c}, {c, a, b}} {
		switch p[0] {
		case e.t:
			return e.or(p[1], p[2])
		case -e.t:
			return e.and(p[1], p[2])
		}
	}
	o := e.newLit()
	e.clause(o.Not(), a, b)
	e.clause(o.Not(), a, c)
	e.clause(o.Not(), b, c)
	e.clause(o, a.Not(), b.Not())
	e.clause(o, a.Not(), c.Not())
	e.clause(o, b.Not(), c.Not())
	return o
}

// assert makes t hold according to the mode of a constraint: t itself
// (hard), r -> t (imp), or r <-> t (reif).
func (e *encoder) assert(t, r sat.Lit, m mode) {
	switch m {
	case hard:
		e.clause(t)
	case imp:
		e.clause(r.Not(), t)
	case reif:
		e.equal(r, t)
	}
}

// assertAll makes the conjunction of lits hold according to the mode of a
// constraint; a reification goes through a literal for the conjunction.
func (e *encoder) assertAll(lits []sat.Lit, r sat.Lit, m mode) {
	if m == reif {
		e.equal(r, e.and(lits...))
		return
	}
	for _, l := range lits {
		e.clause(r.Not(), l) // r is true for hard
	}
}

// assertAny makes the disjunction of lits hold according to the mode of a
// constraint.
func (e *encoder) assertAny(lits []sat.Lit, r sat.Lit, m mode) {
	if m == reif {
		e.equal(r, e.or(lits...))
		return
	}
	e.clause(append([]sat.Lit{r.Not()}, lits...)...)
}
