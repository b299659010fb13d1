package statespace

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
)

// CPModel is a puzzle encoded for SolveCP on the cp core: the same shape
// as a SATModel, one state and one step at a time, but built into a new
// cp.Solver for every question (the core does not grow a model between
// searches). A model may keep what it learns across questions itself,
// such as a store of dead ends (see CPSearcher).
//
// A method that finds the model inconsistent returns cp.ErrInconsistent
// (or an error wrapping it): the question then answers no.
type CPModel[S, M, A any] interface {
	// State adds the variables of a new state.
	State(s *cp.Solver) S
	// Start constrains st to be the start state.
	Start(s *cp.Solver, st S) error
	// Goal constrains st to be a goal state.
	Goal(s *cp.Solver, st S) error
	// Step adds the variables and propagators of one action from before
	// to after.
	Step(s *cp.Solver, before, after S) M
	// Decisions returns the variables to branch on for step m, in order;
	// the search branches on every step's in time order, smallest value
	// first, unless the model is a CPSearcher.
	Decisions(m M) []cp.Var
	// Action reads the action of step m from a solution; ok is false for
	// a step that does nothing.
	Action(s *cp.Solver, m M) (action A, ok bool)
	// Check replays a plan found at horizon k with the puzzle's
	// independent checker and checks that it has k actions.
	Check(plan []A, k int) error
}

// CPNotGoal may be implemented by a CPModel to constrain a state not to
// be a goal: SolveCP says so of every state before the last, since the
// earlier horizons proved it.
type CPNotGoal[S any] interface {
	NotGoal(s *cp.Solver, st S) error
}

// CPConsecutive may be implemented by a CPModel to constrain two steps
// that follow each other, first then next (as Consecutive does for SAT).
type CPConsecutive[M any] interface {
	Consecutive(s *cp.Solver, first, next M)
}

// CPDistinct is implemented by CPModels that support
// HorizonOptions.Complete: it constrains the states to differ pairwise.
type CPDistinct[S any] interface {
	Distinct(s *cp.Solver, states []S) error
}

// CPSearcher may be implemented by a CPModel to post constraints over the
// whole unrolling (such as a store of dead ends kept across questions)
// and choose the search's brancher. b is the default brancher; goal is
// false for the completeness test's question, which has no goal.
type CPSearcher[S, M any] interface {
	Brancher(s *cp.Solver, states []S, steps []M, goal bool, b cp.Brancher) (cp.Brancher, error)
}

// SolveCP looks for a plan of m with the fewest actions on the cp core by
// asking, for k = opts.From, From+1, ..., whether a plan of exactly k
// actions exists. Every plan is checked with m.Check before it is
// returned. HorizonOptions.MaxClauses does not apply. It returns
// ErrHorizon past opts.MaxHorizon, or ctx's error when it ends first, each
// with the rounds so far.
func SolveCP[S, M, A any](ctx context.Context, m CPModel[S, M, A], opts HorizonOptions) (HorizonResult[A], error) {
	e := &cpEngine[S, M, A]{m: m}
	e.distinct, _ = m.(CPDistinct[S])
	if opts.Complete && e.distinct == nil {
		return HorizonResult[A]{}, fmt.Errorf("statespace: the completeness test needs a model that implements CPDistinct; %T does not", m)
	}
	return deepen(ctx, e, opts, m.Check)
}

type cpEngine[S, M, A any] struct {
	m        CPModel[S, M, A]
	distinct CPDistinct[S]
}

func (e *cpEngine[S, M, A]) steps(k int) int { return k }

// cpUnrolled is one model of k steps.
type cpUnrolled[S, M any] struct {
	s      *cp.Solver
	states []S
	steps  []M
	b      cp.Brancher
}

// build returns the model of k steps with the goal on state k, or, when
// goal is false, with distinct states instead (the completeness test),
// once the model's StepChecker, if any, allows its last step. It returns
// an error wrapping cp.ErrInconsistent when posting fails.
func (e *cpEngine[S, M, A]) build(ctx context.Context, k int, goal bool) (*cpUnrolled[S, M], error) {
	if checker, ok := e.m.(StepChecker); ok && k > 0 {
		if err := checker.CheckStep(ctx, k); err != nil {
			return nil, err
		}
	}
	s := cp.New()
	u := &cpUnrolled[S, M]{s: s, states: []S{e.m.State(s)}}
	if err := e.m.Start(s, u.states[0]); err != nil {
		return nil, err
	}
	var decisions []cp.Var
	pairs, _ := e.m.(CPConsecutive[M])
	for t := range k {
		next := e.m.State(s)
		step := e.m.Step(s, u.states[t], next)
		u.states, u.steps = append(u.states, next), append(u.steps, step)
		decisions = append(decisions, e.m.Decisions(step)...)
		if pairs != nil && t > 0 {
			pairs.Consecutive(s, u.steps[t-1], step)
		}
	}
	if ng, ok := e.m.(CPNotGoal[S]); ok {
		for t := 1; t < k; t++ {
			if err := ng.NotGoal(s, u.states[t]); err != nil {
				return nil, err
			}
		}
	}
	if goal {
		if err := e.m.Goal(s, u.states[k]); err != nil {
			return nil, err
		}
	} else if err := e.distinct.Distinct(s, u.states); err != nil {
		return nil, err
	}
	u.b = cp.InOrder(decisions, cp.ValueMin)
	if sr, ok := e.m.(CPSearcher[S, M]); ok {
		b, err := sr.Brancher(s, u.states, u.steps, goal, u.b)
		if err != nil {
			return nil, err
		}
		u.b = b
	}
	return u, nil
}

// search builds and searches one question, adding its work to rd. It
// returns the solution's plan, or nil.
func (e *cpEngine[S, M, A]) search(ctx context.Context, k int, goal bool, rd *Round) ([]A, error) {
	u, err := e.build(ctx, k, goal)
	if errors.Is(err, cp.ErrInconsistent) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rd.Vars, rd.Clauses = u.s.NumVars(), u.s.NumPropagators()
	var plan []A
	found, err := u.s.Solve(ctx, u.b, cp.Limits{}, func() {
		plan = []A{}
		for _, m := range u.steps {
			if a, ok := e.m.Action(u.s, m); ok {
				plan = append(plan, a)
			}
		}
	})
	rd.CP = addCPStats(rd.CP, u.s.Stats())
	if err != nil || !found {
		return nil, err
	}
	return plan, nil
}

// pathExists implements unrolling.
func (e *cpEngine[S, M, A]) pathExists(ctx context.Context, k int, rd *Round) (bool, error) {
	plan, err := e.search(ctx, k, false, rd)
	return plan != nil, err
}

// ask implements unrolling.
func (e *cpEngine[S, M, A]) ask(ctx context.Context, k int, rd *Round) ([]A, error) {
	return e.search(ctx, k, true, rd)
}
