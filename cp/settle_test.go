package cp

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSettledAtRoot covers the learning searches that propagation at the
// root settles, which skip the learning machinery, and those it leaves to
// the search: each must count as the full search does, see every variable
// fixed in a solution, and leave the domains as they were.
func TestSettledAtRoot(t *testing.T) {
	type model struct {
		s    *Solver
		vars []Var // branched on
		all  []Var
	}
	tests := []struct {
		name  string
		build func() model
		want  int // solutions, told apart by vars
	}{
		{"root fails", func() model {
			s := New()
			a, b := s.NewBool(), s.NewBool()
			s.AddClause(Pos(a))
			s.AddClause(Neg(a), Pos(b))
			s.AddClause(Neg(b))
			return model{s, []Var{a, b}, []Var{a, b}}
		}, 0},
		{"root fixes vars, a witness takes its least value", func() model {
			s := New()
			a := s.NewBool()
			w := s.NewVar(0, 5)
			s.AddClause(Pos(a))
			s.AddIntSum([]Var{w}, []int{1}, GreaterEq, 2)
			return model{s, []Var{a}, []Var{a, w}}
		}, 1},
		{"the witnesses' least values fail: search", func() model {
			s := New()
			w1, w2 := s.NewBool(), s.NewBool()
			s.AddClause(Pos(w1), Pos(w2))
			s.AddClause(Neg(w1), Neg(w2))
			return model{s, nil, []Var{w1, w2}}
		}, 1},
		{"a variable left open: search, with the root's propagation", func() model {
			// The root's propagation fixes a and c, and is undone: the
			// search that follows must make its deductions again.
			s := New()
			a, b, c := s.NewBool(), s.NewBool(), s.NewBool()
			s.AddIntSum([]Var{a, c}, []int{1, 1}, GreaterEq, 2)
			return model{s, []Var{a, b}, []Var{a, b, c}}
		}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.build()
			sizes := make([]int, len(m.all))
			for i, v := range m.all {
				sizes[i] = m.s.Size(v)
			}
			n := 0
			err := m.s.SearchLearning(context.Background(), m.vars, Limits{}, func() bool {
				for _, v := range m.all {
					require.True(t, m.s.Fixed(v), "a solution leaves %v open", v)
				}
				n++
				return true
			})
			require.NoError(t, err)
			require.Equal(t, tt.want, n)
			for i, v := range m.all {
				require.Equal(t, sizes[i], m.s.Size(v), "the search left %v changed", v)
			}
		})
	}

	t.Run("optimum at the root", func(t *testing.T) {
		s := New()
		x := s.NewVar(0, 9)
		s.AddIntSum([]Var{x}, []int{1}, GreaterEq, 4)
		s.AddIntSum([]Var{x}, []int{1}, LessEq, 4)
		opt, err := s.MinimizeVarLearning(context.Background(), nil, []Var{x}, x, Limits{}, nil)
		require.NoError(t, err)
		require.True(t, opt.Found && opt.Proven)
		require.Equal(t, 4, opt.Value)
	})

	t.Run("cancelled", func(t *testing.T) {
		s := New()
		a := s.NewBool()
		s.AddClause(Pos(a))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err := s.SearchLearning(ctx, []Var{a}, Limits{}, func() bool { return true })
		require.ErrorIs(t, err, context.Canceled)
	})
}
