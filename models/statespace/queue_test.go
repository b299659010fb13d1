package statespace

import (
	"math/rand/v2"
	"testing"
)

// queued is an entry of TestCostQueue's reference list.
type queued struct {
	p, g int
	id   uint32
}

// TestCostQueue pushes and pops random entries, packed and then widened
// midway by a priority or cost past 16 bits, and checks every pop against
// the reference list: the least priority, and among those the highest
// cost, and an entry that was pushed.
func TestCostQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 200 {
		var q costQueue
		var left []queued
		widenAt := r.IntN(60)
		for step := range 120 {
			if len(left) > 0 && r.IntN(3) == 0 {
				best := left[0]
				for _, e := range left {
					if e.p < best.p || e.p == best.p && e.g > best.g {
						best = e
					}
				}
				id, cost := q.pop()
				i := indexOf(left, best.p, id, cost)
				if i < 0 || cost != uint32(best.g) {
					t.Fatalf("round %d step %d: pop = (%d, %d), want priority %d, cost %d", round, step, id, cost, best.p, best.g)
				}
				left = append(left[:i], left[i+1:]...)
				continue
			}
			e := queued{p: r.IntN(50), g: r.IntN(50), id: uint32(r.IntN(1000))}
			if step >= widenAt && r.IntN(4) == 0 {
				e.p += 1 << 16 * (round % 2)
				e.g += 1 << 16 * (1 - round%2)
			}
			q.push(e.p, e.g, e.id)
			left = append(left, e)
		}
		if q.len() != len(left) {
			t.Fatalf("round %d: %d entries queued, want %d", round, q.len(), len(left))
		}
	}
}

// indexOf returns where left holds an entry of priority p, state id and
// cost g, or -1.
func indexOf(left []queued, p int, id, g uint32) int {
	for i, e := range left {
		if e.p == p && e.id == id && uint32(e.g) == g {
			return i
		}
	}
	return -1
}
