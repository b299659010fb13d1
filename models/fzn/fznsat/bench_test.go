package fznsat_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// benchModels are small models of testdata, compiled by minizinc with
// the standard library.
var benchModels = []string{"queens-std", "sendmore-std", "jobshop-std", "knapsack-std", "globals-graph-std", "globals-sched-std"}

// BenchmarkEncode measures the encoding of each model, and reports its
// size in variables and clauses.
func BenchmarkEncode(b *testing.B) {
	for _, name := range benchModels {
		m := parseFile(b, filepath.Join(testdata, "minizinc", name+".fzn"))
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var en *fznsat.Encoding
			for b.Loop() {
				var err error
				if en, err = fznsat.Encode(context.Background(), m, fznsat.DefaultOptions()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(en.Formula().NumVars()), "vars")
			b.ReportMetric(float64(en.Formula().NumClauses()), "clauses")
		})
	}
}

// BenchmarkSolve measures encoding and solving each model with gini: the
// first solution of a satisfaction problem, the proven optimum of the
// others.
func BenchmarkSolve(b *testing.B) {
	for _, name := range benchModels {
		m := parseFile(b, filepath.Join(testdata, "minizinc", name+".fzn"))
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := fznsat.Solve(context.Background(), m, gini.New(), fznsat.SolveOptions{}, nil)
				if err != nil || res.Solutions == 0 {
					b.Fatal(res.Status, err)
				}
			}
		})
	}
}
