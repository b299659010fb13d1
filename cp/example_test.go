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
