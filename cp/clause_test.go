package cp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestClauseOfConstantLiterals: a clause may hold literals of its 0..1
// variables that always or never hold (bounds beyond the domain), which
// are not Pos or Neg; the plain search and the learning search must count
// its solutions as the clause means them.
func TestClauseOfConstantLiterals(t *testing.T) {
	tests := []struct {
		name string
		lits func(s *Solver, x, y Var) []Lit
		want int // solutions over x and y
	}{
		{"never and y", func(s *Solver, x, y Var) []Lit { return []Lit{s.AtLeast(x, 2), Pos(y)} }, 2},
		{"always", func(s *Solver, x, y Var) []Lit { return []Lit{s.AtLeast(x, 0), Neg(y)} }, 4},
		{"never and never", func(s *Solver, x, y Var) []Lit { return []Lit{s.AtLeast(x, 2), s.AtMost(y, -1)} }, 0},
		{"plain", func(s *Solver, x, y Var) []Lit { return []Lit{Neg(x), Neg(y)} }, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, learning := range []bool{false, true} {
				s := New()
				x, y := s.NewBool(), s.NewBool()
				s.AddClause(tt.lits(s, x, y)...)
				n := 0
				count := func() bool {
					require.True(t, s.Fixed(x) && s.Fixed(y))
					n++
					return true
				}
				var err error
				if learning {
					err = s.SearchLearning(context.Background(), []Var{x, y}, Limits{}, count)
				} else {
					err = s.Search(context.Background(), Strategy{Vars: []Var{x, y}}.Brancher(), Limits{}, count)
				}
				require.NoError(t, err)
				require.Equal(t, tt.want, n, "learning %v", learning)
			}
		})
	}
}
