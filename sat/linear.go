package sat

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Op is the comparison of a linear constraint with its bound.
type Op int8

// The comparisons of a linear constraint.
const (
	AtMost  Op = iota + 1 // sum <= K
	AtLeast               // sum >= K
	Exactly               // sum == K
)

var opNames = [...]string{AtMost: "<=", AtLeast: ">=", Exactly: "="}

// String returns "<=", ">=" or "=".
func (op Op) String() string { return enumName(opNames[:], "Op", op) }

// Term is a literal with a positive weight: it adds Weight to the sum of a
// linear constraint when Lit is true.
type Term struct {
	Lit    Lit
	Weight int
}

// Linear is the constraint sum(Weight*Lit) Op K over terms whose literals
// count 1 when true and 0 when false. A literal may appear in several
// terms, and with both signs; the weights simply add up.
type Linear struct {
	Terms []Term
	Op    Op
	K     int
	// Chains optionally cuts Terms into runs of consecutive terms:
	// Chains[i] is the length of run i, the lengths add up to len(Terms),
	// and nil means runs of one term. A run is a promise about the formula
	// the constraint belongs to: in every model of the formula's other
	// clauses, each term's literal of a run implies the literal of the term
	// before it, so the true terms of a run are a prefix of it (as the
	// blocks of an aquarium down a column, which gravity fills from the
	// bottom, listed bottom first). A run is then one unary number, which
	// the totalizer takes as a leaf and the BDD as one level, with no
	// clause to sort it. The constraint's meaning is the sum alone: an
	// encoding of a constraint whose promise fails may be stricter than the
	// sum. Runs are ignored when a variable appears in two terms.
	Chains []int
}

// Card returns the cardinality constraint "the number of true lits is op
// k". A literal listed twice counts twice.
func Card(op Op, k int, lits ...Lit) Linear {
	terms := make([]Term, len(lits))
	for i, l := range lits {
		terms[i] = Term{Lit: l, Weight: 1}
	}
	return Linear{Terms: terms, Op: op, K: k}
}

// Validate reports why c is malformed: an unknown Op, a zero literal, a
// weight below 1, or weights whose sum overflows an int.
func (c Linear) Validate() error {
	if c.Op < AtMost || c.Op > Exactly {
		return fmt.Errorf("sat: linear constraint with unknown operator %d", c.Op)
	}
	sum := 0
	for _, t := range c.Terms {
		if t.Lit == 0 {
			return errors.New("sat: linear constraint with literal 0")
		}
		if t.Weight < 1 {
			return fmt.Errorf("sat: linear constraint with weight %d for literal %d (weights are positive)", t.Weight, t.Lit)
		}
		if sum > math.MaxInt-t.Weight {
			return errors.New("sat: linear constraint weights overflow")
		}
		sum += t.Weight
	}
	if c.Chains != nil {
		n := 0
		for _, l := range c.Chains {
			if l < 1 {
				return fmt.Errorf("sat: linear constraint with a run of length %d", l)
			}
			n += l
		}
		if n != len(c.Terms) {
			return fmt.Errorf("sat: linear constraint runs cover %d terms of %d", n, len(c.Terms))
		}
	}
	return nil
}

// Sum returns the weighted sum of the true literals of c under a.
func (c Linear) Sum(a Assignment) int {
	sum := 0
	for _, t := range c.Terms {
		if a.Value(t.Lit) {
			sum += t.Weight
		}
	}
	return sum
}

// Holds reports whether a satisfies c.
func (c Linear) Holds(a Assignment) bool {
	sum := c.Sum(a)
	switch c.Op {
	case AtMost:
		return sum <= c.K
	case AtLeast:
		return sum >= c.K
	case Exactly:
		return sum == c.K
	}
	return false
}

// String writes c as in OPB without the semicolon, e.g. "2 x1 +1 ~x3 <= 2".
func (c Linear) String() string {
	var b strings.Builder
	for i, t := range c.Terms {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "+%d %s", t.Weight, opbLit(t.Lit))
	}
	if len(c.Terms) > 0 {
		b.WriteByte(' ')
	}
	fmt.Fprintf(&b, "%s %d", c.Op, c.K)
	return b.String()
}

func (c Linear) clone() Linear {
	c.Terms = slices.Clone(c.Terms)
	c.Chains = slices.Clone(c.Chains)
	return c
}

// normalized is a linear constraint in the form the encodings and native
// backends share: one term per variable, no complementary pair, every
// weight clamped to the largest bound that matters, and its trivial cases
// decided.
type normalized struct {
	terms     []Term
	atLeast   int   // assert sum >= atLeast when needAtLeast
	atMost    int   // assert sum <= atMost when needAtMost
	needLeast bool  // the lower bound constrains something
	needMost  bool  // the upper bound constrains something
	false_    bool  // no assignment satisfies the constraint
	total     int   // sum of weights of terms
	chains    []int // runs of terms as in Linear.Chains, never nil
}

// runs returns n's terms cut into its chains.
func (n *normalized) runs() [][]Term {
	out := make([][]Term, len(n.chains))
	start := 0
	for i, l := range n.chains {
		out[i] = n.terms[start : start+l : start+l]
		start += l
	}
	return out
}

// normalize simplifies c. Terms on the same variable are merged: w1*x +
// w2*x is (w1+w2)*x, and w1*x + w2*~x is min(w1,w2) + |w1-w2| times the
// heavier literal, the constant moving to the bound. Weights above the
// upper bound + 1 are clamped to it, which keeps every comparison with a
// bound unchanged. c must be valid.
func (c Linear) normalize() normalized {
	type pair struct{ pos, neg int }         // weights of x and of ~x
	byVar := make(map[int]int, len(c.Terms)) // variable -> index in acc
	acc := make([]pair, 0, len(c.Terms))
	vars := make([]int, 0, len(c.Terms))
	for _, t := range c.Terms {
		v := t.Lit.Var()
		i, ok := byVar[v]
		if !ok {
			i = len(acc)
			byVar[v] = i
			acc = append(acc, pair{})
			vars = append(vars, v)
		}
		if t.Lit > 0 {
			acc[i].pos += t.Weight
		} else {
			acc[i].neg += t.Weight
		}
	}
	lo, hi := c.K, c.K // sum >= lo, sum <= hi
	needLo, needHi := c.Op != AtMost, c.Op != AtLeast
	var terms []Term
	for i, p := range acc {
		common := min(p.pos, p.neg)
		lo -= common
		hi -= common
		switch {
		case p.pos > p.neg:
			terms = append(terms, Term{Lit: Pos(vars[i]), Weight: p.pos - p.neg})
		case p.neg > p.pos:
			terms = append(terms, Term{Lit: Neg(vars[i]), Weight: p.neg - p.pos})
		}
	}
	n := normalized{atLeast: lo, atMost: hi}
	if needHi && hi < 0 || needLo && needHi && lo > hi {
		n.false_ = true
		return n
	}
	// A weight above hi+1 behaves like hi+1 for both bounds, and with no
	// upper bound a weight above lo behaves like lo.
	if needHi {
		for i := range terms {
			terms[i].Weight = min(terms[i].Weight, hi+1)
		}
	} else if lo > 0 {
		for i := range terms {
			terms[i].Weight = min(terms[i].Weight, lo)
		}
	}
	total := 0
	for _, t := range terms {
		total += t.Weight
	}
	if needLo && lo > total {
		n.false_ = true
		return n
	}
	n.terms, n.total = terms, total
	n.chains = c.Chains
	if n.chains == nil || len(terms) < len(c.Terms) { // merged terms break runs
		n.chains = make([]int, len(terms))
		for i := range n.chains {
			n.chains[i] = 1
		}
	}
	n.needLeast = needLo && lo > 0
	n.needMost = needHi && hi < total
	return n
}

// Normalize returns constraints of the form sum(w*l) >= K whose
// conjunction is equivalent to c, for backends that take pseudo-Boolean
// constraints natively: each has Op AtLeast, K >= 1, one term per variable
// and weights between 1 and K. There are none when c always holds, one for
// a single bound and up to two for Exactly; an upper bound sum(w*l) <= K
// becomes sum(w*~l) >= sum(w) - K. ok is false when no assignment
// satisfies c. c must be valid.
func (c Linear) Normalize() (parts []Linear, ok bool) {
	n := c.normalize()
	if n.false_ {
		return nil, false
	}
	geq := func(terms []Term, k int) Linear {
		out := make([]Term, len(terms))
		for i, t := range terms {
			out[i] = Term{Lit: t.Lit, Weight: min(t.Weight, k)}
		}
		return Linear{Terms: out, Op: AtLeast, K: k}
	}
	if n.needLeast {
		parts = append(parts, geq(n.terms, n.atLeast))
	}
	if n.needMost {
		neg := make([]Term, len(n.terms))
		for i, t := range n.terms {
			neg[i] = Term{Lit: t.Lit.Not(), Weight: t.Weight}
		}
		parts = append(parts, geq(neg, n.total-n.atMost))
	}
	return parts, true
}
