package sat_test

import (
	"context"
	"fmt"
	"os"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// Build a formula with a cardinality constraint, lower it with an
// encoding, solve it with a backend and read the model.
func Example() {
	f := sat.NewFormula()
	cells := make([]sat.Lit, 4)
	for i := range cells {
		cells[i] = f.NewNamedVar(fmt.Sprintf("cell(%d)", i))
	}
	f.Exactly(2, cells...)                // two cells hold water
	f.AddClause(cells[0].Not(), cells[1]) // water in cell 0 means water in cell 1
	f.AddClause(cells[2].Not(), cells[3].Not())

	cnf, err := f.Lower(sat.Totalizer)
	if err != nil {
		panic(err)
	}
	s := gini.New()
	if err := sat.Load(s, cnf); err != nil {
		panic(err)
	}
	st, err := s.Solve(context.Background(), cells[0]) // assume cell 0 is full
	if err != nil {
		panic(err)
	}
	fmt.Println(st)
	for _, c := range cells {
		fmt.Printf("%s=%v ", f.Name(c.Var()), s.Value(c))
	}
	fmt.Println()
	// Output:
	// SATISFIABLE
	// cell(0)=true cell(1)=true cell(2)=false cell(3)=false
}

// Count the models over the primary variables only: the auxiliary
// variables of the encoding never make two models of one answer.
func ExampleCount() {
	f := sat.NewFormula()
	x := f.NewVars(5)
	f.AtMost(2, x...)
	cnf, err := f.Lower(sat.SortingNetwork)
	if err != nil {
		panic(err)
	}

	s := gini.New()
	if err := sat.Load(s, cnf); err != nil {
		panic(err)
	}
	n, all, err := sat.Count(context.Background(), s, x, 0)
	fmt.Println(n, all, err) // 1 + 5 + 10 ways to fill at most 2 of 5

	// For a uniqueness check, stop at two.
	s = gini.New()
	_ = sat.Load(s, cnf)
	n, all, err = sat.Count(context.Background(), s, x, 2)
	fmt.Println(n, all, err)
	// Output:
	// 16 true <nil>
	// 2 false <nil>
}

// Export a lowered formula as DIMACS, with its variable names as comments.
func ExampleWriteDIMACS() {
	f := sat.NewFormula()
	a := f.NewNamedVar("cell(r1,c1)")
	b := f.NewNamedVar("cell(r1,c2)")
	f.AddClause(a, b)
	f.AtMost(1, a, b)
	cnf, err := f.Lower(sat.Sequential)
	if err != nil {
		panic(err)
	}
	if err := sat.WriteDIMACS(os.Stdout, cnf); err != nil {
		panic(err)
	}
	// Output:
	// c x1 = cell(r1,c1)
	// c x2 = cell(r1,c2)
	// p cnf 2 2
	// 1 2 0
	// -1 -2 0
}

// Enumerate visits each model; the visit function reads it from the
// solver.
func ExampleEnumerate() {
	f := sat.NewFormula()
	x := f.NewVars(3)
	f.Exactly(1, x...)
	s := gini.New()
	cnf, err := f.Lower(sat.Totalizer)
	if err != nil {
		panic(err)
	}
	_ = sat.Load(s, cnf)
	_, _, _ = sat.Enumerate(context.Background(), s, x, 0, func(m sat.Assignment) bool {
		fmt.Println(m.Value(x[0]), m.Value(x[1]), m.Value(x[2]))
		return true
	})
	// Unordered output:
	// true false false
	// false true false
	// false false true
}
