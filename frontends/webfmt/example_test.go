package webfmt_test

import (
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func ExampleDecodeTask() {
	p, err := webfmt.DecodeTask("site", "2_1_1_2;1,1,2,1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Width, p.Height, p.Cols, p.Rows, p.Regions)

	_, err = webfmt.DecodeTask("site", "2_1_1_2;1,1,2,x")
	fmt.Println(err)
	// Output:
	// 2 2 [2 1] [1 2] [0 0 1 0]
	// site:1:15: want an aquarium id (a number from 1), found "x"
}

func ExampleDecodeURL() {
	p, rule, err := webfmt.DecodeURL("link", "https://puzz.link/p?aquarium/r/5/4/9lqgfk4/3h12h13")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rule, p.Cols, p.Rows)
	for r := range p.Height {
		for c := range p.Width {
			fmt.Print(p.Name(p.Region(r, c)))
		}
		fmt.Println()
	}
	// Output:
	// region [3 -1 -1 1 2] [-1 -1 1 3]
	// AABBB
	// ACDDE
	// CCFDE
	// CCDDE
}

func ExampleEncodeURL() {
	p := &aquarium.Puzzle{
		Width: 3, Height: 2,
		Regions: []int{0, 0, 1, 2, 2, 1},
		Cols:    []int{1, 1, aquarium.NoClue},
		Rows:    []int{aquarium.NoClue, 3},
	}
	url, err := webfmt.EncodeURL(p, aquarium.PoolRule)
	fmt.Println(url, err)
	// Output:
	// https://puzz.link/p?aquarium/3/2/ao/11h3 <nil>
}

func ExampleEncodePzprv3() {
	p := &aquarium.Puzzle{
		Width: 2, Height: 2,
		Regions: []int{0, 1, 0, 1},
		Cols:    []int{1, 2},
		Rows:    []int{1, 2},
	}
	s := aquarium.NewSolution(2, 2)
	s.Cells = []aquarium.Cell{aquarium.Empty, aquarium.Water, aquarium.Water, aquarium.Unknown}
	file, err := webfmt.EncodePzprv3(p, aquarium.RegionRule, s)
	if err != nil {
		fmt.Println(err)
		return
	}
	// pzprjs ends every item with a space; trim the line ends for show.
	fmt.Print(strings.ReplaceAll(file, " \n", "\n"))
	// Output:
	// pzprv3
	// aquarium
	// 2
	// 2
	// r
	// 1
	// 1
	// 0 0
	// . 1 2
	// 1 + #
	// 2 # .
}
