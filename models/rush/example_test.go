package rush_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/rush"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// The first of fogleman/rush's forty levels, solved by BFS over packed
// boards:
//
//	..B.CC
//	..B...
//	AAB...
//	DDD..E
//	.....E
//	.....E
func ExampleSolve() {
	p := &rush.Puzzle{Width: 6, Height: 6, Pieces: []rush.Piece{
		{Label: 'A', Row: 2, Col: 0, Len: 2},
		{Label: 'B', Row: 0, Col: 2, Len: 3, Orientation: rush.Vertical},
		{Label: 'C', Row: 0, Col: 4, Len: 2},
		{Label: 'D', Row: 3, Col: 0, Len: 3},
		{Label: 'E', Row: 3, Col: 5, Len: 3, Orientation: rush.Vertical},
	}}
	r, err := rush.Solve(context.Background(), p, statespace.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, len(r.Plan), "moves,", rush.Plan(r.Plan).Cells(), "cells:", p.FormatPlan(r.Plan))
	fmt.Println(rush.Check(p, r.Plan))
	// Output:
	// solved 9 moves, 21 cells: C-1 E-3 D+3 B+3 A+3 B-3 D-1 E+3 A+1
	// <nil>
}

// A board in one call, as fogleman/rush's NewBoard reads it: the README's
// hardest board, which takes 49 moves.
func ExampleFromText() {
	p, err := rush.FromText(`
		BBBCDE
		FGGCDE
		F.AADE
		HHI...
		.JI.KK
		.JLLMM`)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := rush.Solve(context.Background(), p, statespace.Options{})
	fmt.Println(len(p.Pieces), "pieces:", r.Status, "in", len(r.Plan), "moves")
	// Output:
	// 13 pieces: solved in 49 moves
}
