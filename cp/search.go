package cp

import (
	"context"
	"errors"
	"time"

	"github.com/waterworks-solver/waterworks/cp/progress"
)

// ErrLimit is returned by Search when a node or failure limit stops it.
var ErrLimit = errors.New("cp: search limit reached")

// Brancher chooses the next decision of the search: a variable that is not
// fixed and a value of its domain. Search tries v = val first and v ≠ val on
// backtracking. When every variable the brancher cares for is fixed it
// returns ok == false, and the current state is a solution; the propagators
// must then guarantee that every constraint holds, which the ones of this
// package do once all the variables they watch are fixed.
type Brancher interface {
	Branch(s *Solver) (v Var, val int, ok bool)
}

// BranchFunc adapts a function to the Brancher interface.
type BranchFunc func(s *Solver) (v Var, val int, ok bool)

// Branch calls f.
func (f BranchFunc) Branch(s *Solver) (Var, int, bool) { return f(s) }

// ValueOrder picks the value tried first for a chosen variable.
type ValueOrder uint8

// Value orders.
const (
	ValueMin ValueOrder = iota // the smallest value first
	ValueMax                   // the largest value first
)

func (o ValueOrder) pick(s *Solver, v Var) int {
	if o == ValueMax {
		return s.Max(v)
	}
	return s.Min(v)
}

// FirstFail branches on the variable with the smallest domain, the earliest
// in vars among equals, trying values in the given order.
func FirstFail(vars []Var, order ValueOrder) Brancher {
	return BranchFunc(func(s *Solver) (Var, int, bool) {
		best, bestSize := Var(-1), int64(1<<62)
		for _, v := range vars {
			if size := s.mem[s.vars[v].base+2]; size > 1 && size < bestSize {
				best, bestSize = v, size
				if size == 2 {
					break
				}
			}
		}
		if best < 0 {
			return 0, 0, false
		}
		return best, order.pick(s, best), true
	})
}

// InOrder branches on the first variable of vars that is not fixed.
func InOrder(vars []Var, order ValueOrder) Brancher {
	return BranchFunc(func(s *Solver) (Var, int, bool) {
		for _, v := range vars {
			if !s.Fixed(v) {
				return v, order.pick(s, v), true
			}
		}
		return 0, 0, false
	})
}

// DomWDeg branches on the variable with the smallest ratio of domain size
// to weighted degree, where a propagator's weight is one plus the number of
// times it has failed: search goes where the conflicts are. Ties go to the
// earliest variable in vars.
func DomWDeg(vars []Var, order ValueOrder) Brancher {
	return BranchFunc(func(s *Solver) (Var, int, bool) {
		best, bestSize, bestWeight := Var(-1), int64(1), int64(0)
		for _, v := range vars {
			size := s.mem[s.vars[v].base+2]
			if size <= 1 {
				continue
			}
			var weight int64
			for _, w := range s.watches[v] {
				weight += 1 + s.failures[w.prop]
			}
			// size/weight < bestSize/bestWeight, without division.
			if best < 0 || size*bestWeight < bestSize*weight {
				best, bestSize, bestWeight = v, size, weight
			}
		}
		if best < 0 {
			return 0, 0, false
		}
		return best, order.pick(s, best), true
	})
}

// Limits bounds a search; a zero field means no bound.
type Limits struct {
	Nodes    int64 // decisions
	Failures int64 // failed nodes
}

// budget is what a search may spend: the Limits, counted from where the
// search began, and the context, polled every 64 nodes, when the search
// also reports its nodes to the progress meter.
type budget struct {
	ctx               context.Context
	stats             *Stats
	lim               Limits
	nodes0, failures0 int64
	meter             *progress.Meter
	reported          int64 // nodes reported to meter so far
}

// newBudget starts counting lim from the solver's statistics now.
func (s *Solver) newBudget(ctx context.Context, lim Limits) budget {
	return budget{ctx: ctx, stats: &s.stats, lim: lim, nodes0: s.stats.Nodes, failures0: s.stats.Failures,
		meter: progress.From(ctx), reported: s.stats.Nodes}
}

// poll reports the nodes to the meter and returns the context's error, at
// every 64th node.
func (b *budget) poll() error {
	if b.stats.Nodes&63 != 0 {
		return nil // the common case, kept small enough to inline
	}
	return b.report()
}

// report reports the nodes to the meter and returns the context's error.
func (b *budget) report() error {
	b.flush()
	return b.ctx.Err()
}

// flush reports the nodes not reported yet.
func (b *budget) flush() {
	b.meter.AddNodes(b.stats.Nodes - b.reported)
	b.reported = b.stats.Nodes
}

// nodesSpent reports whether the search made Limits.Nodes decisions.
func (b *budget) nodesSpent() bool {
	return b.lim.Nodes > 0 && b.stats.Nodes-b.nodes0 >= b.lim.Nodes
}

// failuresSpent reports whether the search failed Limits.Failures times.
func (b *budget) failuresSpent() bool {
	return b.lim.Failures > 0 && b.stats.Failures-b.failures0 >= b.lim.Failures
}

// choice is an open decision: the trail height before it, and whether its
// second branch (v ≠ val) is the one being explored.
type choice struct {
	v      Var
	val    int
	height int
	right  bool
}

// Search explores the states below the current one depth first, after
// propagating them, and calls onSolution at every solution, reading values
// through the solver; onSolution returns false to stop the search. The
// domains are restored on return to what they were on entry.
//
// Search returns nil when the tree was exhausted or onSolution stopped it,
// ErrLimit when a limit stopped it, and ctx.Err() when ctx was done; Stats
// tells how far it went.
func (s *Solver) Search(ctx context.Context, b Brancher, lim Limits, onSolution func() bool) error {
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	defer s.restorePending(s.pending())
	base := s.mark()
	defer s.undo(base)
	spend := s.newBudget(ctx, lim)
	defer spend.flush()

	// stop says whether to stop before the next node.
	stop := func() error {
		if err := spend.poll(); err != nil {
			return err
		}
		if spend.nodesSpent() || spend.failuresSpent() {
			return ErrLimit
		}
		return nil
	}

	var stack []choice
	s.scheduleAtNode()
	err := s.Propagate()
	if err != nil {
		s.stats.Failures++
	}
	for {
		if err == nil {
			v, val, ok := b.Branch(s)
			if ok {
				if err := stop(); err != nil {
					return err
				}
				stack = append(stack, choice{v: v, val: val, height: s.mark()})
				s.stats.Nodes++
				s.stats.MaxDepth = max(s.stats.MaxDepth, len(stack))
				if err = s.Assign(v, val); err == nil {
					s.scheduleAtNode()
					err = s.Propagate()
				}
				if err != nil {
					s.stats.Failures++
				}
				continue
			}
			s.stats.Solutions++
			if !onSolution() {
				return nil
			}
		}
		// Backtrack to the deepest decision whose second branch is open.
		for {
			if len(stack) == 0 {
				return nil
			}
			top := &stack[len(stack)-1]
			s.undo(top.height)
			if top.right {
				stack = stack[:len(stack)-1]
				continue
			}
			if err := stop(); err != nil {
				return err
			}
			top.right = true
			s.stats.Nodes++
			if err = s.Remove(top.v, top.val); err == nil {
				s.scheduleAtNode()
				err = s.Propagate()
			}
			if err == nil {
				break
			}
			s.stats.Failures++
		}
	}
}

// Solve searches for one solution and calls onSolution with the solver in
// that state. It reports whether a solution was found; err is as for Search.
func (s *Solver) Solve(ctx context.Context, b Brancher, lim Limits, onSolution func()) (found bool, err error) {
	err = s.Search(ctx, b, lim, func() bool {
		found = true
		onSolution()
		return false
	})
	return found, err
}

// Count counts solutions, stopping at maxSolutions of them (0 means no
// limit), and calls onSolution, when not nil, at each. A maxSolutions of 2
// decides uniqueness: a count of 1 with a nil error means exactly one
// solution. lim bounds the search's work and err is as for Search; with a
// non-nil err the count is a lower bound.
func (s *Solver) Count(ctx context.Context, b Brancher, lim Limits, maxSolutions int, onSolution func()) (int, error) {
	n := 0
	err := s.Search(ctx, b, lim, func() bool {
		n++
		if onSolution != nil {
			onSolution()
		}
		return maxSolutions <= 0 || n < maxSolutions
	})
	return n, err
}

// Probe tries each unfixed 0..1 variable of vars both ways at the current
// state. A value whose propagation fails is removed for good (a failed
// literal); when both fail the state has no solution. A literal that both
// values imply holds whichever way the variable goes, so it is fixed too. A
// literal implied by a successful probe cannot fail in the same round, so
// it is not probed again. Probe repeats until a full round changes nothing
// and returns the number of variables it fixed. Its changes belong to the
// current level, like propagation's.
func (s *Solver) Probe(ctx context.Context, vars []Var) (int, error) {
	if err := s.Propagate(); err != nil {
		return 0, err
	}
	n := len(s.vars)
	safe := make([]uint8, n) // bit b: probing the value b cannot fail this round
	mark := make([]int8, n)  // value + 1 that the first probe of a variable implied
	var first, second, both []Lit
	fixed := 0
	for changed := true; changed; {
		changed = false
		clear(safe)
		for _, v := range vars {
			if s.Fixed(v) {
				continue
			}
			if err := ctx.Err(); err != nil {
				return fixed, err
			}
			first, second = first[:0], second[:0]
			succeeded := 0
			for _, val := range [2]int{0, 1} {
				if s.Fixed(v) || safe[v]&(1<<val) != 0 {
					continue
				}
				ok, implied, err := s.probe(v, val, second[:0])
				if err != nil {
					return fixed, err
				}
				if !ok {
					fixed++
					changed = true
					continue
				}
				for _, l := range implied {
					safe[l.Var()] |= 1 << l.value()
				}
				succeeded++
				if succeeded == 1 {
					first, second = implied, first
				} else {
					second = implied
				}
			}
			if succeeded < 2 {
				continue
			}
			// Literals that both values of v imply.
			for _, l := range first {
				mark[l.Var()] = int8(l.value() + 1)
			}
			both = both[:0]
			for _, l := range second {
				if mark[l.Var()] == int8(l.value()+1) {
					both = append(both, l)
				}
			}
			for _, l := range first {
				mark[l.Var()] = 0
			}
			for _, l := range both {
				if s.Fixed(l.Var()) {
					continue
				}
				fixed++
				changed = true
				if err := s.makeTrue(l); err != nil {
					return fixed, err
				}
			}
			if err := s.Propagate(); err != nil {
				return fixed, err
			}
		}
	}
	return fixed, nil
}

// probe tries v = val and undoes it. It reports whether propagation
// succeeded, and then the literals it implied (appended to dst). When it
// failed, val has been removed from v's domain and the result propagated;
// err is that propagation's failure, if any.
func (s *Solver) probe(v Var, val int, dst []Lit) (bool, []Lit, error) {
	h := s.mark()
	err := s.Assign(v, val)
	if err == nil {
		err = s.Propagate()
	}
	if err == nil {
		dst = s.impliedSince(dst, h)
		s.undo(h)
		return true, dst, nil
	}
	s.undo(h)
	s.stats.Failures++
	if err := s.Remove(v, val); err != nil {
		return false, dst, err
	}
	return false, dst, s.Propagate()
}

// impliedSince appends to dst the 0..1 variables fixed since the trail had
// height h, as the literals they became.
func (s *Solver) impliedSince(dst []Lit, h int) []Lit {
	for _, e := range s.trail[h:] {
		v := s.owner[e.addr]
		if v < 0 || e.addr != s.vars[v].base+2 || e.old <= 1 || !s.Fixed(v) || s.Max(v) > 1 || s.Min(v) < 0 {
			continue
		}
		dst = append(dst, s.LitOf(v))
	}
	return dst
}
