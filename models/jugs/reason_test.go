package jugs

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestImpossible(t *testing.T) {
	for _, tc := range []struct {
		p    Puzzle
		want string
	}{
		{Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: GoalAny, Target: 9}, "no jug holds 9: the largest holds 5"},
		{Puzzle{Capacities: []int{6, 4}, Initial: []int{0, 0}, Tap: true, Goal: GoalAny, Target: 1},
			"every amount is a multiple of 2, the gcd of the capacities and the amounts at the start, and 1 is not"},
		{Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: GoalTotal, Target: 9}, "the jugs hold at most 8 in all, less than 9"},
		{Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: GoalTotal, Target: 4}, "without a tap the jugs always hold 8 in all, not 4"},
		{Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: GoalState, GoalState: []int{1, 1}},
			"with two jugs and a tap every reachable state has a jug empty or full, and (1, 1) has neither"},
		{Puzzle{Capacities: []int{3, 1, 1, 13}, Initial: []int{0, 0, 1, 13}, Goal: GoalAny, Target: 4},
			"without a tap the jugs always hold 14 in all, and no jug can hold 4 while the others hold the other 10"},
		{Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: GoalAny, Target: 4}, ""},
	} {
		assert.Equal(t, tc.want, Impossible(&tc.p), "%+v", tc.p)
	}
}

// TestImpossibleAgreesWithDecide: every puzzle Decide proves unsolvable
// gets a reason, and no other puzzle does, on random small puzzles.
func TestImpossibleAgreesWithDecide(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		n := 2 + r.IntN(2)
		p := Puzzle{Tap: r.IntN(2) == 0, Goal: Goal(r.IntN(3))}
		for range n {
			c := 1 + r.IntN(9)
			p.Capacities = append(p.Capacities, c)
			init := 0
			if !p.Tap || r.IntN(3) == 0 {
				init = r.IntN(c + 1)
			}
			p.Initial = append(p.Initial, init)
			v := DontCare
			if r.IntN(3) > 0 {
				v = r.IntN(c + 1)
			}
			p.GoalState = append(p.GoalState, v)
		}
		p.Target = r.IntN(20)
		if p.Validate() != nil {
			continue
		}
		solvable, decided := Decide(&p)
		assert.Equal(t, decided && !solvable, Impossible(&p) != "", "%+v", p)
	}
}
