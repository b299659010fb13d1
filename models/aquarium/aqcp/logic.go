package aqcp

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/cp/progress"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// DefaultLogicDepth is the deepest nested probing that logic-only solving
// tries unless told otherwise: a supposition inside a supposition inside a
// supposition is about as far as a person follows.
const DefaultLogicDepth = 3

// LogicResult is what reasoning without guessing made of a puzzle.
type LogicResult struct {
	// Solution is the grid as far as reasoning went: complete when Solved,
	// with Unknown cells where reasoning stopped short; all Unknown after a
	// Contradiction.
	Solution aquarium.Solution
	// Solved reports that reasoning decided every cell.
	Solved bool
	// Contradiction reports that reasoning proved there is no solution
	// (from the starting cells, when some were given).
	Contradiction bool
	// Depth is the deepest reasoning that made progress: 0 when
	// propagation alone (gravity and every row's and column's count) did
	// everything, 1 when probing was needed (supposing a block full or
	// empty and propagating), 2 and more for nested probing (supposing a
	// block and probing under the supposition).
	Depth int
	// Fixed counts the blocks each depth of reasoning decided, together
	// with what propagation drew from them: Fixed[0] by propagation alone,
	// Fixed[1] after probing, and so on up to Fixed[Depth].
	Fixed []int
	// Suppositions counts the suppositions examined by nested probing
	// (depth 2 and more, at every level of nesting); plain probing is
	// counted in the solver's statistics.
	Suppositions int64
	// Truncated reports that nested probing stopped at its budget
	// (LogicWithin), so deeper reasoning might have gone further.
	Truncated bool
	// Time is the time spent reasoning.
	Time time.Duration
}

// SolveLogic builds the model of p and reasons without guessing, up to
// nested probing of depth maxDepth (0: propagation only).
func SolveLogic(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, maxDepth int) (LogicResult, error) {
	m, err := NewModel(p, rule)
	if err != nil {
		return LogicResult{}, err
	}
	return m.Logic(ctx, maxDepth)
}

// Logic reasons from the model's current state without ever guessing:
// propagation to a fixpoint; then failed-literal probing (each undecided
// block supposed full and empty in turn: a supposition whose propagation
// fails is false, and what both suppositions imply is true), iterated; then,
// when that is stuck, probing whose suppositions are themselves examined by
// probing, nested up to maxDepth. Cheaper reasoning is always tried first
// again after a deeper one made progress. The model keeps the state reached,
// so that Current shows it and Search can finish from it.
//
// The error is ctx.Err() when ctx ended the reasoning; the result then
// holds what was reached.
func (m *Model) Logic(ctx context.Context, maxDepth int) (LogicResult, error) {
	return m.LogicWithin(ctx, maxDepth, 0)
}

// LogicWithin is Logic with a budget for nested probing, whose cost grows
// with a power of the grid's size: once budget suppositions (counted as in
// LogicResult.Suppositions) have been examined, nested probing stops and
// the result says Truncated. A budget of 0 means no limit.
func (m *Model) LogicWithin(ctx context.Context, maxDepth int, budget int64) (LogicResult, error) {
	return m.LogicSteps(ctx, maxDepth, budget, nil)
}

// A LogicStep is one step of progress of logic-only reasoning: reasoning
// of depth Depth (0 propagation, 1 probing, 2 and more nested probing)
// decided Cells more cells, together with what propagation drew from
// them, and Open cells are left undecided.
type LogicStep struct {
	Depth int
	Cells int
	Open  int
}

// LogicSteps is LogicWithin that calls onStep, when not nil, each time
// reasoning decides something, as it goes: a caller can show the
// deductions as they are found, and keeps them if the reasoning is
// stopped. Propagation's first step is reported with depth 0.
func (m *Model) LogicSteps(ctx context.Context, maxDepth int, budget int64, onStep func(LogicStep)) (LogicResult, error) {
	start := time.Now()
	lg := logician{ctx: ctx, m: m, fixed: make([]int, max(maxDepth, 0)+1), budget: budget, meter: progress.From(ctx), onStep: onStep}
	if onStep != nil {
		lg.openCells = m.openCells()
	}
	before := m.open()
	deepest, err := lg.reason(maxDepth, true)
	res := LogicResult{Solution: m.Current(), Depth: deepest, Suppositions: lg.suppositions, Truncated: lg.truncated, Time: time.Since(start)}
	res.Fixed = lg.fixed[:deepest+1]
	res.Fixed[0] = before - m.open()
	for _, n := range res.Fixed[1:] {
		res.Fixed[0] -= n
	}
	if errors.Is(err, cp.ErrInconsistent) {
		// The domains mean nothing after a failure: report no cells.
		res.Contradiction = true
		res.Solution = aquarium.NewSolution(m.Puzzle.Width, m.Puzzle.Height)
		clear(res.Fixed)
		return res, nil
	}
	res.Solved = err == nil && m.open() == 0
	return res, err
}

// logician runs the nested reasoning of Logic on one model.
type logician struct {
	ctx          context.Context
	m            *Model
	suppositions int64
	budget       int64 // for suppositions; 0: none
	truncated    bool  // the budget ran out
	// fixed counts blocks fixed at the top level by each depth.
	fixed  []int
	meter  *progress.Meter // told the phase and each supposition, for progress
	onStep func(LogicStep) // told each top-level step, or nil
	// openCells is the undecided cells at the last step (with onStep).
	openCells int
}

// step tells onStep that reasoning of depth d fixed n blocks at the top.
func (lg *logician) step(d, n int) {
	if lg.onStep == nil || n <= 0 {
		return
	}
	open := lg.m.openCells()
	lg.onStep(LogicStep{Depth: d, Cells: lg.openCells - open, Open: open})
	lg.openCells = open
}

// openCells counts the cells the model's state leaves undecided.
func (m *Model) openCells() int {
	open := 0
	for _, c := range m.Current().Cells {
		if c == aquarium.Unknown {
			open++
		}
	}
	return open
}

// reason propagates and probes up to depth maxDepth until nothing changes,
// always going back to the cheapest reasoning after progress. It returns
// the deepest level that made progress. top says whether this is the
// outermost reasoning (whose counts are kept) rather than reasoning under a
// supposition. An ErrInconsistent error means the state has no solution.
func (lg *logician) reason(maxDepth int, top bool) (int, error) {
	s := lg.m.Solver
	before0 := lg.m.open()
	if err := s.Propagate(); err != nil {
		return 0, err
	}
	if top {
		lg.step(0, before0-lg.m.open())
	}
	deepest := 0
	for maxDepth >= 1 && lg.m.open() > 0 {
		before := lg.m.open()
		if top {
			lg.meter.SetPhase("probing")
		}
		if _, err := s.Probe(lg.ctx, lg.m.Full); err != nil {
			return deepest, err
		}
		if n := before - lg.m.open(); n > 0 {
			deepest = max(deepest, 1)
			if top {
				lg.fixed[1] += n
				lg.step(1, n)
			}
			continue
		}
		progress := false
		for d := 2; d <= maxDepth && !progress; d++ {
			if top {
				lg.meter.SetPhase(fmt.Sprintf("nested probing, depth %d", d))
			}
			n, err := lg.nestedRound(d)
			if err != nil {
				return deepest, err
			}
			if n > 0 {
				progress = true
				deepest = max(deepest, d)
				if top {
					lg.fixed[d] += n
					lg.step(d, n)
				}
			}
		}
		if !progress {
			break
		}
	}
	return deepest, nil
}

// nestedRound probes at depth d ≥ 2: each undecided block is supposed full
// and then empty, and each supposition is examined by reasoning of depth
// d-1. A supposition that leads to a contradiction is false; blocks that
// both suppositions decide the same way are decided. The round stops at the
// first block that yields something, so that cheaper reasoning runs again,
// and returns how many blocks it fixed.
func (lg *logician) nestedRound(d int) (int, error) {
	s, full := lg.m.Solver, lg.m.Full
	// after[val][i]: the value block i had under the supposition val, or -1.
	var after [2][]int8
	for val := range after {
		after[val] = make([]int8, len(full))
	}
	for _, v := range full {
		if s.Fixed(v) {
			continue
		}
		if err := lg.ctx.Err(); err != nil {
			return 0, err
		}
		if lg.budget > 0 && lg.suppositions >= lg.budget {
			lg.truncated = true
			return 0, nil
		}
		var holds [2]bool
		for val := range 2 {
			lg.suppositions++
			lg.meter.AddNodes(1)
			ok, err := suppose(lg.ctx, s, v, val, func() (bool, error) {
				if _, err := lg.reason(d-1, false); err != nil {
					if errors.Is(err, cp.ErrInconsistent) {
						return false, nil
					}
					return false, err
				}
				for i, w := range full {
					after[val][i] = -1
					if s.Fixed(w) {
						after[val][i] = int8(s.Value(w))
					}
				}
				return true, nil
			})
			if err != nil {
				return 0, err
			}
			holds[val] = ok
		}
		before := lg.m.open()
		switch {
		case !holds[0] && !holds[1]:
			return 0, cp.ErrInconsistent
		case !holds[0] || !holds[1]:
			val := 0
			if holds[1] {
				val = 1
			}
			if err := s.Assign(v, val); err != nil {
				return 0, err
			}
		default:
			for i, w := range full {
				if !s.Fixed(w) && after[0][i] >= 0 && after[0][i] == after[1][i] {
					if err := s.Assign(w, int(after[0][i])); err != nil {
						return 0, err
					}
				}
			}
		}
		if err := s.Propagate(); err != nil {
			return 0, err
		}
		if n := before - lg.m.open(); n > 0 {
			return n, nil
		}
	}
	return 0, nil
}

// suppose sets v = val on top of the solver's current state, propagates,
// and when propagation succeeds calls inside in that state, which reports
// whether the supposition survives its own reasoning. The state is restored
// on return (cp.Solver.Try keeps the trail). suppose reports whether the
// supposition survived.
func suppose(ctx context.Context, s *cp.Solver, v cp.Var, val int, inside func() (bool, error)) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	survived := false
	var insideErr error
	s.Try(cp.Decision{Var: v, Rel: cp.Equal, Val: val}, func() {
		survived, insideErr = inside()
	})
	if insideErr != nil {
		return false, insideErr
	}
	return survived, nil
}
