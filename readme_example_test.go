package waterworks_test

import (
	"context"
	"fmt"
	"log"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
)

func Example_readme() {
	// Column clues, then each row's clue and the aquarium of each cell.
	text := `  3 2 1 2
0 x a a x
2 x a a x
2 b b c c
4 b b c c
`
	doc, err := aquariumfmt.ParseText("4x4.txt", []byte(text))
	if err != nil {
		log.Fatal(err) // names the line and column of each problem
	}
	// Look for two solutions: finding one and proving there is no other
	// shows the puzzle is unique.
	res, err := aqcp.SolveCP(context.Background(), doc.Puzzle, aquarium.RegionRule, 2, cp.Limits{})
	if err != nil {
		log.Fatal(err)
	}
	for _, sol := range res.Solutions {
		// The independent checker shares no code with any solver.
		fmt.Println("check:", aquarium.Check(doc.Puzzle, sol, aquarium.RegionRule))
		fmt.Println(sol)
	}
	fmt.Println("solutions:", len(res.Solutions), "search complete:", res.Exhausted)
	// Output:
	// check: <nil>
	// ....
	// #..#
	// ##..
	// ####
	// solutions: 1 search complete: true
}
