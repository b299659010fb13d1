package logic_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
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

// A Reasoner tells deductions one at a time, the easiest first, in words.
func ExampleReasoner_Next() {
	r, err := logic.NewReasoner(examplePuzzle(), aquarium.RegionRule, aquarium.Solution{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for !r.Solved() {
		d, ok, err := r.Next(context.Background(), aqcp.DefaultLogicDepth)
		if err != nil || !ok {
			break
		}
		fmt.Printf("[%v] %s\n", d.Reason, d.Text)
		if err := r.Apply(d); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(r.Current())
	// Output:
	// [count] Row 1 needs 4 more full cells and has exactly 4 open cells that can hold water, so they all do: aquariums A and B hold water in row 1.
	// [gravity] Aquarium A holds water in row 1, so it holds water in every lower row too (water settles): row 2.
	// [gravity] Aquarium B holds water in row 1, so it holds water in every lower row too (water settles): rows 2–4.
	// [count] Row 2 has both of its full cells already, so its other cells are empty: aquarium C is empty in row 2.
	// [count] Row 4 needs 3 more full cells and has exactly 3 open cells that can hold water, so they all do: aquarium D holds water in row 4.
	// [count] Column 1 has all 3 of its full cells already, so its other cells are empty: aquarium D is empty in row 3.
	// [count] Row 3 needs 2 more full cells and has exactly 2 open cells that can hold water, so they all do: aquarium C holds water in row 3.
	// ####
	// #..#
	// .###
	// ####
}
