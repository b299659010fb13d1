package minizinc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConfirm: a solution Gecode printed is confirmed; the same solution
// with two queens on one row, or with an objective its values do not have,
// is refuted.
func TestConfirm(t *testing.T) {
	p, std := needGecode(t)
	c := Checker{Program: p, Solvers: []string{"gecode", std}}

	in := Instance{Model: testdata("queens.mzn"), Data: []string{testdata("queens8.dzn")}}
	good := queens(t, p, std, "queens8.dzn", Request{}).Best()
	check, err := c.Confirm(t.Context(), in, good)
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	assert.Positive(t, check.Elapsed)

	bad := *good
	q := ints(t, good.Values["q"])
	q[1] = q[0]
	elems := make([]Value, len(q))
	for i, r := range q {
		elems[i] = Int(r)
	}
	bad.Values = map[string]Value{}
	bad.raw = nil
	bad.Names = nil
	bad.Set("q", Array(elems...))
	require.False(t, queensValid(q, 8))
	check, err = c.Confirm(t.Context(), in, &bad)
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, check.Reason)
	assert.Contains(t, check.Reason, "unsatisfiable")

	pack := Instance{Model: testdata("pack.mzn")}
	r, err := p.Solve(t.Context(), Request{Instance: pack, Solver: "gecode"})
	require.NoError(t, err)
	best := r.Best()
	require.NotNil(t, best)
	check, err = c.Confirm(t.Context(), pack, best)
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	assert.Contains(t, check.Reason, "objective")
	wrong := *best
	claimed := *best.Objective + 1
	wrong.Objective = &claimed
	check, err = c.Confirm(t.Context(), pack, &wrong)
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, "objective %d for values worth %d: %s", claimed, *best.Objective, check.Reason)
}

// TestConfirmDomainsFromBounds: a solution of a model that declares a
// domain from another variable's bounds is confirmed: Confirm fixes the
// integer outputs by constraints, which leave the declarations as they
// are, where data would narrow them.
func TestConfirmDomainsFromBounds(t *testing.T) {
	p, std := needGecode(t)
	c := Checker{Program: p, Solvers: []string{"gecode", std}}
	in := Instance{Model: testdata("bounds.mzn")}
	r, err := p.Solve(t.Context(), Request{Instance: in, Solver: "gecode"})
	require.NoError(t, err)
	require.NoError(t, r.Err())
	sol := r.Best()
	require.NotNil(t, sol)
	check, err := c.Confirm(t.Context(), in, sol)
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)

	sol.Set("b", Array(Int(5), Int(1)))
	check, err = c.Confirm(t.Context(), in, sol)
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, check.Reason)
}

// TestCheckOptimum: the optimum brute force finds is confirmed; anything
// worse is refuted, with a better objective that is no better than the
// optimum.
func TestCheckOptimum(t *testing.T) {
	p, std := needGecode(t)
	c := Checker{Program: p, Solvers: []string{"gecode", std}}
	pack := Instance{Model: testdata("pack.mzn")}
	opt := packOptimum()
	check, err := c.CheckOptimum(t.Context(), pack, Maximize, opt)
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	assert.Nil(t, check.Better)

	check, err = c.CheckOptimum(t.Context(), pack, Maximize, opt-3)
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, check.Reason)
	require.NotNil(t, check.Better)
	assert.Greater(t, *check.Better, opt-3)
	assert.LessOrEqual(t, *check.Better, opt)

	_, err = c.CheckOptimum(t.Context(), pack, Satisfy, opt)
	assert.Error(t, err)
}

// TestCheckUnsatisfiable: three queens cannot be placed; eight can.
func TestCheckUnsatisfiable(t *testing.T) {
	p, std := needGecode(t)
	c := Checker{Program: p, Solvers: []string{"gecode", std}}
	check, err := c.CheckUnsatisfiable(t.Context(), Instance{Model: testdata("queens.mzn"), Data: []string{testdata("queens3.dzn")}})
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	check, err = c.CheckUnsatisfiable(t.Context(), Instance{Model: testdata("queens.mzn"), Data: []string{testdata("queens8.dzn")}})
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, check.Reason)
}

func TestCheckerWithoutSolvers(t *testing.T) {
	c := Checker{Program: &Program{Path: "minizinc"}}
	_, err := c.CheckUnsatisfiable(t.Context(), Instance{Model: "m.mzn"})
	assert.Error(t, err)
}

func TestVerdictText(t *testing.T) {
	for v, want := range map[Verdict]string{Undecided: "undecided", Confirmed: "confirmed", Refuted: "refuted", 7: "Verdict(7)"} {
		assert.Equal(t, want, v.String())
	}
}
