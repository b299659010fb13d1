package statespace_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// glasses holds the water in three glasses of 3, 5 and 8 units. The whole
// state fits in the array, which is comparable: it is its own key.
type glasses [3]int

var capacities = glasses{3, 5, 8}

// pour is an action: pour glass from into glass to until the first is
// empty or the second is full.
type pour struct{ from, to int }

// sharing is the puzzle: the 8 glass is full, and the water must end up
// shared equally, 4 units in the 5 glass and 4 in the 8 glass, with no
// other measure than the glasses themselves.
type sharing struct{}

// Successors lists the pours that move some water, with the state each
// leads to; every pour counts 1.
func (sharing) Successors(g glasses, yield func(pour, glasses, int) bool) {
	for from := range g {
		for to := range g {
			moved := min(g[from], capacities[to]-g[to])
			if from == to || moved == 0 {
				continue
			}
			next := g
			next[from] -= moved
			next[to] += moved
			if !yield(pour{from, to}, next, 1) {
				return
			}
		}
	}
}

// Goal reports whether the water is shared.
func (sharing) Goal(g glasses) bool { return g[1] == 4 && g[2] == 4 }

// Bringing a puzzle of one's own: a state type, an action type, and the
// two methods of Space. BFS then finds a plan with the fewest actions, or
// proves that there is none.
func Example() {
	start := glasses{0, 0, 8}
	res, err := statespace.BFS(context.Background(), sharing{}, start, statespace.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v in %d pours, %d states stored\n", res.Status, len(res.Plan), res.Stats.Stored)
	g := start
	for _, p := range res.Plan {
		moved := min(g[p.from], capacities[p.to]-g[p.to])
		g[p.from] -= moved
		g[p.to] += moved
		fmt.Printf("pour the %d glass into the %d glass: %v\n", capacities[p.from], capacities[p.to], g)
	}
	// Output:
	// solved in 7 pours, 16 states stored
	// pour the 8 glass into the 5 glass: [0 5 3]
	// pour the 5 glass into the 3 glass: [3 2 3]
	// pour the 3 glass into the 8 glass: [0 2 6]
	// pour the 5 glass into the 3 glass: [2 0 6]
	// pour the 8 glass into the 5 glass: [2 5 1]
	// pour the 5 glass into the 3 glass: [3 4 1]
	// pour the 3 glass into the 8 glass: [0 4 4]
}
