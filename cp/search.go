package cp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/waterworks-solver/waterworks/cp/progress"
)

// ErrLimit is returned by Search when a node or failure limit stops it.
var ErrLimit = errors.New("cp: search limit reached")

// Decision is a choice of the search: the constraint Var Rel Val, which
// search posts on one branch, and its negation (Not), which it posts on
// the other. Choosing a value v for x is {x, Equal, v}, tried before
// x ≠ v; splitting x's domain at m is {x, LessEq, m}, tried before x > m.
// The zero Relation is LessEq, so a Decision literal names its Rel.
type Decision struct {
	Var Var
	Rel Relation
	Val int
}

// Not returns the decision of the other branch.
func (d Decision) Not() Decision { return Decision{Var: d.Var, Rel: d.Rel.Negate(), Val: d.Val} }

// String returns the decision as "x3 = 4", naming the variable by number.
func (d Decision) String() string { return fmt.Sprintf("x%d %v %d", d.Var, d.Rel, d.Val) }

// Apply narrows d.Var's domain to the values that satisfy the decision.
// It fails with ErrInconsistent when none does.
func (s *Solver) Apply(d Decision) error {
	switch d.Rel {
	case Equal:
		return s.Assign(d.Var, d.Val)
	case NotEqual:
		return s.Remove(d.Var, d.Val)
	case LessEq:
		return s.SetMax(d.Var, d.Val)
	case GreaterEq:
		return s.SetMin(d.Var, d.Val)
	case Less:
		if d.Val == math.MinInt {
			return s.failOn()
		}
		return s.SetMax(d.Var, d.Val-1)
	case Greater:
		if d.Val == math.MaxInt {
			return s.failOn()
		}
		return s.SetMin(d.Var, d.Val+1)
	}
	panic(fmt.Sprintf("cp: unknown relation %d", d.Rel))
}

// Brancher chooses the next decision of the search, on a variable that is
// not fixed, such that both the decision and its negation remove values
// from the variable's domain. When every variable the brancher cares for
// is fixed it returns ok == false; the search then fixes the solver's
// other variables itself (see Search), so a brancher may cover only the
// variables that matter for its strategy.
type Brancher interface {
	Branch(s *Solver) (d Decision, ok bool)
}

// BranchFunc adapts a function to the Brancher interface.
type BranchFunc func(s *Solver) (d Decision, ok bool)

// Branch calls f.
func (f BranchFunc) Branch(s *Solver) (Decision, bool) { return f(s) }

// ValueOrder says how a brancher cuts the domain of the variable it
// chose: try one value first (x = v, then x ≠ v), or split the domain in
// two (x ≤ m, then x > m, or the other way round). The names follow
// FlatZinc's value choice annotations.
type ValueOrder uint8

// Value orders. The median of a domain of n values is its value with
// (n-1)/2 smaller ones; the split point m is ⌊(min+max)/2⌋.
const (
	ValueMin          ValueOrder = iota // the smallest value first (indomain_min)
	ValueMax                            // the largest value first (indomain_max)
	ValueMedian                         // the median value first (indomain_median)
	ValueMiddle                         // the value nearest (min+max)/2 first, the smaller on a tie (indomain_middle)
	ValueSplit                          // x ≤ m, then x > m (indomain_split)
	ValueReverseSplit                   // x > m, then x ≤ m (indomain_reverse_split)
	ValueRandom                         // a value drawn uniformly from the domain first (indomain_random)
	ValueInterval                       // the first interval of the domain first when it has holes, else a split (indomain_interval)
	numValueOrders
)

// FirstFail branches on the variable with the smallest domain, the earliest
// in vars among equals, trying values in the given order: Strategy with
// SelectFirstFail.
func FirstFail(vars []Var, order ValueOrder) Brancher {
	return Strategy{Vars: vars, Select: SelectFirstFail, Value: order}.Brancher()
}

// InOrder branches on the first variable of vars that is not fixed:
// Strategy with SelectInputOrder.
func InOrder(vars []Var, order ValueOrder) Brancher {
	return Strategy{Vars: vars, Select: SelectInputOrder, Value: order}.Brancher()
}

// DomWDeg branches on the variable with the smallest ratio of domain size
// to weighted degree, where a propagator's weight is one plus the number of
// times it has failed: search goes where the conflicts are. Ties go to the
// earliest variable in vars. It is Strategy with SelectDomWDeg.
func DomWDeg(vars []Var, order ValueOrder) Brancher {
	return Strategy{Vars: vars, Select: SelectDomWDeg, Value: order}.Brancher()
}

// Limits bounds a search; a zero field means no bound.
type Limits struct {
	Nodes    int64 // decisions
	Failures int64 // failed nodes, in all runs
	// Restarts, when its Policy is not RestartNone, makes Solve,
	// Minimize and Maximize restart; Search and Count refuse it.
	Restarts Restarts
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

// choice is an open decision: the trail height before it, whether its
// second branch (the negation) is the one being explored, whether the
// search made it to find a witness (see Search), and where the search
// looks for open variables below it.
type choice struct {
	d       Decision
	height  int
	right   bool
	witness bool
	scan    int32 // every variable numbered below scan is fixed below this choice
}

// ErrRestarts is returned by Search and Count when their Limits ask for
// restarts: a search that restarts finds its solutions again, so only the
// searches that stop at the first solution (Solve) or exclude it by a
// bound (Minimize, Maximize) restart.
var ErrRestarts = errors.New("cp: restarts would find solutions again: only Solve, Minimize and Maximize restart")

// Search explores the states below the current one depth first, after
// propagating them, and calls onSolution at every solution, reading values
// through the solver; onSolution returns false to stop the search. The
// domains are restored on return to what they were on entry.
//
// A solution fixes every variable of the solver. The brancher b decides
// first; when it has nothing left, Search looks for a witness: values of
// the variables still open that make a solution. It first gives them all
// their smallest values at once; when propagation refuses that, it
// branches on them itself, in the order they were made, smallest value
// first. The first witness
// found makes the state a solution, and the search then goes back to b's
// last decision: solutions are told apart by b's decisions, one per
// assignment of b's variables that has a witness, as the model
// enumeration of package sat blocks on a puzzle's own variables only. So
// a brancher may leave out the auxiliary variables that its variables
// decide, and one that forgets a variable cannot make a state that breaks
// a constraint pass for a solution. A brancher over every variable of the
// solver counts every solution.
//
// Search returns nil when the tree was exhausted or onSolution stopped it,
// ErrLimit when a limit stopped it, ErrRestarts when lim asks for
// restarts, and ctx.Err() when ctx was done; Stats tells how far it went.
func (s *Solver) Search(ctx context.Context, b Brancher, lim Limits, onSolution func() bool) error {
	if lim.Restarts.Policy != RestartNone {
		return ErrRestarts
	}
	return s.search(ctx, b, lim, onSolution)
}

// search is Search, restarting as lim.Restarts says.
func (s *Solver) search(ctx context.Context, b Brancher, lim Limits, onSolution func() bool) error {
	if err := lim.Restarts.check(); err != nil {
		return err
	}
	start := time.Now()
	defer func() { s.stats.Time += time.Since(start) }()
	defer s.restorePending(s.pending())
	base := s.mark()
	defer s.undo(base)
	d := dfs{s: s, spend: s.newBudget(ctx, lim)}
	defer d.spend.flush()

	s.scheduleAtNode()
	if err := s.Propagate(); err != nil {
		s.stats.Failures++
		return nil
	}
	runs := lim.Restarts.runs(s)
	root := s.mark()
	ok := true // the current node propagated without failure
	for {
		if ok {
			c, more := d.next(b)
			guess := -1 // the trail height before a guess that completed the state
			if more && c.witness && !d.witnessing() {
				if h, complete := s.guess(int(c.scan)); complete {
					guess, more = h, false
				}
			}
			if more {
				if err := d.stop(); err != nil {
					return err
				}
				ok = d.descend(c)
				continue
			}
			s.stats.Solutions++
			if !onSolution() {
				return nil
			}
			if guess >= 0 {
				s.undo(guess)
			}
			// One witness is enough: back to b's last decision.
			for d.witnessing() {
				d.stack = d.stack[:len(d.stack)-1]
			}
		} else if runs.over() {
			// Start again from the root, keeping what the search has
			// learned outside the domains: failure counts, bounds.
			s.undo(root)
			d.stack = d.stack[:0]
			runs.next()
			s.scheduleAtNode()
			if err := s.Propagate(); err != nil {
				s.stats.Failures++
				return nil
			}
			ok = true
			continue
		}
		done, err := d.backtrack()
		if done || err != nil {
			return err
		}
		ok = true
	}
}

// dfs is the state of a depth-first search: its open choices and its
// budget.
type dfs struct {
	s     *Solver
	stack []choice
	spend budget
}

// stop says whether to stop before the next node.
func (d *dfs) stop() error {
	if err := d.spend.poll(); err != nil {
		return err
	}
	if d.spend.nodesSpent() || d.spend.failuresSpent() {
		return ErrLimit
	}
	return nil
}

// witnessing reports whether the deepest choice looks for a witness.
func (d *dfs) witnessing() bool {
	return len(d.stack) > 0 && d.stack[len(d.stack)-1].witness
}

// next returns the choice to make at the current node: b's decision, or,
// when b has none, the search's own decision toward a witness. more is
// false when every variable is fixed.
func (d *dfs) next(b Brancher) (c choice, more bool) {
	var scan int32
	if len(d.stack) > 0 {
		scan = d.stack[len(d.stack)-1].scan
	}
	if dec, ok := b.Branch(d.s); ok {
		return choice{d: dec, scan: scan}, true
	}
	dec, ok := d.s.finish(int(scan))
	return choice{d: dec, witness: true, scan: int32(dec.Var)}, ok
}

// descend opens choice c and takes its first branch; it reports whether
// propagation succeeded.
func (d *dfs) descend(c choice) bool {
	s := d.s
	c.height = s.mark()
	d.stack = append(d.stack, c)
	s.stats.Nodes++
	s.stats.MaxDepth = max(s.stats.MaxDepth, len(d.stack))
	return d.propagate(c.d)
}

// propagate applies dec and propagates, counting a failure; it reports
// whether propagation succeeded.
func (d *dfs) propagate(dec Decision) bool {
	s := d.s
	err := s.Apply(dec)
	if err == nil {
		s.scheduleAtNode()
		err = s.Propagate()
	}
	if err != nil {
		s.stats.Failures++
		return false
	}
	return true
}

// backtrack goes back to the deepest choice whose second branch is open
// and takes that branch, until one propagates. It reports done when no
// choice is left, and the budget's error when it ran out.
func (d *dfs) backtrack() (done bool, err error) {
	s := d.s
	for len(d.stack) > 0 {
		top := &d.stack[len(d.stack)-1]
		s.undo(top.height)
		if top.right {
			d.stack = d.stack[:len(d.stack)-1]
			continue
		}
		if err := d.stop(); err != nil {
			return false, err
		}
		top.right = true
		s.stats.Nodes++
		if d.propagate(top.d.Not()) {
			return false, nil
		}
	}
	return true, nil
}

// guess looks for a witness without search, once the brancher is done:
// it gives every open variable numbered from on its smallest value at once
// and propagates. When that succeeds the state is a solution, which the
// caller undoes to the trail height h returned; otherwise guess undoes
// itself and the search decides the open variables one by one.
func (s *Solver) guess(from int) (h int, complete bool) {
	h = s.mark()
	for v := from; v < len(s.vars); v++ {
		if s.mem[s.vars[v].base+2] > 1 {
			if s.Assign(Var(v), s.Min(Var(v))) != nil { // cannot fail: nothing propagates in between
				break
			}
		}
	}
	s.scheduleAtNode()
	if s.Propagate() == nil {
		return h, true
	}
	s.undo(h)
	return h, false
}

// finish returns the decision of Search's own brancher: the smallest value
// of the first open variable numbered from on, or the lower half of its
// domain when it keeps bounds only.
func (s *Solver) finish(from int) (Decision, bool) {
	for v := from; v < len(s.vars); v++ {
		if s.mem[s.vars[v].base+2] > 1 {
			x := Var(v)
			if s.boundsOnly(x) {
				lo, hi := s.Min(x), s.Max(x)
				return Decision{Var: x, Rel: LessEq, Val: lo + (hi-lo)/2}, true
			}
			return Decision{Var: x, Rel: Equal, Val: s.Min(x)}, true
		}
	}
	return Decision{}, false
}

// Try applies d on top of the current state and propagates; when that
// succeeds, it calls inside with the solver in the state reached. The state
// is restored on return, and Try reports whether propagation succeeded. It
// counts a node, and a failure when propagation fails. Tries may nest:
// inside may call Try, or Search, on the state it sees.
func (s *Solver) Try(d Decision, inside func()) bool {
	defer s.restorePending(s.pending())
	h := s.mark()
	defer s.undo(h)
	s.stats.Nodes++
	err := s.Apply(d)
	if err == nil {
		s.scheduleAtNode()
		err = s.Propagate()
	}
	if err != nil {
		s.stats.Failures++
		return false
	}
	inside()
	return true
}

// Solve searches for one solution and calls onSolution with the solver in
// that state. It reports whether a solution was found; err is as for
// Search. Unlike Search, it restarts as lim.Restarts asks.
func (s *Solver) Solve(ctx context.Context, b Brancher, lim Limits, onSolution func()) (found bool, err error) {
	err = s.search(ctx, b, lim, func() bool {
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
