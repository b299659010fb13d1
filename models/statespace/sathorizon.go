package statespace

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/sat"
)

// SATModel is a puzzle encoded for SolveSAT, one state and one step at a
// time. S holds the variables of a state and M those of a step, in
// whatever form the model likes; SolveSAT only passes them back.
//
// SolveSAT unrolls forwards by default: state 0 is the start and step t
// leads from state t to state t+1, and the question of horizon k puts the
// goal on state k. A model that implements Backward unrolls from the goal
// instead (see Backward). The clauses of Start and Goal may be written
// under an activation literal, so they must go to the Adder given: a model
// must not add them to the formula directly.
//
// A model keeps nothing about a formula outside the S and M values it
// returns (or keyed by the formula), so that SATOptions.Fresh can encode
// again into a new formula.
type SATModel[S, M, A any] interface {
	// State adds the variables of a new state, and the clauses that hold
	// in every state.
	State(f *sat.Formula) S
	// Start adds the clauses that make s the start state.
	Start(c sat.Adder, s S)
	// Goal adds the clauses that make s a goal state.
	Goal(c sat.Adder, s S)
	// Step adds the variables and clauses of one action from before to
	// after.
	Step(f *sat.Formula, before, after S) M
	// Action reads the action of step m from a model; ok is false for a
	// step that does nothing (models that allow idle steps).
	Action(a sat.Assignment, m M) (action A, ok bool)
	// Check replays a plan decoded at horizon k with the puzzle's
	// independent checker and checks that it fits the horizon (its length
	// is k, or for Budgeted models its cost at most k).
	Check(plan []A, k int) error
}

// StartState may be implemented by a forward SATModel to build the start
// state itself, for instance from constants rather than variables.
type StartState[S any] interface {
	StartState(f *sat.Formula) S
}

// GoalLiteral may be implemented by a forward SATModel to give a literal
// equivalent to "s is a goal state". SolveSAT then asks for it as an
// assumption, and once a horizon is refuted asserts its negation: no
// later horizon looks for paths through a goal at that step.
type GoalLiteral[S any] interface {
	GoalLit(f *sat.Formula, s S) sat.Lit
}

// Consecutive may be implemented by a SATModel to constrain two steps that
// follow each other in time, first then next: symmetry breaking and
// pruning of pairs of actions that a shorter or smaller plan replaces.
type Consecutive[M any] interface {
	Consecutive(f *sat.Formula, first, next M)
}

// Distinct is implemented by SATModels that support
// HorizonOptions.Complete: it adds the constraint that states s and t
// differ.
type Distinct[S any] interface {
	Distinct(f *sat.Formula, s, t S)
}

// Backward is implemented by SATModels that unroll from the goal: state 0
// is a goal state (hard clauses), step t leads from state t+1 to state t,
// and the question of horizon k puts the start on state k. Nothing already
// encoded then depends on the horizon, and a lower bound on the distance
// to a goal becomes a hard clause per state (DistanceBound).
type Backward interface {
	Backward() bool
}

// DistanceBound may be implemented by a backward SATModel to add that
// state s, d steps before a goal, has an admissible estimate of at most d.
type DistanceBound[S any] interface {
	DistanceBound(f *sat.Formula, s S, d int)
}

// Budgeted is implemented by SATModels whose horizon is not a number of
// steps but a budget, such as total time: horizon k unrolls Steps(k)
// steps (enough for every plan within budget k; steps that do nothing
// let shorter plans fit), and Within adds that the plan made of steps
// (in time order) keeps to budget k.
type Budgeted[M any] interface {
	Steps(k int) int
	Within(c sat.Adder, steps []M, k int)
}

// StepSizer may be implemented by a SATModel to estimate, from above, the
// clauses one more step adds, so that HorizonOptions.MaxClauses stops the
// search before building a step that would pass it.
type StepSizer interface {
	StepClauses() int
}

// StepChecker may be implemented by a SATModel or a CPModel to check,
// before step t (counted from 1) is built, that the unrolling may grow
// (for instance that it fits a memory budget the context carries). An
// error stops the search and is returned as it is.
type StepChecker interface {
	CheckStep(ctx context.Context, t int) error
}

// SATOptions tune SolveSAT.
type SATOptions struct {
	HorizonOptions
	// Fresh, when set, makes SolveSAT encode every horizon into a new
	// formula and solve it with a new solver from Fresh. Without it one
	// formula grows by a step at a time and one solver (incremental ones
	// such as gini keep what they learned) is given only the new clauses,
	// the question of each horizon behind an activation literal passed as
	// an assumption. Backends that rebuild their problem at every Solve
	// (external programs, gophersat) can take either.
	Fresh func() (sat.Solver, error)
}

// SolveSAT looks for a plan of m of the least horizon by asking a SAT
// solver, for k = opts.From, From+1, ..., whether a plan of horizon k
// exists: s, which must be empty, or with opts.Fresh a new solver per
// question (s is then unused and may be nil). Every plan is checked with
// m.Check before it is returned.
//
// It returns ErrHorizon past opts.MaxHorizon, ErrFormulaLimit past
// opts.MaxClauses, the backend's error, or ctx's when it ends first, each
// with the rounds so far.
func SolveSAT[S, M, A any](ctx context.Context, m SATModel[S, M, A], s sat.Solver, opts SATOptions) (HorizonResult[A], error) {
	if s == nil && opts.Fresh == nil {
		return HorizonResult[A]{}, fmt.Errorf("statespace: SolveSAT needs a solver or SATOptions.Fresh")
	}
	e := &satEngine[S, M, A]{m: m, solver: s, opts: opts}
	if b, ok := m.(Backward); ok && b.Backward() {
		e.backward = true
	}
	e.budget, _ = m.(Budgeted[M])
	e.distinct, _ = m.(Distinct[S])
	if opts.Complete && e.distinct == nil {
		return HorizonResult[A]{}, fmt.Errorf("statespace: the completeness test needs a model that implements Distinct; %T does not", m)
	}
	return deepen(ctx, e, opts.HorizonOptions, m.Check)
}

type satEngine[S, M, A any] struct {
	m        SATModel[S, M, A]
	solver   sat.Solver // the incremental path's
	opts     SATOptions
	backward bool
	budget   Budgeted[M]
	distinct Distinct[S]
	u        *satUnrolling[S, M] // the formula of the horizon under way
	uk       int                 // its horizon, for Fresh
	refuted  []int               // steps whose goal literal was refuted
}

// satUnrolling is one formula, unrolled some steps, and the solver it is
// loaded into.
type satUnrolling[S, M any] struct {
	f      *sat.Formula
	states []S
	steps  []M       // steps[t] joins states[t] and states[t+1]
	guards []sat.Lit // by step: the literal of the goal (forward) or start (backward) there, or 0
	s      sat.Solver
	loaded sat.Mark
	before sat.Stats // the solver's counters when the current question began
	// refute, when set, asserts that the goal does not hold at step t
	// (Fresh: what the incremental formula learns from refuted horizons).
	refute func(t int)
}

func (e *satEngine[S, M, A]) steps(k int) int {
	if e.budget != nil {
		return e.budget.Steps(k)
	}
	return k
}

// unrolling returns the formula for horizon k, new with Fresh, grown to
// its steps.
func (e *satEngine[S, M, A]) unrolling(ctx context.Context, k int) (*satUnrolling[S, M], error) {
	if e.u == nil || e.opts.Fresh != nil && e.uk != k {
		e.u, e.uk = e.newUnrolling(), k
	}
	if err := e.grow(ctx, e.u, e.steps(k)); err != nil {
		return nil, err
	}
	return e.u, nil
}

// newUnrolling starts a formula with state 0: the start (forward) or a
// goal (backward).
func (e *satEngine[S, M, A]) newUnrolling() *satUnrolling[S, M] {
	u := &satUnrolling[S, M]{f: sat.NewFormula()}
	var s0 S
	switch ss, ok := e.m.(StartState[S]); {
	case e.backward:
		s0 = e.m.State(u.f)
		e.m.Goal(u.f, s0)
	case ok:
		s0 = ss.StartState(u.f)
	default:
		s0 = e.m.State(u.f)
		e.m.Start(u.f, s0)
	}
	u.states = append(u.states, s0)
	u.guards = append(u.guards, 0)
	if e.opts.Fresh != nil {
		// Re-assert what earlier horizons proved, as the incremental
		// formula keeps it.
		if gl, ok := e.m.(GoalLiteral[S]); ok && !e.backward && e.budget == nil {
			u.refute = func(t int) { u.f.AddClause(gl.GoalLit(u.f, u.states[t]).Not()) }
		}
	}
	return u
}

// grow adds steps to u until it has n.
func (e *satEngine[S, M, A]) grow(ctx context.Context, u *satUnrolling[S, M], n int) error {
	sizer, _ := e.m.(StepSizer)
	checker, _ := e.m.(StepChecker)
	next, _ := e.m.(Consecutive[M])
	bound, _ := e.m.(DistanceBound[S])
	limit := e.opts.MaxClauses
	for t := len(u.steps); t < n; t++ {
		if limit > 0 && sizer != nil && u.f.NumClauses()+sizer.StepClauses() > limit {
			return fmt.Errorf("%w: step %d would take the formula past %d clauses", ErrFormulaLimit, t+1, limit)
		}
		if checker != nil {
			if err := checker.CheckStep(ctx, t+1); err != nil {
				return err
			}
		}
		s := e.m.State(u.f)
		var step M
		if e.backward {
			step = e.m.Step(u.f, s, u.states[t])
		} else {
			step = e.m.Step(u.f, u.states[t], s)
		}
		u.states, u.steps, u.guards = append(u.states, s), append(u.steps, step), append(u.guards, 0)
		if next != nil && t > 0 {
			if e.backward {
				next.Consecutive(u.f, u.steps[t], u.steps[t-1])
			} else {
				next.Consecutive(u.f, u.steps[t-1], u.steps[t])
			}
		}
		if e.opts.Complete {
			for _, earlier := range u.states[:t+1] {
				e.distinct.Distinct(u.f, earlier, s)
			}
		}
		if e.backward && bound != nil {
			bound.DistanceBound(u.f, s, t+1)
		}
		if u.refute != nil && containsInt(e.refuted, t+1) {
			u.refute(t + 1)
		}
		if limit > 0 && sizer == nil && u.f.NumClauses() > limit {
			return fmt.Errorf("%w: step %d took the formula past %d clauses", ErrFormulaLimit, t+1, limit)
		}
	}
	return nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// solve loads what u's solver lacks (opening one first when needed) and
// solves under the assumptions, adding the round's work to rd.
func (e *satEngine[S, M, A]) solve(ctx context.Context, u *satUnrolling[S, M], rd *Round, assumptions ...sat.Lit) (sat.Status, error) {
	switch {
	case e.opts.Fresh != nil:
		s, err := e.opts.Fresh()
		if err != nil {
			return sat.Unknown, err
		}
		u.s, u.loaded, u.before = s, sat.Mark{}, sat.Stats{}
	case u.s == nil:
		u.s = e.solver
	}
	var err error
	if u.loaded, err = sat.LoadFrom(u.s, u.f, u.loaded); err != nil {
		return sat.Unknown, err
	}
	rd.Vars, rd.Clauses = u.f.NumVars(), u.f.NumClauses()
	st, err := u.s.Solve(ctx, assumptions...)
	if r, ok := u.s.(sat.StatsReporter); ok {
		now := r.Stats()
		b := u.before
		rd.SAT = rd.SAT.Add(sat.Stats{Solves: now.Solves - b.Solves, Conflicts: now.Conflicts - b.Conflicts,
			Decisions: now.Decisions - b.Decisions, Propagations: now.Propagations - b.Propagations,
			Restarts: now.Restarts - b.Restarts})
		u.before = now
	}
	if err != nil {
		return st, err
	}
	if st == sat.Unknown {
		return st, fmt.Errorf("the SAT backend gave up")
	}
	return st, nil
}

// pathExists implements unrolling: is there a loop-free path of the
// horizon's steps, wherever it ends?
func (e *satEngine[S, M, A]) pathExists(ctx context.Context, k int, rd *Round) (bool, error) {
	u, err := e.unrolling(ctx, k)
	if err != nil {
		return false, err
	}
	st, err := e.solve(ctx, u, rd)
	return st == sat.Sat, err
}

// ask implements unrolling: it puts the goal (forward) or the start
// (backward) on the last state under an activation literal, and the
// budget under another, and solves under both.
func (e *satEngine[S, M, A]) ask(ctx context.Context, k int, rd *Round) ([]A, error) {
	u, err := e.unrolling(ctx, k)
	if err != nil {
		return nil, err
	}
	n := e.steps(k)
	g := u.guards[n]
	if g == 0 {
		gl, reified := e.m.(GoalLiteral[S])
		switch {
		case e.backward:
			g = u.f.NewVar()
			e.m.Start(&guarded{f: u.f, on: g}, u.states[n])
		case reified:
			g = gl.GoalLit(u.f, u.states[n])
		default:
			g = u.f.NewVar()
			e.m.Goal(&guarded{f: u.f, on: g}, u.states[n])
		}
		u.guards[n] = g
	}
	assumptions := []sat.Lit{g}
	var within sat.Lit
	if e.budget != nil {
		within = u.f.NewVar()
		e.budget.Within(&guarded{f: u.f, on: within}, e.inTime(u.steps[:n]), k)
		assumptions = append(assumptions, within)
	}
	st, err := e.solve(ctx, u, rd, assumptions...)
	if err != nil {
		return nil, err
	}
	if st != sat.Sat {
		if e.budget != nil {
			// The budget's clauses are retired; the goal literal stays,
			// as a larger budget may reach the goal at the same step.
			u.f.AddClause(within.Not())
		} else {
			// No plan of n steps: in a forward unrolling state n is
			// exactly n steps from the start, so the goal is false there
			// in every later horizon too (a lemma when the goal literal
			// is reified, and otherwise the guard's retirement).
			u.f.AddClause(g.Not())
			e.refuted = append(e.refuted, n)
		}
		return nil, nil
	}
	plan := []A{}
	for _, m := range e.inTime(u.steps[:n]) {
		if a, ok := e.m.Action(u.s, m); ok {
			plan = append(plan, a)
		}
	}
	return plan, nil
}

// inTime returns steps in the order they happen.
func (e *satEngine[S, M, A]) inTime(steps []M) []M {
	if !e.backward {
		return steps
	}
	out := make([]M, len(steps))
	for i, m := range steps {
		out[len(steps)-1-i] = m
	}
	return out
}

// guarded is an Adder that writes every clause under an activation
// literal: the clause holds only when on is true.
type guarded struct {
	f   *sat.Formula
	on  sat.Lit
	buf []sat.Lit
}

func (g *guarded) NewVar() sat.Lit { return g.f.NewVar() }

func (g *guarded) AddClause(lits ...sat.Lit) {
	g.buf = append(append(g.buf[:0], g.on.Not()), lits...)
	g.f.AddClause(g.buf...)
}
