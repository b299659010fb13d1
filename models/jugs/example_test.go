package jugs_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// The puzzle from "Die Hard with a Vengeance": with a 3 and a 5 gallon jug
// and a fountain, measure exactly 4 gallons.
func ExampleBFS() {
	p := &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalAny, Target: 4}
	r, err := jugs.BFS(context.Background(), p, jugs.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", len(r.Plan), "check:", jugs.Check(p, r.Plan))
	s := p.Start()
	for _, a := range r.Plan {
		p.Apply(s, a)
		fmt.Printf("%-16v %v\n", a, s)
	}
	// Output:
	// steps: 6 check: <nil>
	// fill(1)          [0 5]
	// pour(1,0)        [3 2]
	// empty(0)         [0 2]
	// pour(1,0)        [2 0]
	// fill(1)          [2 5]
	// pour(1,0)        [3 4]
}

// Number theory settles two jugs with a tap: amounts are multiples of
// gcd(6, 4) = 2, so 1 is out of reach.
func ExampleDecide() {
	p := &jugs.Puzzle{Capacities: []int{6, 4}, Initial: []int{0, 0}, Tap: true, Target: 1}
	solvable, decided := jugs.Decide(p)
	fmt.Println(solvable, decided)
	// Output: false true
}

// A bounded-horizon search asks "is there a plan of exactly k actions?"
// for k = 0, 1, 2, ... on one incremental SAT solver: the first k
// answered yes is the optimum, and the no answers before it the proof.
func ExampleSolveSAT() {
	p := &jugs.Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, 4, 0}}
	r, err := jugs.SolveSAT(context.Background(), p, gini.New(), jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: 20}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps:", len(r.Plan), "check:", jugs.Check(p, r.Plan))
	for _, round := range r.Rounds {
		fmt.Printf("k=%d %v\n", round.K, round.Answer)
	}
	// Output:
	// steps: 7 check: <nil>
	// k=0 none
	// k=1 none
	// k=2 none
	// k=3 none
	// k=4 none
	// k=5 none
	// k=6 none
	// k=7 plan
}

// The same rounds on the cp core. With Complete, an engine also proves
// unsolvability: here no loop-free path of more than 15 actions leaves the
// start, and no plan of at most 15 actions reaches the goal.
func ExampleSolveCP() {
	p := &jugs.Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, 2, 2}}
	r, err := jugs.SolveCP(context.Background(), p, jugs.CPOptions{HorizonOptions: jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{Complete: true}}})
	fmt.Println(r.Solvable(), r.LongestPath, err)
	// Output: false 15 <nil>
}
