package statespace

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// randomGraphs draws the graphs the cross-checks run on: small ones,
// sparse and dense, solvable and not.
func randomGraphs(seed uint64, count int) []*graph {
	r := rand.New(rand.NewPCG(seed, 12))
	var gs []*graph
	for range count {
		n := 1 + r.IntN(10)
		gs = append(gs, randomGraph(r, n, []float64{0.1, 0.2, 0.4}[r.IntN(3)], 1+r.IntN(9)))
	}
	return gs
}

// checkResult asserts that res answers g as the brute force does: want
// is the optimum (-1: unsolvable), and a plan must replay to a goal at
// cost want, or, for a non-optimal search, any cost.
func checkResult(t *testing.T, g *graph, name string, res Result[int], err error, want int, unit bool) {
	t.Helper()
	require.NoError(t, err, "%s on %v", name, g)
	if want < 0 {
		assert.Equal(t, Unsolvable, res.Status, "%s on %v", name, g)
		return
	}
	require.Equal(t, Solved, res.Status, "%s on %v", name, g)
	cost, err := g.replay(res.Plan)
	require.NoError(t, err, "%s on %v", name, g)
	if unit {
		cost = len(res.Plan)
	}
	assert.Equal(t, cost, res.Cost, "%s: the reported cost", name)
	if res.Optimal {
		assert.Equal(t, want, cost, "%s on %v", name, g)
	}
}

func TestSearchesAgreeWithBruteForce(t *testing.T) {
	ctx := context.Background()
	for i, g := range randomGraphs(1, 400) {
		unitOpt, costOpt := g.optimum(true), g.optimum(false)
		for _, store := range []StoreKind{StoreAuto, StoreHash, StoreDense} {
			res, err := BFS(ctx, g, g.startKey(), Options{Store: store})
			checkResult(t, g, "BFS/"+store.String(), res, err, unitOpt, true)
		}
		res, err := BFS(ctx, g.wide(), g.wide().startKey(), Options{})
		checkResult(t, g, "BFS/wide keys", res, err, unitOpt, true)
		res, err = Bidirectional(ctx, g, g.startKey(), g.goals(), Options{})
		checkResult(t, g, "Bidirectional", res, err, unitOpt, true)

		res, err = UniformCost(ctx, g, g.startKey(), Options{})
		checkResult(t, g, "UniformCost", res, err, costOpt, false)
		res, err = AStar(ctx, g, g.startKey(), Options{})
		checkResult(t, g, "AStar", res, err, costOpt, false)
		res, err = AStar(ctx, g.wide(), g.wide().startKey(), Options{})
		checkResult(t, g, "AStar/wide keys", res, err, costOpt, false)
		res, err = Greedy(ctx, g, g.startKey(), Options{Weight: i % 3})
		checkResult(t, g, "Greedy", res, err, costOpt, false)
		if len(res.Plan) > 0 {
			assert.False(t, res.Optimal)
		}

		// IDA* visits paths, not states: on cyclic graphs their number
		// grows exponentially with the cost, so it searches within 15.
		w := g.walker()
		res, err = IDAStar(ctx, w, Options{MaxCost: 15})
		if costOpt > 15 {
			costOpt = -1
		}
		checkResult(t, g, "IDAStar", res, err, costOpt, false)
		assert.Equal(t, g.start, w.at, "IDAStar leaves the walker where it started")
		assert.Empty(t, w.prev)
	}
}

// TestAStarOptimalWithInconsistentEstimates checks that the random
// estimates, admissible but mostly not consistent, do make A* expand some
// states twice, so that the test above covers reopening.
func TestAStarOptimalWithInconsistentEstimates(t *testing.T) {
	reopened := 0
	for _, g := range randomGraphs(2, 300) {
		res, err := AStar(context.Background(), g, g.startKey(), Options{})
		require.NoError(t, err)
		if res.Stats.Expanded > res.Stats.Stored {
			reopened++
		}
		if want := g.optimum(false); want >= 0 {
			cost, err := g.replay(res.Plan)
			require.NoError(t, err)
			assert.Equal(t, want, cost)
		}
	}
	assert.Positive(t, reopened, "some graph made A* expand a state twice")
}

func TestMaxCost(t *testing.T) {
	ctx := context.Background()
	for _, g := range randomGraphs(3, 200) {
		unitOpt, costOpt := g.optimum(true), g.optimum(false)
		for _, limit := range []int{1, 3, 8} {
			res, err := BFS(ctx, g, g.startKey(), Options{MaxCost: limit})
			require.NoError(t, err)
			if unitOpt < 0 || unitOpt > limit {
				assert.Equal(t, Unsolvable, res.Status, "BFS within %d on %v", limit, g)
			} else {
				assert.Len(t, res.Plan, unitOpt)
			}
			for name, search := range map[string]func() (Result[int], error){
				"UniformCost": func() (Result[int], error) { return UniformCost(ctx, g, g.startKey(), Options{MaxCost: limit}) },
				"AStar":       func() (Result[int], error) { return AStar(ctx, g, g.startKey(), Options{MaxCost: limit}) },
				"IDAStar":     func() (Result[int], error) { return IDAStar(ctx, g.walker(), Options{MaxCost: limit}) },
			} {
				res, err := search()
				require.NoError(t, err)
				if costOpt < 0 || costOpt > limit {
					assert.Equal(t, Unsolvable, res.Status, "%s within %d on %v", name, limit, g)
				} else {
					assert.Equal(t, costOpt, res.Cost, "%s within %d on %v", name, limit, g)
				}
			}
		}
	}
}

func TestExplore(t *testing.T) {
	for _, g := range randomGraphs(4, 200) {
		reach, err := Explore(context.Background(), g, g.startKey(), Options{})
		require.NoError(t, err)
		n, depth := 0, 0
		for _, d := range g.distances(true) {
			if d != int(^uint(0)>>1) {
				n++
				depth = max(depth, d)
			}
		}
		assert.Equal(t, int64(n), reach.States, "%v", g)
		assert.Equal(t, depth, reach.Depth, "%v", g)
	}
}

// TestExploreBound checks that the bound covers every shortest plan on
// random graphs, and that a space too large for the limit gives none.
func TestExploreBound(t *testing.T) {
	for _, g := range randomGraphs(4, 200) {
		bound, reach, err := ExploreBound(context.Background(), g, g.startKey(), Options{})
		require.NoError(t, err)
		assert.Equal(t, max(reach.Depth, 1), bound)
		res, err := BFS(context.Background(), g, g.startKey(), Options{})
		require.NoError(t, err)
		if res.Status == Solved {
			assert.LessOrEqual(t, len(res.Plan), bound, "%v", g)
		}
	}
	_, _, err := ExploreBound(context.Background(), counter{}, 0, Options{MaxStates: 100, Store: StoreHash})
	assert.ErrorIs(t, err, ErrLimit)
}

// counter is an endless space: from k, k+1 and 2k+1; no goal.
type counter struct{}

func (counter) Successors(k uint64, yield func(int, uint64, int) bool) {
	_ = yield(0, k+1, 1) && yield(1, 2*k+1, 1)
}
func (counter) Goal(uint64) bool      { return false }
func (counter) Estimate(uint64) int   { return 0 }
func (counter) Index(k uint64) uint64 { return k % (1 << 20) } // wrong beyond 2^20: only for the limit tests
func (counter) Size() uint64          { return 1 << 20 }
func (counter) Predecessors(k uint64, yield func(int, uint64, int) bool) {
	if k > 0 && !yield(0, k-1, 1) {
		return
	}
	if k%2 == 1 {
		yield(1, k/2, 1)
	}
}

func TestLimits(t *testing.T) {
	ctx := context.Background()
	res, err := BFS(ctx, counter{}, 0, Options{MaxStates: 100, Store: StoreHash})
	assert.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, Unknown, res.Status)
	assert.Equal(t, int64(101), res.Stats.Stored)
	assert.Positive(t, res.Stats.Expanded)

	res, err = AStar(ctx, counter{}, 0, Options{MaxStates: 1000})
	assert.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, int64(1001), res.Stats.Stored)

	res, err = UniformCost(ctx, counter{}, 0, Options{MaxBytes: 1 << 20})
	assert.ErrorIs(t, err, ErrLimit)
	assert.LessOrEqual(t, res.Stats.PeakBytes, int64(1<<20), "the search stops before its next growth passes the limit")
	assert.Greater(t, res.Stats.PeakBytes, int64(1<<18), "and not long before")

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	res, err = BFS(cancelled, counter{}, 0, Options{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, Unknown, res.Status)

	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	res, err = IDAStar(short, &countWalker{}, Options{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Positive(t, res.Stats.Expanded)

	res, err = Bidirectional(cancelled, counter{}, 0, []uint64{1 << 62}, Options{})
	assert.ErrorIs(t, err, context.Canceled)
	res, err = Bidirectional(ctx, counter{}, 0, []uint64{1 << 62}, Options{MaxStates: 500})
	assert.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, int64(501), res.Stats.Stored)

	_, err = AStar(ctx, counter{}, 0, Options{Store: StoreDense})
	assert.Error(t, err, "best-first search cannot run on the dense store")
}

// countWalker walks an endless binary tree of unit actions.
type countWalker struct{ depth int }

func (w *countWalker) Estimate() int           { return 0 }
func (w *countWalker) Goal() bool              { return false }
func (w *countWalker) Actions(dst []int) []int { return append(dst, 0, 1) }
func (w *countWalker) Do(int) (int, int)       { w.depth++; return 1, 0 }
func (w *countWalker) Undo(int)                { w.depth-- }
func (counter) Hash(k uint64) uint64           { return mix64(k) }

func TestHorizonEnginesAgreeWithBruteForce(t *testing.T) {
	ctx := context.Background()
	open := func() (sat.Solver, error) { return gini.New(), nil }
	for _, g := range randomGraphs(5, 150) {
		want := g.optimum(true)
		base := &graphSAT{g: g}
		models := map[string]SATModel[[]sat.Lit, satStep, int]{
			"forward":  base,
			"backward": graphSATBackward{base},
			"reified":  graphSATReified{base},
		}
		// A shortest plan has at most n-1 actions (n: a valid bound when
		// n = 1, where 0 would mean no bound).
		bound := max(g.n-1, 1)
		for name, m := range models {
			for _, fresh := range []bool{false, true} {
				for _, proof := range []HorizonOptions{{Bound: bound}, {Complete: true}} {
					opts := SATOptions{HorizonOptions: proof}
					if fresh {
						opts.Fresh = open
					}
					res, err := SolveSAT(ctx, m, gini.New(), opts)
					checkHorizon(t, g, "SAT/"+name, res, err, want, proof)
				}
			}
		}
		for _, proof := range []HorizonOptions{{Bound: bound}, {Complete: true}} {
			res, err := SolveCP(ctx, &graphCP{g}, proof)
			checkHorizon(t, g, "CP", res, err, want, proof)
		}
		if g.n <= 6 {
			// The budget is the total cost. A cheapest plan is a simple
			// path, so it costs at most the n-1 dearest edges together.
			costs := make([]int, 0, len(g.edges))
			for _, e := range g.edges {
				costs = append(costs, e.cost)
			}
			slices.Sort(costs)
			most := 1
			for _, c := range costs[max(len(costs)-(g.n-1), 0):] {
				most += c
			}
			opts := HorizonOptions{Bound: most}
			res, err := SolveSAT(ctx, graphSATBudget{&graphSAT{g: g, budget: true}}, gini.New(), SATOptions{HorizonOptions: opts})
			checkHorizon(t, g, "SAT/budget", res, err, g.optimum(false), opts)
		}
	}
}

func checkHorizon(t *testing.T, g *graph, name string, res HorizonResult[int], err error, want int, opts HorizonOptions) {
	t.Helper()
	require.NoError(t, err, "%s on %v", name, g)
	if want < 0 {
		require.Equal(t, Unsolvable, res.Status, "%s on %v", name, g)
		if opts.Complete {
			assert.Equal(t, ProofLoopFree, res.Proof)
			assert.Less(t, res.LongestPath, g.n, "a loop-free path visits each node once")
		} else {
			assert.Equal(t, ProofBound, res.Proof)
		}
		return
	}
	require.Equal(t, Solved, res.Status, "%s on %v", name, g)
	assert.Equal(t, want, res.Horizon, "%s on %v", name, g)
	_, err = g.replay(res.Plan)
	assert.NoError(t, err)
	require.NotEmpty(t, res.Rounds)
	last := res.Rounds[len(res.Rounds)-1]
	assert.Equal(t, AnswerPlan, last.Answer)
	for _, rd := range res.Rounds[:len(res.Rounds)-1] {
		assert.Equal(t, AnswerNone, rd.Answer)
	}
}

func TestHorizonLimits(t *testing.T) {
	ctx := context.Background()
	// A path 0 -> 1 -> ... -> 9 with the goal at 9.
	g := &graph{n: 10, out: make([][]int, 10), in: make([][]int, 10), goal: make([]bool, 10), h: make([]int, 10)}
	for v := range 9 {
		g.addEdge(v, v+1, 1)
	}
	g.goal[9] = true
	res, err := SolveSAT(ctx, &graphSAT{g: g}, gini.New(), SATOptions{HorizonOptions: HorizonOptions{MaxHorizon: 5}})
	assert.ErrorIs(t, err, ErrHorizon)
	assert.Len(t, res.Rounds, 6)
	res, err = SolveSAT(ctx, &graphSAT{g: g}, gini.New(), SATOptions{HorizonOptions: HorizonOptions{MaxClauses: 300}})
	assert.ErrorIs(t, err, ErrFormulaLimit)
	res, err = SolveSAT(ctx, &graphSAT{g: g}, gini.New(), SATOptions{HorizonOptions: HorizonOptions{From: 7}})
	require.NoError(t, err)
	assert.Equal(t, 9, res.Horizon)
	assert.Len(t, res.Rounds, 3, "horizons 7, 8 and 9")
	rounds := 0
	res, err = SolveSAT(ctx, &graphSAT{g: g}, gini.New(), SATOptions{HorizonOptions: HorizonOptions{Progress: func(Round) { rounds++ }}})
	require.NoError(t, err)
	assert.Equal(t, 10, rounds)
	tot := res.Totals()
	assert.Equal(t, int64(10), tot.SAT.Solves)
	assert.Equal(t, 9, tot.K)

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = SolveSAT(cancelled, &graphSAT{g: g}, gini.New(), SATOptions{})
	assert.ErrorIs(t, err, context.Canceled)
	_, err = SolveCP(cancelled, &graphCP{g}, HorizonOptions{})
	assert.ErrorIs(t, err, context.Canceled)
	_, err = SolveSAT(ctx, &graphSAT{g: g}, gini.New(), SATOptions{HorizonOptions: HorizonOptions{From: -1}})
	assert.Error(t, err)
	failing := func() (sat.Solver, error) { return nil, errors.New("no backend") }
	_, err = SolveSAT(ctx, &graphSAT{g: g}, nil, SATOptions{Fresh: failing})
	assert.ErrorContains(t, err, "no backend")
	_, err = SolveSAT(ctx, &graphSAT{g: g}, nil, SATOptions{})
	assert.Error(t, err, "no solver at all")
}
