package sat

// This file holds the equality diagram of the MDD encoding: the decision
// diagram of "sum == K" over levels of chains (see [Linear.Chains]), whose
// node (i, b) stands for "levels i and after sum to exactly b". A node is
// the false terminal when no choice of the later levels makes b, so the
// diagram knows the sums the weights cannot make (the holes of a subset
// sum), which the diagrams of the two bounds, each arc consistent on its
// own, cannot see together.
//
// A node's variable implies, with the literals saying that its level's
// true prefix has length t, the child of that prefix (a chain's prefix of
// length t is its t-th literal true and its (t+1)-th false), and implies
// that one of its children holds. The root is asserted.

// mddExact writes "the weighted sum of the chains is exactly k" into a.
func mddExact(a *emitter, chains [][]Term, k int) {
	d := &mddBuilder{a: a, chains: chains, k: k, reach: make([][]uint64, len(chains)+1),
		memo: make([]map[int]bddNode, len(chains))}
	words := k/64 + 1
	d.reach[len(chains)] = make([]uint64, words)
	d.reach[len(chains)][0] = 1
	for i := len(chains) - 1; i >= 0; i-- {
		d.reach[i] = make([]uint64, words)
		prefix := 0
		for t := 0; t <= len(chains[i]) && prefix <= k; t++ {
			orShiftedUp(d.reach[i], d.reach[i+1], prefix, k)
			if t < len(chains[i]) {
				prefix += chains[i][t].Weight
			}
		}
		d.memo[i] = make(map[int]bddNode)
	}
	if d.build(0, k) == bddFalse {
		a.AddClause()
	}
}

// orShiftedUp sets in dst every bit of src moved up by shift, up to bit
// limit.
func orShiftedUp(dst, src []uint64, shift, limit int) {
	for s := 0; s+shift <= limit; s++ {
		if src[s/64]&(1<<(s%64)) != 0 {
			v := s + shift
			dst[v/64] |= 1 << (v % 64)
		}
	}
}

// mddBuilder builds the equality diagram of chains against k.
type mddBuilder struct {
	a      *emitter
	chains [][]Term
	k      int
	reach  [][]uint64        // reach[i]: the sums levels i.. can make, 0..k
	memo   []map[int]bddNode // the nodes of each level, by their sum
}

// build returns the node of "levels i.. sum to exactly b".
func (d *mddBuilder) build(i, b int) bddNode {
	if b < 0 || b > d.k || d.reach[i][b/64]&(1<<(b%64)) == 0 {
		return bddFalse
	}
	if i == len(d.chains) {
		return bddTrue
	}
	if node, ok := d.memo[i][b]; ok {
		return node
	}
	chain := d.chains[i]
	children := make([]bddNode, len(chain)+1)
	differ, prefix := false, 0
	for t := range children {
		if t > 0 {
			prefix += chain[t-1].Weight
		}
		children[t] = d.build(i+1, b-prefix)
		differ = differ || children[t] != children[0]
	}
	node := children[0]
	if differ {
		node = d.emit(i, chain, children)
	}
	d.memo[i][b] = node
	return node
}

// emit writes the clauses of a node of level i with the given children
// and returns it; the root, at level 0, is asserted, so its clauses hold
// outright and it is returned as true.
func (d *mddBuilder) emit(i int, chain []Term, children []bddNode) bddNode {
	var node bddNode
	var some []Lit // the node implies one of its children
	if i > 0 {
		node.lit = d.a.NewVar()
		some = append(some, node.lit.Not())
	}
	trueChild := false
	for t, c := range children {
		if c == bddTrue {
			trueChild = true // the node's clause of some child always holds
			continue
		}
		if c.lit != 0 {
			some = append(some, c.lit)
		}
		clause := d.a.buf[:0]
		if node.lit != 0 {
			clause = append(clause, node.lit.Not())
		}
		if t > 0 {
			clause = append(clause, chain[t-1].Lit.Not())
		}
		if t < len(chain) {
			clause = append(clause, chain[t].Lit)
		}
		if c.lit != 0 {
			clause = append(clause, c.lit)
		}
		d.a.buf = clause
		d.a.AddClause(clause...)
	}
	if !trueChild {
		d.a.clause(some...)
	}
	if i == 0 {
		return bddTrue
	}
	return node
}
