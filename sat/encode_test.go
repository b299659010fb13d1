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

var cnfEncodings = []sat.Encoding{sat.Totalizer, sat.Sequential, sat.SortingNetwork, sat.BDD, sat.MDD, sat.Auto}

// checkExact encodes c over variables 1..vars and checks, for every
// assignment of those variables, that the clauses have an extension to the
// auxiliary variables exactly when c holds.
func checkExact(t *testing.T, enc sat.Encoding, vars int, c sat.Linear) {
	t.Helper()
	f := sat.NewFormula()
	f.NewVars(vars)
	require.NoError(t, enc.Encode(f, c))
	assert.Zero(t, f.NumLinears())
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
		want := c.Holds(m)
		got := sattest.Solve(f, p) != nil
		if got != want {
			t.Fatalf("%v: %v on assignment %v: encoding satisfiable=%v, constraint holds=%v (sum %d)",
				enc, c, m[1:], got, want, c.Sum(m))
		}
	}
}

func TestEncodingsExactOnEveryAssignment(t *testing.T) {
	for _, enc := range cnfEncodings {
		t.Run(enc.String(), func(t *testing.T) {
			// Every unweighted constraint over n distinct variables.
			for n := 0; n <= 5; n++ {
				lits := make([]sat.Lit, n)
				for i := range lits {
					lits[i] = sat.Pos(i + 1)
				}
				for _, op := range []sat.Op{sat.AtMost, sat.AtLeast, sat.Exactly} {
					for k := -1; k <= n+1; k++ {
						checkExact(t, enc, n, sat.Card(op, k, lits...))
					}
				}
			}
			// Duplicates, negations, complementary pairs and weights.
			rng := rand.New(rand.NewPCG(1, uint64(enc)))
			iterations := 1500
			if testing.Short() {
				iterations = 300
			}
			for range iterations {
				checkExact(t, enc, 4, sattest.RandomLinear(rng, 4, 7, 4))
			}
		})
	}
}

func TestEncodingsHandPicked(t *testing.T) {
	x := func(v int) sat.Lit { return sat.Pos(v) }
	tests := []sat.Linear{
		sat.Card(sat.Exactly, 2, x(1), x(1), x(2)),                      // x1 counts twice
		sat.Card(sat.AtMost, 1, x(1), x(1).Not(), x(2)),                 // x1 + ~x1 is 1
		sat.Card(sat.Exactly, 1, x(1), x(1).Not()),                      // always true
		sat.Card(sat.Exactly, 0, x(1), x(1).Not()),                      // never true
		{Terms: []sat.Term{{x(1), 5}, {x(2), 1}}, Op: sat.AtMost, K: 4}, // x1 must be false
		{Terms: []sat.Term{{x(1), 5}, {x(2), 2}, {x(3), 3}}, Op: sat.Exactly, K: 5},
		{Terms: []sat.Term{{x(1), 3}, {x(2), 3}, {x(3), 3}}, Op: sat.AtLeast, K: 4},
		{Terms: []sat.Term{{x(1), 2}, {x(2).Not(), 3}, {x(2), 1}}, Op: sat.AtLeast, K: 3},
	}
	for _, enc := range cnfEncodings {
		for _, c := range tests {
			t.Run(fmt.Sprintf("%v/%v", enc, c), func(t *testing.T) { checkExact(t, enc, 3, c) })
		}
	}
}

// TestEncodingsArcConsistent checks that unit propagation on each encoding
// of an unweighted constraint over distinct variables finds a conflict
// whenever the partial assignment of the inputs cannot be completed, and
// otherwise fixes every input whose value all completions share.
func TestEncodingsArcConsistent(t *testing.T) {
	for _, enc := range cnfEncodings {
		t.Run(enc.String(), func(t *testing.T) {
			for n := 1; n <= 5; n++ {
				lits := make([]sat.Lit, n)
				for i := range lits {
					lits[i] = sat.Pos(i + 1)
					if i%2 == 1 {
						lits[i] = lits[i].Not()
					}
				}
				for _, op := range []sat.Op{sat.AtMost, sat.AtLeast, sat.Exactly} {
					for k := 0; k <= n; k++ {
						checkArcConsistent(t, enc, n, sat.Card(op, k, lits...))
					}
				}
			}
		})
	}
}

func checkArcConsistent(t *testing.T, enc sat.Encoding, n int, c sat.Linear) {
	t.Helper()
	f := sat.NewFormula()
	f.NewVars(n)
	require.NoError(t, enc.Encode(f, c))
	checkPropagation(t, f, n, c, func(m sat.Model) bool { return c.Holds(m) })
}

func TestEncodeRefuses(t *testing.T) {
	f := sat.NewFormula()
	f.NewVars(2)
	assert.Error(t, sat.Native.Encode(f, sat.Card(sat.AtMost, 1, 1, 2)))
	assert.Error(t, sat.Encoding(42).Encode(f, sat.Card(sat.AtMost, 1, 1, 2)))
	assert.Error(t, sat.Totalizer.Encode(f, sat.Linear{Terms: []sat.Term{{1, 0}}, Op: sat.AtMost}))
	assert.Error(t, sat.Totalizer.Encode(f, sat.Linear{Terms: []sat.Term{{0, 1}}, Op: sat.AtMost}))
	assert.Error(t, sat.Totalizer.Encode(f, sat.Linear{Op: 0}))
	assert.Zero(t, f.NumClauses())
}

func TestParseEncoding(t *testing.T) {
	for _, enc := range sat.Encodings() {
		got, err := sat.ParseEncoding(enc.String())
		require.NoError(t, err)
		assert.Equal(t, enc, got)
	}
	_, err := sat.ParseEncoding("pairwise")
	assert.ErrorContains(t, err, "totalizer, sequential, sortnet, native")
}

// TestEncodingSizes pins the growth of each encoding on exactly-k of n, so
// that a change that blows an encoding up is noticed.
func TestEncodingSizes(t *testing.T) {
	tests := []struct {
		enc        sat.Encoding
		n, k       int
		maxVars    int
		maxClauses int
	}{
		// Bounds from the literature, with generous constants.
		{sat.Sequential, 64, 8, 64 * 9, 4 * 64 * 9},
		{sat.Totalizer, 64, 8, 64 * 6 * 9, 2 * 64 * 9 * 9},
		{sat.SortingNetwork, 64, 8, 2 * 64 * 6 * 6, 6 * 64 * 6 * 6},
	}
	for _, tc := range tests {
		f := sat.NewFormula()
		lits := f.NewVars(tc.n)
		require.NoError(t, tc.enc.Encode(f, sat.Card(sat.Exactly, tc.k, lits...)))
		aux := f.NumVars() - tc.n
		assert.LessOrEqual(t, aux, tc.maxVars, "%v aux variables", tc.enc)
		assert.LessOrEqual(t, f.NumClauses(), tc.maxClauses, "%v clauses", tc.enc)
		t.Logf("%v exactly %d of %d: %d aux variables, %d clauses", tc.enc, tc.k, tc.n, aux, f.NumClauses())
	}
}

// TestNormalize checks on every assignment that the parts Normalize
// returns hold together exactly when the constraint does, and their form.
func TestNormalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		c := sattest.RandomLinear(rng, 4, 7, 4)
		parts, ok := c.Normalize()
		for _, p := range parts {
			assert.Equal(t, sat.AtLeast, p.Op)
			assert.GreaterOrEqual(t, p.K, 1)
			seen := map[int]bool{}
			for _, term := range p.Terms {
				assert.False(t, seen[term.Lit.Var()], "%v: variable twice in %v", c, p)
				seen[term.Lit.Var()] = true
				assert.True(t, term.Weight >= 1 && term.Weight <= p.K, "%v: weight out of range in %v", c, p)
			}
		}
		for bitsVal := range 1 << 4 {
			m := make(sat.Model, 5)
			for v := 1; v <= 4; v++ {
				m[v] = bitsVal>>(v-1)&1 == 1
			}
			got := ok
			for _, p := range parts {
				got = got && p.Holds(m)
			}
			require.Equal(t, c.Holds(m), got, "%v on %v: parts %v ok=%v", c, m[1:], parts, ok)
		}
	}
}
