package aqcp_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/internal/cpuclock"
)

// benchSolveUnique solves p and proves the solution unique, as
// "aquarium solve --unique" does.
func benchSolveUnique(b *testing.B, p *aquarium.Puzzle, rule aquarium.Rule) {
	b.ReportAllocs()
	var nodes int64
	defer cpuclock.Report(b, cpuclock.Process())
	for b.Loop() {
		res, err := aqcp.SolveCP(context.Background(), p, rule, 2, cp.Limits{})
		if err != nil || len(res.Solutions) != 1 || !res.Exhausted {
			b.Fatalf("want one solution, got %d (exhausted %v, error %v)", len(res.Solutions), res.Exhausted, err)
		}
		nodes = res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkCorpus solves each unique corpus puzzle and proves it unique,
// one sub-benchmark per puzzle, named by size so that medians can be taken
// per size.
func BenchmarkCorpus(b *testing.B) {
	for _, c := range aqcorpus.Load(b) {
		if !c.IsUnique() {
			continue
		}
		b.Run(fmt.Sprintf("%dx%d/%s", c.Width, c.Height, c.ID), func(b *testing.B) {
			benchSolveUnique(b, c.Puzzle(), aquarium.RegionRule)
		})
	}
}

// randomUniqueSeeds are seeds of RandomPuzzle (size n×n, aquariums of up to
// 2n cells, every clue given) whose puzzles have exactly one solution under
// the region rule, found by TestRandomBenchPuzzlesAreUnique.
var randomUniqueSeeds = map[int][]uint64{
	20:  {0, 1, 2, 3, 4},
	50:  {1, 2, 3, 4, 5},
	100: {0, 1, 2, 3, 4, 5, 6, 7},
	200: {0, 4, 5, 6},
}

func randomBenchPuzzle(n int, seed uint64) *aquarium.Puzzle {
	p, _ := generate.RandomPuzzle(rand.New(rand.NewPCG(seed, 99)), n, n, 2*n, aquarium.RegionRule, 0)
	return p
}

// BenchmarkRandom solves random puzzles of growing size and proves them
// unique.
func BenchmarkRandom(b *testing.B) {
	for _, n := range []int{20, 50, 100, 200} {
		for _, seed := range randomUniqueSeeds[n] {
			b.Run(fmt.Sprintf("%dx%d/seed=%d", n, n, seed), func(b *testing.B) {
				benchSolveUnique(b, randomBenchPuzzle(n, seed), aquarium.RegionRule)
			})
		}
	}
}

func grownBenchPuzzle(n int, seed uint64) *aquarium.Puzzle {
	p, _ := generate.GrownPuzzle(rand.New(rand.NewPCG(seed, 14)), n, n, generate.GrownAquariums(n, n), aquarium.RegionRule)
	return p
}

// grownFailures is the number of conflicts of BenchmarkGrownNodes.
var grownFailures = flag.Int64("grown.failures", 2000, "BenchmarkGrownNodes: conflicts per run (probing at the root is most of the default run; some 20000 make the store of learned clauses matter)")

// BenchmarkGrownNodes measures the cost of a search node on grown grids
// (generate.GrownPuzzle, the family of 'aquarium generate --layout
// grown'): each run searches a fixed number of conflicts (-grown.failures),
// so that the same nodes are visited whatever the speed, and reports the
// time and the propagator runs per node; cpu-ns/node is the CPU time of a
// whole run (model, probing at the root and search) per node.
func BenchmarkGrownNodes(b *testing.B) {
	for _, n := range []int{150, 250} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			p := grownBenchPuzzle(n, 1)
			b.ReportAllocs()
			var st cp.Stats
			cpu0 := cpuclock.Process()
			for b.Loop() {
				res, err := aqcp.SolveCP(context.Background(), p, aquarium.RegionRule, 2, cp.Limits{Failures: *grownFailures})
				if err != nil && !errors.Is(err, cp.ErrLimit) {
					b.Fatal(err)
				}
				st = res.Stats
			}
			b.ReportMetric(float64(st.Nodes), "nodes")
			b.ReportMetric(float64(st.Propagations)/float64(st.Nodes), "props/node")
			cpuclock.Report(b, cpu0)
			b.ReportMetric(float64((cpuclock.Process()-cpu0).Nanoseconds())/float64(b.N)/float64(st.Nodes), "cpu-ns/node")
		})
	}
}

// BenchmarkRandomPool builds the CP model of random puzzles under the pool
// rule (every clue given, the filling one the pool rule allows) and counts
// their solutions to two; building, where the level variables go, is most
// of the work on the 50x50 grid, search on the 100x100 ones. (Seed 1 at
// 200x200 searches for minutes.)
func BenchmarkRandomPool(b *testing.B) {
	for _, n := range []int{50, 100} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			p, _ := generate.RandomPuzzle(rand.New(rand.NewPCG(1, 99)), n, n, 2*n, aquarium.PoolRule, 0)
			b.ReportAllocs()
			var nodes int64
			defer cpuclock.Report(b, cpuclock.Process())
			for b.Loop() {
				res, err := aqcp.SolveCP(context.Background(), p, aquarium.PoolRule, 2, cp.Limits{})
				if err != nil || len(res.Solutions) == 0 {
					b.Fatalf("want a solution, got %d (error %v)", len(res.Solutions), err)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
	// One seed measures the luck of one search as much as the engine: a
	// change of the order in which propagators run, or of the explanation
	// one of them picks, changes which clause is learned and so the rest
	// of the search. Eight seeds together measure the search.
	b.Run("100x100/seeds=1-8", func(b *testing.B) {
		var puzzles []*aquarium.Puzzle
		for seed := uint64(1); seed <= 8; seed++ {
			p, _ := generate.RandomPuzzle(rand.New(rand.NewPCG(seed, 99)), 100, 100, 200, aquarium.PoolRule, 0)
			puzzles = append(puzzles, p)
		}
		b.ReportAllocs()
		var nodes int64
		defer cpuclock.Report(b, cpuclock.Process())
		for b.Loop() {
			nodes = 0
			for _, p := range puzzles {
				res, err := aqcp.SolveCP(context.Background(), p, aquarium.PoolRule, 2, cp.Limits{})
				if err != nil || len(res.Solutions) == 0 {
					b.Fatalf("want a solution, got %d (error %v)", len(res.Solutions), err)
				}
				nodes += res.Stats.Nodes
			}
		}
		b.ReportMetric(float64(nodes), "nodes")
	})
}

// randomSeeds switches BenchmarkRandomSeeds and BenchmarkRandomPoolSeeds
// on: a run takes minutes.
var randomSeeds = flag.Bool("random.seeds", false, "run BenchmarkRandomSeeds and BenchmarkRandomPoolSeeds (minutes a run)")

// BenchmarkRandomSeeds solves the 200x200 region-rule puzzles of
// RandomPuzzle seeds 0-15 and proves them unique, each within 30 s of
// wall time (run it on a quiet machine), and reports how many it proved,
// their nodes, and the CPU time of the whole set: the learning search
// over a family rather than over one seed, whose luck any change of the
// search moves (behind -random.seeds).
func BenchmarkRandomSeeds(b *testing.B) {
	if !*randomSeeds {
		b.Skip("a run takes minutes: -random.seeds runs it")
	}
	var puzzles []*aquarium.Puzzle
	for seed := range uint64(16) {
		puzzles = append(puzzles, randomBenchPuzzle(200, seed))
	}
	benchFamily(b, puzzles, aquarium.RegionRule, 30*time.Second)
}

// BenchmarkRandomPoolSeeds is BenchmarkRandomSeeds for the pool rule, on
// the 150x150 grids of RandomPuzzle seeds 1-16 (every clue, as
// BenchmarkRandomPool makes them), where the pool rule's search meets its
// frontier (behind -random.seeds).
func BenchmarkRandomPoolSeeds(b *testing.B) {
	if !*randomSeeds {
		b.Skip("a run takes minutes: -random.seeds runs it")
	}
	var puzzles []*aquarium.Puzzle
	for seed := uint64(1); seed <= 16; seed++ {
		p, _ := generate.RandomPuzzle(rand.New(rand.NewPCG(seed, 99)), 150, 150, 300, aquarium.PoolRule, 0)
		puzzles = append(puzzles, p)
	}
	benchFamily(b, puzzles, aquarium.PoolRule, 30*time.Second)
}

// benchFamily counts the solutions of each puzzle to two under rule,
// each within budget of wall time, and reports how many it settled (proved
// unique, or found a second solution: "proved"), their nodes, and the CPU
// time of the whole set.
func benchFamily(b *testing.B, puzzles []*aquarium.Puzzle, rule aquarium.Rule, budget time.Duration) {
	b.ReportAllocs()
	var proved, nodes int64
	defer cpuclock.Report(b, cpuclock.Process())
	for b.Loop() {
		proved, nodes = 0, 0
		for _, p := range puzzles {
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			res, err := aqcp.SolveCP(ctx, p, rule, 2, cp.Limits{})
			cancel()
			nodes += res.Stats.Nodes
			if err == nil && (res.Exhausted || len(res.Solutions) == 2) {
				proved++
			}
		}
	}
	b.ReportMetric(float64(proved), "proved")
	b.ReportMetric(float64(nodes), "nodes")
}
