package sat

import (
	"math"
	"slices"
	"sort"
)

// This file holds the BDD encoding of linear constraints: a reduced
// ordered decision diagram of "sum <= K" whose nodes are identified by the
// interval of budgets that give them the same function (Abío, Nieuwenhuis,
// Oliveras and Rodríguez-Carbonell, "BDDs for Pseudo-Boolean Constraints –
// Revisited", SAT 2011, after Eén and Sörensson's MiniSat+). A level of the
// diagram is a chain of terms (see [Linear.Chains]), whose true part is a
// prefix, so a node of that level has one child per prefix: a
// multi-valued node over a unary number.
//
// A node ν of "sum of levels i.. <= b" has a variable that implies the
// node's function, written with two kinds of clauses: ν implies the child
// of the empty prefix, and ν with the literal of a chain's t-th term
// implies the child of the prefix of length t (only where that child
// differs from the one before, since the literals of a chain imply each
// other). The root is asserted. The function is monotone (a true literal
// never helps "sum <= K"), so unit propagation on these clauses is
// generalized arc consistent for the bound (Abío et al., Theorem 3.3). A
// lower bound is the upper bound on the negated literals.

// bddNode is a node of the diagram: a variable, or a terminal when lit is 0.
type bddNode struct {
	lit  Lit
	true bool // the value of a terminal
}

var (
	bddTrue  = bddNode{true: true}
	bddFalse = bddNode{}
)

// bddEntry is a node with the interval of budgets [lo, hi] it stands for.
type bddEntry struct {
	lo, hi int
	node   bddNode
}

// bddBuilder builds the diagram of "sum <= K" over levels of chains and
// writes its clauses as it goes.
type bddBuilder struct {
	a      *emitter
	levels [][]Term
	suffix []int        // suffix[i] is the weight of levels i and after
	memo   [][]bddEntry // the nodes of each level, by increasing lo
}

// bddAtMost writes "the weighted sum of the chains is at most k" into a.
func bddAtMost(a *emitter, chains [][]Term, k int) {
	b := &bddBuilder{
		a:      a,
		levels: chains,
		suffix: make([]int, len(chains)+1),
		memo:   make([][]bddEntry, len(chains)),
	}
	for i := len(chains) - 1; i >= 0; i-- {
		b.suffix[i] = b.suffix[i+1]
		for _, t := range chains[i] {
			b.suffix[i] += t.Weight
		}
	}
	switch _, _, root := b.build(0, k); {
	case root == bddFalse:
		a.AddClause()
	case root.lit != 0: // a root whose children are one node is that node
		a.clause(root.lit)
	}
}

// build returns the node of "sum of levels i.. <= k" and the interval of
// budgets that give the same function.
func (b *bddBuilder) build(i, k int) (lo, hi int, node bddNode) {
	if k < 0 {
		return math.MinInt, -1, bddFalse
	}
	if b.suffix[i] <= k {
		return b.suffix[i], math.MaxInt, bddTrue
	}
	row := b.memo[i]
	at := sort.Search(len(row), func(j int) bool { return row[j].hi >= k })
	if at < len(row) && row[at].lo <= k {
		return row[at].lo, row[at].hi, row[at].node
	}
	chain := b.levels[i]
	children := make([]bddNode, 0, len(chain)+1)
	lo, hi = math.MinInt, math.MaxInt
	prefix := 0
	for t := 0; t <= len(chain); t++ {
		if t > 0 {
			prefix += chain[t-1].Weight
		}
		clo, chi, child := b.build(i+1, k-prefix)
		if clo != math.MinInt {
			lo = max(lo, clo+prefix)
		}
		if chi != math.MaxInt {
			hi = min(hi, chi+prefix)
		}
		children = append(children, child)
		if child == bddFalse {
			break // longer prefixes weigh more: false too
		}
	}
	node = children[0]
	if slices.ContainsFunc(children, func(c bddNode) bool { return c != node }) {
		node = b.emit(i, chain, children)
	}
	b.memo[i] = slices.Insert(row, at, bddEntry{lo, hi, node})
	return lo, hi, node
}

// emit writes the clauses of a node of level i with the given children
// (children[t] for a true prefix of length t; missing ones are false) and
// returns it. The root, at level 0, is asserted: it gets no variable and
// its clauses hold outright, so it is returned as true.
func (b *bddBuilder) emit(i int, chain []Term, children []bddNode) bddNode {
	var node bddNode
	if i > 0 {
		node.lit = b.a.NewVar()
	}
	clause := func(lits ...Lit) {
		if node.lit != 0 {
			lits = append(lits, node.lit.Not())
		}
		b.a.clause(lits...)
	}
	if c := children[0]; c.lit != 0 {
		clause(c.lit)
	}
	for t := 1; t <= len(chain); t++ {
		c := children[t] // exists: the loop stops at the first false child
		if c == children[t-1] || c == bddTrue {
			continue
		}
		if c == bddFalse {
			clause(chain[t-1].Lit.Not())
			break
		}
		clause(chain[t-1].Lit.Not(), c.lit)
	}
	if i == 0 {
		return bddTrue
	}
	return node
}

// negatedChains returns the chains of the negated literals: a chain's
// negations, last term first, are a chain too, and their weights sum to
// the chain's weight minus its value.
func negatedChains(chains [][]Term) [][]Term {
	out := make([][]Term, len(chains))
	for i, chain := range chains {
		neg := make([]Term, len(chain))
		for j, t := range chain {
			neg[len(chain)-1-j] = Term{Lit: t.Lit.Not(), Weight: t.Weight}
		}
		out[i] = neg
	}
	return out
}
