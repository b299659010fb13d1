package watersort_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/watersort"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// Two colours, one empty bottle: bottom to top, bottle 1 holds 0 1 0 and
// bottle 2 holds 1 0 1.
func level() *watersort.Puzzle {
	return &watersort.Puzzle{
		Capacity: 3,
		Bottles:  [][]int{{0, 1, 0}, {1, 0, 1}, {}, {}},
		Colors:   []string{"red", "blue"},
	}
}

func ExampleSolve() {
	p := level()
	res, err := watersort.Solve(context.Background(), p, watersort.Options{Rule: watersort.Whole, Method: watersort.BFS})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, len(res.Plan), "moves, optimal:", res.Optimal)
	fmt.Println("check:", watersort.Check(p, watersort.Whole, res.Plan))
	// Output:
	// solved 5 moves, optimal: true
	// check: <nil>
}

func ExampleCheck() {
	p := level()
	err := watersort.Check(p, watersort.Whole, watersort.Plan{{From: 0, To: 2}, {From: 1, To: 2}})
	fmt.Println(err)
	// Output:
	// wrong plan: move 2: bottle 2 shows blue on top, bottle 3 shows red
}

// The transition system: legal moves from a state, and their effect.
func ExampleState() {
	s, err := level().Start()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Moves(watersort.Fits))
	t, _ := s.Apply(watersort.Fits, watersort.Move{From: 1, To: 2})
	fmt.Println(t.Bottle(1), t.Bottle(2), t.Solved())
	// Output:
	// [pour 1 into 3 pour 1 into 4 pour 2 into 3 pour 2 into 4]
	// [1 0] [1] false
}

// The bounded-horizon SAT method: plans of exactly k moves for growing k on
// one incremental gini solver; the first satisfiable horizon is the optimum.
func ExampleSolveSAT() {
	p := level()
	res, err := watersort.SolveSAT(context.Background(), p, gini.New(), watersort.SATOptions{Rule: watersort.Whole, FromZero: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range res.Rounds {
		fmt.Println(r.K, "moves:", r.Answer)
	}
	fmt.Println(res.Status, len(res.Plan), "moves; check:", watersort.Check(p, watersort.Whole, res.Plan))
	// Output:
	// 0 moves: none
	// 1 moves: none
	// 2 moves: none
	// 3 moves: none
	// 4 moves: none
	// 5 moves: plan
	// solved 5 moves; check: <nil>
}
