package watersort

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// smallLevel draws a random small level: 3 to 5 colours of capacity 2 to 4
// and one or two empty bottles, so the whole reachable space is small and
// both solvable and unsolvable levels occur.
func smallLevel(t *rapid.T) *Puzzle {
	colours := rapid.IntRange(2, 5).Draw(t, "colours")
	capacity := rapid.IntRange(2, 4).Draw(t, "capacity")
	empty := rapid.IntRange(1, 2).Draw(t, "empty")
	seed := rapid.Uint64().Draw(t, "seed")
	p, err := Generate(colours+empty, capacity, empty, seed)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// naive explores the canonical state space through the exported State API
// with every legal move and no pruning, keyed by a Go map: a slow and
// obviously right reference. It returns the number of reachable canonical
// states and the distance to the nearest solved state (-1 if none).
func naive(p *Puzzle, rule Rule) (reachable, distance int) {
	start, err := p.Start()
	if err != nil {
		panic(err)
	}
	key := func(s State) string {
		bottles := make([]string, s.NumBottles())
		for i := range bottles {
			bottles[i] = fmt.Sprint(s.Bottle(i))
		}
		slices.Sort(bottles)
		return strings.Join(bottles, "|")
	}
	seen := map[string]bool{key(start): true}
	distance = -1
	layer := []State{start}
	for d := 0; len(layer) > 0; d++ {
		var next []State
		for _, s := range layer {
			if s.Solved() && distance < 0 {
				distance = d
			}
			for _, m := range s.Moves(rule) {
				t, err := s.Apply(rule, m)
				if err != nil {
					panic(err)
				}
				if k := key(t); !seen[k] {
					seen[k] = true
					next = append(next, t)
				}
			}
		}
		layer = next
	}
	return len(seen), distance
}

// TestSearchAgreesWithNaive checks the pruned, packed searches against the
// naive reference: the same optimum for BFS and A*, a valid plan for greedy,
// and on unsolvable levels exactly the same number of reachable states (the
// pruning drops no state).
func TestSearchAgreesWithNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := smallLevel(t)
		rule := rapid.SampledFrom([]Rule{Whole, Fits}).Draw(t, "rule")
		reachable, distance := naive(p, rule)
		for _, m := range []Method{BFS, AStar, Greedy} {
			res, err := Solve(context.Background(), p, Options{Rule: rule, Method: m})
			require.NoError(t, err)
			if distance < 0 {
				require.Equal(t, Unsolvable, res.Status, "%v", m)
				require.EqualValues(t, reachable, res.Stats.Stored, "%v stores every reachable state", m)
				continue
			}
			require.Equal(t, Solved, res.Status, "%v", m)
			require.NoError(t, Check(p, rule, res.Plan), "%v", m)
			if m == Greedy {
				require.GreaterOrEqual(t, len(res.Plan), distance)
				continue
			}
			require.True(t, res.Optimal)
			require.Equal(t, distance, len(res.Plan), "%v finds the optimum", m)
		}
	})
}

// TestLowerBound checks that the A* estimate never exceeds the moves left
// along an optimal plan, is 0 exactly on solved states, and drops by at most
// one a move (consistency) along random walks.
func TestLowerBound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := smallLevel(t)
		rule := rapid.SampledFrom([]Rule{Whole, Fits}).Draw(t, "rule")
		s, err := p.Start()
		require.NoError(t, err)
		h := func(s State) int { return s.l.lowerBound(s.codes) }
		res, err := Solve(context.Background(), p, Options{Rule: rule, Method: BFS})
		require.NoError(t, err)
		if res.Status == Solved {
			cur := s
			for k, m := range res.Plan {
				require.LessOrEqual(t, h(cur), len(res.Plan)-k, "admissible")
				cur, err = cur.Apply(rule, m)
				require.NoError(t, err)
			}
			require.Equal(t, 0, h(cur))
		}
		cur := s
		for range 30 {
			moves := cur.Moves(rule)
			if len(moves) == 0 {
				break
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			next, err := cur.Apply(rule, m)
			require.NoError(t, err)
			require.LessOrEqual(t, h(cur), h(next)+1, "consistent")
			require.Equal(t, next.Solved(), h(next) == 0 && next.Solved())
			cur = next
		}
	})
}

// TestBottleOrder: shuffling the bottles changes neither the optimum nor
// the validity of the plan, which must name the shuffled bottles.
func TestBottleOrder(t *testing.T) {
	p, err := Generate(8, 4, 2, 11)
	require.NoError(t, err)
	base, err := Solve(context.Background(), p, Options{})
	require.NoError(t, err)
	require.Equal(t, Solved, base.Status)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		q := p.Clone()
		rng.Shuffle(len(q.Bottles), func(i, j int) { q.Bottles[i], q.Bottles[j] = q.Bottles[j], q.Bottles[i] })
		for _, m := range []Method{BFS, AStar} {
			res, err := Solve(context.Background(), q, Options{Method: m})
			require.NoError(t, err)
			require.NoError(t, Check(q, Whole, res.Plan))
			assert.Len(t, res.Plan, len(base.Plan))
		}
	}
}

func TestSolveStops(t *testing.T) {
	p, err := Generate(14, 4, 2, 3)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, p, Options{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, Unknown, res.Status)

	res, err = Solve(context.Background(), p, Options{MaxStates: 100})
	assert.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, Unknown, res.Status)
	assert.GreaterOrEqual(t, res.Stats.Stored, int64(100))
	assert.Positive(t, res.Stats.PeakBytes)
}

func TestSolveTrivial(t *testing.T) {
	solved := &Puzzle{Capacity: 2, Bottles: [][]int{{0, 0}, {}, {1, 1}}}
	for _, m := range []Method{BFS, AStar, Greedy} {
		res, err := Solve(context.Background(), solved, Options{Method: m})
		require.NoError(t, err)
		assert.Equal(t, Solved, res.Status)
		assert.Empty(t, res.Plan)
		assert.True(t, res.Optimal)
	}
	_, err := Solve(context.Background(), &Puzzle{Capacity: 2, Bottles: [][]int{{0}}}, Options{})
	assert.ErrorIs(t, err, ErrInvalidPuzzle)
}

// TestPack checks that packing sorted bottle codes loses nothing, at
// widths where bottles straddle words.
func TestPack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		capacity := rapid.IntRange(1, 16).Draw(t, "capacity")
		most := MaxColors
		if w := 64 / capacity; w < 8 {
			most = 1<<w - 1
		}
		colours := rapid.IntRange(1, most).Draw(t, "colours")
		n := rapid.IntRange(1, 40).Draw(t, "bottles")
		l := &layout{capacity: capacity, bottles: n}
		for l.width = 1; 1<<l.width <= colours; l.width++ {
		}
		l.words = (n*capacity*int(l.width) + 63) / 64
		codes := make([]uint64, n)
		for i := range codes {
			h := rapid.IntRange(0, capacity).Draw(t, "height")
			for k := range h {
				codes[i] |= uint64(rapid.IntRange(1, colours).Draw(t, "colour")) << (uint(k) * l.width)
			}
		}
		key := make([]uint64, l.words)
		l.pack(codes, key)
		got := make([]uint64, n)
		l.unpack(key, got)
		require.Equal(t, codes, got)
	})
}

// TestRandomLarge decides generated levels of 20, 30 and 40 bottles under
// both rules (with -long only: it takes seconds): a plan that passes the
// checker or a proof of unsolvability, never an unknown.
func TestRandomLarge(t *testing.T) {
	if !*long {
		t.Skip("slow; run with -long")
	}
	for _, n := range []int{20, 30, 40} {
		for seed := uint64(1); seed <= 3; seed++ {
			p, err := Generate(n, 4, 2, seed)
			require.NoError(t, err)
			for _, rule := range []Rule{Whole, Fits} {
				res, err := Solve(t.Context(), p, Options{Rule: rule, Method: Greedy})
				require.NoError(t, err)
				require.NotEqual(t, Unknown, res.Status)
				if res.Status == Solved {
					require.NoError(t, Check(p, rule, res.Plan))
				}
				t.Logf("n=%d seed=%d %v: %v, %d moves, %d states", n, seed, rule, res.Status, len(res.Plan), res.Stats.Stored)
			}
		}
	}
}

// TestGreedyWeight: weighted greedy search gives valid plans, not claimed
// optimal, and never shorter than the optimum.
func TestGreedyWeight(t *testing.T) {
	p, err := Generate(10, 4, 2, 5)
	require.NoError(t, err)
	best, err := Solve(t.Context(), p, Options{Method: AStar})
	require.NoError(t, err)
	require.Equal(t, Solved, best.Status)
	for _, w := range []int{0, 1, 2, 5} {
		res, err := Solve(t.Context(), p, Options{Method: Greedy, Weight: w})
		require.NoError(t, err)
		require.Equal(t, Solved, res.Status)
		require.NoError(t, Check(p, Whole, res.Plan))
		assert.False(t, res.Optimal)
		assert.GreaterOrEqual(t, len(res.Plan), len(best.Plan), "weight %d", w)
	}
}
