package generate_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// Generate makes a puzzle with one solution, of the grade asked for; the
// same seed gives the same puzzle.
func ExampleGenerate() {
	rng := rand.New(rand.NewPCG(1, 0))
	g, err := generate.Generate(context.Background(), rng, generate.GenerateOptions{
		Width: 8, Height: 8, Graded: true, Difficulty: logic.Hard,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Grade)
	fmt.Println(g.Grade.Unique, aquarium.Check(g.Puzzle, g.Solution, aquarium.RegionRule))
	// Output:
	// hard: probing (depth 1)
	// true <nil>
}
