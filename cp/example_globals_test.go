package cp_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
)

// Solve a Sudoku: one variable 1..9 per cell, the givens fixed, and an
// AllDifferent for each row, column and box. Domain consistency (Régin's
// matching) solves most published grids without a single wrong guess.
// Counting up to two solutions proves this one unique.
func Example_sudoku() {
	givens := []string{
		"53..7....",
		"6..195...",
		".98....6.",
		"8...6...3",
		"4..8.3..1",
		"7...2...6",
		".6....28.",
		"...419..5",
		"....8..79",
	}
	s := cp.New()
	var cell [9][9]cp.Var
	var all []cp.Var
	for r, row := range givens {
		for c, ch := range row {
			if ch == '.' {
				cell[r][c] = s.NewVar(1, 9)
			} else {
				cell[r][c] = s.NewVar(int(ch-'0'), int(ch-'0'))
			}
			all = append(all, cell[r][c])
		}
	}
	for i := range 9 {
		var row, col, box []cp.Var
		for j := range 9 {
			row = append(row, cell[i][j])
			col = append(col, cell[j][i])
			box = append(box, cell[3*(i/3)+j/3][3*(i%3)+j%3])
		}
		s.AddAllDifferent(row, cp.DomainConsistency)
		s.AddAllDifferent(col, cp.DomainConsistency)
		s.AddAllDifferent(box, cp.DomainConsistency)
	}

	n, err := s.Count(context.Background(), cp.FirstFail(all, cp.ValueMin), cp.Limits{}, 2, func() {
		for r := range 9 {
			for c := range 9 {
				fmt.Print(s.Value(cell[r][c]))
			}
			fmt.Println()
		}
	})
	fmt.Println(n, "solution, error:", err)
	// Output:
	// 534678912
	// 672195348
	// 198342567
	// 859761423
	// 426853791
	// 713924856
	// 961537284
	// 287419635
	// 345286179
	// 1 solution, error: <nil>
}

// Count the ways to place n queens on an n×n board, none attacking
// another: queen i stands in row i at column q[i], the columns differ, and
// so do the diagonals q[i]+i and q[i]-i, which AllDifferentOffset states
// without extra variables.
func Example_nQueens() {
	for n := 4; n <= 8; n++ {
		s := cp.New()
		q := make([]cp.Var, n)
		up, down := make([]int, n), make([]int, n)
		for i := range q {
			q[i] = s.NewVar(0, n-1)
			up[i], down[i] = i, -i
		}
		s.AddAllDifferent(q, cp.BoundsConsistency)
		s.AddAllDifferentOffset(q, up, cp.BoundsConsistency)
		s.AddAllDifferentOffset(q, down, cp.BoundsConsistency)
		count, err := s.Count(context.Background(), cp.FirstFail(q, cp.ValueMin), cp.Limits{}, 0, nil)
		fmt.Printf("%d queens: %d solutions, error: %v\n", n, count, err)
	}
	// Output:
	// 4 queens: 2 solutions, error: <nil>
	// 5 queens: 10 solutions, error: <nil>
	// 6 queens: 4 solutions, error: <nil>
	// 7 queens: 40 solutions, error: <nil>
	// 8 queens: 92 solutions, error: <nil>
}

// Element links a position to the entry of a table at that position:
// pruning either side prunes the other.
func ExampleSolver_AddElement() {
	s := cp.New()
	price := []int{7, 3, 9, 3}
	item, cost := s.NewVar(0, 9), s.NewVar(0, 8)
	s.SetName(item, "item")
	s.SetName(cost, "cost")
	s.AddElement(price, item, cost) // price[item] = cost
	if err := s.Propagate(); err != nil {
		panic(err)
	}
	fmt.Println(s.Describe(item)) // no item 4..9; item 2 costs 9 > 8
	fmt.Println(s.Describe(cost))
	// Output:
	// item ∈ {0..1,3}
	// cost ∈ {3,7}
}

// Assign three workers to three jobs, one each, at the least total cost:
// Element reads each worker's cost, AllDifferent keeps the jobs apart, and
// Minimize runs branch and bound on the sum. Each solution it reports is
// cheaper than the last; the last is optimal since the search finished.
func ExampleSolver_Minimize() {
	costs := [][]int{ // costs[w][j]: what worker w charges for job j
		{4, 1, 3},
		{2, 0, 5},
		{3, 2, 2},
	}
	s := cp.New()
	jobs := make([]cp.Var, 3)
	paid := make([]cp.Var, 3)
	for w := range jobs {
		jobs[w] = s.NewVar(0, 2)
		paid[w] = s.NewVar(0, 5)
		s.AddElement(costs[w], jobs[w], paid[w])
	}
	s.AddAllDifferent(jobs, cp.DomainConsistency)
	total := s.NewVar(0, 15)
	s.AddIntSum(append(paid, total), []int{1, 1, 1, -1}, cp.Equal, 0) // Σ paid = total

	best, err := s.Minimize(context.Background(), cp.InOrder(jobs, cp.ValueMin), total, cp.Limits{}, func(cost int) {
		fmt.Println("jobs", s.Value(jobs[0]), s.Value(jobs[1]), s.Value(jobs[2]), "cost", cost)
	})
	fmt.Println("found", best.Found, "cost", best.Value, "proven", best.Proven, err)
	// The best solution's values stay in best.Values, indexed by variable.
	fmt.Println("best jobs", best.Values[jobs[0]], best.Values[jobs[1]], best.Values[jobs[2]])
	// Output:
	// jobs 0 1 2 cost 6
	// jobs 1 0 2 cost 5
	// found true cost 5 proven true <nil>
	// best jobs 1 0 2
}

// The learning search optimises an objective over literals: here, pick at
// most two of four items with the largest total value, where items 0 and 1
// exclude each other.
func ExampleSolver_MaximizeLearning() {
	s := cp.New()
	item := make([]cp.Var, 4)
	take := make([]cp.Lit, 4)
	for i := range item {
		item[i] = s.NewBool()
		take[i] = cp.Pos(item[i])
	}
	value := []int{5, 4, 3, 1}
	s.AddBoolSum(take, nil, cp.LessEq, 2)
	s.AddClause(cp.Neg(item[0]), cp.Neg(item[1]))

	best, err := s.MaximizeLearning(context.Background(), item, take, value, cp.Limits{}, nil)
	fmt.Printf("%+v %v\n", best, err)
	// Output:
	// {Found:true Value:8 Proven:true Values:[1 0 1 0]} <nil>
}
