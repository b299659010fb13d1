package torch

import (
	"context"
	"testing"

	"github.com/waterworks-solver/waterworks/models/internal/cpuclock"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

var benchPuzzles = []struct {
	name string
	p    *Puzzle
	sat  bool // small enough for the SAT horizon in a benchmark
}{
	{"classic-17", &Puzzle{Times: []int{1, 2, 5, 10}, Capacity: 2}, true},
	{"five-29", &Puzzle{Times: []int{1, 3, 6, 8, 12}, Capacity: 2}, true},
	{"seven-28", &Puzzle{Times: []int{1, 2, 3, 4, 5, 6, 7}, Capacity: 2}, true},
	{"six-cap3-21", &Puzzle{Times: []int{1, 2, 3, 5, 8, 13}, Capacity: 3}, true},
	{"twelve", &Puzzle{Times: []int{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233}, Capacity: 2}, false},
	{"sixteen-cap3", &Puzzle{Times: []int{1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, Capacity: 3}, false},
}

// BenchmarkSolve times uniform-cost search, A* and (on the small puzzles)
// the SAT horizon on gini; each run's answer is checked.
func BenchmarkSolve(b *testing.B) {
	for _, bp := range benchPuzzles {
		want := -1
		for _, m := range []string{"ucs", "astar", "sat"} {
			if m == "sat" && !bp.sat {
				continue
			}
			b.Run(bp.name+"/"+m, func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuclock.Process()
				for b.Loop() {
					got := benchRun(b, m, bp.p)
					if want < 0 {
						want = got
					}
					if got != want {
						b.Fatalf("%s: %d minutes, another method %d", m, got, want)
					}
				}
				cpuclock.Report(b, cpu)
			})
		}
	}
}

func benchRun(b *testing.B, method string, p *Puzzle) int {
	ctx := context.Background()
	var plan []Crossing
	switch method {
	case "sat":
		r, err := SolveSAT(ctx, p, gini.New(), statespace.SATOptions{})
		if err != nil {
			b.Fatal(err)
		}
		plan = r.Plan
	default:
		run := Solve
		if method == "astar" {
			run = SolveAStar
		}
		r, err := run(ctx, p, statespace.Options{})
		if err != nil {
			b.Fatal(err)
		}
		plan = r.Plan
	}
	total, err := Check(p, plan)
	if err != nil {
		b.Fatal(err)
	}
	return total
}
