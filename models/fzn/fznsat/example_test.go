package fznsat_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// ExampleSolve maximizes the value of a knapsack with gini: each
// improving solution comes out as it is found (which ones depends on the
// search), and the last is proven optimal.
func ExampleSolve() {
	const knapsack = `
var 0..3: a :: output_var;
var 0..3: b :: output_var;
var 0..30: value :: output_var;
constraint int_lin_le([4, 3], [a, b], 10);
constraint int_lin_eq([5, 4, -1], [a, b, value], 0);
solve maximize value;
`
	m, err := fznfmt.Parse(context.Background(), "knapsack.fzn", strings.NewReader(knapsack))
	if err != nil {
		fmt.Println(err)
		return
	}
	var last fzn.Solution
	res, err := fznsat.Solve(context.Background(), m, gini.New(), fznsat.SolveOptions{}, func(s fzn.Solution) {
		last = s
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("a=%d b=%d value=%d\n", last["a"], last["b"], last["value"])
	fmt.Println(res.Status, res.Objective)
	// Output:
	// a=1 b=2 value=13
	// optimal 13
}

// ExampleEncode writes a model as CNF and counts its solutions on the
// output variables.
func ExampleEncode() {
	const queens = `
var 1..4: q1; var 1..4: q2; var 1..4: q3; var 1..4: q4;
array [1..4] of var 1..4: q :: output_array([1..4]) = [q1, q2, q3, q4];
constraint fzn_all_different_int([q1, q2, q3, q4]);
constraint int_lin_ne([1, -1], [q1, q2], 1);
constraint int_lin_ne([1, -1], [q1, q2], -1);
constraint int_lin_ne([1, -1], [q2, q3], 1);
constraint int_lin_ne([1, -1], [q2, q3], -1);
constraint int_lin_ne([1, -1], [q3, q4], 1);
constraint int_lin_ne([1, -1], [q3, q4], -1);
constraint int_lin_ne([1, -1], [q1, q3], 2);
constraint int_lin_ne([1, -1], [q1, q3], -2);
constraint int_lin_ne([1, -1], [q2, q4], 2);
constraint int_lin_ne([1, -1], [q2, q4], -2);
constraint int_lin_ne([1, -1], [q1, q4], 3);
constraint int_lin_ne([1, -1], [q1, q4], -3);
solve satisfy;
`
	m, err := fznfmt.Parse(context.Background(), "queens.fzn", strings.NewReader(queens))
	if err != nil {
		fmt.Println(err)
		return
	}
	en, err := fznsat.Encode(context.Background(), m, fznsat.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(en.Formula().Name(2))
	res, err := en.Solve(context.Background(), gini.New(), fznsat.SolveOptions{All: true}, func(s fzn.Solution) {
		fmt.Println(s["q1"], s["q2"], s["q3"], s["q4"])
	})
	fmt.Println(res.Status, res.Solutions, err)
	// Unordered output:
	// q1>=2
	// 2 4 1 3
	// 3 1 4 2
	// all solutions 2 <nil>
}
