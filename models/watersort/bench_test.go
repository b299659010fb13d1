package watersort

import (
	"context"
	"fmt"
	"testing"
)

// benchLevels are the corpus levels the C++ reference was timed on, and the
// deepest corpus level (76 moves), where A* goes far past BFS, and the real
// 14-bottle level octo-level105 (41 moves), the A* figure issue 12 holds to.
var benchLevels = []string{"gen-n10-s1000", "gen-n12-s1200", "lieoric-5x16", "octo-level105"}

// randomSeeds are the seeds of the generated levels the benchmarks solve.
var randomSeeds = []uint64{1, 2, 3}

// BenchmarkCorpus solves the corpus levels the reference was timed on with
// every method under both rules. It reports the states stored and the
// search's peak memory estimate per solve.
func BenchmarkCorpus(b *testing.B) {
	levels := map[string]*Puzzle{}
	for _, lv := range loadCorpus(b) {
		levels[lv.ID] = lv.puzzle
	}
	for _, id := range benchLevels {
		p := levels[id]
		if p == nil {
			b.Fatalf("corpus level %s is missing", id)
		}
		for _, m := range []Method{BFS, AStar, Greedy} {
			for _, rule := range []Rule{Whole, Fits} {
				b.Run(fmt.Sprintf("level=%s/method=%v/rule=%v", id, m, rule), func(b *testing.B) {
					benchSolve(b, p, Options{Rule: rule, Method: m})
				})
			}
		}
	}
}

// BenchmarkRandom solves generated levels of 20, 30 and 40 bottles
// (capacity 4, two empty bottles) to a plan or a proof of unsolvability.
func BenchmarkRandom(b *testing.B) {
	for _, n := range []int{20, 30, 40} {
		for _, seed := range randomSeeds {
			p, err := Generate(n, 4, 2, seed)
			if err != nil {
				b.Fatal(err)
			}
			for _, m := range []Method{BFS, AStar, Greedy} {
				for _, rule := range []Rule{Whole, Fits} {
					b.Run(fmt.Sprintf("n=%d/seed=%d/method=%v/rule=%v", n, seed, m, rule), func(b *testing.B) {
						benchSolve(b, p, Options{Rule: rule, Method: m})
					})
				}
			}
		}
	}
}

func benchSolve(b *testing.B, p *Puzzle, opt Options) {
	b.ReportAllocs()
	var res Result
	for b.Loop() {
		var err error
		res, err = Solve(context.Background(), p, opt)
		if err != nil {
			b.Fatal(err)
		}
	}
	if res.Status == Solved {
		if err := Check(p, opt.Rule, res.Plan); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(res.Plan)), "moves")
	} else {
		b.ReportMetric(0, "moves")
	}
	b.ReportMetric(float64(res.Stats.Stored), "states")
	b.ReportMetric(float64(res.Stats.PeakBytes)/(1<<20), "peakMB")
}
