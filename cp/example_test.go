package cp_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
)

// A row of an Aquarium grid has blocks of widths 3, 2, 2 and 1 and needs 5
// full cells; a column constraint says the two blocks of width 2 cannot
// both be full. Which fillings are possible?
func Example() {
	s := cp.New()
	widths := []int{3, 2, 2, 1}
	blocks := make([]cp.Var, len(widths))
	lits := make([]cp.Lit, len(widths))
	for i := range blocks {
		blocks[i] = s.NewBool()
		lits[i] = cp.Pos(blocks[i])
	}
	s.AddBoolSum(lits, widths, cp.Equal, 5)
	s.AddClause(cp.Neg(blocks[1]), cp.Neg(blocks[2]))

	n, err := s.Count(context.Background(), cp.FirstFail(blocks, cp.ValueMax), cp.Limits{}, 0, func() {
		for _, b := range blocks {
			fmt.Print(s.Value(b))
		}
		fmt.Println()
	})
	fmt.Println(n, "solutions, error:", err)
	// Output:
	// 1100
	// 1010
	// 2 solutions, error: <nil>
}

// Count every solution, or stop at two to decide uniqueness. The learning
// search counts exactly too: it blocks each solution it finds and goes on.
func ExampleSolver_Count() {
	s := cp.New()
	x := make([]cp.Var, 4)
	lits := make([]cp.Lit, 4)
	for i := range x {
		x[i] = s.NewBool()
		lits[i] = cp.Pos(x[i])
	}
	s.AddBoolSum(lits, nil, cp.Equal, 2) // two of the four: 4·3/2 = 6 ways

	ctx := context.Background()
	all, err := s.Count(ctx, cp.FirstFail(x, cp.ValueMin), cp.Limits{}, 0, nil)
	fmt.Println("all:", all, err)

	upToTwo, err := s.Count(ctx, cp.FirstFail(x, cp.ValueMin), cp.Limits{}, 2, nil)
	fmt.Println("unique:", upToTwo == 1, err)

	learned := 0
	err = s.SearchLearning(ctx, x, cp.Limits{}, func() bool { learned++; return true })
	fmt.Println("learning:", learned, err)
	// Output:
	// all: 6 <nil>
	// unique: false <nil>
	// learning: 6 <nil>
}
