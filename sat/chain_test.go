package sat_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

// randomChained returns a constraint over variables 1..vars, each in one
// term, cut into random runs, with weights up to maxWeight, and the
// clauses that keep its promise: in a run, each literal implies the one
// before it.
func randomChained(rng *rand.Rand, vars, maxWeight int) (sat.Linear, [][2]sat.Lit) {
	var c sat.Linear
	var order [][2]sat.Lit
	total := 0
	for v := 1; v <= vars; {
		n := 1 + rng.IntN(vars-v+1)
		for i := range n {
			l := sat.Pos(v + i)
			if rng.IntN(3) == 0 {
				l = l.Not()
			}
			w := 1 + rng.IntN(maxWeight)
			c.Terms = append(c.Terms, sat.Term{Lit: l, Weight: w})
			total += w
			if i > 0 {
				order = append(order, [2]sat.Lit{l, c.Terms[len(c.Terms)-2].Lit})
			}
		}
		c.Chains = append(c.Chains, n)
		v += n
	}
	c.Op = []sat.Op{sat.AtMost, sat.AtLeast, sat.Exactly}[rng.IntN(3)]
	c.K = rng.IntN(total + 2)
	return c, order
}

// chainedFormula returns the formula of vars variables holding order's
// implications and c lowered by enc.
func chainedFormula(t *testing.T, enc sat.Encoding, vars int, c sat.Linear, order [][2]sat.Lit) *sat.Formula {
	t.Helper()
	f := sat.NewFormula()
	f.NewVars(vars)
	for _, o := range order {
		f.AddClause(o[0].Not(), o[1])
	}
	require.NoError(t, enc.Encode(f, c))
	return f
}

// keepsOrder reports whether m satisfies every implication of order.
func keepsOrder(m sat.Assignment, order [][2]sat.Lit) bool {
	for _, o := range order {
		if m.Value(o[0]) && !m.Value(o[1]) {
			return false
		}
	}
	return true
}

// TestChainsExact checks every CNF encoding of constraints cut into runs:
// on every assignment that keeps the runs' promise, the clauses extend to
// the auxiliary variables exactly when the sum holds.
func TestChainsExact(t *testing.T) {
	const vars = 5
	rng := rand.New(rand.NewPCG(3, 9))
	iterations := 400
	if testing.Short() {
		iterations = 100
	}
	for range iterations {
		c, order := randomChained(rng, vars, 3)
		for _, enc := range cnfEncodings {
			f := chainedFormula(t, enc, vars, c, order)
			for bitsVal := range 1 << vars {
				p := make(sattest.Partial, f.NumVars()+1)
				m := make(sat.Model, vars+1)
				for v := 1; v <= vars; v++ {
					m[v] = bitsVal>>(v-1)&1 == 1
					p[v] = -1
					if m[v] {
						p[v] = 1
					}
				}
				if !keepsOrder(m, order) {
					continue
				}
				want := c.Holds(m)
				got := sattest.Solve(f, p) != nil
				require.Equal(t, want, got, "%v: %v runs %v on %v (sum %d)", enc, c, c.Chains, m[1:], c.Sum(m))
			}
		}
	}
}

// TestChainsArcConsistent checks that unit propagation keeps each bound
// of a constraint cut into runs arc consistent: the totalizer for unit
// weights, the BDD for any weights (one bound at a time; for Exactly with
// weights the two bounds together are a subset-sum problem that
// propagation does not solve).
func TestChainsArcConsistent(t *testing.T) {
	const vars = 5
	rng := rand.New(rand.NewPCG(4, 2))
	for _, tc := range []struct {
		enc       sat.Encoding
		maxWeight int
	}{{sat.Totalizer, 1}, {sat.BDD, 1}, {sat.BDD, 4}, {sat.MDD, 1}, {sat.MDD, 4}, {sat.Auto, 1}, {sat.Auto, 3}} {
		t.Run(fmt.Sprintf("%v/weights<=%d", tc.enc, tc.maxWeight), func(t *testing.T) {
			for range 150 {
				c, order := randomChained(rng, vars, tc.maxWeight)
				if tc.maxWeight > 1 && c.Op == sat.Exactly {
					c.Op = sat.AtMost
				}
				checkPropagation(t, chainedFormula(t, tc.enc, vars, c, order), vars, c, func(m sat.Model) bool {
					return keepsOrder(m, order) && c.Holds(m)
				})
			}
		})
	}
}

// TestBDDArcConsistentWeighted checks that unit propagation on the BDD of
// one bound of a weighted constraint is arc consistent.
func TestBDDArcConsistentWeighted(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for range 300 {
		c := sattest.RandomLinear(rng, 4, 6, 5)
		if c.Op == sat.Exactly {
			continue
		}
		f := sat.NewFormula()
		f.NewVars(4)
		require.NoError(t, sat.BDD.Encode(f, c))
		checkPropagation(t, f, 4, c, func(m sat.Model) bool { return c.Holds(m) })
	}
}

// checkPropagation checks, from every partial assignment of variables
// 1..n, that unit propagation on f finds a conflict exactly when no
// completion is allowed, and otherwise fixes every variable whose value
// all allowed completions share.
func checkPropagation(t *testing.T, f *sat.Formula, n int, c sat.Linear, allowed func(sat.Model) bool) {
	t.Helper()
	pow3 := 1
	for range n {
		pow3 *= 3
	}
	for code := range pow3 {
		p := make(sattest.Partial, f.NumVars()+1)
		for v, rest := 1, code; v <= n; v, rest = v+1, rest/3 {
			p[v] = sattest.Value(rest%3 - 1)
		}
		input := append(sattest.Partial(nil), p[:n+1]...)
		canTrue, canFalse := make([]bool, n+1), make([]bool, n+1)
		feasible := false
		for bitsVal := range 1 << n {
			m := make(sat.Model, n+1)
			ok := true
			for v := 1; v <= n; v++ {
				m[v] = bitsVal>>(v-1)&1 == 1
				if input[v] == 1 && !m[v] || input[v] == -1 && m[v] {
					ok = false
				}
			}
			if !ok || !allowed(m) {
				continue
			}
			feasible = true
			for v := 1; v <= n; v++ {
				canTrue[v] = canTrue[v] || m[v]
				canFalse[v] = canFalse[v] || !m[v]
			}
		}
		consistent := sattest.Propagate(f, p)
		if !feasible {
			require.False(t, consistent, "%v runs %v from %v: no completion, but propagation finds no conflict", c, c.Chains, input[1:])
			continue
		}
		require.True(t, consistent, "%v runs %v from %v: propagation conflict on a feasible assignment", c, c.Chains, input[1:])
		for v := 1; v <= n; v++ {
			if input[v] != 0 {
				continue
			}
			if !canFalse[v] {
				assert.Equal(t, sattest.Value(1), p[v], "%v runs %v from %v: x%d must be true", c, c.Chains, input[1:], v)
			}
			if !canTrue[v] {
				assert.Equal(t, sattest.Value(-1), p[v], "%v runs %v from %v: x%d must be false", c, c.Chains, input[1:], v)
			}
		}
	}
}

func TestChainsValidate(t *testing.T) {
	c := sat.Card(sat.AtMost, 1, 1, 2, 3)
	c.Chains = []int{2, 1}
	assert.NoError(t, c.Validate())
	c.Chains = []int{2, 2}
	assert.ErrorContains(t, c.Validate(), "runs cover 4 terms of 3")
	c.Chains = []int{3, 0}
	assert.ErrorContains(t, c.Validate(), "run of length 0")
}

// TestChainsShrinkTotalizer checks that runs save the totalizer the work
// of sorting them: exactly 10 of 60 in runs of 12 needs fewer clauses and
// variables than the same constraint term by term.
func TestChainsShrinkTotalizer(t *testing.T) {
	size := func(chains []int) (vars, clauses int) {
		f := sat.NewFormula()
		c := sat.Card(sat.Exactly, 10, f.NewVars(60)...)
		c.Chains = chains
		require.NoError(t, sat.Totalizer.Encode(f, c))
		return f.NumVars() - 60, f.NumClauses()
	}
	plainVars, plainClauses := size(nil)
	runVars, runClauses := size([]int{12, 12, 12, 12, 12})
	assert.Less(t, runVars, plainVars)
	assert.Less(t, runClauses, plainClauses)
	t.Logf("runs of 12: %d aux variables, %d clauses; term by term: %d, %d", runVars, runClauses, plainVars, plainClauses)
}

// TestMDDHoles checks what the equality diagram adds to the bounds' BDDs:
// for 2 x1 + 2 x2 + 3 x3 = 3 no literal is fixed by either bound alone
// (2+2 passes "at least 3"), but only x3 makes 3, so unit propagation on
// the MDD fixes all three from nothing; and with x3 false, where no sum
// can be 3, it finds the conflict.
func TestMDDHoles(t *testing.T) {
	c := sat.Linear{Terms: []sat.Term{{Lit: 1, Weight: 2}, {Lit: 2, Weight: 2}, {Lit: 3, Weight: 3}}, Op: sat.Exactly, K: 3}
	for _, tc := range []struct {
		enc  sat.Encoding
		want []sattest.Value // x1, x2, x3 from nothing
	}{{sat.BDD, []sattest.Value{0, 0, 0}}, {sat.MDD, []sattest.Value{-1, -1, 1}}} {
		f := sat.NewFormula()
		f.NewVars(3)
		require.NoError(t, tc.enc.Encode(f, c))
		p := make(sattest.Partial, f.NumVars()+1)
		require.True(t, sattest.Propagate(f, p), "%v", tc.enc)
		assert.Equal(t, tc.want, []sattest.Value(p[1:4]), "%v", tc.enc)
	}
	f := sat.NewFormula()
	f.NewVars(3)
	require.NoError(t, sat.MDD.Encode(f, c))
	p := make(sattest.Partial, f.NumVars()+1)
	p[3] = -1
	assert.False(t, sattest.Propagate(f, p), "x3 false leaves no way to make 3")
}
