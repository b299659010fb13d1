package river_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/river"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// The farmer must take a wolf, a goat and a cabbage across in a boat that
// holds him and one of them; left alone, the wolf eats the goat and the
// goat eats the cabbage.
func ExampleSolve() {
	p := &river.Puzzle{
		Kinds: []river.Kind{{Name: "farmer", Count: 1, Rows: true},
			{Name: "wolf", Count: 1}, {Name: "goat", Count: 1}, {Name: "cabbage", Count: 1}},
		Capacity: 2,
		Forbids: []river.Forbid{{Group: []int{1, 2}, Unless: []int{0}},
			{Group: []int{2, 3}, Unless: []int{0}}},
	}
	r, err := river.Solve(context.Background(), p, statespace.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, "in", len(r.Plan), "crossings; checked:", river.Check(p, r.Plan) == nil)
	// Output:
	// solved in 7 crossings; checked: true
}
