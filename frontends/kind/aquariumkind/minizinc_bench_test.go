package aquariumkind

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// BenchmarkMiniZinc solves the generated puzzles of
// testdata/aquarium/bench (20x20 to 30x30) under both rules with the CP
// core and with aquarium.mzn on Gecode, 10 s each at most:
//
//	go test -run '^$' -bench MiniZinc -benchtime 1x ./frontends/kind/aquariumkind
//
// Besides the time (minizinc's start and compilation included) it reports
// the engine's nodes and timedout=1 for a run stopped by the 10 s limit.
func BenchmarkMiniZinc(b *testing.B) {
	file := filepath.Join("..", "..", "..", "testdata", "aquarium", "bench", "generated.jsonl")
	data, err := os.ReadFile(file)
	require.NoError(b, err)
	docs, err := aquariumfmt.Read(file, data)
	require.NoError(b, err)
	engines := []Engine{CP()}
	if err := MiniZincAvailable(context.Background(), "gecode"); err != nil {
		b.Logf("only the CP core: %v", err)
	} else {
		engines = append(engines, MiniZinc("gecode"))
	}
	for _, d := range docs {
		for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
			for _, e := range engines {
				b.Run(d.ID+"/"+rule.String()+"/"+e.Name, func(b *testing.B) {
					b.ReportAllocs()
					var r Result
					for b.Loop() {
						ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
						r = Run(ctx, e, Task{ID: d.ID, Puzzle: d.Puzzle, Rule: rule, Limit: 1})
						cancel()
					}
					if r.Status == kind.StatusError {
						b.Fatal(r.Err)
					}
					timedOut := 0.0
					if r.End.Stopped() {
						timedOut = 1
					}
					b.ReportMetric(timedOut, "timedout")
					for _, s := range r.Stats {
						if n, ok := s.Value.(int64); ok && s.Name == "nodes" {
							b.ReportMetric(float64(n), "nodes")
						}
					}
				})
			}
		}
	}
}
