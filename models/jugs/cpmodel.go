package jugs

// This file unrolls the transition system on the cp core (see horizon.go
// for the rounds). Each round builds a model of k steps: amount variables
// a[t][j] in 0..capacity for every step t and jug j (step 0 fixed to the
// start), an action variable act[t] in 0..NumActions()-1 for every step
// t >= 1, numbered as Actions, the goal after step k and not before, and
// per step the transition, in one of two forms:
//
//   - by default one stepRule propagator per step (cpprop.go): once the
//     amounts before are fixed it keeps the legal actions and computes
//     the amounts after, in time linear in actions × jugs, and a nextRule
//     forbids the pruned pairs of consecutive actions;
//   - with CPOptions.Tables, tables: act[t] with one 0..1 variable per
//     action (one tuple per action, so exactly one is true), act[t] with
//     the source and destination jugs of a pour (n for none), each of those
//     with one 0..1 variable per jug, and the pour arithmetic as one table
//     over (destination, source amount, destination amount, and the two
//     after) listing every legal pour, its amounts tied to the jugs' by
//     conditional equalities; fills and empties as conditional bounds;
//     frame axioms as conditional equalities (a jug no action touches
//     keeps its amount); the pruning as a table of the allowed pairs
//     (act[t-1], act[t]). The pour table has about Σ cap_i·cap_j tuples
//     and is rescanned at every decision, which makes this form 5 to 100
//     times slower (BENCHMARKS.md).
//
// The search branches on act[1], act[2], ... in order, so every decision
// is followed by propagation that computes the next state. A nogood store
// (deadEnds) then makes the depth-first search remember, across branches
// and rounds, every (state, last action, actions left) from which it has
// already failed to reach the goal: iterative deepening with a
// transposition table, which merges the paths that reach one state.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
)

// CPOptions tune SolveCP.
type CPOptions struct {
	HorizonOptions
	// Tables posts each step's transition as table constraints instead of
	// the step propagator (for measurements: the propagator is faster).
	Tables bool
	// NoMemo turns the nogood store off, leaving plain iterative
	// deepening (for measurements).
	NoMemo bool
}

// CPResult is the answer of SolveCP.
type CPResult struct {
	// Solvable reports whether a plan was found. When false with a nil
	// error, the puzzle is proven unsolvable (see HorizonStats).
	Solvable bool
	// Plan has the fewest actions of all plans when Solvable.
	Plan Plan
	CPStats
}

// CPStats describe the work of SolveCP.
type CPStats struct {
	HorizonStats
	// Vars, Propagators and Tuples give the size of the last model built;
	// Tuples counts the rows of its tables.
	Vars, Propagators, Tuples int
	// Search sums the search statistics of every round.
	Search cp.Stats
	// DeadEnds is the number of facts in the nogood store at the end.
	DeadEnds int
	// Rounds has one entry per k asked about.
	Rounds []CPRound
}

// CPRound is one round of SolveCP.
type CPRound struct {
	K int
	// Found reports whether a plan of exactly K actions was found.
	Found bool
	// Search holds the statistics of this round's searches.
	Search cp.Stats
	// Time is the time spent building and searching.
	Time time.Duration
}

// SolveCP looks for a fewest-actions plan of p on the cp core by asking
// for a plan of exactly k actions, for k = 0, 1, 2, ... (see horizon.go
// and the comment of cpmodel.go). Every plan is replayed by Check before it
// is returned. SolveCP returns an error wrapping ErrInvalidPuzzle for a
// malformed puzzle, ErrTooLarge for one that FitsCP refuses, ErrHorizon
// past opts.MaxSteps, a *membudget.Error when a round's model would
// outgrow the memory budget ctx carries, or ctx's error when it ends
// first; the statistics so far come with any error.
func SolveCP(ctx context.Context, p *Puzzle, opts CPOptions) (CPResult, error) {
	var r CPResult
	var e *cpUnrolling
	var err error
	r.Solvable, r.Plan, err = deepen(ctx, p, opts.HorizonOptions, &r.HorizonStats, func(q *Puzzle) (unrolling, error) {
		if err := FitsCP(p); err != nil {
			return nil, err
		}
		e = newCPUnrolling(q, opts)
		return e, nil
	})
	if e != nil {
		r.Vars, r.Propagators, r.Tuples = e.size.vars, e.size.props, e.size.tuples
		r.Rounds = e.rounds
		r.DeadEnds = len(e.dead)
		for _, rd := range e.rounds {
			r.Search = addSearch(r.Search, rd.Search)
		}
	}
	return r, err
}

// addSearch returns the sum of two search statistics (the deepest depth
// of the two).
func addSearch(a, b cp.Stats) cp.Stats {
	return cp.Stats{Nodes: a.Nodes + b.Nodes, Failures: a.Failures + b.Failures,
		Propagations: a.Propagations + b.Propagations, Solutions: a.Solutions + b.Solutions,
		MaxDepth: max(a.MaxDepth, b.MaxDepth), Time: a.Time + b.Time}
}

// cpUnrolling builds a cp model for each question of a round.
type cpUnrolling struct {
	p       *Puzzle
	opts    CPOptions
	actions []Action
	// Tables shared by every step and round (the cp tables do not modify
	// their tuples).
	oneHot, ends, pours, allowed [][]int
	// prunedNext[a] lists the actions that may not follow a, and
	// prunedPrev[b] those that b may not follow.
	prunedNext, prunedPrev [][]int
	dead                   map[string]bool // see deadEnds
	rounds                 []CPRound
	round                  CPRound // the round under way
	started                time.Time
	size                   struct{ vars, props, tuples int }
}

func newCPUnrolling(p *Puzzle, opts CPOptions) *cpUnrolling {
	e := &cpUnrolling{p: p, opts: opts, actions: p.Actions(), dead: map[string]bool{}, started: time.Now()}
	m := len(e.actions)
	e.prunedNext, e.prunedPrev = make([][]int, m), make([][]int, m)
	for _, pr := range prunedPairs(e.actions) {
		e.prunedNext[pr[0]] = append(e.prunedNext[pr[0]], pr[1])
		e.prunedPrev[pr[1]] = append(e.prunedPrev[pr[1]], pr[0])
	}
	if opts.Tables {
		e.makeTables()
	}
	return e
}

// makeTables lists the tuples of the tables that tableStep posts.
func (e *cpUnrolling) makeTables() {
	p := e.p
	n, m := p.NumJugs(), len(e.actions)
	// act, then one 0..1 per action.
	for i := range m {
		row := make([]int, 1+m)
		row[0], row[1+i] = i, 1
		e.oneHot = append(e.oneHot, row)
	}
	// act, source, destination (n: none).
	for i, a := range e.actions {
		if a.Op == OpPour {
			e.ends = append(e.ends, []int{i, a.Jug, a.To})
		} else {
			e.ends = append(e.ends, []int{i, n, n})
		}
	}
	// destination, source before, destination before, source after,
	// destination after; all 0 when nothing is poured.
	e.pours = [][]int{{n, 0, 0, 0, 0}}
	for j, c := range p.Capacities {
		most := 0
		for i, ci := range p.Capacities {
			if i != j {
				most = max(most, ci)
			}
		}
		for x := 1; x <= most; x++ {
			for y := range c {
				d := min(x, c-y)
				e.pours = append(e.pours, []int{j, x, y, x - d, y + d})
			}
		}
	}
	for a := range m {
		for b := range m {
			if !slices.Contains(e.prunedNext[a], b) {
				e.allowed = append(e.allowed, []int{a, b})
			}
		}
	}
}

// cpModel is the model of one question: k steps, with or without the goal.
type cpModel struct {
	s      *cp.Solver
	amount [][]cp.Var // amount[t][j]
	act    []cp.Var   // act[t], t >= 1 (act[0] unused)
	tuples int
	memo   *deadEnds // nil without one
}

// build returns the model of k steps with the goal after step k, or, when
// goal is false, with loop-free paths instead (Complete's question).
func (e *cpUnrolling) build(ctx context.Context, k int, goal bool) (*cpModel, error) {
	p := e.p
	if err := checkCPBudget(ctx, p, k); err != nil {
		return nil, err
	}
	n, m := p.NumJugs(), len(e.actions)
	s := cp.New()
	md := &cpModel{s: s, amount: make([][]cp.Var, k+1), act: make([]cp.Var, k+1)}
	for j, v := range p.Initial {
		md.amount[0] = append(md.amount[0], s.NewVar(v, v))
		s.SetName(md.amount[0][j], fmt.Sprintf("a%d@0", j+1))
	}
	for t := 1; t <= k; t++ {
		after := make([]cp.Var, n)
		for j, c := range p.Capacities {
			after[j] = s.NewVar(0, c)
			s.SetName(after[j], fmt.Sprintf("a%d@%d", j+1, t))
		}
		md.amount[t] = after
		act := s.NewVar(0, m-1)
		s.SetName(act, fmt.Sprintf("act@%d", t))
		md.act[t] = act

		if e.opts.Tables {
			e.tableStep(md, t)
		} else {
			e.ruleStep(md, t)
		}
	}
	// The goal does not hold before step k: the earlier rounds proved it.
	for t := 1; t < k; t++ {
		if err := e.notGoal(md, t); err != nil {
			return nil, err
		}
	}
	if goal {
		if err := e.goal(md, k); err != nil {
			return nil, err
		}
		if !e.opts.NoMemo {
			d := &deadEnds{e: e, m: md, k: k, checked: make([]cp.Rev, k+1), pending: make([][]byte, k+1)}
			for t := range d.checked {
				d.checked[t] = s.NewRev(0)
			}
			md.memo = d
			id := s.Add(d)
			for t := 1; t <= k; t++ {
				s.Watch(id, md.act[t], cp.OnFix)
				for _, v := range md.amount[t] {
					s.Watch(id, v, cp.OnFix)
				}
			}
		}
	} else {
		d := &distinctStates{states: md.amount}
		id := s.Add(d)
		for _, st := range md.amount {
			for _, v := range st {
				s.Watch(id, v, cp.OnFix)
			}
		}
	}
	e.size.vars, e.size.props, e.size.tuples = s.NumVars(), s.NumPropagators(), md.tuples
	return md, nil
}

// tableStep posts the transition from step t-1 to step t as tables (see
// the comment of cpmodel.go).
func (e *cpUnrolling) tableStep(md *cpModel, t int) {
	p, s := e.p, md.s
	n, m := p.NumJugs(), len(e.actions)
	before, after, act := md.amount[t-1], md.amount[t], md.act[t]
	table := func(vars []cp.Var, tuples [][]int) {
		s.AddTable(vars, tuples)
		md.tuples += len(tuples)
	}
	is := make([]cp.Var, m) // is[i]: the action is actions[i]
	for i := range is {
		is[i] = s.NewBool()
	}
	table(append([]cp.Var{act}, is...), e.oneHot)
	src, dst := s.NewVar(0, n), s.NewVar(0, n)
	table([]cp.Var{act, src, dst}, e.ends)
	isSrc, isDst := e.indicators(md, src), e.indicators(md, dst)
	maxCap := slices.Max(p.Capacities)
	x, y, x2, y2 := s.NewVar(0, maxCap), s.NewVar(0, maxCap), s.NewVar(0, maxCap), s.NewVar(0, maxCap)
	table([]cp.Var{dst, x, y, x2, y2}, e.pours)

	touch := make([][]cp.Lit, n) // the literals of the actions touching each jug
	for i, a := range e.actions {
		c := p.Capacities[a.Jug]
		switch a.Op {
		case OpFill:
			s.AddCondBound(cp.Pos(is[i]), before[a.Jug], cp.LessEq, c-1)
			s.AddCondBound(cp.Pos(is[i]), after[a.Jug], cp.Equal, c)
			touch[a.Jug] = append(touch[a.Jug], cp.Pos(is[i]))
		case OpEmpty:
			s.AddCondBound(cp.Pos(is[i]), before[a.Jug], cp.GreaterEq, 1)
			s.AddCondBound(cp.Pos(is[i]), after[a.Jug], cp.Equal, 0)
			touch[a.Jug] = append(touch[a.Jug], cp.Pos(is[i]))
		}
	}
	for j := range n {
		s.AddCondEqual(cp.Pos(isSrc[j]), x, before[j])
		s.AddCondEqual(cp.Pos(isSrc[j]), x2, after[j])
		s.AddCondEqual(cp.Pos(isDst[j]), y, before[j])
		s.AddCondEqual(cp.Pos(isDst[j]), y2, after[j])
		// touched: one of the actions on j, or j is a source or a
		// destination; at most one of those holds, so their sum is 1
		// exactly when the jug is touched.
		touched := s.NewBool()
		lits := append(touch[j], cp.Pos(isSrc[j]), cp.Pos(isDst[j]), cp.Neg(touched))
		s.AddBoolSum(lits, nil, cp.Equal, 1)
		s.AddCondEqual(cp.Neg(touched), before[j], after[j])
	}
	if t >= 2 {
		table([]cp.Var{md.act[t-1], act}, e.allowed)
	}
}

// ruleStep posts the transition from step t-1 to step t as one stepRule
// propagator, and the pruning of consecutive actions as a nextRule.
func (e *cpUnrolling) ruleStep(md *cpModel, t int) {
	s := md.s
	r := &stepRule{p: e.p, actions: e.actions, act: md.act[t], before: md.amount[t-1], after: md.amount[t],
		state: make(State, e.p.NumJugs())}
	id := s.Add(r)
	s.Watch(id, r.act, cp.OnDomain)
	for j := range r.before {
		s.Watch(id, r.before[j], cp.OnDomain)
		s.Watch(id, r.after[j], cp.OnDomain)
	}
	if t >= 2 {
		nr := &nextRule{first: md.act[t-1], next: md.act[t], pruned: e.prunedNext, prunedBy: e.prunedPrev}
		id := s.Add(nr)
		s.Watch(id, nr.first, cp.OnFix)
		s.Watch(id, nr.next, cp.OnFix)
	}
}

// indicators returns one 0..1 variable per jug that is 1 when v equals its
// jug (v's value n, no jug, sets them all to 0).
func (e *cpUnrolling) indicators(md *cpModel, v cp.Var) []cp.Var {
	n := e.p.NumJugs()
	ind := make([]cp.Var, n)
	vars := []cp.Var{v}
	for j := range ind {
		ind[j] = md.s.NewBool()
		vars = append(vars, ind[j])
	}
	tuples := make([][]int, n+1)
	for x := range tuples {
		tuples[x] = make([]int, n+1)
		tuples[x][0] = x
		if x < n {
			tuples[x][1+x] = 1
		}
	}
	md.s.AddTable(vars, tuples)
	md.tuples += len(tuples)
	return ind
}

// goal posts the goal on the amounts after step k.
func (e *cpUnrolling) goal(md *cpModel, k int) error {
	p, s, a := e.p, md.s, md.amount[k]
	switch p.Goal {
	case GoalAny:
		var some []cp.Lit
		for j, c := range p.Capacities {
			if p.Target <= c {
				h := s.NewBool()
				s.AddCondBound(cp.Pos(h), a[j], cp.Equal, p.Target)
				some = append(some, cp.Pos(h))
			}
		}
		if len(some) == 0 {
			return cp.ErrInconsistent
		}
		s.AddClause(some...)
	case GoalTotal:
		s.AddIntSum(a, nil, cp.Equal, p.Target)
	case GoalState:
		for j, want := range p.GoalState {
			if want != DontCare {
				if err := s.Assign(a[j], want); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// notGoal posts that the goal does not hold after step t, except for
// GoalTotal, whose negation the core cannot state cheaply.
func (e *cpUnrolling) notGoal(md *cpModel, t int) error {
	p, s, a := e.p, md.s, md.amount[t]
	switch p.Goal {
	case GoalAny:
		for _, v := range a {
			if s.Contains(v, p.Target) {
				if err := s.Remove(v, p.Target); err != nil {
					return err
				}
			}
		}
	case GoalState:
		var differs []cp.Lit // some wanted amount is missing
		for j, want := range p.GoalState {
			if want == DontCare {
				continue
			}
			below, above := s.NewBool(), s.NewBool()
			s.AddCondBound(cp.Pos(below), a[j], cp.LessEq, want-1)
			s.AddCondBound(cp.Pos(above), a[j], cp.GreaterEq, want+1)
			differs = append(differs, cp.Pos(below), cp.Pos(above))
		}
		if len(differs) == 0 {
			return cp.ErrInconsistent // every state is a goal state
		}
		s.AddClause(differs...)
	}
	return nil
}

// grow implements unrolling; the models are built per question.
func (e *cpUnrolling) grow(_ context.Context, k int) error {
	e.started = time.Now()
	e.round = CPRound{K: k}
	return nil
}

// search runs the model's search for one solution and returns the plan
// it finds.
func (e *cpUnrolling) search(ctx context.Context, md *cpModel, k int) (Plan, bool, error) {
	var plan Plan
	before := md.s.Stats()
	b := cp.InOrder(md.act[1:], cp.ValueMin)
	if md.memo != nil {
		b = md.memo.brancher(b)
	}
	found, err := md.s.Solve(ctx, b, cp.Limits{}, func() {
		plan = make(Plan, k)
		for t := 1; t <= k; t++ {
			plan[t-1] = e.actions[md.s.Value(md.act[t])]
		}
	})
	after := md.s.Stats()
	after.Nodes -= before.Nodes
	after.Failures -= before.Failures
	after.Propagations -= before.Propagations
	after.Solutions -= before.Solutions
	after.Time -= before.Time
	e.round.Search = addSearch(e.round.Search, after)
	return plan, found, err
}

// pathExists implements unrolling: is there an allowed loop-free path of
// k actions from the start?
func (e *cpUnrolling) pathExists(ctx context.Context, k int) (bool, error) {
	md, err := e.build(ctx, k, false)
	if errors.Is(err, cp.ErrInconsistent) {
		e.close(false)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	_, found, err := e.search(ctx, md, k)
	if err == nil && !found {
		e.close(false)
	}
	return found, err
}

// planOf implements unrolling: it searches for a plan of exactly k actions.
func (e *cpUnrolling) planOf(ctx context.Context, k int) (Plan, bool, error) {
	if k == 0 {
		e.started, e.round = time.Now(), CPRound{}
	}
	md, err := e.build(ctx, k, true)
	if errors.Is(err, cp.ErrInconsistent) {
		e.close(false)
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	plan, found, err := e.search(ctx, md, k)
	if err != nil {
		return nil, false, err
	}
	e.close(found)
	return plan, found, nil
}

// close records the round under way.
func (e *cpUnrolling) close(found bool) {
	e.round.Found = found
	e.round.Time = time.Since(e.started)
	e.rounds = append(e.rounds, e.round)
}
