package sat_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

// BenchmarkEncode encodes exactly k of n and reports the size of the
// encoding.
func BenchmarkEncode(b *testing.B) {
	for _, size := range []struct{ n, k int }{{50, 10}, {200, 20}, {200, 100}} {
		for _, enc := range cnfEncodings {
			b.Run(fmt.Sprintf("enc=%v/n=%d/k=%d", enc, size.n, size.k), func(b *testing.B) {
				b.ReportAllocs()
				var f *sat.Formula
				for b.Loop() {
					f = sat.NewFormula()
					lits := f.NewVars(size.n)
					if err := enc.Encode(f, sat.Card(sat.Exactly, size.k, lits...)); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(f.NumVars()-size.n), "auxvars")
				b.ReportMetric(float64(f.NumClauses()), "clauses")
			})
		}
	}
}

// BenchmarkEncodeWeighted encodes an Aquarium-like row clue: 200 cells in
// blocks of 1 to 9 cells, each block one literal weighted by its width,
// exactly 100 cells full.
func BenchmarkEncodeWeighted(b *testing.B) {
	for _, enc := range cnfEncodings {
		b.Run("enc="+enc.String(), func(b *testing.B) {
			b.ReportAllocs()
			var f *sat.Formula
			var terms int
			for b.Loop() {
				f = sat.NewFormula()
				var c sat.Linear
				for left, w := 200, 1; left > 0; w = w%9 + 1 {
					c.Terms = append(c.Terms, sat.Term{Lit: f.NewVar(), Weight: min(w, left)})
					left -= w
				}
				c.Op, c.K = sat.Exactly, 100
				terms = len(c.Terms)
				if err := enc.Encode(f, c); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(f.NumVars()-terms), "auxvars")
			b.ReportMetric(float64(f.NumClauses()), "clauses")
		})
	}
}

// BenchmarkSolveGrid lowers a grid with exactly k per row and column with
// each encoding and solves it with gini.
func BenchmarkSolveGrid(b *testing.B) {
	for _, size := range []struct{ n, k int }{{20, 5}, {40, 10}} {
		grid := sattest.Grid(size.n, size.k)
		for _, enc := range cnfEncodings {
			cnf := sattest.MustLower(grid, enc)
			b.Run(fmt.Sprintf("enc=%v/n=%d/k=%d", enc, size.n, size.k), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					s := gini.New()
					if err := sat.Load(s, cnf); err != nil {
						b.Fatal(err)
					}
					if st, err := s.Solve(context.Background()); st != sat.Sat || err != nil {
						b.Fatal(st, err)
					}
				}
				b.ReportMetric(float64(cnf.NumVars()), "vars")
				b.ReportMetric(float64(cnf.NumClauses()), "clauses")
			})
		}
	}
}
