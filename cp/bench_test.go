package cp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
)

// queensModel is one of three models of N-queens: AllDifferent at either
// level, or a NotEqual for each pair of queens on each of the three lines.
type queensModel string

const (
	queensBounds   queensModel = "alldiff-bounds"
	queensDomain   queensModel = "alldiff-domain"
	queensNotEqual queensModel = "notequal"
)

// nQueens posts n queens, q[i] the column of the queen in row i.
func nQueens(n int, model queensModel) (*cp.Solver, []cp.Var) {
	s := cp.New()
	q := make([]cp.Var, n)
	up, down := make([]int, n), make([]int, n)
	for i := range q {
		q[i] = s.NewVar(0, n-1)
		up[i], down[i] = i, -i
	}
	switch model {
	case queensNotEqual:
		for i := range q {
			for j := i + 1; j < n; j++ {
				s.AddNotEqual(q[i], q[j], 0)
				s.AddNotEqual(q[i], q[j], j-i) // q[i]+i ≠ q[j]+j
				s.AddNotEqual(q[i], q[j], i-j) // q[i]-i ≠ q[j]-j
			}
		}
	default:
		level := cp.BoundsConsistency
		if model == queensDomain {
			level = cp.DomainConsistency
		}
		s.AddAllDifferent(q, level)
		s.AddAllDifferentOffset(q, up, level)
		s.AddAllDifferentOffset(q, down, level)
	}
	return s, q
}

// countQueens counts the placements of n queens by plain backtracking over
// rows, sharing no code with the solver.
func countQueens(n int, cols []int) int {
	row := len(cols)
	if row == n {
		return 1
	}
	total := 0
	for c := range n {
		ok := true
		for r, d := range cols {
			if d == c || d-c == row-r || c-d == row-r {
				ok = false
				break
			}
		}
		if ok {
			total += countQueens(n, append(cols, c))
		}
	}
	return total
}

// TestNQueens counts N-queens solutions with each model and checks the
// counts against plain backtracking and each solution for attacks.
func TestNQueens(t *testing.T) {
	for n := 1; n <= 8; n++ {
		want := countQueens(n, nil)
		for _, model := range []queensModel{queensBounds, queensDomain, queensNotEqual} {
			s, q := nQueens(n, model)
			got, err := s.Count(context.Background(), cp.FirstFail(q, cp.ValueMin), cp.Limits{}, 0, func() {
				cols := make([]int, n)
				for i, v := range q {
					cols[i] = s.Value(v)
				}
				require.Equal(t, 1, countQueens(n, cols), "%v attacks", cols)
			})
			require.NoError(t, err)
			require.Equal(t, want, got, "%d queens, %s", n, model)
		}
	}
}

func BenchmarkNQueens(b *testing.B) {
	for n := 8; n <= 12; n++ {
		for _, model := range []queensModel{queensBounds, queensDomain, queensNotEqual} {
			b.Run(fmt.Sprintf("n=%d/%s", n, model), func(b *testing.B) {
				b.ReportAllocs()
				var stats cp.Stats
				for b.Loop() {
					s, q := nQueens(n, model)
					if _, err := s.Count(context.Background(), cp.FirstFail(q, cp.ValueMin), cp.Limits{}, 0, nil); err != nil {
						b.Fatal(err)
					}
					stats = s.Stats()
				}
				reportSearch(b, stats)
			})
		}
	}
}

// hardSudokus are grids published as hard for people and for solvers.
var hardSudokus = []struct{ name, grid string }{
	{"inkala-2012", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."},
	{"ai-escargot", "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."},
	{"easter-monster", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"},
}

// sudoku posts a 9×9 grid given as 81 characters, '.' for an empty cell.
func sudoku(grid string, level cp.Consistency) (*cp.Solver, []cp.Var) {
	if len(grid) != 81 {
		panic(fmt.Sprintf("a grid of %d cells", len(grid)))
	}
	s := cp.New()
	cells := make([]cp.Var, 81)
	for i, ch := range grid {
		if ch == '.' {
			cells[i] = s.NewVar(1, 9)
		} else {
			cells[i] = s.NewVar(int(ch-'0'), int(ch-'0'))
		}
	}
	for i := range 9 {
		var row, col, box []cp.Var
		for j := range 9 {
			row = append(row, cells[9*i+j])
			col = append(col, cells[9*j+i])
			box = append(box, cells[9*(3*(i/3)+j/3)+3*(i%3)+j%3])
		}
		s.AddAllDifferent(row, level)
		s.AddAllDifferent(col, level)
		s.AddAllDifferent(box, level)
	}
	return s, cells
}

// checkSudoku reports whether values fill grid by the rules, sharing no
// code with the model.
func checkSudoku(grid string, values []int) error {
	for i, ch := range grid {
		if ch != '.' && int(ch-'0') != values[i] {
			return fmt.Errorf("cell %d changes the given %c to %d", i, ch, values[i])
		}
	}
	for i := range 9 {
		var row, col, box [10]bool
		for j := range 9 {
			for _, seen := range []struct {
				set *[10]bool
				v   int
			}{{&row, values[9*i+j]}, {&col, values[9*j+i]}, {&box, values[9*(3*(i/3)+j/3)+3*(i%3)+j%3]}} {
				if seen.v < 1 || seen.v > 9 || seen.set[seen.v] {
					return fmt.Errorf("unit %d repeats or lacks %d", i, seen.v)
				}
				seen.set[seen.v] = true
			}
		}
	}
	return nil
}

// TestHardSudokus checks that the benchmark grids have exactly one
// solution, valid by the independent checker, at both levels.
func TestHardSudokus(t *testing.T) {
	for _, g := range hardSudokus {
		for _, level := range []cp.Consistency{cp.BoundsConsistency, cp.DomainConsistency} {
			s, cells := sudoku(g.grid, level)
			n, err := s.Count(context.Background(), cp.FirstFail(cells, cp.ValueMin), cp.Limits{}, 2, func() {
				values := make([]int, 81)
				for i, v := range cells {
					values[i] = s.Value(v)
				}
				require.NoError(t, checkSudoku(g.grid, values), g.name)
			})
			require.NoError(t, err)
			require.Equal(t, 1, n, "%s, %v", g.name, level)
		}
	}
}

func BenchmarkSudoku(b *testing.B) {
	for _, g := range hardSudokus {
		for _, level := range []cp.Consistency{cp.BoundsConsistency, cp.DomainConsistency} {
			b.Run(g.name+"/"+level.String(), func(b *testing.B) {
				b.ReportAllocs()
				var stats cp.Stats
				for b.Loop() {
					s, cells := sudoku(g.grid, level)
					if _, err := s.Count(context.Background(), cp.FirstFail(cells, cp.ValueMin), cp.Limits{}, 2, nil); err != nil {
						b.Fatal(err)
					}
					stats = s.Stats()
				}
				reportSearch(b, stats)
			})
		}
	}
}

// golomb posts a Golomb ruler of m marks: 0 = x[0] < x[1] < ... < x[m-1]
// with pairwise different distances between marks, the length x[m-1] to
// be minimized. It has AllDifferent over the m(m-1)/2 distances, linked to
// the marks by linear sums.
func golomb(m int, level cp.Consistency) (*cp.Solver, []cp.Var) {
	s := cp.New()
	limit := m * m
	x := make([]cp.Var, m)
	x[0] = s.NewVar(0, 0)
	for i := 1; i < m; i++ {
		x[i] = s.NewVar(0, limit)
		s.AddIntSum([]cp.Var{x[i], x[i-1]}, []int{1, -1}, cp.GreaterEq, 1)
	}
	var dist []cp.Var
	for i := range m {
		for j := i + 1; j < m; j++ {
			d := s.NewVar(1, limit)
			s.AddIntSum([]cp.Var{d, x[j], x[i]}, []int{1, -1, 1}, cp.Equal, 0)
			dist = append(dist, d)
		}
	}
	s.AddAllDifferent(dist, level)
	// The first distance is shorter than the last: breaks the mirror image.
	s.AddIntSum([]cp.Var{dist[0], dist[len(dist)-1]}, []int{1, -1}, cp.LessEq, -1)
	return s, x
}

// TestGolomb checks the rulers that Minimize finds: strictly increasing
// marks from 0, pairwise different distances, and no shorter ruler (a
// second search below the optimum finds none).
func TestGolomb(t *testing.T) {
	for m := 3; m <= 6; m++ {
		for _, level := range []cp.Consistency{cp.BoundsConsistency, cp.DomainConsistency} {
			s, x := golomb(m, level)
			var marks []int
			best, err := s.Minimize(context.Background(), cp.InOrder(x, cp.ValueMin), x[m-1], cp.Limits{}, func(int) {
				marks = marks[:0]
				for _, v := range x {
					marks = append(marks, s.Value(v))
				}
			})
			require.NoError(t, err)
			require.True(t, best.Found && best.Proven)
			seen := map[int]bool{}
			for i := range marks {
				for j := i + 1; j < len(marks); j++ {
					d := marks[j] - marks[i]
					require.Positive(t, d, "%v", marks)
					require.False(t, seen[d], "%v repeats %d", marks, d)
					seen[d] = true
				}
			}
			require.Equal(t, best.Value, marks[m-1])
			s2, x2 := golomb(m, level)
			s2.AddIntSum([]cp.Var{x2[m-1]}, nil, cp.LessEq, best.Value-1)
			found, err := s2.Solve(context.Background(), cp.InOrder(x2, cp.ValueMin), cp.Limits{}, func() {})
			require.NoError(t, err)
			require.False(t, found, "a ruler of %d marks shorter than %d", m, best.Value)
		}
	}
}

func BenchmarkGolomb(b *testing.B) {
	for _, m := range []int{7, 8} {
		for _, level := range []cp.Consistency{cp.BoundsConsistency, cp.DomainConsistency} {
			b.Run(fmt.Sprintf("m=%d/%v", m, level), func(b *testing.B) {
				b.ReportAllocs()
				var stats cp.Stats
				for b.Loop() {
					s, x := golomb(m, level)
					if _, err := s.Minimize(context.Background(), cp.InOrder(x, cp.ValueMin), x[m-1], cp.Limits{}, nil); err != nil {
						b.Fatal(err)
					}
					stats = s.Stats()
				}
				reportSearch(b, stats)
			})
		}
	}
}

// knapsack is an instance of n items with random sizes and values and a
// capacity of half the total size.
type knapsack struct {
	sizes, values []int
	capacity      int
}

func newKnapsack(n int) knapsack {
	r := rand.New(rand.NewPCG(7, 7))
	k := knapsack{sizes: make([]int, n), values: make([]int, n)}
	for i := range n {
		k.sizes[i] = 10 + r.IntN(30)
		k.values[i] = k.sizes[i] + r.IntN(10)
		k.capacity += k.sizes[i]
	}
	k.capacity /= 2
	return k
}

// model posts the capacity over one 0..1 variable per item.
func (k knapsack) model() (s *cp.Solver, items []cp.Var, take []cp.Lit) {
	s = cp.New()
	for range k.sizes {
		items = append(items, s.NewBool())
		take = append(take, cp.Pos(items[len(items)-1]))
	}
	s.AddBoolSum(take, k.sizes, cp.LessEq, k.capacity)
	return s, items, take
}

// maximizeLearning solves k with the learning search.
func (k knapsack) maximizeLearning() (cp.Optimum, cp.Stats, error) {
	s, items, take := k.model()
	best, err := s.MaximizeLearning(context.Background(), items, take, k.values, cp.Limits{}, nil)
	return best, s.Stats(), err
}

// maximize solves k with depth-first branch and bound on a variable that a
// linear sum ties to the value.
func (k knapsack) maximize() (cp.Optimum, cp.Stats, error) {
	s, items, _ := k.model()
	total := s.NewVar(0, 100*len(items))
	s.AddIntSum(append(items, total), append(slices.Clone(k.values), -1), cp.Equal, 0)
	best, err := s.Maximize(context.Background(), cp.InOrder(items, cp.ValueMax), total, cp.Limits{}, nil)
	return best, s.Stats(), err
}

// searches lists the ways to solve k.
func (k knapsack) searches() []struct {
	name  string
	solve func() (cp.Optimum, cp.Stats, error)
} {
	return []struct {
		name  string
		solve func() (cp.Optimum, cp.Stats, error)
	}{{"learning", k.maximizeLearning}, {"dfs", k.maximize}}
}

// bruteForce returns the best value by trying every subset of the items.
func (k knapsack) bruteForce() int {
	best := 0
	for m := range 1 << len(k.sizes) {
		size, value := 0, 0
		for i := range k.sizes {
			if m&(1<<i) != 0 {
				size, value = size+k.sizes[i], value+k.values[i]
			}
		}
		if size <= k.capacity {
			best = max(best, value)
		}
	}
	return best
}

// BenchmarkKnapsack maximizes the value of the items taken, with the
// learning search (the objective's bound explains itself, and each solution
// restarts with what was learned) and with depth-first branch and bound.
func BenchmarkKnapsack(b *testing.B) {
	for _, n := range []int{12, 15, 18} {
		k := newKnapsack(n)
		for _, search := range k.searches() {
			b.Run(fmt.Sprintf("n=%d/%s", n, search.name), func(b *testing.B) {
				b.ReportAllocs()
				var stats cp.Stats
				for b.Loop() {
					var err error
					if _, stats, err = search.solve(); err != nil {
						b.Fatal(err)
					}
				}
				reportSearch(b, stats)
			})
		}
	}
}

// TestKnapsackSearchesAgree checks that both searches find the optimum
// that brute force finds, on instances like the benchmark's.
func TestKnapsackSearchesAgree(t *testing.T) {
	for n := 2; n <= 12; n += 2 {
		k := newKnapsack(n)
		want := k.bruteForce()
		for _, search := range k.searches() {
			got, _, err := search.solve()
			require.NoError(t, err)
			// The snapshot of the best solution: the items, variables
			// 0..n-1, hold the optimum within the capacity.
			size, value := 0, 0
			for i, x := range got.Values[:n] {
				size, value = size+x*k.sizes[i], value+x*k.values[i]
			}
			assert.LessOrEqual(t, size, k.capacity, "n=%d %s", n, search.name)
			assert.Equal(t, want, value, "n=%d %s", n, search.name)
			got.Values = nil
			require.Equal(t, cp.Optimum{Found: true, Value: want, Proven: true}, got, "n=%d %s", n, search.name)
		}
	}
}

// reportSearch adds the search's nodes and failures to a benchmark's
// figures: they do not depend on the machine's load.
func reportSearch(b *testing.B, stats cp.Stats) {
	b.ReportMetric(float64(stats.Nodes), "nodes")
	b.ReportMetric(float64(stats.Failures), "fails")
}
