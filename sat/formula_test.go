package sat_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

func TestLit(t *testing.T) {
	l := sat.Neg(3)
	assert.Equal(t, 3, l.Var())
	assert.Equal(t, sat.Pos(3), l.Not())
	assert.False(t, l.IsPos())
	assert.Equal(t, "-3", l.String())
	assert.Equal(t, "SATISFIABLE", sat.Sat.String())
	assert.Equal(t, "UNSATISFIABLE", sat.Unsat.String())
	assert.Equal(t, "UNKNOWN", sat.Unknown.String())

	m := sat.Model{false, true}
	assert.True(t, m.Value(1))
	assert.False(t, m.Value(-1))
	assert.False(t, m.Value(7), "beyond the model is false")
	assert.True(t, m.Value(-7))
}

func TestFormulaNumbering(t *testing.T) {
	f := sat.NewFormula()
	x := f.NewNamedVar("x")
	f.AddClause(x, 5)
	assert.Equal(t, 5, f.NumVars(), "a clause raises the variable count")
	assert.Equal(t, sat.Pos(6), f.NewVar())
	f.SetName(9, "far")
	assert.Equal(t, 9, f.NumVars())
	f.SetName(9, "")
	assert.Equal(t, "", f.Name(9))
	var names []string
	for v, name := range f.Names() {
		names = append(names, name)
		assert.Equal(t, 1, v)
	}
	assert.Equal(t, []string{"x"}, names)
	assert.Panics(t, func() { f.AddClause(0) })
	assert.Panics(t, func() { f.AddLinear(sat.Linear{Terms: []sat.Term{{Lit: 1, Weight: -1}}, Op: sat.AtMost}) })
}

// TestLowerKeepsPrimaryVariables checks that lowering keeps every clause,
// number and name, puts auxiliary variables above, and leaves f alone.
func TestLowerKeepsPrimaryVariables(t *testing.T) {
	f := example()
	before := f.Clone()
	for _, enc := range sat.Encodings() {
		g := sattest.MustLower(f, enc)
		for i := range f.NumClauses() {
			assert.Equal(t, f.Clause(i), g.Clause(i))
		}
		for v, name := range f.Names() {
			assert.Equal(t, name, g.Name(v))
		}
		if enc == sat.Native {
			assert.Equal(t, f.NumLinears(), g.NumLinears())
			continue
		}
		assert.Zero(t, g.NumLinears())
		assert.Greater(t, g.NumVars(), f.NumVars())
		// The same models on f's variables.
		n := f.NumVars()
		var want, got []string
		for _, m := range sattest.Models(f) {
			want = append(want, key(m, n))
		}
		for bitsVal := range 1 << n {
			p := make(sattest.Partial, g.NumVars()+1)
			for v := 1; v <= n; v++ {
				p[v] = sattest.Value(bitsVal>>(v-1)&1*2 - 1)
			}
			if m := sattest.Solve(g, p); m != nil {
				got = append(got, key(m, n))
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		assert.Equal(t, want, got, enc.String())
	}
	assert.Equal(t, before, f, "Lower changed its receiver")
}

func key(m sat.Model, n int) string {
	b := make([]byte, n)
	for v := 1; v <= n; v++ {
		b[v-1] = '0'
		if m[v] {
			b[v-1] = '1'
		}
	}
	return string(b)
}

func TestCheck(t *testing.T) {
	f := sat.NewFormula()
	f.AddClause(1, 2)
	f.AtMost(1, 1, 2)
	assert.NoError(t, f.Check(sat.Model{false, true, false}))
	assert.EqualError(t, f.Check(sat.Model{false, false, false}), "sat: clause 1 [1 2] is false")
	assert.EqualError(t, f.Check(sat.Model{false, true, true}), "sat: linear constraint 1 (+1 x1 +1 x2 <= 1) is false: sum is 2")
}

func TestLoad(t *testing.T) {
	f := sat.NewFormula()
	f.AddClause(1, 2)
	f.AtLeast(2, 1, 2, 3)
	err := sat.Load(&cnfOnly{}, f)
	assert.ErrorContains(t, err, "takes no linear constraints natively")

	// Incremental loading gives the solver exactly what was added since.
	s := &sattest.Reference{}
	m, err := sat.LoadFrom(s, f, sat.Mark{})
	require.NoError(t, err)
	assert.Equal(t, f.Mark(), m)
	f.AddClause(-1)
	f.AtMost(1, 1, 2)
	_, err = sat.LoadFrom(s, f, m)
	require.NoError(t, err)
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, sat.Sat, st)
	assert.Equal(t, []bool{false, true, true}, []bool{s.Value(1), s.Value(2), s.Value(3)})
	_, err = sat.LoadFrom(s, f, sat.Mark{Clauses: 99})
	assert.Error(t, err)
}

// cnfOnly is a Solver without native linear constraints.
type cnfOnly struct{ sattest.Reference }

func (*cnfOnly) AddLinear() {} // not sat.LinearAdder: wrong signature on purpose

// TestCountMatchesBruteForce counts over the primary variables of random
// formulas, lowered by each encoding, with the reference solver, and
// compares with the number of restrictions of models to them.
func TestCountMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for range 150 {
		f := sattest.RandomFormula(rng, 5, 4, 3, 2)
		// Primary: a random subset of the variables, so that the other
		// variables play the part of auxiliaries.
		var primary []sat.Lit
		for v := 1; v <= f.NumVars(); v++ {
			if rng.IntN(3) > 0 {
				primary = append(primary, sat.Pos(v))
			}
		}
		want := sattest.CountProjected(f, primary)
		for _, enc := range sat.Encodings() {
			s := &sattest.Reference{}
			require.NoError(t, sat.Load(s, sattest.MustLower(f, enc)))
			n, all, err := sat.Count(context.Background(), s, primary, 0)
			require.NoError(t, err)
			assert.True(t, all)
			assert.Equal(t, want, n, "%v, primary %v", enc, primary)
		}
	}
}

func TestEnumerateStops(t *testing.T) {
	f := sat.NewFormula()
	x := f.NewVars(4)
	f.AtLeast(1, x...)
	s := &sattest.Reference{}
	require.NoError(t, sat.Load(s, sattest.MustLower(f, sat.Totalizer)))
	visits := 0
	n, all, err := sat.Enumerate(context.Background(), s, x, 0, func(sat.Assignment) bool {
		visits++
		return visits < 3
	})
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	assert.False(t, all)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, all, err = sat.Count(ctx, s, x, 0)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, n)
	assert.False(t, all)
}

func TestLowerContextStops(t *testing.T) {
	f := example()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := f.LowerContext(ctx, sat.Totalizer)
	require.ErrorIs(t, err, context.Canceled)
	g, err := f.LowerContext(context.Background(), sat.Totalizer)
	require.NoError(t, err)
	assert.Equal(t, sattest.MustLower(f, sat.Totalizer).NumClauses(), g.NumClauses())
	// Native lowers nothing, so there is nothing to stop.
	g, err = f.LowerContext(ctx, sat.Native)
	require.NoError(t, err)
	assert.Equal(t, f.NumLinears(), g.NumLinears())
}

// TestLowerUnknownEncoding checks that an encoding that is not one of
// sat.Encodings is an error, also for a formula without linear constraints.
func TestLowerUnknownEncoding(t *testing.T) {
	for _, f := range []*sat.Formula{example(), sat.NewFormula()} {
		_, err := f.Lower(sat.Encoding(42))
		require.ErrorContains(t, err, "unknown encoding")
	}
}
