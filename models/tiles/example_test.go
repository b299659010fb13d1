package tiles_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// An 8-puzzle board solved by IDA* with Manhattan distance and linear
// conflicts; the plan is checked by the independent checker.
func ExampleSolveIDA() {
	p, err := tiles.New(3, 3, []int{
		3, 1, 2,
		4, 0, 5,
		6, 7, 8,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := tiles.SolveIDA(context.Background(), p, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, slid, _ := p.Apply(r.Plan)
	fmt.Println(r.Status, len(r.Plan), tiles.Plan(r.Plan), slid, tiles.Check(p, r.Plan))
	// Output: solved 2 LU [4 3] <nil>
}

// Half the boards cannot be solved, and parity tells which at once.
func ExamplePuzzle_Solvability() {
	p, _ := tiles.New(3, 3, []int{0, 2, 1, 3, 4, 5, 6, 7, 8})
	fmt.Println(p.Solvability() != nil)
	r, _ := tiles.SolveBFS(context.Background(), p, statespace.Options{})
	fmt.Println(r.Status, r.Stats.Stored) // BFS agrees, by exhausting the other half
	// Output:
	// true
	// unsolvable 181440
}

// A board in one call, drawn as it looks: two moves of the blank from the
// goal.
func ExampleFromText() {
	p, err := tiles.FromText(`
		1 4 2
		3 . 5
		6 7 8`)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := tiles.SolveIDA(context.Background(), p, nil)
	fmt.Println(p.Width, p.Height, p.Tiles, r.Status, tiles.Plan(r.Plan))
	// Output: 3 3 [1 4 2 3 0 5 6 7 8] solved UL
}
