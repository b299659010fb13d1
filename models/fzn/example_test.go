package fzn_test

import (
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// ExampleCheck builds x + y = 5 over x, y in 1..4 and judges two answers.
func ExampleCheck() {
	m := &fzn.Model{}
	dom := fzn.SetOf(fzn.Range{Lo: 1, Hi: 4})
	x := &fzn.Decl{Pos: fzn.Pos{Line: 1, Col: 1}, Name: "x", Type: fzn.Type{Elem: fzn.Int, Var: true, Domain: dom}}
	y := &fzn.Decl{Pos: fzn.Pos{Line: 2, Col: 1}, Name: "y", Type: fzn.Type{Elem: fzn.Int, Var: true, Domain: dom}}
	m.Declare(x)
	m.Declare(y)
	m.Constraints = append(m.Constraints, &fzn.Constraint{
		Pos:  fzn.Pos{Line: 3, Col: 1},
		Name: "int_lin_eq",
		Args: []fzn.Expr{
			&fzn.ArrayLit{Elems: []fzn.Expr{&fzn.IntLit{Value: 1}, &fzn.IntLit{Value: 1}}},
			&fzn.ArrayLit{Elems: []fzn.Expr{&fzn.Ident{Decl: x}, &fzn.Ident{Decl: y}}},
			&fzn.IntLit{Value: 5},
		},
	})
	fmt.Println(fzn.Check(m, fzn.Solution{"x": 1, "y": 4}))
	fmt.Println(fzn.Check(m, fzn.Solution{"x": 2, "y": 2}))
	fmt.Println(fzn.Check(m, fzn.Solution{"x": 5, "y": 0}))

	m.Constraints[0].Name = "int_lin_eqq"
	err := fzn.Check(m, fzn.Solution{"x": 1, "y": 4})
	fmt.Println(errors.Is(err, fzn.ErrCannotCheck), err)
	// Output:
	// <nil>
	// 3:1: constraint int_lin_eq does not hold: int_lin_eq([1,1],[2,2],5)
	// 1:1: variable x does not hold: x = 5 is not in its domain 1..4
	// true 3:1: cannot check constraint int_lin_eqq: unknown predicate
}
