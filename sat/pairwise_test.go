package sat

import "testing"

// TestPairwise counts, by brute force over every assignment of n
// variables, the models of the pairwise clauses: n+1 for at most one
// (none true, or one), n for exactly one.
func TestPairwise(t *testing.T) {
	for n := range 7 {
		for _, tc := range []struct {
			name string
			add  func(Adder, ...Lit)
			want int
		}{
			{"at most one", PairwiseAtMostOne, n + 1},
			{"exactly one", PairwiseExactlyOne, n},
		} {
			f := NewFormula()
			lits := f.NewVars(n)
			tc.add(f, lits...)
			models := 0
			for bits := range 1 << n {
				m := make(Model, n+1)
				for v := 1; v <= n; v++ {
					m[v] = bits>>(v-1)&1 == 1
				}
				if f.Satisfied(m) {
					models++
				}
			}
			if models != tc.want {
				t.Errorf("%s of %d: %d models, want %d", tc.name, n, models, tc.want)
			}
		}
	}
}
