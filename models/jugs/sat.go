package jugs

// This file unrolls the transition system into CNF, one step per round,
// and asks a SAT solver for a plan of exactly k actions (see horizon.go).
//
// Amounts are in the order encoding: jug j at step t has one variable
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
	"time"

	"github.com/waterworks-solver/waterworks/sat"
)

// SATResult is the answer of SolveSAT.
type SATResult struct {
	// Solvable reports whether a plan was found. When false with a nil
	// error, the puzzle is proven unsolvable (see HorizonStats).
	Solvable bool
	// Plan has the fewest actions of all plans when Solvable.
	Plan Plan
	SATStats
}

// SATStats describe the work of SolveSAT.
type SATStats struct {
	HorizonStats
	// Vars and Clauses give the size of the formula at the end.
	Vars, Clauses int
	// Solver sums the backend's statistics over all rounds; gini reports
	// only the number of solves.
	Solver sat.Stats
	// Rounds has one entry per k asked about.
	Rounds []SATRound
}

// SATRound is one round of SolveSAT: the formula for k actions and the
// solver's work on it.
type SATRound struct {
	K int
	// Found reports whether a plan of exactly K actions was found.
	Found bool
	// Vars and Clauses give the size of the formula in this round.
	Vars, Clauses int
	// Solver holds the backend's statistics of this round.
	Solver sat.Stats
	// Time is the time spent encoding and solving.
	Time time.Duration
}

// SolveSAT looks for a fewest-actions plan of p by asking s whether a plan
// of exactly k actions exists, for k = 0, 1, 2, ... (see horizon.go): the
// first k answered is optimal. s must be a fresh solver; an incremental
// one such as sat/gini receives each step's clauses once and keeps them
// between rounds, while backends that rebuild their problem for every
// Solve (gophersat, external programs) solve every round from scratch.
//
// Every plan is replayed by Check before it is returned. SolveSAT returns
// an error wrapping ErrInvalidPuzzle for a malformed puzzle, ErrTooLarge
// for one that FitsSAT refuses, ErrHorizon past opts.MaxSteps,
// ErrFormulaLimit past opts.MaxClauses, a *membudget.Error when the
// formula would outgrow the memory budget ctx carries, the backend's
// error, or ctx's when it ends first; the statistics so far come with any
// error.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opts HorizonOptions) (SATResult, error) {
	var r SATResult
	var e *satUnrolling
	var err error
	r.Solvable, r.Plan, err = deepen(ctx, p, opts, &r.HorizonStats, func(q *Puzzle) (unrolling, error) {
		if err := FitsSAT(p, opts); err != nil {
			return nil, err
		}
		e = newSATUnrolling(q, s, opts.Complete)
		e.maxClauses = opts.MaxClauses
		return e, nil
	})
	if e != nil {
		r.Vars, r.Clauses = e.f.NumVars(), e.f.NumClauses()
		r.Rounds = e.rounds
		for _, rd := range e.rounds {
			r.Solver = r.Solver.Add(rd.Solver)
		}
	}
	return r, err
}

// satUnrolling is the CNF of a puzzle over a growing number of steps.
type satUnrolling struct {
	p        *Puzzle
	actions  []Action
	s        sat.Solver
	f        *sat.Formula
	loaded   sat.Mark // what s already has
	complete bool
	top      sat.Lit // the constant true
	// maxClauses is HorizonOptions.MaxClauses.
	maxClauses int

	level  [][][]sat.Lit        // level[t][j][v-1]: jug j holds at least v after t steps
	act    [][]sat.Lit          // act[t][i]: the t-th action is actions[i] (t >= 1)
	sums   map[[3]int][]sat.Lit // pairSum by step and jugs
	active map[[3]int]sat.Lit   // the condition of each pairSum
	pruned [][2]int
	// rise[j] and drop[j] are the indices of the actions that can raise
	// and lower jug j.
	rise, drop [][]int
	clause     []sat.Lit // scratch

	rounds  []SATRound
	started time.Time
	before  sat.Stats
}

func newSATUnrolling(p *Puzzle, s sat.Solver, complete bool) *satUnrolling {
	e := &satUnrolling{p: p, actions: p.Actions(), s: s, f: sat.NewFormula(), complete: complete}
	e.top = e.f.NewNamedVar("true")
	e.f.AddClause(e.top)
	n := p.NumJugs()
	start := make([][]sat.Lit, n)
	for j, c := range p.Capacities {
		start[j] = make([]sat.Lit, c)
		for v := 1; v <= c; v++ {
			start[j][v-1] = e.constant(v <= p.Initial[j])
		}
	}
	e.level = [][][]sat.Lit{start}
	e.act = [][]sat.Lit{nil}
	e.rise, e.drop = make([][]int, n), make([][]int, n)
	for i, a := range e.actions {
		switch a.Op {
		case OpFill:
			e.rise[a.Jug] = append(e.rise[a.Jug], i)
		case OpEmpty:
			e.drop[a.Jug] = append(e.drop[a.Jug], i)
		case OpPour:
			e.drop[a.Jug] = append(e.drop[a.Jug], i)
			e.rise[a.To] = append(e.rise[a.To], i)
		}
	}
	e.pruned = prunedPairs(e.actions)
	e.sums = map[[3]int][]sat.Lit{}
	e.active = map[[3]int]sat.Lit{}
	e.started = time.Now()
	return e
}

// constant returns the literal that is always b.
func (e *satUnrolling) constant(b bool) sat.Lit {
	if b {
		return e.top
	}
	return e.top.Not()
}

// add adds the clause of lits, leaving out false constants and dropping
// it when it holds a true one.
func (e *satUnrolling) add(lits ...sat.Lit) {
	c := e.clause[:0]
	for _, l := range lits {
		switch l {
		case e.top:
			return
		case e.top.Not():
		default:
			c = append(c, l)
		}
	}
	e.f.AddClause(c...)
	e.clause = c
}

// atLeast returns the literal "x >= v" of an order-encoded x.
func (e *satUnrolling) atLeast(x []sat.Lit, v int) sat.Lit {
	switch {
	case v <= 0:
		return e.top
	case v > len(x):
		return e.top.Not()
	}
	return x[v-1]
}

// isConstant reports whether every literal of x is a constant.
func (e *satUnrolling) isConstant(x []sat.Lit) bool {
	for _, l := range x {
		if l.Var() != e.top.Var() {
			return false
		}
	}
	return true
}

// newLevel returns fresh order-encoded variables for 0..c, named.
func (e *satUnrolling) newLevel(c int, name func(v int) string) []sat.Lit {
	x := make([]sat.Lit, c)
	for v := 1; v <= c; v++ {
		if name != nil {
			x[v-1] = e.f.NewNamedVar(name(v))
		} else {
			x[v-1] = e.f.NewVar()
		}
		if v > 1 {
			e.add(x[v-1].Not(), x[v-2])
		}
	}
	return x
}

// sum returns x + y order encoded, for order-encoded x and y, defined
// only when the literal when holds (e.top: always).
func (e *satUnrolling) sum(x, y []sat.Lit, when sat.Lit) []sat.Lit {
	a, b := len(x), len(y)
	if e.isConstant(x) && e.isConstant(y) {
		total := 0
		for v := 1; v <= a; v++ {
			if e.atLeast(x, v) == e.top {
				total++
			}
		}
		for v := 1; v <= b; v++ {
			if e.atLeast(y, v) == e.top {
				total++
			}
		}
		s := make([]sat.Lit, a+b)
		for v := range s {
			s[v] = e.constant(v+1 <= total)
		}
		return s
	}
	s := e.newLevel(a+b, nil)
	for u := 0; u <= a; u++ {
		for w := 0; w <= b; w++ {
			if u+w >= 1 {
				e.add(when.Not(), e.atLeast(x, u).Not(), e.atLeast(y, w).Not(), e.atLeast(s, u+w))
			}
			if u+w+1 <= a+b {
				e.add(when.Not(), e.atLeast(x, u+1), e.atLeast(y, w+1), e.atLeast(s, u+w+1).Not())
			}
		}
	}
	return s
}

// pairSum returns jug i + jug j after step t, defined when step t+1 pours
// between them, which it ensures of pour (the variable of that action).
func (e *satUnrolling) pairSum(t, i, j int, pour sat.Lit) []sat.Lit {
	if i > j {
		i, j = j, i
	}
	key := [3]int{t, i, j}
	s, ok := e.sums[key]
	if !ok {
		// Defined only under a pour between i and j, so that the other
		// steps spend no propagation on it.
		e.active[key] = e.f.NewVar()
		s = e.sum(e.level[t][i], e.level[t][j], e.active[key])
		e.sums[key] = s
	}
	e.add(pour.Not(), e.active[key])
	return s
}

// equalShifted adds cond -> (x >= v <=> y >= v+shift) for v in 1..len(x).
func (e *satUnrolling) equalShifted(cond sat.Lit, x, y []sat.Lit, shift int) {
	for v := 1; v <= len(x); v++ {
		e.add(cond.Not(), e.atLeast(x, v).Not(), e.atLeast(y, v+shift))
		e.add(cond.Not(), e.atLeast(x, v), e.atLeast(y, v+shift).Not())
	}
}

// roundClauses bounds from above the clauses a round adds, before it is
// built: the step's pair sums dominate, then the frame axioms, the
// effects, at most one action, the pruning, the distinctness from every
// earlier state with Complete, and the goal (a sum of all jugs for
// GoalTotal).
func (e *satUnrolling) roundClauses() int {
	caps := e.p.Capacities
	m, sum, total := len(e.actions), 0, 0
	for i, a := range caps {
		for _, b := range caps[i+1:] {
			total += 2*(a+1)*(b+1) + 4*(a+b) + 4
		}
		sum += a
	}
	total += 6*sum + 4*m + len(e.pruned)
	if m <= 32 {
		total += m * m / 2
	} else {
		total += 3 * m
	}
	if e.complete {
		total += len(e.level) * (2*sum + 1)
	}
	goal := 3*sum + 2
	if e.p.Goal == GoalTotal {
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

// grow implements unrolling: it adds the variables and clauses of step k.
func (e *satUnrolling) grow(ctx context.Context, k int) error {
	e.started = time.Now()
	clauses := e.f.NumClauses() + e.roundClauses()
	if limit := e.maxClauses; limit > 0 && clauses > limit {
		return fmt.Errorf("%w: step %d would take the formula past %d clauses", ErrFormulaLimit, k, limit)
	}
	if err := checkSATBudget(ctx, clauses, k); err != nil {
		return err
	}
	p := e.p
	before, after := e.level[k-1], make([][]sat.Lit, p.NumJugs())
	for j, c := range p.Capacities {
		after[j] = e.newLevel(c, func(v int) string { return fmt.Sprintf("a%d@%d>=%d", j+1, k, v) })
	}
	e.level = append(e.level, after)
	acts := make([]sat.Lit, len(e.actions))
	for i, a := range e.actions {
		acts[i] = e.f.NewNamedVar(fmt.Sprintf("act@%d=%v", k, a))
	}
	e.act = append(e.act, acts)

	// Exactly one action.
	e.add(acts...)
	if len(acts) <= 32 {
		for i := range acts {
			for j := i + 1; j < len(acts); j++ {
				e.add(acts[i].Not(), acts[j].Not())
			}
		}
	} else if err := sat.Sequential.Encode(e.f, sat.Card(sat.AtMost, 1, acts...)); err != nil {
		return err
	}

	// What each action needs and does.
	for i, a := range e.actions {
		x := acts[i]
		switch a.Op {
		case OpFill:
			c := p.Capacities[a.Jug]
			e.add(x.Not(), e.atLeast(before[a.Jug], c).Not())
			e.add(x.Not(), e.atLeast(after[a.Jug], c))
		case OpEmpty:
			e.add(x.Not(), e.atLeast(before[a.Jug], 1))
			e.add(x.Not(), e.atLeast(after[a.Jug], 1).Not())
		case OpPour:
			c := p.Capacities[a.To]
			e.add(x.Not(), e.atLeast(before[a.Jug], 1))
			e.add(x.Not(), e.atLeast(before[a.To], c).Not())
			s := e.pairSum(k-1, a.Jug, a.To, x)
			e.equalShifted(x, after[a.To], s, 0)  // to' = min(s, c)
			e.equalShifted(x, after[a.Jug], s, c) // from' = max(0, s - c)
		}
	}

	// Frame axioms: a jug changes only under an action that may change it.
	for j, c := range p.Capacities {
		for v := 1; v <= c; v++ {
			dropped := []sat.Lit{e.atLeast(before[j], v).Not(), e.atLeast(after[j], v)}
			for _, i := range e.drop[j] {
				dropped = append(dropped, acts[i])
			}
			e.add(dropped...)
			rose := []sat.Lit{e.atLeast(before[j], v), e.atLeast(after[j], v).Not()}
			for _, i := range e.rise[j] {
				rose = append(rose, acts[i])
			}
			e.add(rose...)
		}
	}

	// Pruning between this step and the one before (see horizon.go).
	if k >= 2 {
		for _, pr := range e.pruned {
			e.add(e.act[k-1][pr[0]].Not(), acts[pr[1]].Not())
		}
	}
	if e.complete {
		for t := range k {
			e.differ(e.level[t], after)
		}
	}
	return nil
}

// differ adds the constraint that two states differ in some jug.
func (e *satUnrolling) differ(x, y [][]sat.Lit) {
	var some []sat.Lit
	for j := range x {
		for v := 1; v <= len(x[j]); v++ {
			a, b := e.atLeast(x[j], v), e.atLeast(y[j], v)
			switch {
			case a == e.top:
				some = append(some, b.Not())
			case a == e.top.Not():
				some = append(some, b)
			default: // d -> (a xor b)
				d := e.f.NewVar()
				e.add(d.Not(), a, b)
				e.add(d.Not(), a.Not(), b.Not())
				some = append(some, d)
			}
		}
	}
	e.add(some...)
}

// goal returns a literal equivalent to "the goal holds after step k",
// adding the clauses that define it.
func (e *satUnrolling) goal(k int) sat.Lit {
	p, x := e.p, e.level[k]
	g := e.f.NewNamedVar(fmt.Sprintf("goal@%d", k))
	// holds returns the two literals of "x == amount" and adds, with
	// the negations of the other conditions in also, the clause that
	// makes them imply g.
	holds := func(x []sat.Lit, amount int, also ...sat.Lit) []sat.Lit {
		is := []sat.Lit{e.atLeast(x, amount), e.atLeast(x, amount+1).Not()}
		e.add(append(also, is[0].Not(), is[1].Not(), g)...)
		return is
	}
	switch p.Goal {
	case GoalAny:
		some := []sat.Lit{g.Not()}
		for j := range x {
			if p.Target > p.Capacities[j] {
				continue
			}
			h := e.f.NewVar()
			for _, l := range holds(x[j], p.Target) {
				e.add(h.Not(), l)
			}
			some = append(some, h)
		}
		e.add(some...)
	case GoalTotal:
		total := x[0]
		for _, y := range x[1:] {
			total = e.sum(total, y, e.top)
		}
		for _, l := range holds(total, p.Target) {
			e.add(g.Not(), l)
		}
	case GoalState:
		var others []sat.Lit // some wanted amount is missing
		for j, want := range p.GoalState {
			if want == DontCare {
				continue
			}
			for _, l := range []sat.Lit{e.atLeast(x[j], want), e.atLeast(x[j], want+1).Not()} {
				e.add(g.Not(), l)
				others = append(others, l.Not())
			}
		}
		e.add(append(others, g)...)
	}
	return g
}

// solve gives s the clauses it lacks and solves under the assumptions.
func (e *satUnrolling) solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	var err error
	if e.loaded, err = sat.LoadFrom(e.s, e.f, e.loaded); err != nil {
		return sat.Unknown, err
	}
	st, err := e.s.Solve(ctx, assumptions...)
	if err != nil {
		return st, err
	}
	if st == sat.Unknown {
		return st, fmt.Errorf("the SAT backend gave up")
	}
	return st, nil
}

// pathExists implements unrolling: with the goal left out, is there an
// allowed loop-free path of k actions?
func (e *satUnrolling) pathExists(ctx context.Context, k int) (bool, error) {
	st, err := e.solve(ctx)
	if err != nil || st == sat.Sat {
		return st == sat.Sat, err
	}
	e.record(k, false)
	return false, nil
}

// planOf implements unrolling: it asks for the goal after step k.
func (e *satUnrolling) planOf(ctx context.Context, k int) (Plan, bool, error) {
	if k == 0 {
		e.started = time.Now()
	}
	goal := e.goal(k)
	st, err := e.solve(ctx, goal)
	if err != nil {
		return nil, false, err
	}
	e.record(k, st == sat.Sat)
	if st != sat.Sat {
		// No allowed path reaches the goal after k actions, so none
		// that the next rounds look at passes through it there: saying
		// so prunes their search (see horizon.go).
		e.add(goal.Not())
		return nil, false, nil
	}
	plan := make(Plan, k)
	for t := 1; t <= k; t++ {
		chosen := -1
		for i, l := range e.act[t] {
			if e.s.Value(l) {
				if chosen >= 0 {
					return nil, false, fmt.Errorf("internal error: two actions at step %d", t)
				}
				chosen = i
			}
		}
		if chosen < 0 {
			return nil, false, fmt.Errorf("internal error: no action at step %d", t)
		}
		plan[t-1] = e.actions[chosen]
	}
	return plan, true, nil
}

// record closes round k.
func (e *satUnrolling) record(k int, found bool) {
	var now sat.Stats
	if r, ok := e.s.(sat.StatsReporter); ok {
		now = r.Stats()
	}
	b := e.before
	spent := sat.Stats{Solves: now.Solves - b.Solves, Conflicts: now.Conflicts - b.Conflicts,
		Decisions: now.Decisions - b.Decisions, Propagations: now.Propagations - b.Propagations,
		Restarts: now.Restarts - b.Restarts}
	e.rounds = append(e.rounds, SATRound{K: k, Found: found, Vars: e.f.NumVars(), Clauses: e.f.NumClauses(),
		Solver: spent, Time: time.Since(e.started)})
	e.before = now
}
