package backends_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

// BenchmarkBackends solves a few formulas with every available backend.
// Under a context that can end, gophersat runs in a child process
// (backend=gophersat/ctx=cancellable); under context.Background it runs in
// this process.
func BenchmarkBackends(b *testing.B) {
	formulas := []struct {
		name string
		f    *sat.Formula
		want sat.Status
	}{
		{"random3sat-200-4.0", sattest.Random3SAT(200, 4.0, 1), sat.Unknown},
		{"pigeonhole-7", sattest.Pigeonhole(7), sat.Unsat},
		{"grid-20-5-totalizer", sattest.MustLower(sattest.Grid(20, 5), sat.Totalizer), sat.Sat},
		{"grid-20-5-native", sattest.Grid(20, 5), sat.Sat},
	}
	type run struct {
		backend string
		ctx     context.Context
		label   string
	}
	var runs []run
	for _, name := range backends.Available() {
		runs = append(runs, run{name, context.Background(), name})
	}
	cancellable, cancel := context.WithCancel(context.Background())
	defer cancel()
	runs = append(runs, run{"gophersat", cancellable, "gophersat/ctx=cancellable"})
	for _, f := range formulas {
		for _, r := range runs {
			if f.f.NumLinears() > 0 && !backends.Supports(r.backend, sat.Native) {
				continue
			}
			b.Run(fmt.Sprintf("formula=%s/backend=%s", f.name, r.label), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					s, err := backends.Open(r.backend)
					if err != nil {
						b.Fatal(err)
					}
					if err := sat.Load(s, f.f); err != nil {
						b.Fatal(err)
					}
					st, err := s.Solve(r.ctx)
					if err != nil || st == sat.Unknown || f.want != sat.Unknown && st != f.want {
						b.Fatal(st, err)
					}
				}
			})
		}
	}
}
