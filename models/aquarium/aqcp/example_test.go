package aqcp_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
)

// examplePuzzle is a 4×4 puzzle:
//
//	  3 3 3 4
//	4 A A B B
//	2 A C C B
//	3 D C C B
//	4 D D D B
func examplePuzzle() *aquarium.Puzzle {
	return &aquarium.Puzzle{
		Width: 4, Height: 4,
		Regions: []int{
			0, 0, 1, 1,
			0, 2, 2, 1,
			3, 2, 2, 1,
			3, 3, 3, 1,
		},
		Cols: []int{3, 3, 3, 4},
		Rows: []int{4, 2, 3, 4},
	}
}

// SolveLogic reasons without guessing and says how deep it had to go.
func ExampleSolveLogic() {
	res, err := aqcp.SolveLogic(context.Background(), examplePuzzle(), aquarium.RegionRule, aqcp.DefaultLogicDepth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solved:", res.Solved, "depth:", res.Depth)
	fmt.Println(res.Solution)
	// Output:
	// solved: true depth: 0
	// ####
	// #..#
	// .###
	// ####
}
