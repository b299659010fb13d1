package sat

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Encoding is a way to write a linear constraint as clauses.
//
// The counting encodings (totalizer, sequential counter, sorting network)
// build a unary counter: outputs o1, o2, ... where oj stands for "the
// weighted sum is at least j", truncated at the largest bound that matters
// (K+1 for an upper bound, K for a lower one). An upper bound K asserts not
// o(K+1), a lower bound asserts oK; the totalizer writes these as clauses
// over its root's two subtrees instead of building the root. Only the
// direction of each output's definition that the bound needs is written:
// "sum >= j implies oj" for upper bounds, "oj implies sum >= j" for lower
// ones, both for Exactly. The BDD writes each bound as a decision diagram
// instead (bdd.go).
//
// Before counting, a constraint is normalized: terms on one variable are
// merged (x and ~x together contribute a constant), weights are clamped to
// the bound plus one, trivial constraints become nothing or the empty
// clause, and the bounds "none", "at least one", "not all" and "all" are
// written directly (unit clauses or one clause), which unit propagation
// treats as well as any counter.
//
// Weights: the sequential counter and the totalizer take weights natively
// (a term of weight w adds w to the register it enters, and a totalizer leaf
// is w copies of its literal, which costs no clause). The sorting network
// expands a term of weight w into w input wires. Chains of terms
// ([Linear.Chains]) are totalizer leaves and sequential-counter steps of
// their own, and BDD levels; the sorting network ignores them. Every
// encoding is exact for any weights; for unweighted constraints, unit
// propagation on each encoding keeps the bound arc consistent, and on the
// BDD it keeps each bound arc consistent for any weights (tested in
// encode_test.go and chain_test.go).
type Encoding int8

// The encodings. The zero value, Totalizer, is a good default.
const (
	// Totalizer is the totalizer of Bailleux and Boufkhad (2003), truncated
	// at the bound: a balanced tree of unary adders, O(n log n) variables
	// and O(n k) clauses.
	Totalizer Encoding = iota
	// Sequential is Sinz's sequential counter (2005) over weighted terms:
	// one register of k+1 bits per term, O(n k) variables and clauses.
	Sequential
	// SortingNetwork is Batcher's odd-even merge sorting network (Eén and
	// Sörensson 2006) with every comparator that cannot reach the first k+1
	// outputs pruned: O(n log² n) comparators of at most 6 clauses.
	SortingNetwork
	// Native keeps linear constraints as they are, for backends that
	// implement [LinearAdder]. Encode refuses it.
	Native
	// BDD is the reduced ordered decision diagram of each bound with nodes
	// merged by intervals of equivalent budgets (Abío, Nieuwenhuis,
	// Oliveras and Rodríguez-Carbonell 2011; Eén and Sörensson's
	// MiniSat+): at most K+1 nodes per chain of terms and two clauses per
	// node and child, generalized arc consistent for each bound.
	BDD
	// Auto picks per constraint, by what measured best on Aquarium grids:
	// the MDD for a constraint with a weight above 1, whose totalizer
	// nodes fill up at few terms and whose sums have holes, and the
	// totalizer for the others, whose nodes "at least j" make good learned
	// clauses. On 17 generated and grown grids of 50x50 to 200x200, counting
	// to two on gini took 110 s of CPU in all with Auto against 220 s with
	// the totalizer alone (clingo: 82 s).
	Auto
	// MDD is the BDD of each bound and, for an Exactly constraint, the
	// decision diagram of the equality as well (mdd.go): its nodes are
	// the exact sums the later chains can make, at most K+1 per chain,
	// so propagation rules out a sum that the weights cannot make (a
	// hole of the subset sum), which the two bounds' diagrams, each arc
	// consistent on its own, cannot see together.
	MDD
)

var encodingNames = [...]string{
	Totalizer:      "totalizer",
	Sequential:     "sequential",
	SortingNetwork: "sortnet",
	Native:         "native",
	BDD:            "bdd",
	Auto:           "auto",
	MDD:            "mdd",
}

// Encodings returns every encoding, Native last.
func Encodings() []Encoding {
	return []Encoding{Totalizer, Sequential, SortingNetwork, BDD, MDD, Auto, Native}
}

// String returns the name ParseEncoding accepts: totalizer, sequential,
// sortnet, bdd, mdd, auto or native.
func (e Encoding) String() string { return enumName(encodingNames[:], "Encoding", e) }

// ParseEncoding returns the encoding called name (see Encoding.String).
func ParseEncoding(name string) (Encoding, error) {
	for e, n := range encodingNames {
		if n == name {
			return Encoding(e), nil
		}
	}
	return 0, fmt.Errorf("sat: unknown encoding %q (want %s)", name, strings.Join(encodingNames[:], ", "))
}

// encodeTrivialBounds writes the bounds of n that need no counter, and
// reports which bounds still do.
func encodeTrivialBounds(a Adder, n *normalized, runs [][]Term) (least, most bool) {
	lits := make([]Lit, len(n.terms))
	for i, t := range n.terms {
		lits[i] = t.Lit
	}
	// Bounds that need no counter. The last term of a chain implies the
	// others and the first is implied by them, so "not all" and "at least
	// one" are clauses over one literal per chain.
	least, most = n.needLeast, n.needMost
	switch {
	case most && n.atMost == 0:
		for _, l := range lits {
			a.AddClause(l.Not())
		}
		most = false
	case most && n.atMost == n.total-1: // not all true
		neg := make([]Lit, len(runs))
		for i, chain := range runs {
			neg[i] = chain[len(chain)-1].Lit.Not()
		}
		a.AddClause(neg...)
		most = false
	}
	switch {
	case least && n.atLeast == n.total:
		for _, l := range lits {
			a.AddClause(l)
		}
		least = false
	case least && n.atLeast == 1:
		some := make([]Lit, len(runs))
		for i, chain := range runs {
			some[i] = chain[0].Lit
		}
		a.AddClause(some...)
		least = false
	}
	return least, most
}

// Encode writes c as clauses into a, with fresh variables from a. It
// fails when c is malformed or e is Native or unknown.
func (e Encoding) Encode(a Adder, c Linear) error {
	if err := c.Validate(); err != nil {
		return err
	}
	var count counter
	switch e {
	case Totalizer:
		count = totalizer
	case Sequential:
		count = sequential
	case SortingNetwork:
		count = sortingNetwork
	case BDD, MDD, Auto:
	default:
		return fmt.Errorf("sat: %v is not a CNF encoding", e)
	}
	n := c.normalize()
	if n.false_ {
		a.AddClause()
		return nil
	}
	runs := n.runs()
	least, most := encodeTrivialBounds(a, &n, runs)
	if !least && !most {
		return nil
	}
	em := &emitter{Adder: a}
	if e == Auto {
		e, count = Totalizer, totalizer
		if slices.ContainsFunc(n.terms, func(t Term) bool { return t.Weight > 1 }) {
			e = MDD
		}
	}
	if e == MDD && n.needLeast && n.needMost && n.atLeast == n.atMost {
		mddExact(em, runs, n.atMost)
	}
	if e == BDD || e == MDD {
		if most {
			bddAtMost(em, runs, n.atMost)
		}
		if least {
			bddAtMost(em, negatedChains(runs), n.total-n.atLeast)
		}
		return nil
	}
	m := n.atLeast
	if most {
		m = n.atMost + 1
	}
	if e == Totalizer && len(runs) > 1 {
		totalizerRoot(em, runs, m, n.atMost, n.atLeast, most, least)
		return nil
	}
	out := count(em, runs, m, most, least)
	if most {
		a.AddClause(out[n.atMost].Not())
	}
	if least {
		a.AddClause(out[n.atLeast-1])
	}
	return nil
}

// A counter writes a unary counter of the weighted terms, cut into chains
// (see [Linear.Chains]): it returns outputs out[j-1] for "sum >= j", j =
// 1..min(total, m). With up, clauses make "sum >= j" imply out[j-1]; with
// down, out[j-1] implies "sum >= j".
type counter func(a *emitter, chains [][]Term, m int, up, down bool) []Lit

// unary returns the outputs of one chain as a counter would: out[j-1] is
// the literal of the first term whose prefix of the chain weighs j or
// more, j = 1..min(weight of the chain, m). A term of weight w is its
// literal repeated w times.
func unary(chain []Term, m int) []Lit {
	var out []Lit
	for _, t := range chain {
		for range t.Weight {
			if len(out) == m {
				return out
			}
			out = append(out, t.Lit)
		}
	}
	return out
}

// sequential is the weighted sequential counter: register i holds the
// unary value of the sum of the first i chains.
func sequential(a *emitter, chains [][]Term, m int, up, down bool) []Lit {
	prev := unary(chains[0], m)
	for _, chain := range chains[1:] {
		weight := 0
		for _, t := range chain {
			weight += t.Weight
		}
		cur := newLits(a, min(len(prev)+weight, m))
		for j := 1; j <= len(cur); j++ {
			s := cur[j-1]
			if up {
				sequentialUp(a, prev, chain, j, s)
			}
			if down {
				sequentialDown(a, prev, chain, j, s)
			}
		}
		prev = cur
	}
	return prev
}

// sequentialUp writes that s ("sum >= j") follows from prev ("earlier sum
// >= j") or from a term of the chain and the earlier sum it still needs.
func sequentialUp(a *emitter, prev []Lit, chain []Term, j int, s Lit) {
	if j <= len(prev) {
		a.clause(prev[j-1].Not(), s)
	}
	prefix := 0
	for _, t := range chain {
		prefix += t.Weight
		rest := j - prefix // the earlier sum needed when t's prefix is true
		if rest <= 0 {
			a.clause(t.Lit.Not(), s)
			return
		}
		if rest <= len(prev) {
			a.clause(t.Lit.Not(), prev[rest-1].Not(), s)
		}
	}
}

// sequentialDown writes that s ("sum >= j") needs, for each prefix of the
// chain that may be its true part, the rest from the earlier sum: s and
// "the term after the prefix is false" imply prev[j-prefix].
func sequentialDown(a *emitter, prev []Lit, chain []Term, j int, s Lit) {
	prefix := 0
	for i := 0; i <= len(chain); i++ {
		if i > 0 {
			prefix += chain[i-1].Weight
		}
		rest := j - prefix
		if rest <= 0 {
			return
		}
		clause := append(a.buf[:0], s.Not())
		if i < len(chain) {
			clause = append(clause, chain[i].Lit)
		}
		if rest <= len(prev) {
			clause = append(clause, prev[rest-1])
		}
		a.buf = clause
		a.AddClause(clause...)
	}
}

// totalizer builds a balanced tree of unary adders over the chains; a leaf
// is a chain's unary value (see unary), which costs no clause.
func totalizer(a *emitter, chains [][]Term, m int, up, down bool) []Lit {
	if len(chains) == 1 {
		return unary(chains[0], m)
	}
	half := len(chains) / 2
	left := totalizer(a, chains[:half], m, up, down)
	right := totalizer(a, chains[half:], m, up, down)
	out := newLits(a, min(len(left)+len(right), m))
	// Two leaves may repeat their literals, so their clauses repeat too.
	var seen map[[3]Lit]bool
	if len(chains) == 2 {
		seen = make(map[[3]Lit]bool)
	}
	emit := func(clause []Lit) {
		a.buf = clause
		if seen != nil {
			var key [3]Lit
			copy(key[:], clause)
			if seen[key] {
				return
			}
			seen[key] = true
		}
		a.AddClause(clause...)
	}
	// value(left) = i and value(right) = j give sums i+j (up) and rule out
	// sums above i+j when left < i+1 and right < j+1 (down).
	for i := 0; i <= len(left); i++ {
		for j := 0; j <= len(right); j++ {
			if r := i + j; up && r >= 1 && r <= len(out) {
				clause := a.buf[:0]
				if i > 0 {
					clause = append(clause, left[i-1].Not())
				}
				if j > 0 {
					clause = append(clause, right[j-1].Not())
				}
				emit(append(clause, out[r-1]))
			}
			if r := i + j + 1; down && r <= len(out) {
				clause := append(a.buf[:0], out[r-1].Not())
				if i < len(left) {
					clause = append(clause, left[i])
				}
				if j < len(right) {
					clause = append(clause, right[j])
				}
				emit(clause)
			}
		}
	}
	return out
}

// totalizerRoot writes the bounds on the sum of the chains as a totalizer
// whose root adder is never built: its only outputs that matter are the
// asserted ones, so the clauses that would define them become clauses over
// the two subtrees' outputs. No split of the sum reaches atMost+1
// (binary clauses), and each split below atLeast has a side that goes
// past its share.
func totalizerRoot(a *emitter, chains [][]Term, m, atMost, atLeast int, most, least bool) {
	half := len(chains) / 2
	left := totalizer(a, chains[:half], m, most, least)
	right := totalizer(a, chains[half:], m, most, least)
	if most {
		for i := 0; i <= len(left); i++ {
			j := atMost + 1 - i
			if j < 0 || j > len(right) {
				continue
			}
			clause := a.buf[:0]
			if i > 0 {
				clause = append(clause, left[i-1].Not())
			}
			if j > 0 {
				clause = append(clause, right[j-1].Not())
			}
			a.buf = clause
			a.AddClause(clause...)
		}
	}
	if least {
		// left < i+1 and right < j+1 with i+j+1 = atLeast is ruled out.
		for i := 0; i < atLeast; i++ {
			j := atLeast - 1 - i
			if i > len(left) || j > len(right) {
				continue
			}
			clause := a.buf[:0]
			if i < len(left) {
				clause = append(clause, left[i])
			}
			if j < len(right) {
				clause = append(clause, right[j])
			}
			a.buf = clause
			a.AddClause(clause...)
		}
	}
}

// A network is a comparator network over wires. Wires 0..inputs-1 are the
// inputs, wire falseWire is the constant false (padding), and every
// comparator adds two wires: its maximum and its minimum.
type network struct {
	inputs int
	gates  []gate
}

type gate struct{ a, b int } // input wires; outputs are wires inputs+2g (max) and inputs+2g+1 (min)

const falseWire = -1

func (nw *network) compare(a, b int) (hi, lo int) {
	if a == falseWire {
		return b, falseWire
	}
	if b == falseWire {
		return a, falseWire
	}
	g := len(nw.gates)
	nw.gates = append(nw.gates, gate{a, b})
	return nw.inputs + 2*g, nw.inputs + 2*g + 1
}

// sort sorts wires in decreasing order; len(w) is a power of two.
func (nw *network) sort(w []int) []int {
	if len(w) <= 1 {
		return w
	}
	h := len(w) / 2
	merged := append(nw.sort(w[:h:h]), nw.sort(w[h:])...)
	return nw.merge(merged)
}

// merge merges the two sorted halves of w (Batcher's odd-even merge);
// len(w) is a power of two of at least 2.
func (nw *network) merge(w []int) []int {
	if len(w) == 2 {
		hi, lo := nw.compare(w[0], w[1])
		return []int{hi, lo}
	}
	var even, odd []int
	for i, x := range w {
		if i%2 == 0 {
			even = append(even, x)
		} else {
			odd = append(odd, x)
		}
	}
	even, odd = nw.merge(even), nw.merge(odd)
	out := make([]int, len(w))
	out[0] = even[0]
	for i := 0; i+1 < len(even); i++ {
		out[2*i+1], out[2*i+2] = nw.compare(odd[i], even[i+1])
	}
	out[len(w)-1] = odd[len(odd)-1]
	return out
}

// sortingNetwork feeds a term of weight w into w wires of a sorting
// network and keeps only the comparators that reach the first m outputs.
func sortingNetwork(a *emitter, chains [][]Term, m int, up, down bool) []Lit {
	var inputs []Lit
	for _, chain := range chains {
		for _, t := range chain {
			for range t.Weight {
				inputs = append(inputs, t.Lit)
			}
		}
	}
	size := 1 << bits.Len(uint(len(inputs)-1))
	if len(inputs) == 1 {
		size = 1
	}
	wires := make([]int, size)
	for i := range wires {
		wires[i] = falseWire
		if i < len(inputs) {
			wires[i] = i
		}
	}
	nw := &network{inputs: len(inputs)}
	sorted := nw.sort(wires)[:min(m, len(inputs))]

	// Mark the wires that reach the outputs, last gate first.
	needed := make([]bool, len(inputs)+2*len(nw.gates))
	for _, w := range sorted {
		needed[w] = true
	}
	for g := len(nw.gates) - 1; g >= 0; g-- {
		if needed[nw.inputs+2*g] || needed[nw.inputs+2*g+1] {
			needed[nw.gates[g].a] = true
			needed[nw.gates[g].b] = true
		}
	}
	lit := make([]Lit, len(needed))
	copy(lit, inputs)
	for g, gt := range nw.gates {
		hiW, loW := nw.inputs+2*g, nw.inputs+2*g+1
		x, y := lit[gt.a], lit[gt.b]
		if needed[hiW] {
			hi := a.NewVar()
			lit[hiW] = hi
			if up {
				a.clause(x.Not(), hi)
				a.clause(y.Not(), hi)
			}
			if down {
				a.clause(hi.Not(), x, y)
			}
		}
		if needed[loW] {
			lo := a.NewVar()
			lit[loW] = lo
			if up {
				a.clause(x.Not(), y.Not(), lo)
			}
			if down {
				a.clause(lo.Not(), x)
				a.clause(lo.Not(), y)
			}
		}
	}
	out := make([]Lit, len(sorted))
	for i, w := range sorted {
		out[i] = lit[w]
	}
	return out
}

// emitter passes clauses to an Adder through a buffer, so that building
// a clause allocates nothing.
type emitter struct {
	Adder
	buf []Lit
}

// clause adds the disjunction of lits.
func (e *emitter) clause(lits ...Lit) {
	e.buf = append(e.buf[:0], lits...)
	e.AddClause(e.buf...)
}

func newLits(a *emitter, n int) []Lit {
	lits := make([]Lit, n)
	for i := range lits {
		lits[i] = a.NewVar()
	}
	return lits
}
