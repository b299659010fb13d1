package render_test

import (
	"fmt"
	"os"

	"github.com/waterworks-solver/waterworks/frontends/render"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func ExampleSVG() {
	// Two aquariums side by side; the left one is full, the right one's
	// top cell is known to be empty and its bottom cell is undecided.
	p := &aquarium.Puzzle{
		Width: 2, Height: 2,
		Regions: []int{0, 1, 0, 1},
		Cols:    []int{2, aquarium.NoClue},
		Rows:    []int{1, 1},
	}
	s := aquarium.NewSolution(2, 2)
	s.Cells = []aquarium.Cell{aquarium.Water, aquarium.Empty, aquarium.Water, aquarium.Unknown}
	if err := render.SVG(os.Stdout, p, s, render.Options{CellSize: 20}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">
	// <rect width="80" height="80" fill="#ffffff"/>
	// <g class="water" fill="#4fa3e8" shape-rendering="crispEdges">
	// <rect x="30" y="30" width="20" height="20"/>
	// <rect x="30" y="50" width="20" height="20"/>
	// </g>
	// <g class="empty" fill="#555555">
	// <circle cx="60" cy="40" r="2"/>
	// </g>
	// <g class="grid" fill="#a8a8a8" shape-rendering="crispEdges">
	// <rect x="30" y="50" width="41" height="1"/>
	// <rect x="50" y="30" width="1" height="41"/>
	// </g>
	// <g class="walls" fill="#000000" shape-rendering="crispEdges">
	// <rect x="29" y="29" width="42" height="2"/>
	// <rect x="29" y="69" width="42" height="2"/>
	// <rect x="29" y="29" width="2" height="42"/>
	// <rect x="49" y="29" width="2" height="42"/>
	// <rect x="69" y="29" width="2" height="42"/>
	// </g>
	// <g class="clues" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#000000">
	// <text x="40" y="23">2</text>
	// <text x="20" y="43">1</text>
	// <text x="20" y="63">1</text>
	// </g>
	// </svg>
}
