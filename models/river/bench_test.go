package river

import (
	"context"
	"testing"

	"github.com/waterworks-solver/waterworks/models/internal/cpuclock"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// BenchmarkSolve times BFS and the SAT horizon on gini (with the bound of
// ExploreBound, as river solve runs it) on the classics.
func BenchmarkSolve(b *testing.B) {
	for _, tt := range classicTests {
		for _, m := range []string{"bfs", "sat"} {
			b.Run(tt.name+"/"+m, func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuclock.Process()
				for b.Loop() {
					if got := benchRun(b, m, tt.p); got != tt.want {
						b.Fatalf("%d crossings, want %d", got, tt.want)
					}
				}
				cpuclock.Report(b, cpu)
			})
		}
	}
}

func benchRun(b *testing.B, method string, p *Puzzle) int {
	ctx := context.Background()
	var plan Plan
	var solved bool
	if method == "sat" {
		bound, err := ExploreBound(ctx, p, statespace.Options{})
		if err != nil {
			b.Fatal(err)
		}
		opts := statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{Bound: bound, Complete: true}}
		r, err := SolveSAT(ctx, p, gini.New(), opts)
		if err != nil {
			b.Fatal(err)
		}
		plan, solved = r.Plan, r.Status == statespace.Solved
	} else {
		r, err := Solve(ctx, p, statespace.Options{})
		if err != nil {
			b.Fatal(err)
		}
		plan, solved = r.Plan, r.Status == statespace.Solved
	}
	if !solved {
		return -1
	}
	if err := Check(p, plan); err != nil {
		b.Fatal(err)
	}
	return len(plan)
}
