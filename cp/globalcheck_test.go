package cp

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

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
// any node, none made up at a leaf.
func requireSameSolutions(t *testing.T, p testProblem) {
	t.Helper()
	want := p.bruteForce()
	slices.Sort(want)
	for _, brancher := range []func([]Var) Brancher{
		func(v []Var) Brancher { return FirstFail(v, ValueMin) },
		func(v []Var) Brancher { return InOrder(v, ValueMax) },
	} {
		got := solveAll(t, p, brancher)
		slices.Sort(got)
		require.Equal(t, want, got, "problem %v", p)
	}
	// A second search on the same solver starts from the state the first
	// one restored, where the propagators have not run yet.
	s, vars := p.newSolver()
	for range 2 {
		n, err := s.Count(context.Background(), FirstFail(vars, ValueMin), Limits{}, 0, nil)
		require.NoError(t, err)
		require.Equal(t, len(want), n, "a search after another: %v", p)
	}
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

// forRandom runs check on n random problems from gen, with a fixed seed
// per test so that a failure repeats.
func forRandom(t *testing.T, seed uint64, n int, gen func(r *rand.Rand) testProblem, check func(p testProblem)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for range n {
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
