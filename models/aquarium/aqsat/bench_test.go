package aqsat_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/internal/cpuclock"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// BenchmarkRandomPool encodes the 100x100 pool-rule grids of
// RandomPuzzle's seeds 1-8 (every clue given, as aqcp's BenchmarkRandomPool
// makes them) and counts their solutions to two with gini and the default
// encoding, with the column differences and without them.
func BenchmarkRandomPool(b *testing.B) {
	var puzzles []*aquarium.Puzzle
	for seed := uint64(1); seed <= 8; seed++ {
		p, _ := generate.RandomPuzzle(rand.New(rand.NewPCG(seed, 99)), 100, 100, 200, aquarium.PoolRule, 0)
		puzzles = append(puzzles, p)
	}
	for _, bc := range []struct {
		name string
		opt  aqsat.Options
	}{
		{"differences", aqsat.Options{}},
		{"none", aqsat.Options{NoColumnDifferences: true}},
	} {
		b.Run(bc.name+"/100x100/seeds=1-8", func(b *testing.B) {
			b.ReportAllocs()
			defer cpuclock.Report(b, cpuclock.Process())
			for b.Loop() {
				for _, p := range puzzles {
					m, err := aqsat.EncodeSATWith(context.Background(), p, aquarium.PoolRule, bc.opt)
					if err != nil {
						b.Fatal(err)
					}
					s, err := backends.Prepare(backends.Gini, m.Formula, sat.Auto)
					if err != nil {
						b.Fatal(err)
					}
					sols, _, err := m.Solutions(context.Background(), s, 2)
					if err != nil || len(sols) == 0 {
						b.Fatalf("want a solution, got %d (error %v)", len(sols), err)
					}
					for _, sol := range sols {
						if err := aquarium.Check(p, sol, aquarium.PoolRule); err != nil {
							b.Fatalf("a wrong solution: %v", err)
						}
					}
				}
			}
		})
	}
}
