package cp_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/waterworks-solver/waterworks/cp"
)

// The benchmarks below time the globals added for FlatZinc on medium
// instances: each operation builds the model and runs a search of fixed
// work (a first solution, a count up to a cap, or an optimisation under a
// node limit), and reports the search nodes it took.

// runSearch runs search once per operation and reports its nodes.
func runSearch(b *testing.B, build func() (*cp.Solver, func(*cp.Solver) error)) {
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		s, search := build()
		if err := search(s); err != nil && err != cp.ErrLimit {
			b.Fatal(err)
		}
		nodes += s.Stats().Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// countUpTo counts solutions up to max with first-fail on vars, and fails
// the benchmark when there are none.
func countUpTo(b *testing.B, vars []cp.Var, max int) func(*cp.Solver) error {
	return func(s *cp.Solver) error {
		n, err := s.Count(context.Background(), cp.FirstFail(vars, cp.ValueMin), cp.Limits{}, max, nil)
		if err == nil && n == 0 {
			b.Fatal("no solution")
		}
		return err
	}
}

// hiddenTour gives each of n nodes six possible successors, among them
// its successor on a hidden random tour, so that a circuit exists.
func hiddenTour(r *rand.Rand, n int) [][]int {
	perm := r.Perm(n)
	succ := make([][]int, n)
	for k, i := range perm {
		succ[i] = append(succ[i], perm[(k+1)%n])
		for len(succ[i]) < 6 {
			if j := r.IntN(n); j != i {
				succ[i] = append(succ[i], j)
			}
		}
	}
	return succ
}

// varIn returns a variable whose domain is the given values.
func varIn(s *cp.Solver, values []int) cp.Var {
	lo, hi := values[0], values[0]
	for _, x := range values {
		lo, hi = min(lo, x), max(hi, x)
	}
	v := s.NewVar(lo, hi)
	for x := lo; x <= hi; x++ {
		keep := false
		for _, y := range values {
			keep = keep || x == y
		}
		if !keep {
			_ = s.Remove(v, x)
		}
	}
	return v
}

// BenchmarkCircuit counts up to 200 Hamiltonian circuits through 30
// nodes of six possible successors each.
func BenchmarkCircuit(b *testing.B) {
	succ := hiddenTour(rand.New(rand.NewPCG(1, 2)), 30)
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		next := make([]cp.Var, len(succ))
		for i := range next {
			next[i] = varIn(s, succ[i])
		}
		s.AddCircuit(next, 0)
		return s, countUpTo(b, next, 200)
	})
}

// BenchmarkSubcircuit counts up to 500 subcircuits over 30 nodes of six
// possible successors each (and themselves).
func BenchmarkSubcircuit(b *testing.B) {
	succ := hiddenTour(rand.New(rand.NewPCG(3, 4)), 30)
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		next := make([]cp.Var, len(succ))
		for i := range next {
			next[i] = varIn(s, append(succ[i], i))
		}
		s.AddSubcircuit(next, 0)
		return s, countUpTo(b, next, 500)
	})
}

// BenchmarkRegular counts up to 2000 rosters of 50 days under the rules
// of the regular example, with a few days fixed.
func BenchmarkRegular(b *testing.B) {
	d := [][]int{{3, 1, 2}, {3, 0, 2}, {4, 1, 2}, {5, 1, 2}, {0, 1, 2}}
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		days := make([]cp.Var, 50)
		for i := range days {
			days[i] = s.NewVar(1, 3)
		}
		for _, i := range []int{5, 17, 29, 41} {
			_ = s.Assign(days[i], 3)
		}
		s.AddRegular(days, 5, 3, d, 1, []int{1, 2, 3, 4, 5})
		return s, countUpTo(b, days, 2000)
	})
}

// tasks draws n tasks of duration 1..6 and usage 1..4.
func tasks(r *rand.Rand, n int) (dur, use []int) {
	for range n {
		dur, use = append(dur, 1+r.IntN(6)), append(use, 1+r.IntN(4))
	}
	return dur, use
}

// schedule posts start variables within a horizon and an end variable
// after every task, and returns the search that minimises the end under
// a node limit.
func schedule(s *cp.Solver, dur []int, horizon int) (start, durs []cp.Var, search func(*cp.Solver) error) {
	end := s.NewVar(0, horizon)
	for i, d := range dur {
		start = append(start, s.NewVar(0, horizon-d))
		durs = append(durs, s.NewVar(d, d))
		s.AddIntSum([]cp.Var{start[i], end}, []int{1, -1}, cp.LessEq, -d)
	}
	return start, durs, func(s *cp.Solver) error {
		_, err := s.Minimize(context.Background(), cp.FirstFail(start, cp.ValueMin), end, cp.Limits{Nodes: 3000}, nil)
		return err
	}
}

// BenchmarkCumulative minimises the makespan of 30 tasks under capacity
// 6 for 3000 nodes.
func BenchmarkCumulative(b *testing.B) {
	dur, use := tasks(rand.New(rand.NewPCG(5, 6)), 30)
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		start, durs, search := schedule(s, dur, 100)
		uses := make([]cp.Var, len(use))
		for i, u := range use {
			uses[i] = s.NewVar(u, u)
		}
		s.AddCumulative(start, durs, uses, s.NewVar(6, 6))
		return s, search
	})
}

// BenchmarkDisjunctive minimises the makespan of 15 tasks on one machine
// for 3000 nodes.
func BenchmarkDisjunctive(b *testing.B) {
	dur, _ := tasks(rand.New(rand.NewPCG(7, 8)), 15)
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		start, durs, search := schedule(s, dur, 80)
		s.AddDisjunctive(start, durs, false)
		return s, search
	})
}

// BenchmarkGlobalCardinality counts up to 1000 ways to give 30 variables
// values 1..10 from random domains of five, each value two to four times.
func BenchmarkGlobalCardinality(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	domains := make([][]int, 30)
	for i := range domains {
		domains[i] = r.Perm(10)[:5]
		for k := range domains[i] {
			domains[i][k]++
		}
	}
	for _, counted := range []string{"constant", "variables"} {
		b.Run(counted, func(b *testing.B) {
			runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
				s := cp.New()
				x := make([]cp.Var, len(domains))
				for i := range x {
					x[i] = varIn(s, domains[i])
				}
				cover, low, up := make([]int, 10), make([]int, 10), make([]int, 10)
				counts := make([]cp.Var, 10)
				for j := range cover {
					cover[j], low[j], up[j] = j+1, 2, 4
					counts[j] = s.NewVar(2, 4)
				}
				if counted == "constant" {
					s.AddGlobalCardinalityLowUp(x, cover, low, up, true)
				} else {
					s.AddGlobalCardinality(x, cover, counts, true)
				}
				return s, countUpTo(b, x, 1000)
			})
		})
	}
}

// BenchmarkInverse counts up to 1000 pairs of inverse permutations of 30,
// each position allowed eight random values.
func BenchmarkInverse(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	succ := hiddenTour(r, 30) // six values each, one of them on a permutation
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		f, g := make([]cp.Var, 30), make([]cp.Var, 30)
		for i := range f {
			f[i] = varIn(s, append(succ[i], i, (i+1)%30))
			g[i] = s.NewVar(1, 30) // positions of f, numbered from 1
		}
		s.AddInverse(f, 1, g, 0)
		return s, countUpTo(b, f, 1000)
	})
}

// BenchmarkLex counts up to 2000 matrices of 6 rows of 5 values 0..2
// with rows in strictly increasing lexicographic order and each row
// summing to 5.
func BenchmarkLex(b *testing.B) {
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		var all []cp.Var
		rows := make([][]cp.Var, 6)
		for i := range rows {
			rows[i] = make([]cp.Var, 5)
			for j := range rows[i] {
				rows[i][j] = s.NewVar(0, 2)
			}
			all = append(all, rows[i]...)
			s.AddIntSum(rows[i], nil, cp.Equal, 5)
			if i > 0 {
				s.AddLexLess(rows[i-1], rows[i])
			}
		}
		return s, countUpTo(b, all, 2000)
	})
}

// BenchmarkCount counts up to 1000 ways to give 40 variables values 0..4
// with each value's count, a variable, between 6 and 10, and at least 12
// values in {0, 4}.
func BenchmarkCount(b *testing.B) {
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		x := make([]cp.Var, 40)
		for i := range x {
			x[i] = s.NewVar(0, 4)
		}
		for v := range 5 {
			s.AddCountEq(x, s.NewVar(v, v), s.NewVar(6, 10))
		}
		s.AddAmong(s.NewVar(12, 40), x, []int{0, 4})
		return s, countUpTo(b, x, 1000)
	})
}

// BenchmarkDiffn places ten squares of sides 1..4 in a 9×9 square.
func BenchmarkDiffn(b *testing.B) {
	sides := []int{4, 4, 3, 3, 3, 2, 2, 2, 1, 1}
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		var x, y, size, all []cp.Var
		for _, d := range sides {
			x, y = append(x, s.NewVar(0, 9-d)), append(y, s.NewVar(0, 9-d))
			size = append(size, s.NewVar(d, d))
			all = append(all, x[len(x)-1], y[len(y)-1])
		}
		s.AddDiffn(x, y, size, size, true)
		return s, countUpTo(b, all, 1)
	})
}

// BenchmarkBinPackingLoad counts up to 1000 ways to put 20 items of
// weight 1..9 into 5 bins of capacity 22.
func BenchmarkBinPackingLoad(b *testing.B) {
	r := rand.New(rand.NewPCG(13, 14))
	w := make([]int, 20)
	for i := range w {
		w[i] = 1 + r.IntN(9)
	}
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		load, bin := make([]cp.Var, 5), make([]cp.Var, len(w))
		for k := range load {
			load[k] = s.NewVar(0, 22)
		}
		for i := range bin {
			bin[i] = s.NewVar(1, 5)
		}
		s.AddBinPackingLoad(load, bin, w, 1)
		return s, countUpTo(b, bin, 1000)
	})
}

// BenchmarkNValue counts up to 1000 ways to give 12 variables values 1..8
// with exactly 3 distinct values.
func BenchmarkNValue(b *testing.B) {
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		x := make([]cp.Var, 12)
		for i := range x {
			x[i] = s.NewVar(1, 8)
		}
		s.AddNValue(s.NewVar(3, 3), x)
		return s, countUpTo(b, x, 1000)
	})
}

// BenchmarkAllDifferentExcept counts up to 1000 ways to give 20
// variables values 0..15, the non-zero ones all different and at most 8
// zeros.
func BenchmarkAllDifferentExcept(b *testing.B) {
	runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
		s := cp.New()
		x := make([]cp.Var, 20)
		for i := range x {
			x[i] = s.NewVar(0, 15)
		}
		s.AddAllDifferentExcept(x, []int{0})
		s.AddAmong(s.NewVar(0, 8), x, []int{0})
		return s, countUpTo(b, x, 1000)
	})
}

// sumChain posts, by tables of triples as the FlatZinc of the Aquarium
// model has them, that the cells add up to total: each partial sum is the
// previous one plus a cell.
func sumChain(s *cp.Solver, cells []cp.Var, maxCell, total int) {
	prev := s.NewVar(0, 0)
	for i, x := range cells {
		hi := maxCell * (i + 1)
		if i == len(cells)-1 {
			hi = total
		}
		next := s.NewVar(0, hi)
		var tuples [][]int
		for a := 0; a <= maxCell*i; a++ {
			for v := 0; v <= maxCell && a+v <= hi; v++ {
				tuples = append(tuples, []int{a, v, a + v})
			}
		}
		s.AddTable([]cp.Var{prev, x, next}, tuples)
		prev = next
	}
	_ = s.Assign(prev, total)
}

// tableGrid makes a 10×10 grid of cells 0..3 whose rows and columns add
// up to 15 by chains of tables.
func tableGrid() (*cp.Solver, []cp.Var) {
	const n, maxCell, total = 10, 3, 15
	s := cp.New()
	cells := make([]cp.Var, n*n)
	for i := range cells {
		cells[i] = s.NewVar(0, maxCell)
	}
	for i := range n {
		row, col := make([]cp.Var, n), make([]cp.Var, n)
		for j := range n {
			row[j], col[j] = cells[i*n+j], cells[j*n+i]
		}
		sumChain(s, row, maxCell, total)
		sumChain(s, col, maxCell, total)
	}
	return s, cells
}

// BenchmarkTable times the table propagator: chains of small tables over
// partial sums, searched plainly and with learning, and random tables of
// 3000 tuples over four of six variables, whose live sets span many words.
func BenchmarkTable(b *testing.B) {
	b.Run("chains", func(b *testing.B) {
		runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
			s, cells := tableGrid()
			return s, countUpTo(b, cells, 300)
		})
	})
	b.Run("chains-learning", func(b *testing.B) {
		runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
			s, cells := tableGrid()
			return s, func(s *cp.Solver) error {
				n := 0
				return s.SearchLearning(context.Background(), cells, cp.Limits{Failures: 2000}, func() bool {
					n++
					return n < 300
				})
			}
		})
	})
	b.Run("wide", func(b *testing.B) {
		r := rand.New(rand.NewPCG(3, 4))
		var scopes [][]int
		var tables [][][]int
		for range 5 {
			scope := r.Perm(6)[:4]
			tuples := make([][]int, 3000)
			for i := range tuples {
				tuples[i] = []int{r.IntN(10), r.IntN(10), r.IntN(10), r.IntN(10)}
			}
			scopes, tables = append(scopes, scope), append(tables, tuples)
		}
		runSearch(b, func() (*cp.Solver, func(*cp.Solver) error) {
			s := cp.New()
			x := make([]cp.Var, 6)
			for i := range x {
				x[i] = s.NewVar(0, 9)
			}
			for k, scope := range scopes {
				vars := make([]cp.Var, len(scope))
				for i, j := range scope {
					vars[i] = x[j]
				}
				s.AddTable(vars, tables[k])
			}
			return s, func(s *cp.Solver) error {
				_, err := s.Count(context.Background(), cp.FirstFail(x, cp.ValueMin), cp.Limits{}, 0, nil)
				return err
			}
		})
	})
}
