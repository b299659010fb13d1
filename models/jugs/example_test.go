package jugs_test

import (
	"context"
	"fmt"

	"waterworks/models/jugs"
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
