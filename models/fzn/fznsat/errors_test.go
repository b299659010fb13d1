package fznsat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

func parseText(t testing.TB, src string) *fzn.Model {
	t.Helper()
	m, err := fznfmt.Parse(context.Background(), "test.fzn", strings.NewReader(src))
	require.NoError(t, err)
	return m
}

// TestRefused checks the errors of models the SAT route cannot encode:
// each wraps ErrUnsupported and names the constraint or variable and its
// position.
func TestRefused(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"float", "var 1..3: x;\nfloat: f = 1.5;\nconstraint float_lin_le([f], [f], 2.0);\nsolve satisfy;\n",
			"3:1: float constraint float_lin_le"},
		{"unknown", "var 1..3: x;\nconstraint my_global([x]);\nsolve satisfy;\n",
			"2:1: unknown constraint my_global"},
		{"set", "var 1..3: x;\nconstraint set_card({1,2}, x);\nsolve satisfy;\n",
			"2:1: set constraint set_card"},
		{"overflow", "var -3..3: x;\nvar 0..3: y;\nconstraint int_lin_le([4611686018427387904, 3], [x, y], 5);\nsolve satisfy;\n",
			"3:1: constraint int_lin_le: numbers too large"},
		{"product overflow", "var 0..1099511627776: x;\nvar 0..1099511627776: y;\nvar 0..10: z;\nconstraint int_times(x, y, z);\nsolve satisfy;\n",
			"4:1: constraint int_times: numbers too large"},
		{"unbounded", "var int: x;\nvar int: y;\nconstraint int_le(x, y);\nsolve satisfy;\n",
			"1:1: variable x has no finite bounds"},
		{"wide", "var -9223372036854775807..9223372036854775807: x;\nconstraint int_le(x, 3);\nsolve satisfy;\n",
			"1:1: variable x: its domain"},
		{"huge objective", "var 1..3: x;\nsolve maximize 9223372036854775807;\n",
			"2:1: the objective: numbers too large"},
		{"huge value", "var 1..3: x;\nvar int: y = 9223372036854775807;\nconstraint int_le(x, y);\nsolve satisfy;\n",
			"2:1: variable y: numbers too large"},
		{"reified table", "var 1..3: x;\nvar bool: b;\nconstraint fzn_table_int_reif([x], [1,2], b);\nsolve satisfy;\n",
			"3:1: constraint fzn_table_int_reif: the reified form of fzn_table_int"},
		{"cumulative", "var 0..3: s;\nvar bool: b;\nconstraint fzn_cumulative_imp([s], [1], [1], 1, b);\nsolve satisfy;\n",
			"3:1: constraint fzn_cumulative_imp"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fznsat.Encode(context.Background(), parseText(t, tc.src), fznsat.DefaultOptions())
			require.ErrorIs(t, err, fznsat.ErrUnsupported)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestMaxClauses refuses a model whose encoding grows beyond the limit.
func TestMaxClauses(t *testing.T) {
	m := parseText(t, pigeons(12))
	opts := fznsat.DefaultOptions()
	opts.MaxClauses = 500
	_, err := fznsat.Encode(context.Background(), m, opts)
	require.ErrorIs(t, err, fznsat.ErrUnsupported)
	assert.Contains(t, err.Error(), "beyond the limit of 500")
	opts.MaxClauses = -1
	_, err = fznsat.Encode(context.Background(), m, opts)
	require.NoError(t, err)
}

// TestMalformed checks that arguments of the wrong shape are errors
// naming the constraint, never panics.
func TestMalformed(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"lengths", "var 1..3: x;\nconstraint int_lin_eq([1, 2], [x], 3);\nsolve satisfy;\n",
			"2:1: constraint int_lin_eq: the arrays"},
		{"types", "var 1..3: x;\nconstraint int_le(x, true);\nsolve satisfy;\n",
			"2:1: constraint int_le: argument 2: want an int, found true"},
		{"arity", "var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;\n",
			"2:1: unknown constraint int_le"},
		{"table", "var 1..3: x;\nvar 1..3: y;\nconstraint fzn_table_int([x, y], [1, 2, 3]);\nsolve satisfy;\n",
			"3:1: constraint fzn_table_int: a table of 3 values does not split into rows of 2"},
		{"variable table", "var 1..3: x;\nvar 1..3: y;\nconstraint fzn_table_int([x], [y]);\nsolve satisfy;\n",
			"3:1: constraint fzn_table_int: argument 2: element 1: want a fixed int"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fznsat.Encode(context.Background(), parseText(t, tc.src), fznsat.DefaultOptions())
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestEdgeModels solves models at the edges: empty domains, no
// variables, a constant objective, bounds from constraints only.
func TestEdgeModels(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		status    fzn.Status
		solutions int
		objective int64
	}{
		{"empty domain", "var 3..1: x :: output_var;\nsolve satisfy;\n", fzn.Unsatisfiable, 0, 0},
		{"empty set domain", "var {}: x :: output_var;\nsolve satisfy;\n", fzn.Unsatisfiable, 0, 0},
		{"no variables", "solve satisfy;\n", fzn.AllSolutions, 1, 0},
		{"false constraint", "constraint bool_eq(true, false);\nsolve satisfy;\n", fzn.Unsatisfiable, 0, 0},
		{"constant objective", "var 1..2: x :: output_var;\nsolve maximize 7;\n", fzn.Optimal, 1, 7},
		{"bounds from constraints", "var int: x :: output_var;\nvar int: y;\nconstraint int_le(0, x);\n" +
			"constraint int_lin_le([1, 1], [x, y], 10);\nconstraint int_le(2, y);\nsolve maximize x;\n", fzn.Optimal, 0, 8},
		{"defined by a product", "var 0..1000: x;\nvar -50..50: y;\nvar int: z :: output_var;\n" +
			"constraint int_times(x, y, z);\nsolve minimize z;\n", fzn.Optimal, 0, -50000},
		{"wide log domain", "var 0..1000000000: x :: output_var;\nvar 0..1000000000: y;\n" +
			"constraint int_lin_eq([3, -7], [x, y], 1);\nsolve maximize x;\n", fzn.Optimal, 0, 999999999},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := parseText(t, tc.src)
			res, err := fznsat.Solve(context.Background(), m, gini.New(), fznsat.SolveOptions{All: true}, func(s fzn.Solution) {
				require.NoError(t, fzn.Check(m, s))
			})
			require.NoError(t, err)
			assert.Equal(t, tc.status, res.Status)
			if tc.solutions > 0 {
				assert.Equal(t, tc.solutions, res.Solutions)
			}
			assert.Equal(t, tc.objective, res.Objective)
		})
	}
}

// TestBoundOption gives unbounded variables a range: solutions are
// found, but no status that claims completeness.
func TestBoundOption(t *testing.T) {
	m := parseText(t, "var int: x :: output_var;\nvar int: y :: output_var;\n"+
		"constraint int_lin_eq([1, -2], [x, y], 0);\nsolve maximize x;\n")
	opts := fznsat.DefaultOptions()
	opts.Bound = 100
	res, err := fznsat.Solve(context.Background(), m, gini.New(), fznsat.SolveOptions{Encode: &opts}, nil)
	require.NoError(t, err)
	assert.Equal(t, fzn.Satisfied, res.Status, "the optimum under -100..100 says nothing of the model")
	assert.Equal(t, int64(100), res.Objective)

	m = parseText(t, "var int: x;\nvar int: y;\nconstraint int_lin_eq([1, -1], [x, y], 300);\nsolve satisfy;\n")
	res, err = fznsat.Solve(context.Background(), m, gini.New(), fznsat.SolveOptions{Encode: &opts}, nil)
	require.NoError(t, err)
	assert.Equal(t, fzn.Unknown, res.Status, "no solution within the bound proves nothing")
}

// pigeons returns the model of n pigeons in n-1 holes, all different:
// unsatisfiable and hard for resolution.
func pigeons(n int) string {
	var b strings.Builder
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
		fmt.Fprintf(&b, "var 1..%d: %s;\n", n-1, names[i])
	}
	for i := range names {
		for j := range i {
			fmt.Fprintf(&b, "constraint int_ne(%s, %s);\n", names[i], names[j])
		}
	}
	b.WriteString("solve satisfy;\n")
	return b.String()
}

// TestCancel stops a long search through its context: Solve returns
// soon after, with status Unknown and no error.
func TestCancel(t *testing.T) {
	m := parseText(t, pigeons(14))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := fznsat.Solve(ctx, m, gini.New(), fznsat.SolveOptions{}, nil)
	require.NoError(t, err)
	assert.Equal(t, fzn.Unknown, res.Status)
	assert.Less(t, time.Since(start), 5*time.Second)

	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	_, err = fznsat.Encode(done, m, fznsat.DefaultOptions())
	require.ErrorIs(t, err, context.Canceled)
}

// TestCancelOptimisation stops an optimisation whose proof of optimality
// is hard (the pigeons of pigeons(n) in n holes, the largest hole
// minimized: n is the optimum, and n-1 takes the pigeonhole proof):
// Solve returns the best solution found, status Satisfied, and no error.
func TestCancelOptimisation(t *testing.T) {
	const n = 14
	text := strings.Replace(pigeons(n), "solve satisfy;\n", "", 1)
	text = strings.ReplaceAll(text, fmt.Sprintf("var 1..%d:", n-1), fmt.Sprintf("var 1..%d:", n))
	text += fmt.Sprintf("var 1..%d: top;\n", n)
	for i := range n {
		text += fmt.Sprintf("constraint int_le(p%d, top);\n", i)
	}
	text += "solve minimize top;\n"
	m := parseText(t, text)
	for _, bisect := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		var last fzn.Solution
		res, err := fznsat.Solve(ctx, m, gini.New(), fznsat.SolveOptions{Bisect: bisect}, func(s fzn.Solution) { last = s })
		cancel()
		require.NoError(t, err)
		require.NotNil(t, last, "bisect %v: no solution", bisect)
		assert.Equal(t, fzn.Satisfied, res.Status, "bisect %v", bisect)
		assert.Equal(t, last["top"], res.Objective, "bisect %v", bisect)
		assert.Equal(t, int64(n), res.Objective, "bisect %v: n is the optimum", bisect)
	}
}
