package fznsat

import (
	"github.com/waterworks-solver/waterworks/sat"
)

// This file holds the log-encoded arithmetic: a sum of weighted literals
// as a binary number, built by a network of full adders, and comparisons
// of a binary number with a constant written as clauses. It is what the
// encoder falls back on when a linear constraint's decision diagram would
// be too big (large coefficients, wide domains, log-encoded integers), as
// Picat-SAT does for all of its arithmetic.

// sumBits returns the bits, lowest first, of the sum of the weighted
// literals: each literal enters the columns of its weight's set bits, and
// each column is reduced to one bit by full and half adders whose carries
// go to the next column (a carry-save, Wallace-like tree). A literal of
// weight w costs one adder input per set bit of w.
func (e *encoder) sumBits(terms []sat.Term) []sat.Lit {
	var cols [][]sat.Lit
	for _, t := range terms {
		for j := 0; t.Weight>>j != 0; j++ {
			if t.Weight>>j&1 == 0 {
				continue
			}
			for len(cols) <= j {
				cols = append(cols, nil)
			}
			cols[j] = append(cols[j], t.Lit)
		}
	}
	out := make([]sat.Lit, 0, len(cols)+1)
	for j := 0; j < len(cols); j++ {
		col := cols[j]
		for len(col) > 1 {
			n := min(3, len(col))
			in := col[:n]
			s, c := e.fullAdder(in)
			col = append(col[n:], s)
			if c != -e.t {
				if j+1 == len(cols) {
					cols = append(cols, nil)
				}
				cols[j+1] = append(cols[j+1], c)
			}
		}
		if len(col) == 0 {
			out = append(out, -e.t)
		} else {
			out = append(out, col[0])
		}
	}
	return out
}

// fullAdder returns the sum bit and the carry of two or three literals.
func (e *encoder) fullAdder(in []sat.Lit) (s, c sat.Lit) {
	if len(in) == 2 {
		return e.xor(in[0], in[1]), e.and(in[0], in[1])
	}
	return e.xor(e.xor(in[0], in[1]), in[2]), e.majority(in[0], in[1], in[2])
}

// leConst writes g -> S <= k for the binary number S (bits lowest first).
func (e *encoder) leConst(g sat.Lit, s []sat.Lit, k uint64) {
	leClauses(s, k, func(c ...sat.Lit) { e.clause(append(c, g.Not())...) })
}

// geConst writes g -> S >= k.
func (e *encoder) geConst(g sat.Lit, s []sat.Lit, k uint64) {
	geClauses(s, k, func(c ...sat.Lit) { e.clause(append(c, g.Not())...) })
}

// leClauses emits the clauses of S <= k: for each 0 bit j of k, S must
// not have bit j set together with every 1 bit of k above j (the first
// bit from the top where S would exceed k).
func leClauses(s []sat.Lit, k uint64, emit func(c ...sat.Lit)) {
	if len(s) < 64 && k>>len(s) != 0 {
		return // every S fits below k
	}
	for j := len(s) - 1; j >= 0; j-- {
		if k>>j&1 == 1 {
			continue
		}
		c := []sat.Lit{s[j].Not()}
		for i := j + 1; i < len(s); i++ {
			if k>>i&1 == 1 {
				c = append(c, s[i].Not())
			}
		}
		emit(c...)
	}
}

// geClauses emits the clauses of S >= k: for each 1 bit j of k, S has
// bit j set or some 0 bit of k above j set; the empty clause when S
// cannot reach k.
func geClauses(s []sat.Lit, k uint64, emit func(c ...sat.Lit)) {
	if len(s) < 64 && k>>len(s) != 0 {
		emit()
		return
	}
	for j := len(s) - 1; j >= 0; j-- {
		if k>>j&1 == 0 {
			continue
		}
		c := []sat.Lit{s[j]}
		for i := j + 1; i < len(s); i++ {
			if k>>i&1 == 0 {
				c = append(c, s[i])
			}
		}
		emit(c...)
	}
}

// eqConst writes g -> S = k, bit by bit.
func (e *encoder) eqConst(g sat.Lit, s []sat.Lit, k uint64) {
	if len(s) < 64 && k>>len(s) != 0 {
		e.clause(g.Not())
		return
	}
	for j, b := range s {
		if k>>j&1 == 0 {
			b = b.Not()
		}
		e.clause(g.Not(), b)
	}
}

// neConst writes g -> S != k: some bit differs.
func (e *encoder) neConst(g sat.Lit, s []sat.Lit, k uint64) {
	if len(s) < 64 && k>>len(s) != 0 {
		return
	}
	c := []sat.Lit{g.Not()}
	for j, b := range s {
		if k>>j&1 == 1 {
			b = b.Not()
		}
		c = append(c, b)
	}
	e.clause(c...)
}
