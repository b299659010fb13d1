package jugs

// The propagators of the cp model (cpmodel.go).

import (
	"encoding/binary"
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
)

// stepRule is the transition from one step to the next: act holds the
// index in actions of the action taken, before and after the amounts.
// When the amounts before are fixed it keeps the actions that are legal
// and lead to amounts still possible after, and once the action is fixed
// too it fixes the amounts after. With the action fixed first (as the
// goal's step may see), it bounds the jugs the action touches and makes
// the others equal before and after.
type stepRule struct {
	p             *Puzzle
	actions       []Action
	act           cp.Var
	before, after []cp.Var
	state         State // scratch: the amounts before
	vals          []int // scratch
}

// Propagate narrows the step as the type's comment says.
func (r *stepRule) Propagate(s *cp.Solver) error {
	if !slices.ContainsFunc(r.before, func(v cp.Var) bool { return !s.Fixed(v) }) {
		for j, v := range r.before {
			r.state[j] = s.Value(v)
		}
		r.vals = s.Values(r.vals[:0], r.act)
		for _, i := range r.vals {
			if !r.possible(s, r.actions[i]) {
				if err := s.Remove(r.act, i); err != nil {
					return err
				}
			}
		}
		if !s.Fixed(r.act) {
			return nil
		}
		a := r.actions[s.Value(r.act)]
		d := r.p.moved(r.state, a)
		shift(r.state, a, d)
		defer unshift(r.state, a, d)
		for j, v := range r.after {
			if err := s.Assign(v, r.state[j]); err != nil {
				return err
			}
		}
		return nil
	}
	if !s.Fixed(r.act) {
		return nil
	}
	a := r.actions[s.Value(r.act)]
	for j := range r.before {
		if !touches(a, j) {
			if err := sameValues(s, r.before[j], r.after[j]); err != nil {
				return err
			}
		}
	}
	c := r.p.Capacities
	switch a.Op {
	case OpFill:
		if err := s.SetMax(r.before[a.Jug], c[a.Jug]-1); err != nil {
			return err
		}
		return s.Assign(r.after[a.Jug], c[a.Jug])
	case OpEmpty:
		if err := s.SetMin(r.before[a.Jug], 1); err != nil {
			return err
		}
		return s.Assign(r.after[a.Jug], 0)
	}
	// A pour: the source loses and the destination gains something, and
	// the source ends empty or the destination full.
	from, to := a.Jug, a.To
	for _, bound := range []struct {
		v   cp.Var
		max bool
		k   int
	}{
		{r.after[from], true, s.Max(r.before[from]) - 1},
		{r.before[from], false, s.Min(r.after[from]) + 1},
		{r.after[to], false, s.Min(r.before[to]) + 1},
		{r.before[to], true, s.Max(r.after[to]) - 1},
	} {
		set := s.SetMin
		if bound.max {
			set = s.SetMax
		}
		if err := set(bound.v, bound.k); err != nil {
			return err
		}
	}
	switch {
	case !s.Contains(r.after[from], 0):
		return s.Assign(r.after[to], c[to])
	case !s.Contains(r.after[to], c[to]):
		return s.Assign(r.after[from], 0)
	}
	return nil
}

// possible reports whether a is legal in r.state and leads to amounts in
// the domains after.
func (r *stepRule) possible(s *cp.Solver, a Action) bool {
	d := r.p.moved(r.state, a)
	if d == 0 {
		return false
	}
	shift(r.state, a, d)
	defer unshift(r.state, a, d)
	for j, v := range r.after {
		if !s.Contains(v, r.state[j]) {
			return false
		}
	}
	return true
}

// sameValues removes from x and y the values the other lacks.
func sameValues(s *cp.Solver, x, y cp.Var) error {
	for _, xy := range [2][2]cp.Var{{x, y}, {y, x}} {
		a, b := xy[0], xy[1]
		if err := s.SetMin(a, s.Min(b)); err != nil {
			return err
		}
		if err := s.SetMax(a, s.Max(b)); err != nil {
			return err
		}
		for v := s.Min(a); v <= s.Max(a); v++ {
			if s.Contains(a, v) && !s.Contains(b, v) {
				if err := s.Remove(a, v); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// nextRule forbids the pairs of consecutive actions that prunedPairs
// lists: first is the action of a step, next that of the step after.
type nextRule struct {
	first, next      cp.Var
	pruned, prunedBy [][]int // by action: the actions that may not follow it, precede it
}

// Propagate removes the actions a fixed neighbour rules out.
func (r *nextRule) Propagate(s *cp.Solver) error {
	for _, side := range []struct {
		fixed, other cp.Var
		rules        [][]int
	}{{r.first, r.next, r.pruned}, {r.next, r.first, r.prunedBy}} {
		if !s.Fixed(side.fixed) {
			continue
		}
		for _, b := range side.rules[s.Value(side.fixed)] {
			if s.Contains(side.other, b) {
				if err := s.Remove(side.other, b); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// maxDeadEnds bounds the nogood store: a full store stops learning (which
// only costs pruning), so a long search stays within a few hundred
// megabytes.
const maxDeadEnds = 1 << 22

// deadEnds is the nogood store of the plan search. The search fixes the
// actions in order, and a node with act[1..u] fixed is the root of the
// subtree of every completion of that prefix. The constraints on steps
// u+1..k depend on the prefix only through the state after step u, the
// action of step u (the pruning of consecutive actions) and k-u, the key
// of the node at step u. Depth-first search leaves such a subtree only
// after trying all of it (a solution or a limit ends the search instead),
// so once it has passed a consistent node with some key at step u and
// then reaches a consistent node with another key there, the first key is
// a dead end: from that state, after that action, with that many actions
// left, no allowed plan reaches the goal. A dead end fails at once when
// met again, by any prefix, in this round or a later one (a key holds the
// actions left, not u).
//
// The bookkeeping runs in the brancher, which the search calls only at
// nodes whose propagation succeeded; a node that fails proves nothing
// about its key, since the failure may come from the prefix (an illegal
// action). The propagator only looks keys up.
type deadEnds struct {
	dead    map[string]bool // kept by the model across questions
	amount  [][]cp.Var      // amount[t][j]
	act     []cp.Var        // act[t], t >= 1
	k       int
	checked []cp.Rev // checked[u]: the key at step u is fixed and not dead
	pending [][]byte // the key at each step at the last consistent node
	key     []byte   // scratch
}

// entered returns the number of leading steps whose action and amounts
// are all fixed.
func (d *deadEnds) entered(s *cp.Solver) int {
	for u := 1; u <= d.k; u++ {
		if !s.Fixed(d.act[u]) || slices.ContainsFunc(d.amount[u], func(v cp.Var) bool { return !s.Fixed(v) }) {
			return u - 1
		}
	}
	return d.k
}

// Propagate fails on a dead end.
func (d *deadEnds) Propagate(s *cp.Solver) error {
	for u := range d.entered(s) {
		u++
		if s.Get(d.checked[u]) != 0 {
			continue
		}
		if d.dead[string(d.keyOf(s, u))] {
			return cp.ErrInconsistent
		}
		s.Set(d.checked[u], 1)
	}
	return nil
}

// visit records a consistent node: the keys of its prefix that differ
// from the last consistent node's make those, and the deeper ones, dead.
func (d *deadEnds) visit(s *cp.Solver) {
	for u := range d.entered(s) {
		u++
		key := d.keyOf(s, u)
		if string(key) == string(d.pending[u]) {
			continue
		}
		for w := u; w <= d.k; w++ {
			if d.pending[w] != nil && len(d.dead) < maxDeadEnds {
				d.dead[string(d.pending[w])] = true
			}
			d.pending[w] = nil
		}
		d.pending[u] = append(d.pending[u][:0], key...)
	}
}

// brancher wraps b so that every consistent node is visited first.
func (d *deadEnds) brancher(b cp.Brancher) cp.Brancher {
	return cp.BranchFunc(func(s *cp.Solver) (cp.Decision, bool) {
		d.visit(s)
		return b.Branch(s)
	})
}

// keyOf describes the state after step u, the action of step u and the
// actions left; the result is valid until the next call.
func (d *deadEnds) keyOf(s *cp.Solver, u int) []byte {
	b := binary.AppendUvarint(d.key[:0], uint64(d.k-u))
	b = binary.AppendUvarint(b, uint64(s.Value(d.act[u])))
	for _, v := range d.amount[u] {
		b = binary.AppendUvarint(b, uint64(s.Value(v)))
	}
	d.key = b
	return b
}

// distinctStates is the constraint that no two steps share a state. It
// fails when two states are fixed and equal, and removes from the last
// open amount of a state the value that would make it equal a fixed one.
type distinctStates struct {
	states [][]cp.Var
}

// Propagate checks every pair of steps.
func (c *distinctStates) Propagate(s *cp.Solver) error {
	for t, a := range c.states {
		open := -1 // the only jug of a not fixed, if there is one
		for j, v := range a {
			if !s.Fixed(v) {
				if open >= 0 {
					open = -2
					break
				}
				open = j
			}
		}
		if open == -2 {
			continue
		}
	others:
		for u, b := range c.states {
			if u == t {
				continue
			}
			for j, v := range b {
				if j != open && (!s.Fixed(v) || s.Value(v) != s.Value(a[j])) {
					continue others
				}
			}
			if open < 0 {
				return cp.ErrInconsistent
			}
			if s.Fixed(b[open]) {
				if err := s.Remove(a[open], s.Value(b[open])); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
