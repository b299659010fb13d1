package jugs

// This file unrolls the transition system into CNF, one step per round,
// and asks a SAT solver for a plan of exactly k actions (see horizon.go).
//
// Amounts are in the binary encoding by default (EncodingBinary, in
// satbin.go), which shares everything here but the amounts, the pour
// arithmetic and the frame axioms, or in the order encoding
// (EncodingOrder), which this comment describes: jug j at step t has one variable
// "a<j>@<t>>=v" for each v in 1..capacity, true when the jug holds at
// least v, with ">= v implies >= v-1" between neighbours. Step 0 needs no
// variables: its literals are the constants true and false. The order
// encoding makes the tests the rules need single literals: a fill is legal
// when ">= capacity" is false, a pour ends with the source at 0 (">= 1"
// false) or the destination full, a goal amount T is ">= T and not
// >= T+1". The pour arithmetic, min(a, cap_b - b), becomes a unary sum:
// for every pair of jugs and step the encoding defines s = a + b (order
// encoded, about 2(cap_a+1)(cap_b+1) clauses, shared by both directions of
// pouring and conditioned on one of them being the step's action), and a
// pour from a into b sets b' = min(s, cap_b) and a' = max(0, s - cap_b),
// 4 clauses per value under the action. Unit propagation on these clauses
// computes the successor of a known state exactly, and carries bounds on
// the amounts both ways through the sums. Their size grows with the
// product of capacities, which suits capacities up to a few hundred (see
// HorizonOptions.MaxClauses); a binary (log) encoding would grow with
// their logarithm, but puzzles with large capacities have plans of
// thousands of actions, where any unrolling is hopeless anyway.
//
// Actions are "act@<t>=<action>", exactly one per step (pairwise at most
// one for up to 32 actions, a sequential counter beyond). Frame axioms are
// explanatory: a jug's amount may drop only under an action that empties
// or pours from it, and rise only under one that fills or pours into it.
// The goal after step k is a literal "goal@k", given to the solver as an
// assumption in round k and asserted false once round k has answered no,
// so the clauses of every round stay valid in the next and one incremental
// solver serves all rounds.

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

// SolveSAT looks for a fewest-actions plan of p by asking s whether a plan
// of exactly k actions exists, for k = 0, 1, 2, ... (see horizon.go): the
// first k answered is optimal. The loop is statespace.SolveSAT's; s must be
// a fresh solver; an incremental one such as sat/gini receives each step's
// clauses once and keeps them between rounds, while backends that rebuild
// their problem for every Solve (gophersat, external programs) solve every
// round from scratch.
//
// Every plan is replayed by Check before it is returned. SolveSAT returns
// an error wrapping ErrInvalidPuzzle for a malformed puzzle, ErrTooLarge
// for one that FitsSAT refuses, statespace.ErrHorizon past
// opts.MaxHorizon, statespace.ErrFormulaLimit past opts.MaxClauses, a
// *membudget.Error when the formula would outgrow the memory budget ctx
// carries, the backend's error, or ctx's when it ends first; the
// statistics so far come with any error.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opts HorizonOptions) (HorizonResult, error) {
	return solveHorizon(ctx, p, opts, func(q *Puzzle, o statespace.HorizonOptions) (statespace.HorizonResult[Action], int, error) {
		if err := FitsSAT(p, opts); err != nil {
			return statespace.HorizonResult[Action]{}, 0, err
		}
		m := newSATModel(q, p, o.Complete)
		m.enc = opts.Encoding.For(p)
		r, err := statespace.SolveSAT(ctx, m, s, statespace.SATOptions{HorizonOptions: o})
		return r, 0, err
	})
}

// satModel is the puzzle as a statespace.SATModel: the CNF of one state
// and one step at a time. What it keeps about a formula (the constant
// true, the count of states) it resets when handed another formula.
type satModel struct {
	p       *Puzzle // scaled down by the unit
	orig    *Puzzle // the puzzle plans are checked against
	actions []Action
	pruned  [][2]int
	// rise[j] and drop[j] are the indices of the actions that can raise
	// and lower jug j.
	rise, drop [][]int
	// complete tells StepClauses that every new state is kept distinct
	// from the earlier ones (HorizonOptions.Complete).
	complete bool
	// enc is how amounts are written: order (this file) or binary
	// (satbin.go).
	enc Encoding

	f      *sat.Formula // the formula of top and states
	top    sat.Lit      // the constant true
	states int          // states added to f
	// pending[t][i] holds when action i at step t or before has not
	// been followed by an action that touches its jugs (pendingOf).
	pending map[int][]sat.Lit
	clause  []sat.Lit // scratch
}

// satState is the variables of the state after t steps: in the order
// encoding level[j][v-1] holds when jug j holds at least v, in the binary
// encoding level[j][b] is bit b of its amount; constants for the start.
// sums are the pair sums (by jugs) a pour of the next step reads, each
// defined under its literal in active (order) or always (binary, where
// pours holds the rest of each direction's arithmetic).
type satState struct {
	t      int
	level  [][]sat.Lit
	sums   map[[2]int][]sat.Lit
	active map[[2]int]sat.Lit
	pours  map[[2]int]binPour
}

// satStep is the variables of step t: act[i] holds when the action is
// actions[i].
type satStep struct {
	t   int
	act []sat.Lit
}

func newSATModel(p, orig *Puzzle, complete bool) *satModel {
	m := &satModel{p: p, orig: orig, actions: p.Actions(), complete: complete}
	n := p.NumJugs()
	m.rise, m.drop = make([][]int, n), make([][]int, n)
	for i, a := range m.actions {
		switch a.Op {
		case OpFill:
			m.rise[a.Jug] = append(m.rise[a.Jug], i)
		case OpEmpty:
			m.drop[a.Jug] = append(m.drop[a.Jug], i)
		case OpPour:
			m.drop[a.Jug] = append(m.drop[a.Jug], i)
			m.rise[a.To] = append(m.rise[a.To], i)
		}
	}
	m.pruned = prunedPairs(m.actions)
	return m
}

// use makes f the formula of the model's constant and count of states.
func (m *satModel) use(f *sat.Formula) {
	if m.f == f {
		return
	}
	m.f, m.states, m.pending = f, 0, nil
	m.top = f.NewNamedVar("true")
	f.AddClause(m.top)
}

// constant returns the literal that is always b.
func (m *satModel) constant(b bool) sat.Lit {
	if b {
		return m.top
	}
	return m.top.Not()
}

// add adds the clause of lits to c, leaving out false constants and
// dropping it when it holds a true one.
func (m *satModel) add(c sat.Adder, lits ...sat.Lit) {
	cl := m.clause[:0]
	for _, l := range lits {
		switch l {
		case m.top:
			return
		case m.top.Not():
		default:
			cl = append(cl, l)
		}
	}
	c.AddClause(cl...)
	m.clause = cl
}

// atLeast returns the literal "x >= v" of an order-encoded x.
func (m *satModel) atLeast(x []sat.Lit, v int) sat.Lit {
	switch {
	case v <= 0:
		return m.top
	case v > len(x):
		return m.top.Not()
	}
	return x[v-1]
}

// is returns literals whose conjunction says that amount x (of the
// model's encoding) equals v.
func (m *satModel) is(x []sat.Lit, v int) []sat.Lit {
	if m.enc == EncodingOrder {
		return []sat.Lit{m.atLeast(x, v), m.atLeast(x, v+1).Not()}
	}
	if v < 0 || v >= 1<<len(x) {
		return []sat.Lit{m.top.Not()}
	}
	out := make([]sat.Lit, len(x))
	for b, l := range x {
		out[b] = l
		if v>>b&1 == 0 {
			out[b] = l.Not()
		}
	}
	return out
}

// isUnder adds that amount x equals v when cond holds.
func (m *satModel) isUnder(cond sat.Lit, x []sat.Lit, v int) {
	for _, l := range m.is(x, v) {
		m.add(m.f, cond.Not(), l)
	}
}

// isNotUnder adds that amount x differs from v when cond holds.
func (m *satModel) isNotUnder(cond sat.Lit, x []sat.Lit, v int) {
	m.add(m.f, append(negated(m.is(x, v)), cond.Not())...)
}

// isConstant reports whether every literal of x is a constant.
func (m *satModel) isConstant(x []sat.Lit) bool {
	for _, l := range x {
		if l.Var() != m.top.Var() {
			return false
		}
	}
	return true
}

// newLevel returns fresh order-encoded variables for 0..c, named.
func (m *satModel) newLevel(c int, name func(v int) string) []sat.Lit {
	x := make([]sat.Lit, c)
	for v := 1; v <= c; v++ {
		if name != nil {
			x[v-1] = m.f.NewNamedVar(name(v))
		} else {
			x[v-1] = m.f.NewVar()
		}
		if v > 1 {
			m.add(m.f, x[v-1].Not(), x[v-2])
		}
	}
	return x
}

// sum returns x + y order encoded, for order-encoded x and y, defined
// only when the literal when holds (m.top: always).
func (m *satModel) sum(x, y []sat.Lit, when sat.Lit) []sat.Lit {
	a, b := len(x), len(y)
	if m.isConstant(x) && m.isConstant(y) {
		total := 0
		for v := 1; v <= a; v++ {
			if m.atLeast(x, v) == m.top {
				total++
			}
		}
		for v := 1; v <= b; v++ {
			if m.atLeast(y, v) == m.top {
				total++
			}
		}
		s := make([]sat.Lit, a+b)
		for v := range s {
			s[v] = m.constant(v+1 <= total)
		}
		return s
	}
	s := m.newLevel(a+b, nil)
	for u := 0; u <= a; u++ {
		for w := 0; w <= b; w++ {
			if u+w >= 1 {
				m.add(m.f, when.Not(), m.atLeast(x, u).Not(), m.atLeast(y, w).Not(), m.atLeast(s, u+w))
			}
			if u+w+1 <= a+b {
				m.add(m.f, when.Not(), m.atLeast(x, u+1), m.atLeast(y, w+1), m.atLeast(s, u+w+1).Not())
			}
		}
	}
	return s
}

// pairSum returns jug i + jug j in state st, defined when the next step
// pours between them, which it ensures of pour (the variable of that
// action).
func (m *satModel) pairSum(st *satState, i, j int, pour sat.Lit) []sat.Lit {
	if i > j {
		i, j = j, i
	}
	key := [2]int{i, j}
	s, ok := st.sums[key]
	if !ok {
		// Defined only under a pour between i and j, so that the other
		// steps spend no propagation on it.
		st.active[key] = m.f.NewVar()
		s = m.sum(st.level[i], st.level[j], st.active[key])
		st.sums[key] = s
	}
	m.add(m.f, pour.Not(), st.active[key])
	return s
}

// equalShifted adds cond -> (x >= v <=> y >= v+shift) for v in 1..len(x).
func (m *satModel) equalShifted(cond sat.Lit, x, y []sat.Lit, shift int) {
	for v := 1; v <= len(x); v++ {
		m.add(m.f, cond.Not(), m.atLeast(x, v).Not(), m.atLeast(y, v+shift))
		m.add(m.f, cond.Not(), m.atLeast(x, v), m.atLeast(y, v+shift).Not())
	}
}

// StepClauses implements statespace.StepSizer: it bounds from above the
// clauses a step adds, before it is built: the step's pair sums dominate,
// then the frame axioms, the effects, at most one action, the pruning,
// the distinctness from every earlier state (for the completeness test),
// and the goal (a sum of all jugs for GoalTotal).
func (m *satModel) StepClauses() int {
	caps := m.p.Capacities
	n, sum, total := len(m.actions), 0, 0
	for i, a := range caps {
		for _, b := range caps[i+1:] {
			total += 2*(a+1)*(b+1) + 4*(a+b) + 4
		}
		sum += a
	}
	if m.enc == EncodingBinary {
		// Every per-unit count below becomes per bit.
		total, sum = binStepClauses(caps), 0
		for _, c := range caps {
			sum += bitsFor(c)
		}
	}
	total += 6*sum + 6*n + len(m.pruned)
	if m.enc == EncodingBinary && !m.p.Tap { // binConserve
		total += 14 * len(caps) * (sum + 1)
	}
	if n <= 32 {
		total += n * n / 2
	} else {
		total += 3 * n
	}
	if m.complete {
		total += m.states * (2*sum + 1)
	}
	goal := 3*sum + 2
	if m.p.Goal == GoalTotal && m.enc == EncodingBinary {
		goal += 14 * len(caps) * (sum + 1)
	} else if m.p.Goal == GoalTotal {
		for i := 1; i < len(caps); i++ { // total = ((a0 + a1) + a2) + ...
			prefix := 0
			for _, c := range caps[:i] {
				prefix += c
			}
			goal += 2 * (prefix + 1) * (caps[i] + 1)
		}
	}
	return total + goal
}

// CheckStep implements statespace.StepChecker: the formula with one more
// step must fit the memory budget ctx carries.
func (m *satModel) CheckStep(ctx context.Context, t int) error {
	clauses := m.StepClauses()
	if m.f != nil {
		clauses += m.f.NumClauses()
	}
	return checkSATBudget(ctx, clauses, t)
}

// newState returns a state of the given levels, counted in f.
func (m *satModel) newState(level [][]sat.Lit) *satState {
	st := &satState{t: m.states, level: level, sums: map[[2]int][]sat.Lit{}, active: map[[2]int]sat.Lit{}}
	m.states++
	return st
}

// StartState implements statespace.StartState: the start's amounts are
// constants.
func (m *satModel) StartState(f *sat.Formula) *satState {
	m.use(f)
	start := make([][]sat.Lit, m.p.NumJugs())
	for j, c := range m.p.Capacities {
		if m.enc == EncodingBinary {
			start[j] = m.binConst(m.p.Initial[j], bitsFor(c))
			continue
		}
		start[j] = make([]sat.Lit, c)
		for v := 1; v <= c; v++ {
			start[j][v-1] = m.constant(v <= m.p.Initial[j])
		}
	}
	return m.newState(start)
}

// State implements statespace.SATModel.
func (m *satModel) State(f *sat.Formula) *satState {
	m.use(f)
	t := m.states
	level := make([][]sat.Lit, m.p.NumJugs())
	for j, c := range m.p.Capacities {
		if m.enc == EncodingBinary {
			level[j] = m.newBin(c, binName(j, t))
			continue
		}
		level[j] = m.newLevel(c, func(v int) string { return fmt.Sprintf("a%d@%d>=%d", j+1, t, v) })
	}
	return m.newState(level)
}

// Start implements statespace.SATModel (for states that are not
// StartState's).
func (m *satModel) Start(c sat.Adder, st *satState) {
	for j, x := range st.level {
		for _, l := range m.is(x, m.p.Initial[j]) {
			m.add(c, l)
		}
	}
}

// Step implements statespace.SATModel: exactly one action, what it needs
// and does, and the frame axioms.
func (m *satModel) Step(f *sat.Formula, before, after *satState) satStep {
	m.use(f)
	p, k := m.p, after.t
	acts := make([]sat.Lit, len(m.actions))
	for i, a := range m.actions {
		acts[i] = f.NewNamedVar(fmt.Sprintf("act@%d=%v", k, a))
	}
	m.add(f, acts...)
	atMostOne(f, acts)

	// What each action needs and does.
	for i, a := range m.actions {
		x := acts[i]
		switch a.Op {
		case OpFill:
			c := p.Capacities[a.Jug]
			m.isNotUnder(x, before.level[a.Jug], c)
			m.isUnder(x, after.level[a.Jug], c)
		case OpEmpty:
			m.isNotUnder(x, before.level[a.Jug], 0)
			m.isUnder(x, after.level[a.Jug], 0)
		case OpPour:
			c := p.Capacities[a.To]
			m.isNotUnder(x, before.level[a.Jug], 0)
			m.isNotUnder(x, before.level[a.To], c)
			if m.enc == EncodingBinary {
				m.binPourEffect(x, before, after, a.Jug, a.To)
				continue
			}
			s := m.pairSum(before, a.Jug, a.To, x)
			m.equalShifted(x, after.level[a.To], s, 0)  // to' = min(s, c)
			m.equalShifted(x, after.level[a.Jug], s, c) // from' = max(0, s - c)
		}
	}

	// Frame axioms: a jug changes only under an action that may change it.
	if m.enc == EncodingBinary {
		m.binConserve(after)
		m.binFrame(acts, before, after)
		return satStep{t: k, act: acts}
	}
	for j, c := range p.Capacities {
		for v := 1; v <= c; v++ {
			dropped := []sat.Lit{m.atLeast(before.level[j], v).Not(), m.atLeast(after.level[j], v)}
			for _, i := range m.drop[j] {
				dropped = append(dropped, acts[i])
			}
			m.add(f, dropped...)
			rose := []sat.Lit{m.atLeast(before.level[j], v), m.atLeast(after.level[j], v).Not()}
			for _, i := range m.rise[j] {
				rose = append(rose, acts[i])
			}
			m.add(f, rose...)
		}
	}
	return satStep{t: k, act: acts}
}

// atMostOne adds that at most one of lits holds: pairwise for up to 32
// literals, by a sequential counter beyond.
func atMostOne(f *sat.Formula, lits []sat.Lit) {
	if len(lits) > 32 {
		if err := sat.Sequential.Encode(f, sat.Card(sat.AtMost, 1, lits...)); err != nil {
			panic(fmt.Sprintf("jugs: at most one of %d literals: %v", len(lits), err)) // well formed
		}
		return
	}
	sat.PairwiseAtMostOne(f, lits...)
}

// Consecutive implements statespace.Consecutive: the pruning between two
// steps (see horizon.go). Commuting actions are ordered when they are
// consecutive; a wasted pair is forbidden also with actions between them
// that touch neither jug of the first (they commute with both), which
// the pending literals carry from step to step.
func (m *satModel) Consecutive(f *sat.Formula, first, next satStep) {
	pf, pn := m.pendingOf(first), m.pendingOf(next)
	for i, a := range m.actions {
		cl := []sat.Lit{pf[i].Not(), pn[i]}
		for j, b := range m.actions {
			if !independent(a, b) {
				cl = append(cl, next.act[j])
			}
		}
		f.AddClause(cl...)
		for j, b := range m.actions {
			switch {
			case wasted(a, b):
				f.AddClause(pf[i].Not(), next.act[j].Not())
			case i > j && independent(a, b):
				f.AddClause(first.act[i].Not(), next.act[j].Not())
			}
		}
	}
}

// pendingOf returns the literals "action i is the last to touch its jugs"
// after step st, made on first use.
func (m *satModel) pendingOf(st satStep) []sat.Lit {
	if p, ok := m.pending[st.t]; ok {
		return p
	}
	p := make([]sat.Lit, len(st.act))
	for i, a := range st.act {
		p[i] = m.f.NewVar()
		m.f.AddClause(a.Not(), p[i])
	}
	if m.pending == nil {
		m.pending = map[int][]sat.Lit{}
	}
	m.pending[st.t] = p
	return p
}

// Distinct implements statespace.Distinct: two states differ in some jug.
func (m *satModel) Distinct(f *sat.Formula, x, y *satState) {
	var some []sat.Lit
	for j := range x.level {
		for v := 1; v <= len(x.level[j]); v++ {
			a, b := m.atLeast(x.level[j], v), m.atLeast(y.level[j], v)
			switch {
			case a == m.top:
				some = append(some, b.Not())
			case a == m.top.Not():
				some = append(some, b)
			default: // d -> (a xor b)
				d := f.NewVar()
				m.add(f, d.Not(), a, b)
				m.add(f, d.Not(), a.Not(), b.Not())
				some = append(some, d)
			}
		}
	}
	m.add(f, some...)
}

// GoalLit implements statespace.GoalLiteral: a literal equivalent to "the
// goal holds in st", with the clauses that define it.
func (m *satModel) GoalLit(f *sat.Formula, st *satState) sat.Lit {
	m.use(f)
	g := f.NewNamedVar(fmt.Sprintf("goal@%d", st.t))
	m.defineGoal(f, st, g)
	return g
}

// Goal implements statespace.SATModel.
func (m *satModel) Goal(c sat.Adder, st *satState) {
	g := c.NewVar()
	m.defineGoal(c, st, g)
	c.AddClause(g)
}

// defineGoal adds to c the clauses that make g equivalent to the goal in
// st.
func (m *satModel) defineGoal(c sat.Adder, st *satState, g sat.Lit) {
	p, x := m.p, st.level
	// holds returns the two literals of "x == amount" and adds, with
	// the negations of the other conditions in also, the clause that
	// makes them imply g.
	holds := func(x []sat.Lit, amount int, also ...sat.Lit) []sat.Lit {
		is := m.is(x, amount)
		m.add(c, append(append(also, negated(is)...), g)...)
		return is
	}
	switch p.Goal {
	case GoalAny:
		some := []sat.Lit{g.Not()}
		for j := range x {
			if p.Target > p.Capacities[j] {
				continue
			}
			h := c.NewVar()
			for _, l := range holds(x[j], p.Target) {
				m.add(c, h.Not(), l)
			}
			some = append(some, h)
		}
		m.add(c, some...)
	case GoalTotal:
		total := x[0]
		for _, y := range x[1:] {
			if m.enc == EncodingBinary {
				total = m.addBin(total, y)
			} else {
				total = m.sum(total, y, m.top)
			}
		}
		for _, l := range holds(total, p.Target) {
			m.add(c, g.Not(), l)
		}
	case GoalState:
		var others []sat.Lit // some wanted amount is missing
		for j, want := range p.GoalState {
			if want == DontCare {
				continue
			}
			for _, l := range m.is(x[j], want) {
				m.add(c, g.Not(), l)
				others = append(others, l.Not())
			}
		}
		m.add(c, append(others, g)...)
	}
}

// Action implements statespace.SATModel.
func (m *satModel) Action(a sat.Assignment, st satStep) (Action, bool) {
	for i, l := range st.act {
		if a.Value(l) {
			return m.actions[i], true
		}
	}
	return Action{}, false
}

// Check implements statespace.SATModel.
func (m *satModel) Check(plan []Action, k int) error { return checkHorizon(m.orig, plan, k) }
