package cp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file holds the checks every global constraint of this package goes
// through against brute force. A test writes the constraint's definition
// on a full assignment (testConstraint.holds), independently of the
// propagator, and a generator of small random problems; the checks then
// enumerate every assignment of the domains.

// requireSameSolutions checks that search finds exactly the assignments
// brute force accepts, with two branchers that fix the variables in
// different orders and try values from opposite ends: no solution lost at
// any node, none made up at a leaf. A second search on the same solver
// must count them again: it starts from the state the first one
// restored, where the propagators have not run yet.
func requireSameSolutions(t *testing.T, p testProblem) {
	t.Helper()
	want := p.bruteForce()
	slices.Sort(want)
	for k, brancher := range []func([]Var) Brancher{
		func(v []Var) Brancher { return FirstFail(v, ValueMin) },
		func(v []Var) Brancher { return InOrder(v, ValueMax) },
	} {
		s, vars := p.newSolver()
		for round := range 2 - k {
			got := searchAll(t, p, s, vars, brancher(vars))
			slices.Sort(got)
			require.Equal(t, want, got, "brancher %d, search %d: %v", k, round, p)
		}
	}
}

// searchAll is solveAll for problems with many solutions: it checks each
// solution with plain comparisons, which costs far less than building
// the messages of assertions, and it checks that search restores the
// domains.
func searchAll(t *testing.T, p testProblem, s *Solver, vars []Var, b Brancher) []string {
	t.Helper()
	var sols []string
	values := make([]int, len(vars))
	unfixed := -1
	_, err := s.Count(context.Background(), b, Limits{}, 0, func() {
		for i, v := range vars {
			if !s.Fixed(v) {
				unfixed = i
			}
			values[i] = s.Min(v)
		}
		sols = append(sols, fmt.Sprint(values))
	})
	require.NoError(t, err)
	require.Equal(t, -1, unfixed, "a solution left x%d unfixed: %v", unfixed, p)
	for i, v := range vars {
		require.Equal(t, p.size(i), s.Size(v), "search did not restore x%d: %v", i, p)
	}
	return sols
}

// requireDomainConsistent propagates p's single constraint at the root and
// checks that no value of a solution was lost, that propagation failed
// only without solutions, and that each variable of checked kept exactly
// the values some solution gives it.
func requireDomainConsistent(t *testing.T, p testProblem, checked []int) {
	t.Helper()
	after, supported := propagateOne(t, p)
	requireNoSupportLost(t, p, after, supported)
	if after == nil {
		return
	}
	for _, i := range checked {
		require.Equal(t, supported[i], after[i], "x%d keeps values without support: %v", i, p)
	}
}

// narrowAndCompare removes a value from one to three of the open
// variables of x, which take values within lo..hi, so that a run sees
// several changes at once, and propagates. It compares the domains with
// those a fresh solver keeps when post posts the constraint on variables
// that start with the narrowed domains: what a propagator keeps from run
// to run must give what a first run gives. It returns the outcome of the
// propagation, with the mark to undo it with.
func narrowAndCompare(t *testing.T, r *rand.Rand, s *Solver, x []Var, lo, hi int, post func(*Solver, []Var)) (h int, err error) {
	t.Helper()
	var open []Var
	for _, v := range x {
		if !s.Fixed(v) {
			open = append(open, v)
		}
	}
	h = s.mark()
	for range 1 + r.IntN(3) {
		if v := open[r.IntN(len(open))]; s.Size(v) > 1 {
			_ = s.Remove(v, s.Values(nil, v)[r.IntN(s.Size(v))])
		}
	}
	err = s.Propagate()
	fresh, fx := New(), make([]Var, len(x))
	for i, xi := range x {
		fx[i] = fresh.NewVar(lo, hi)
		for val := lo; val <= hi; val++ {
			if !s.Contains(xi, val) && fresh.Remove(fx[i], val) != nil {
				break
			}
		}
	}
	post(fresh, fx)
	freshErr := fresh.Propagate()
	assert.Equal(t, freshErr == nil, err == nil)
	if err == nil && freshErr == nil {
		for i := range x {
			assert.Equal(t, fresh.Values(nil, fx[i]), s.Values(nil, x[i]), "x%d", i)
		}
	}
	return h, err
}

// allFixed reports whether every variable of x is fixed.
func allFixed(s *Solver, x []Var) bool {
	for _, v := range x {
		if !s.Fixed(v) {
			return false
		}
	}
	return true
}

// forRandom runs check on n random problems from gen, with a fixed seed
// per test so that a failure repeats.
func forRandom(t *testing.T, seed uint64, n int, gen func(r *rand.Rand) testProblem, check func(p testProblem)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for range randomCases(n) {
		check(gen(r))
	}
}

// pick returns the entries of values at the positions idx.
func pick(values []int, idx []int) []int {
	out := make([]int, len(idx))
	for k, i := range idx {
		out[k] = values[i]
	}
	return out
}

// varsAt returns the variables at the positions idx.
func varsAt(vars []Var, idx []int) []Var {
	out := make([]Var, len(idx))
	for k, i := range idx {
		out[k] = vars[i]
	}
	return out
}

// seq returns from, from+1, ..., from+n-1.
func seq(from, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = from + i
	}
	return out
}

// smallDomains gives n variables domains within lo..hi, each of one to
// width values, with a hole now and then.
func smallDomains(r *rand.Rand, n, lo, hi, width int) testProblem {
	p := testProblem{lo: make([]int, n), hi: make([]int, n), holes: make([][]int, n)}
	for i := range n {
		p.lo[i] = lo + r.IntN(hi-lo+1)
		p.hi[i] = min(hi, p.lo[i]+r.IntN(width))
		for x := p.lo[i] + 1; x < p.hi[i]; x++ {
			if r.IntN(4) == 0 {
				p.holes[i] = append(p.holes[i], x)
			}
		}
	}
	return p
}
