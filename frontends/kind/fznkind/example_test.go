package fznkind_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Run one engine on a model: every solution it hands out has passed
// fzn.Check, and the result says how the search ended.
func Example() {
	model := []byte(`var 1..9: x :: output_var;
var 1..9: y :: output_var;
constraint int_lin_eq([1,1],[x,y],10);
constraint int_lt(y, x);
solve maximize y;
`)
	m, err := fznkind.Read(context.Background(), "example.fzn", model)
	if err != nil {
		fmt.Println(err)
		return
	}
	engine, err := fznkind.Open("cp")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := fznkind.Run(context.Background(), engine, "example.fzn", m, fznkind.Options{}, func(s fzn.Solution) {
		fmt.Printf("x = %d, y = %d\n", s["x"], s["y"])
	})
	fmt.Println(res.Status, res.Answer(fznkind.Options{}).Words)
	// Output:
	// x = 6, y = 4
	// solved optimal 4
}
