package fzncp_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

// BenchmarkSolve builds and solves the classic models of testdata (first
// solution, or the optimum) with each engine.
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"queens", "magic", "jobshop"} {
		data, err := os.ReadFile("testdata/" + name + ".fzn")
		if err != nil {
			b.Fatal(err)
		}
		m := parse(b, string(data))
		for _, e := range engines {
			b.Run(name+"/"+e.String(), func(b *testing.B) {
				b.ReportAllocs()
				var res fzn.Result
				for b.Loop() {
					cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
					if err != nil {
						b.Fatal(err)
					}
					res, err = fzncp.Solve(context.Background(), cm, fzncp.SolveOptions{Engine: e}, nil)
					if err != nil || !(res.Status == fzn.Satisfied || res.Status == fzn.Optimal) {
						b.Fatalf("%v, %v", res.Status, err)
					}
				}
				for _, st := range res.Stats {
					if st.Name == "nodes" || st.Name == "failures" {
						b.ReportMetric(float64(st.Value), st.Name)
					}
				}
			})
		}
	}
}

// largeModel writes a model of n int variables linked in a chain of
// sums, comparisons and reifications, as flattening writes them.
func largeModel(n int) string {
	var s strings.Builder
	for i := range n {
		fmt.Fprintf(&s, "var 0..%d: x%d;\nvar bool: b%d;\n", 100+i%50, i, i)
	}
	for i := 1; i < n; i++ {
		fmt.Fprintf(&s, "constraint int_lin_le([1, -1], [x%d, x%d], %d);\n", i-1, i, i%7)
		fmt.Fprintf(&s, "constraint int_le_reif(x%d, %d, b%d);\n", i, i%90, i)
		if i%3 == 0 {
			fmt.Fprintf(&s, "constraint bool_clause([b%d, b%d], [b%d]);\n", i-1, i, i-2)
		}
	}
	s.WriteString("solve satisfy;\n")
	return s.String()
}

// BenchmarkBuild builds a generated model of 20,000 int and 20,000 bool
// variables and about 47,000 constraints.
func BenchmarkBuild(b *testing.B) {
	m := parse(b, largeModel(20000))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := fzncp.Build(context.Background(), m, fzncp.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
