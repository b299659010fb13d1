package cp

import (
	"context"
	"errors"
	"fmt"
)

// Optimum is the outcome of an optimising search.
type Optimum struct {
	// Found reports whether any solution was found.
	Found bool
	// Value is the objective's value in the best solution found, when
	// Found.
	Value int
	// Proven reports that the search ran to its end: Value is optimal, or,
	// without Found, there is no solution. It is true exactly when the
	// search returned a nil error.
	Proven bool
	// Values holds the value of every variable of the solver in the best
	// solution found, indexed by Var: Values[x] is x's value there. It is
	// nil when nothing was found.
	Values []int
}

// ErrOptimizing is returned when an optimising search is started while
// another one runs on the same solver (from its onImprove function).
var ErrOptimizing = errors.New("cp: an optimising search is already running")

// Minimize searches for a solution with the smallest value of objective,
// by branch and bound: depth-first search as in Search, where each solution
// found makes every later one better, through a bound on objective that
// holds at every node from then on. onImprove, when not nil, is called at
// each solution found, with the solver in that state and the objective's
// value, each better than the last; the result's Values keep the values of
// the last one. When b leaves objective unfixed, Minimize branches on it,
// smallest value first, and then looks for a witness of the other open
// variables as Search does. It restarts as lim.Restarts asks, keeping the
// bound across runs.
//
// On a nil error the result is Proven: its Value is the optimum, or no
// solution exists. A limit or the end of ctx stops the search with
// ErrLimit or ctx.Err() and the best solution found so far, not proven
// optimal, as gonum's DsaturExact does.
func (s *Solver) Minimize(ctx context.Context, b Brancher, objective Var, lim Limits, onImprove func(value int)) (Optimum, error) {
	return s.optimize(ctx, b, objective, false, lim, onImprove)
}

// Maximize is Minimize for the largest value of objective.
func (s *Solver) Maximize(ctx context.Context, b Brancher, objective Var, lim Limits, onImprove func(value int)) (Optimum, error) {
	return s.optimize(ctx, b, objective, true, lim, onImprove)
}

// MinimizeLearning is Minimize with the conflict learning of
// SearchLearning, for an objective over 0..1 variables (MinimizeVarLearning
// takes one variable of any domain). The objective is a weighted sum of
// literals, Σ weights[i]·lits[i] with a
// true literal counting 1 (nil weights count each literal once; weights may
// be negative). Its bound is a pseudo-Boolean constraint that explains each
// deduction by the true literals that carry the sum, so learning stays
// sound; clauses learned under one bound stay valid under the tighter ones
// that follow. After each solution the search restarts from the root with
// the tighter bound; when the root fails, the last solution is optimal.
// vars are the variables to branch on, as for SearchLearning; the
// objective's variables are added to them.
//
// It returns an error wrapping ErrCannotLearn when a literal's variable is
// not 0..1; the other results are those of Minimize.
func (s *Solver) MinimizeLearning(ctx context.Context, vars []Var, lits []Lit, weights []int, lim Limits, onImprove func(value int)) (Optimum, error) {
	return s.optimizeLearning(ctx, vars, lits, weights, false, lim, onImprove)
}

// MaximizeLearning is MinimizeLearning for the largest value of the sum.
func (s *Solver) MaximizeLearning(ctx context.Context, vars []Var, lits []Lit, weights []int, lim Limits, onImprove func(value int)) (Optimum, error) {
	return s.optimizeLearning(ctx, vars, lits, weights, true, lim, onImprove)
}

// MinimizeVarLearning is Minimize with the conflict learning of
// SearchLearningBy: the objective is a variable of any domain, decisions
// come from b while it has one (b may be nil) and then from activity, and
// solutions are told apart by vars, to which objective is added. After
// each solution the search restarts from the root with the bound
// objective < value, a fact that holds for the rest of the search, so
// clauses learned under one bound stay valid under the tighter ones that
// follow; when the root fails, the last solution is optimal. The results
// are those of Minimize.
func (s *Solver) MinimizeVarLearning(ctx context.Context, b Brancher, vars []Var, objective Var, lim Limits, onImprove func(value int)) (Optimum, error) {
	return s.optimizeVarLearning(ctx, b, vars, objective, false, lim, onImprove)
}

// MaximizeVarLearning is MinimizeVarLearning for the largest value.
func (s *Solver) MaximizeVarLearning(ctx context.Context, b Brancher, vars []Var, objective Var, lim Limits, onImprove func(value int)) (Optimum, error) {
	return s.optimizeVarLearning(ctx, b, vars, objective, true, lim, onImprove)
}

func (s *Solver) optimizeVarLearning(ctx context.Context, b Brancher, vars []Var, v Var, maximize bool, lim Limits, onImprove func(int)) (Optimum, error) {
	ob, err := s.startObjective()
	if err != nil {
		return Optimum{}, err
	}
	defer ob.stop()
	ob.mode, ob.v, ob.maximize = boundVar, v, maximize
	vars = append(vars[:len(vars):len(vars)], v)
	return s.learnOptimum(ctx, b, vars, lim, func() int { return s.Value(v) }, onImprove)
}

// learnOptimum runs the learning search of an optimisation whose bound is
// set, value reading each solution's objective, and returns the best.
func (s *Solver) learnOptimum(ctx context.Context, b Brancher, vars []Var, lim Limits, value func() int, onImprove func(int)) (Optimum, error) {
	var best Optimum
	err := s.searchLearning(ctx, b, vars, lim, true, func() bool {
		best.Found, best.Value = true, value()
		best.Values = s.snapshot(best.Values)
		if onImprove != nil {
			onImprove(best.Value)
		}
		return true
	})
	best.Proven = err == nil
	return best, err
}

// objectiveBound is the bound of an optimising search. A solver has at
// most one, made by the first optimising search and reused by the later
// ones, so repeated searches add no propagators; it does nothing between
// searches.
type objectiveBound struct {
	id   PropID
	mode uint8

	// boundVar: v ≤ bound when minimizing, v ≥ bound when maximizing;
	// Search schedules it at every node, since backtracking can undo its
	// last pruning.
	v        Var
	bound    int
	bounded  bool
	maximize bool

	// boundSum: the objective is sign·(base + Σ sum's weighted literals),
	// sum's constraint Σ ≤ k is the bound, and the sums live in fixed and
	// free. termOf maps a variable to its term, or -1; the 0..1 variables
	// 0..covered-1 are watched.
	sum         *BoolSum
	base        int64
	sign        int
	termOf      []int32
	covered     int
	fixed, free Rev
}

const (
	boundOff = iota
	boundVar
	boundSum
)

// start returns the solver's objective bound, making it on first use.
func (s *Solver) startObjective() (*objectiveBound, error) {
	if s.objective == nil {
		ob := &objectiveBound{fixed: s.NewRev(0), free: s.NewRev(0)}
		ob.id = s.Add(ob)
		s.objective = ob
	}
	if s.objective.mode != boundOff {
		return nil, ErrOptimizing
	}
	return s.objective, nil
}

// stop switches the bound off.
func (ob *objectiveBound) stop() {
	if ob.mode == boundSum {
		for _, l := range ob.sum.lits {
			ob.termOf[l.Var()] = -1
		}
		ob.sum = nil
	}
	ob.mode, ob.bounded = boundOff, false
}

func (ob *objectiveBound) Idempotent() bool { return true }

// Explains reports that the bound explains itself, except on a variable.
func (ob *objectiveBound) Explains() bool { return ob.mode != boundVar }

// Advise keeps the running sums of an objective over literals.
func (ob *objectiveBound) Advise(s *Solver, tag int32) bool {
	if ob.mode != boundSum {
		return false
	}
	i := ob.termOf[tag]
	if i < 0 {
		return false
	}
	return ob.sum.Advise(s, i)
}

func (ob *objectiveBound) Propagate(s *Solver) error {
	switch {
	case ob.mode == boundSum:
		return ob.sum.Propagate(s)
	case ob.mode != boundVar || !ob.bounded:
		return nil
	case ob.maximize:
		return s.SetMin(ob.v, ob.bound)
	}
	return s.SetMax(ob.v, ob.bound)
}

// scheduleAtNode schedules a bound on a variable, which a node of Search
// must check again since backtracking may have undone its pruning.
func (s *Solver) scheduleAtNode() {
	if ob := s.objective; ob != nil && ob.mode == boundVar && ob.bounded {
		s.schedule(ob.id)
	}
}

func (s *Solver) optimize(ctx context.Context, b Brancher, v Var, maximize bool, lim Limits, onImprove func(int)) (Optimum, error) {
	ob, err := s.startObjective()
	if err != nil {
		return Optimum{}, err
	}
	defer ob.stop()
	ob.mode, ob.v, ob.maximize = boundVar, v, maximize
	branch := BranchFunc(func(s *Solver) (Decision, bool) {
		if d, ok := b.Branch(s); ok {
			return d, true
		}
		if !s.Fixed(v) {
			if maximize {
				return Decision{Var: v, Rel: Equal, Val: s.Max(v)}, true
			}
			return Decision{Var: v, Rel: Equal, Val: s.Min(v)}, true
		}
		return Decision{}, false
	})
	var best Optimum
	err = s.search(ctx, branch, lim, func() bool {
		best.Found, best.Value = true, s.Value(v)
		best.Values = s.snapshot(best.Values)
		if onImprove != nil {
			onImprove(best.Value)
		}
		ob.bounded, ob.bound = true, best.Value-1
		if maximize {
			ob.bound = best.Value + 1
		}
		return true
	})
	best.Proven = err == nil
	return best, err
}

// snapshot stores the value of every variable in dst, reusing its memory.
func (s *Solver) snapshot(dst []int) []int {
	dst = dst[:0]
	for v := range s.vars {
		dst = append(dst, s.Value(Var(v)))
	}
	return dst
}

func (s *Solver) optimizeLearning(ctx context.Context, vars []Var, lits []Lit, weights []int, maximize bool, lim Limits, onImprove func(int)) (Optimum, error) {
	if weights != nil && len(weights) != len(lits) {
		return Optimum{}, fmt.Errorf("cp: %d weights for %d literals", len(weights), len(lits))
	}
	vars = vars[:len(vars):len(vars)]
	for _, l := range lits {
		if !s.vars[l.Var()].boolean {
			return Optimum{}, fmt.Errorf("%w: the objective's %s is not 0..1", ErrCannotLearn, s.Name(l.Var()))
		}
		vars = append(vars, l.Var()) // SearchLearning branches on each once
	}
	ob, err := s.startObjective()
	if err != nil {
		return Optimum{}, err
	}
	defer ob.stop()
	ob.setSum(s, lits, weights, maximize)
	return s.learnOptimum(ctx, nil, vars, lim, func() int { return ob.value(s) }, onImprove)
}

// setSum makes the bound that of an objective over literals: it merges
// the terms of each variable into one literal with a positive weight and a
// constant, then keeps the sum of the literals' weights at most k, which
// starts above the largest sum.
func (ob *objectiveBound) setSum(s *Solver, lits []Lit, weights []int, maximize bool) {
	ob.sign = 1
	if maximize {
		ob.sign = -1
	}
	coeff := make(map[Var]int64) // the objective's coefficient of each variable's 1
	var order []Var
	ob.base = 0
	for i, l := range lits {
		w := int64(ob.sign)
		if weights != nil {
			w *= int64(weights[i])
		}
		if _, ok := coeff[l.Var()]; !ok {
			order = append(order, l.Var())
		}
		if l.Negated() { // w·¬x = w - w·x
			ob.base += w
			w = -w
		}
		coeff[l.Var()] += w
	}
	var sumLits []Lit
	var sumWeights []int
	for _, v := range order {
		if w := coeff[v]; w != 0 {
			sumLits, sumWeights = append(sumLits, Pos(v)), append(sumWeights, int(w))
		}
	}
	c, fixed, free := newBoolSum(s, sumLits, sumWeights, LessEq, 0)
	// newBoolSum flipped the negative weights, raising k by their size:
	// that much of the sum is the base's.
	ob.base -= c.k
	c.k = fixed + free // no bound yet
	c.fixed, c.free = ob.fixed, ob.free
	s.Set(ob.fixed, fixed)
	s.Set(ob.free, free)
	ob.sum, ob.mode = c, boundSum
	n := s.NumVars()
	for v := len(ob.termOf); v < n; v++ {
		ob.termOf = append(ob.termOf, -1)
	}
	for v := ob.covered; v < n; v++ {
		if s.vars[v].boolean {
			s.WatchTagged(ob.id, Var(v), OnFix, int32(v))
		}
	}
	ob.covered = n
	for i, l := range c.lits {
		ob.termOf[l.Var()] = int32(i)
	}
}

// value returns the objective's value when its variables are fixed.
func (ob *objectiveBound) value(s *Solver) int {
	return ob.sign * int(ob.base+s.Get(ob.fixed))
}

// improve tightens the objective to better than its current value, which
// it reads from the sums or the variable; the caller then backjumps to the
// root and propagates.
func (ob *objectiveBound) improve(s *Solver) {
	if ob.mode == boundVar {
		ob.bounded, ob.bound = true, s.Value(ob.v)-1
		if ob.maximize {
			ob.bound = s.Value(ob.v) + 1
		}
	} else {
		ob.sum.k = s.Get(ob.fixed) - 1
	}
	s.schedule(ob.id)
}
