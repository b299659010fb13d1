package fzncp_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

// Build a FlatZinc model on the CP core and print every solution as a
// FlatZinc solver does.
func Example() {
	const text = `
var 1..3: x :: output_var;
var 1..3: y :: output_var;
constraint int_lin_eq([1, 1], [x, y], 4);
constraint int_le(x, y);
solve satisfy;
`
	m, err := fznfmt.Parse(context.Background(), "example.fzn", strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	model, err := fzncp.Build(context.Background(), m, fzncp.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := fzncp.Solve(context.Background(), model, fzncp.SolveOptions{All: true}, func(s fzn.Solution) {
		fznfmt.WriteSolution(os.Stdout, m, s)
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Solutions)
	// Output:
	// x = 1;
	// y = 3;
	// ----------
	// x = 2;
	// y = 2;
	// ----------
	// all solutions 2
}
