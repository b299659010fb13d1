package torch_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/torch"
)

// Four people cross in 17 minutes, no fewer: the two fastest go first so
// that the two slowest can cross together.
func ExampleSolveAStar() {
	p := &torch.Puzzle{Times: []int{1, 2, 5, 10}, Capacity: 2}
	r, err := torch.SolveAStar(context.Background(), p, statespace.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	total, err := torch.Check(p, r.Plan)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v in %d minutes, %d crossings\n", r.Status, total, len(r.Plan))
	// Output:
	// solved in 17 minutes, 5 crossings
}
