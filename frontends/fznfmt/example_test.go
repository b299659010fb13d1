package fznfmt_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

const example = `% two queens' columns, apart
var 1..4: a :: output_var;
var 1..4: b;
array [1..2] of var int: q :: output_array([1..2]) = [a, b];
constraint int_lin_ne([1,-1], [a, b], 1);
constraint int_lt(a, b);
solve :: int_search(q, first_fail, indomain_min, complete) satisfy;
`

// ExampleParse reads a model and walks its constraints as a builder would.
func ExampleParse() {
	m, err := fznfmt.Parse(context.Background(), "queens.fzn", strings.NewReader(example))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range m.Constraints {
		fmt.Printf("%s %s:", c.Pos, c.Name)
		for _, arg := range c.Args {
			if elems, ok := fzn.Array(arg); ok {
				fmt.Printf(" an array of %d", len(elems))
			} else if fzn.IsVar(arg) {
				fmt.Printf(" the variable %s", fzn.Format(arg))
			} else if v, ok := fzn.IntValue(arg); ok {
				fmt.Printf(" the constant %d", v)
			}
		}
		fmt.Println()
	}
	// Output:
	// 5:1 int_lin_ne: an array of 2 an array of 2 the constant 1
	// 6:1 int_lt: the variable a the variable b
}

// ExampleParse_errors shows how an error names file, line and column.
func ExampleParse_errors() {
	_, err := fznfmt.Parse(context.Background(), "bad.fzn", strings.NewReader("var float: x;\nconstraint int_le(y, 3);\nsolve satisfy;\n"))
	fmt.Println(err)
	// Output:
	// bad.fzn:1:1: float variables are not supported: var float: x (and 1 more error)
}

// ExampleWrite prints a model back as canonical FlatZinc.
func ExampleWrite() {
	m, _ := fznfmt.Parse(context.Background(), "queens.fzn", strings.NewReader(example))
	fznfmt.Write(os.Stdout, m)
	// Output:
	// var 1..4: a :: output_var;
	// var 1..4: b;
	// array [1..2] of var int: q :: output_array([1..2]) = [a,b];
	// constraint int_lin_ne([1,-1],[a,b],1);
	// constraint int_lt(a,b);
	// solve :: int_search(q,first_fail,indomain_min,complete) satisfy;
}

// ExampleWriteSolution prints solutions as a FlatZinc solver does.
func ExampleWriteSolution() {
	m, _ := fznfmt.Parse(context.Background(), "queens.fzn", strings.NewReader(example))
	for _, s := range []fzn.Solution{{"a": 1, "b": 3}, {"a": 1, "b": 4}} {
		if err := fzn.Check(m, s); err != nil {
			fmt.Println(err) // never print a wrong answer
			return
		}
		fznfmt.WriteSolution(os.Stdout, m, s)
	}
	fznfmt.WriteStatus(os.Stdout, fznfmt.StatusComplete)
	fznfmt.WriteStats(os.Stdout, fznfmt.Stat{Name: "nodes", Value: 7}, fznfmt.Stat{Name: "solveTime", Value: 0.012})
	// Output:
	// a = 1;
	// q = array1d(1..2, [1, 3]);
	// ----------
	// a = 1;
	// q = array1d(1..2, [1, 4]);
	// ----------
	// ==========
	// %%%mzn-stat: nodes=7
	// %%%mzn-stat: solveTime=0.012
	// %%%mzn-stat-end
}
