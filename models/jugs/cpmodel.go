package jugs

// This file unrolls the transition system on the cp core, as a
// statespace.CPModel (see horizon.go for the rounds). Each round builds a model of k steps: amount variables
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
//     times slower (with dead ends: 29 ms against 6.8 ms on
//     jar-19-13-7-split10, 11.4 s against 119 ms on gen-jug4-12).
//
// The search branches on act[1], act[2], ... in order, so every decision
// is followed by propagation that computes the next state. A nogood store
// (deadEnds) then makes the depth-first search remember, across branches
// and rounds, every (state, last action, actions left) from which it has
// already failed to reach the goal: iterative deepening with a
// transposition table, which merges the paths that reach one state.

import (
	"context"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/statespace"
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

// SolveCP looks for a fewest-actions plan of p on the cp core by asking
// for a plan of exactly k actions, for k = 0, 1, 2, ... (see horizon.go
// and the comment of cpmodel.go), in the loop of statespace.SolveCP.
// Every plan is replayed by Check before it is returned. SolveCP returns
// an error wrapping ErrInvalidPuzzle for a malformed puzzle, ErrTooLarge
// for one that FitsCP refuses, statespace.ErrHorizon past
// opts.MaxHorizon, a *membudget.Error when a round's model would outgrow
// the memory budget ctx carries, or ctx's error when it ends first; the
// statistics so far come with any error.
func SolveCP(ctx context.Context, p *Puzzle, opts CPOptions) (HorizonResult, error) {
	return solveHorizon(ctx, p, opts.HorizonOptions, func(q *Puzzle, o statespace.HorizonOptions) (statespace.HorizonResult[Action], int, error) {
		if err := FitsCP(p); err != nil {
			return statespace.HorizonResult[Action]{}, 0, err
		}
		m := newCPModel(q, p, opts)
		r, err := statespace.SolveCP(ctx, m, o)
		return r, len(m.dead), err
	})
}

// cpModel is the puzzle as a statespace.CPModel. A state is the amounts
// of the jugs, a step its action variable.
type cpModel struct {
	p       *Puzzle // scaled down by the unit
	orig    *Puzzle // the puzzle plans are checked against
	opts    CPOptions
	actions []Action
	// Tables shared by every step and round (the cp tables do not modify
	// their tuples).
	oneHot, ends, pours, allowed [][]int
	// prunedNext[a] lists the actions that may not follow a, and
	// prunedPrev[b] those that b may not follow.
	prunedNext, prunedPrev [][]int
	dead                   map[string]bool // see deadEnds
	// The solver states are being added to, and how many it has.
	s      *cp.Solver
	states int
}

// cpStep is the variable of one step's action, an index in actions.
type cpStep struct{ act cp.Var }

func newCPModel(p, orig *Puzzle, opts CPOptions) *cpModel {
	e := &cpModel{p: p, orig: orig, opts: opts, actions: p.Actions(), dead: map[string]bool{}}
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
func (e *cpModel) makeTables() {
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

// State implements statespace.CPModel: an amount in 0..capacity per jug.
func (e *cpModel) State(s *cp.Solver) []cp.Var {
	if s != e.s {
		e.s, e.states = s, 0
	}
	t := e.states
	e.states++
	st := make([]cp.Var, e.p.NumJugs())
	for j, c := range e.p.Capacities {
		st[j] = s.NewVar(0, c)
		s.SetName(st[j], fmt.Sprintf("a%d@%d", j+1, t))
	}
	return st
}

// CheckStep implements statespace.StepChecker: the model of t steps must
// fit the memory budget ctx carries.
func (e *cpModel) CheckStep(ctx context.Context, t int) error { return checkCPBudget(ctx, e.p, t) }

// Start implements statespace.CPModel.
func (e *cpModel) Start(s *cp.Solver, st []cp.Var) error {
	for j, v := range st {
		if err := s.Assign(v, e.p.Initial[j]); err != nil {
			return err
		}
	}
	return nil
}

// Step implements statespace.CPModel: the action variable and the
// transition, by a propagator or tables.
func (e *cpModel) Step(s *cp.Solver, before, after []cp.Var) cpStep {
	act := s.NewVar(0, len(e.actions)-1)
	s.SetName(act, fmt.Sprintf("act@%d", e.states-1))
	if e.opts.Tables {
		e.tableStep(s, before, after, act)
	} else {
		e.ruleStep(s, before, after, act)
	}
	return cpStep{act: act}
}

// Consecutive implements statespace.CPConsecutive: the pruning of
// consecutive actions, as a nextRule or a table of the allowed pairs.
func (e *cpModel) Consecutive(s *cp.Solver, first, next cpStep) {
	if e.opts.Tables {
		s.AddTable([]cp.Var{first.act, next.act}, e.allowed)
		return
	}
	nr := &nextRule{first: first.act, next: next.act, pruned: e.prunedNext, prunedBy: e.prunedPrev}
	id := s.Add(nr)
	s.Watch(id, nr.first, cp.OnFix)
	s.Watch(id, nr.next, cp.OnFix)
}

// Decisions implements statespace.CPModel: the search branches on the
// actions in order, so every decision is followed by propagation that
// computes the next state.
func (e *cpModel) Decisions(m cpStep) []cp.Var { return []cp.Var{m.act} }

// Action implements statespace.CPModel.
func (e *cpModel) Action(s *cp.Solver, m cpStep) (Action, bool) {
	return e.actions[s.Value(m.act)], true
}

// Check implements statespace.CPModel.
func (e *cpModel) Check(plan []Action, k int) error { return checkHorizon(e.orig, plan, k) }

// Distinct implements statespace.CPDistinct.
func (e *cpModel) Distinct(s *cp.Solver, states [][]cp.Var) error {
	d := &distinctStates{states: states}
	id := s.Add(d)
	for _, st := range states {
		for _, v := range st {
			s.Watch(id, v, cp.OnFix)
		}
	}
	return nil
}

// Brancher implements statespace.CPSearcher: the plan search remembers
// its dead ends (unless NoMemo).
func (e *cpModel) Brancher(s *cp.Solver, states [][]cp.Var, steps []cpStep, goal bool, b cp.Brancher) (cp.Brancher, error) {
	if !goal || e.opts.NoMemo {
		return b, nil
	}
	k := len(steps)
	act := make([]cp.Var, k+1) // act[0] unused
	for t, m := range steps {
		act[t+1] = m.act
	}
	d := &deadEnds{dead: e.dead, amount: states, act: act, k: k, checked: make([]cp.Rev, k+1), pending: make([][]byte, k+1)}
	for t := range d.checked {
		d.checked[t] = s.NewRev(0)
	}
	id := s.Add(d)
	for t := 1; t <= k; t++ {
		s.Watch(id, act[t], cp.OnFix)
		for _, v := range states[t] {
			s.Watch(id, v, cp.OnFix)
		}
	}
	return d.brancher(b), nil
}

// tableStep posts the transition from step t-1 to step t as tables (see
// the comment of cpmodel.go).
func (e *cpModel) tableStep(s *cp.Solver, before, after []cp.Var, act cp.Var) {
	p := e.p
	n, m := p.NumJugs(), len(e.actions)
	table := s.AddTable
	is := make([]cp.Var, m) // is[i]: the action is actions[i]
	for i := range is {
		is[i] = s.NewBool()
	}
	table(append([]cp.Var{act}, is...), e.oneHot)
	src, dst := s.NewVar(0, n), s.NewVar(0, n)
	table([]cp.Var{act, src, dst}, e.ends)
	isSrc, isDst := e.indicators(s, src), e.indicators(s, dst)
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
}

// ruleStep posts the transition from before to after as one stepRule
// propagator.
func (e *cpModel) ruleStep(s *cp.Solver, before, after []cp.Var, act cp.Var) {
	r := &stepRule{p: e.p, actions: e.actions, act: act, before: before, after: after,
		state: make(State, e.p.NumJugs())}
	id := s.Add(r)
	s.Watch(id, r.act, cp.OnDomain)
	for j := range r.before {
		s.Watch(id, r.before[j], cp.OnDomain)
		s.Watch(id, r.after[j], cp.OnDomain)
	}
}

// indicators returns one 0..1 variable per jug that is 1 when v equals its
// jug (v's value n, no jug, sets them all to 0).
func (e *cpModel) indicators(s *cp.Solver, v cp.Var) []cp.Var {
	n := e.p.NumJugs()
	ind := make([]cp.Var, n)
	vars := []cp.Var{v}
	for j := range ind {
		ind[j] = s.NewBool()
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
	s.AddTable(vars, tuples)
	return ind
}

// Goal implements statespace.CPModel.
func (e *cpModel) Goal(s *cp.Solver, a []cp.Var) error {
	p := e.p
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

// NotGoal implements statespace.CPNotGoal: the goal does not hold in a,
// except for GoalTotal, whose negation the core cannot state cheaply.
func (e *cpModel) NotGoal(s *cp.Solver, a []cp.Var) error {
	p := e.p
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
