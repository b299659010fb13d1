package statespace

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/membudget"
)

// wideCounter is counter with keys too large to keep in the hash table's
// slots, so that the tagged store serves it.
type wideCounter struct{}

func (wideCounter) Successors(k [3]uint64, yield func(int, [3]uint64, int) bool) {
	_ = yield(0, [3]uint64{k[0] + 1, 1, 2}, 1) && yield(1, [3]uint64{2*k[0] + 1, 1, 2}, 1)
}
func (wideCounter) Goal([3]uint64) bool    { return false }
func (wideCounter) Estimate([3]uint64) int { return 0 }

// planeSpace is the plane of integer points, a step to each neighbour,
// for Bidirectional: the key of (x, y) is plane(x, y).
type planeSpace struct{ goal uint64 }

func plane(x, y int32) uint64 { return uint64(uint32(x))<<32 | uint64(uint32(y)) }

func (planeSpace) Successors(k uint64, yield func(int, uint64, int) bool) {
	x, y := int32(k>>32), int32(k)
	_ = yield(0, plane(x+1, y), 1) && yield(1, plane(x-1, y), 1) && yield(2, plane(x, y+1), 1) && yield(3, plane(x, y-1), 1)
}
func (p planeSpace) Predecessors(k uint64, yield func(int, uint64, int) bool) { p.Successors(k, yield) }
func (p planeSpace) Goal(k uint64) bool                                       { return k == p.goal }

// TestMemoryBudget runs every storing search on endless spaces under the
// memory budget a context carries: each must stop with a *membudget.Error
// whose estimate is past the budget, while the memory it held (PeakBytes)
// is still within it, and not far below: the store's estimate, taken
// before each growth, stops the search, not the out-of-memory killer.
func TestMemoryBudget(t *testing.T) {
	const budget = 16 << 20
	ctx := membudget.WithBudget(context.Background(), budget)
	searches := map[string]func() (Result[int], error){
		"bfs/inline":    func() (Result[int], error) { return BFS(ctx, counter{}, 0, Options{Store: StoreHash}) },
		"bfs/tagged":    func() (Result[int], error) { return BFS(ctx, wideCounter{}, [3]uint64{}, Options{}) },
		"astar/inline":  func() (Result[int], error) { return AStar(ctx, counter{}, 0, Options{}) },
		"astar/tagged":  func() (Result[int], error) { return AStar(ctx, wideCounter{}, [3]uint64{}, Options{}) },
		"greedy/inline": func() (Result[int], error) { return Greedy(ctx, counter{}, 0, Options{}) },
		"uniform-cost":  func() (Result[int], error) { return UniformCost(ctx, counter{}, 0, Options{}) },
	}
	for name, search := range searches {
		t.Run(name, func(t *testing.T) {
			res, err := search()
			var be *membudget.Error
			require.True(t, errors.As(err, &be), "err = %v", err)
			assert.Equal(t, Unknown, res.Status)
			assert.Equal(t, int64(budget), be.Budget)
			assert.Greater(t, be.Need, int64(budget))
			assert.Contains(t, be.Error(), "stored states")
			assert.LessOrEqual(t, res.Stats.PeakBytes, int64(budget))
			assert.Greater(t, res.Stats.PeakBytes, int64(budget/8), "stopped too early: %d states", res.Stats.Stored)
		})
	}

	// Bidirectional search on a plane, towards a goal 4,000 steps away:
	// both sides grow, and share the budget.
	far := plane(4000, 0)
	res, err := Bidirectional(ctx, planeSpace{goal: far}, plane(0, 0), []uint64{far}, Options{})
	var be *membudget.Error
	require.True(t, errors.As(err, &be), "err = %v", err)
	assert.Equal(t, int64(budget/2), be.Budget, "each side has half")
	assert.LessOrEqual(t, res.Stats.PeakBytes, int64(budget))
	assert.Greater(t, res.Stats.PeakBytes, int64(budget/8), "stopped too early: %d states", res.Stats.Stored)
	near := plane(40, 0)
	res, err = Bidirectional(ctx, planeSpace{goal: near}, plane(0, 0), []uint64{near}, Options{})
	require.NoError(t, err)
	assert.Len(t, res.Plan, 40)

	// Without a budget, and with one the search fits in, nothing changes.
	g := randomGraphs(7, 1)[0]
	for _, ctx := range []context.Context{context.Background(), ctx} {
		res, err := BFS(ctx, g, g.startKey(), Options{})
		require.NoError(t, err)
		checkResult(t, g, "bfs", res, err, g.optimum(true), true)
	}
}
