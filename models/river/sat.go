package river

// This file is the bounded-horizon SAT encoding of a puzzle for the
// state-space library's SolveSAT: "is there a plan of exactly k
// crossings?", asked for k = 1, 2, ... with the completeness test on, so
// that an unsolvable puzzle is proven so once no loop-free path of k
// crossings exists at all.
//
// A state holds, for each kind, the count on the far bank one-hot
// (x[k][v]: v of kind k are across) and a literal for the boat's bank. A
// step holds the load one-hot per kind (l[k][v]: v of kind k aboard),
// between 1 and Capacity items with a rower among them, taken from the
// boat's bank; the boat changes banks and the counts move. The rules are
// clauses over the one-hot counts of each bank after the step (and of
// the load, with InBoat).

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

type satState struct {
	x    [][]sat.Lit // x[k][v]: v items of kind k on the far bank
	boat sat.Lit     // the boat is on the far bank
}

type satStep struct {
	l    [][]sat.Lit // l[k][v]: v items of kind k aboard
	back sat.Lit     // the boat was on the far bank
}

type satModel struct{ p *Puzzle }

// satModel's optional parts of statespace.SATModel, which SolveSAT finds
// by type assertion: a method whose signature drifts fails to compile
// rather than being passed over.
var (
	_ statespace.SATModel[satState, satStep, Trip] = (*satModel)(nil)
	_ statespace.Distinct[satState]                = (*satModel)(nil)
)

func (m *satModel) State(f *sat.Formula) satState {
	s := satState{x: make([][]sat.Lit, len(m.p.Kinds)), boat: f.NewVar()}
	for k, kind := range m.p.Kinds {
		s.x[k] = f.NewVars(kind.Count + 1)
		sat.PairwiseExactlyOne(f, s.x[k]...) // counts are small
	}
	return s
}

func (m *satModel) Start(c sat.Adder, s satState) {
	for k := range m.p.Kinds {
		c.AddClause(s.x[k][0])
	}
	c.AddClause(s.boat.Not())
}

func (m *satModel) Goal(c sat.Adder, s satState) {
	for k, kind := range m.p.Kinds {
		c.AddClause(s.x[k][kind.Count])
	}
}

func (m *satModel) Step(f *sat.Formula, before, after satState) satStep {
	st := satStep{l: make([][]sat.Lit, len(m.p.Kinds)), back: before.boat}
	var terms []sat.Term
	var rowers []sat.Lit
	for k, kind := range m.p.Kinds {
		top := min(kind.Count, m.p.Capacity)
		st.l[k] = f.NewVars(top + 1)
		sat.PairwiseExactlyOne(f, st.l[k]...)
		for v := 1; v <= top; v++ {
			terms = append(terms, sat.Term{Lit: st.l[k][v], Weight: v})
			if kind.Rows {
				rowers = append(rowers, st.l[k][v])
			}
			m.move(f, before, after, st, k, v)
		}
		m.move(f, before, after, st, k, 0)
	}
	f.AddClause(rowers...) // a rower aboard, so the boat is not empty
	if err := sat.Totalizer.Encode(f, sat.Linear{Terms: terms, Op: sat.AtMost, K: m.p.Capacity}); err != nil {
		panic(err) // only malformed constraints fail
	}
	f.AddClause(before.boat, after.boat)
	f.AddClause(before.boat.Not(), after.boat.Not())
	m.rules(f, after.x, true)
	if m.p.InBoat {
		m.rules(f, st.l, false)
	}
	return st
}

// move adds that v of kind k aboard move from the boat's bank: from far
// count u to u+v forwards, u-v back (and that there are enough).
func (m *satModel) move(f *sat.Formula, before, after satState, st satStep, k, v int) {
	lv := st.l[k][v]
	for u, xb := range before.x[k] {
		if to := u + v; to < len(after.x[k]) {
			f.AddClause(lv.Not(), xb.Not(), before.boat, after.x[k][to])
		} else {
			f.AddClause(lv.Not(), xb.Not(), before.boat)
		}
		if to := u - v; to >= 0 {
			f.AddClause(lv.Not(), xb.Not(), before.boat.Not(), after.x[k][to])
		} else {
			f.AddClause(lv.Not(), xb.Not(), before.boat.Not())
		}
	}
}

// rules adds the rules over one-hot counts c: of both banks when banks is
// set (c is then the far bank, and the near bank holds the rest), or of
// the boat's load.
func (m *satModel) rules(f *sat.Formula, c [][]sat.Lit, banks bool) {
	// count(k, v, near) is the literal of "v of kind k are here", with
	// false when v is out of range.
	sides := []bool{false}
	if banks {
		sides = append(sides, true)
	}
	for _, near := range sides {
		lit := func(k, v int) (sat.Lit, bool) {
			if near {
				v = m.p.Kinds[k].Count - v
			}
			if v < 0 || v >= len(c[k]) {
				return 0, false
			}
			return c[k][v], true
		}
		absent := func(k int) sat.Lit { l, _ := lit(k, 0); return l }
		for _, fb := range m.p.Forbids {
			var cl []sat.Lit
			for _, g := range fb.Group {
				cl = append(cl, absent(g))
			}
			for _, u := range fb.Unless {
				cl = append(cl, absent(u).Not())
			}
			f.AddClause(cl...)
		}
		for _, o := range m.p.Outnumbers {
			for few := 1; few < len(c[o.Few]); few++ {
				for many := few + 1; many < len(c[o.Many]); many++ {
					a, okA := lit(o.Few, few)
					b, okB := lit(o.Many, many)
					if okA && okB {
						f.AddClause(a.Not(), b.Not())
					}
				}
			}
		}
		for _, cp := range m.p.Couples {
			for _, other := range m.p.Couples {
				if other.Husband != cp.Husband {
					f.AddClause(absent(cp.Wife), absent(cp.Husband).Not(), absent(other.Husband))
				}
			}
		}
	}
}

// Distinct implements statespace.Distinct: s and t differ in the boat's
// bank or in some count.
func (m *satModel) Distinct(f *sat.Formula, s, t satState) {
	differ := f.NewVar() // the boats differ
	f.AddClause(differ.Not(), s.boat, t.boat)
	f.AddClause(differ.Not(), s.boat.Not(), t.boat.Not())
	some := []sat.Lit{differ}
	for k := range s.x {
		for v := range s.x[k] {
			d := f.NewVar() // v of kind k across in s but not in t
			f.AddClause(d.Not(), s.x[k][v])
			f.AddClause(d.Not(), t.x[k][v].Not())
			some = append(some, d)
		}
	}
	f.AddClause(some...)
}

func (m *satModel) Action(a sat.Assignment, st satStep) (Trip, bool) {
	t := Trip{Load: make([]int, len(st.l)), Back: a.Value(st.back)}
	for k, lits := range st.l {
		for v, l := range lits {
			if a.Value(l) {
				t.Load[k] = v
			}
		}
	}
	return t, true
}

func (m *satModel) Check(plan []Trip, k int) error {
	if len(plan) != k {
		return fmt.Errorf("a plan of %d crossings at horizon %d", len(plan), k)
	}
	return Check(m.p, plan)
}

// MaxStepClauses bounds the SAT encoding: the clauses of one crossing and
// the state after it, as stepClauses estimates them.
const MaxStepClauses = 1_000_000

// ErrTooLarge is statespace.ErrTooLargeForSAT, wrapped by the error of
// SolveSAT for a puzzle whose crossings would each pass MaxStepClauses.
var ErrTooLarge = statespace.ErrTooLargeForSAT

// stepClauses estimates from above the clauses of one step: exactly one
// count per kind in the state and in the load (pairwise), the moves, and
// the counted rules' pairs of values on two banks and in the boat.
func stepClauses(p *Puzzle) int {
	n := 0
	for _, k := range p.Kinds {
		c, l := k.Count+1, min(k.Count, p.Capacity)+1
		n += c*c/2 + l*l/2 + 2*c*l
	}
	for _, o := range p.Outnumbers {
		n += 3 * (p.Kinds[o.Few].Count + 1) * (p.Kinds[o.Many].Count + 1)
	}
	return n + 3*len(p.Forbids) + 3*len(p.Couples)*len(p.Couples)
}

// SATResult is the answer of the bounded-horizon SAT engine.
type SATResult = statespace.HorizonResult[Trip]

// SolveSAT finds a plan with the fewest crossings for p by asking the SAT
// solver s (empty; or with opts.Fresh a new solver per question) whether
// a plan of exactly k crossings exists, for k = 1, 2, ... (from opts.From
// when larger), through the state-space library's bounded-horizon driver.
// An unsolvable puzzle is proven so by opts.Complete (no loop-free path
// of k crossings exists at all: SAT alone, but the paths may be long: 4
// jealous couples took over 5 minutes) or by opts.Bound (every horizon up
// to it refuted; ExploreBound gives one, 6 crossings for those couples);
// without either the search goes on to opts.MaxHorizon.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opts statespace.SATOptions) (SATResult, error) {
	if err := p.Validate(); err != nil {
		return SATResult{}, err
	}
	if n := stepClauses(p); n > MaxStepClauses {
		return SATResult{}, fmt.Errorf("%w: one crossing takes about %d clauses, over %d (counts are one-hot, pairs of values are clauses); use BFS",
			ErrTooLarge, n, MaxStepClauses)
	}
	opts.From = max(opts.From, 1)
	return statespace.SolveSAT(ctx, &satModel{p: p}, s, opts)
}

// ExploreBound visits the states reachable from p's start breadth first
// (statespace.ExploreBound, within opts' limits) and returns the depth of
// the farthest: a plan with the fewest crossings, if any, has no more, so
// it is a HorizonOptions.Bound for SolveSAT. It returns at least 1.
func ExploreBound(ctx context.Context, p *Puzzle, opts statespace.Options) (int, error) {
	b, err := NewBanks(p)
	if err != nil {
		return 0, err
	}
	bound, _, err := statespace.ExploreBound(ctx, b, b.Start(), opts)
	return bound, err
}
