package cp_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
)

// SEND + MORE = MONEY: distinct digits, no leading zero. The sum is one
// linear equation over the letters; the search splits domains, smallest
// domain first.
func ExampleStrategy() {
	s := cp.New()
	letters := map[rune]cp.Var{}
	var all []cp.Var
	for _, r := range "SENDMORY" {
		letters[r] = s.NewVar(0, 9)
		all = append(all, letters[r])
	}
	s.AddAllDifferent(all, cp.DomainConsistency)
	if s.Intersect(letters['S'], []int{1, 2, 3, 4, 5, 6, 7, 8, 9}) != nil || s.Remove(letters['M'], 0) != nil {
		panic("no leading zero")
	}
	// word adds the terms of a word's value, times sign.
	var vars []cp.Var
	var coeffs []int
	word := func(w string, sign int) {
		place := sign
		for i := len(w) - 1; i >= 0; i-- {
			vars, coeffs = append(vars, letters[rune(w[i])]), append(coeffs, place)
			place *= 10
		}
	}
	word("SEND", 1)
	word("MORE", 1)
	word("MONEY", -1)
	s.AddIntSum(vars, coeffs, cp.Equal, 0)

	b := cp.Strategy{Vars: all, Select: cp.SelectFirstFail, Value: cp.ValueSplit}.Brancher()
	n, err := s.Count(context.Background(), b, cp.Limits{}, 0, func() {
		value := func(w string) (v int) {
			for _, r := range w {
				v = 10*v + s.Value(letters[r])
			}
			return v
		}
		fmt.Println(value("SEND"), "+", value("MORE"), "=", value("MONEY"))
	})
	fmt.Println(n, "solution", err)
	// Output:
	// 9567 + 1085 = 10652
	// 1 solution <nil>
}

// A job shop: each job runs its tasks in order, each machine runs one task
// at a time. For each pair of tasks on a machine a literal says which goes
// first, tied to the start times by reified precedences; the makespan is
// the latest end. Branch and bound with restarts finds the shortest
// schedule, and the Optimum keeps it.
func ExampleSolver_AddCompareReif() {
	type task struct{ machine, duration int }
	jobs := [][]task{
		{{0, 3}, {1, 2}, {2, 2}},
		{{0, 2}, {2, 1}, {1, 4}},
		{{1, 4}, {2, 3}},
	}
	const horizon = 20
	s := cp.New()
	start := make([][]cp.Var, len(jobs))
	var ends, starts, orders []cp.Var
	onMachine := map[int][][2]int{} // machine → tasks (job, index)
	for j, job := range jobs {
		for k, t := range job {
			start[j] = append(start[j], s.NewVar(0, horizon))
			starts = append(starts, start[j][k])
			if k > 0 { // start[j][k-1] + duration ≤ start[j][k]
				s.AddCompare(start[j][k-1], cp.LessEq, start[j][k], -job[k-1].duration)
			}
			onMachine[t.machine] = append(onMachine[t.machine], [2]int{j, k})
		}
		last := len(job) - 1
		end := s.NewVar(0, horizon)
		s.AddIntSum([]cp.Var{end, start[j][last]}, []int{1, -1}, cp.Equal, job[last].duration)
		ends = append(ends, end)
	}
	for m := range 3 {
		tasks := onMachine[m]
		for a := range tasks {
			for b := a + 1; b < len(tasks); b++ {
				ta, tb := tasks[a], tasks[b]
				sa, sb := start[ta[0]][ta[1]], start[tb[0]][tb[1]]
				da, db := jobs[ta[0]][ta[1]].duration, jobs[tb[0]][tb[1]].duration
				first := s.NewBool() // a before b
				s.AddCompareReif(cp.Pos(first), cp.Iff, sa, cp.LessEq, sb, -da)
				s.AddCompareReif(cp.Neg(first), cp.Implies, sb, cp.LessEq, sa, -db)
				orders = append(orders, first)
			}
		}
	}
	makespan := s.NewVar(0, horizon)
	s.AddMax(makespan, ends)

	b := cp.Seq(
		cp.Strategy{Vars: orders, Select: cp.SelectDomWDeg, Value: cp.ValueRandom, Seed: 1}.Brancher(),
		cp.Strategy{Vars: starts, Select: cp.SelectSmallest, Value: cp.ValueMin}.Brancher(),
	)
	lim := cp.Limits{Restarts: cp.Restarts{Policy: cp.RestartLuby, Scale: 10}}
	best, err := s.Minimize(context.Background(), b, makespan, lim, nil)
	fmt.Println("makespan", best.Value, "proven", best.Proven, err)
	for j := range jobs {
		fmt.Print("job ", j, " starts")
		for _, v := range start[j] {
			fmt.Print(" ", best.Values[v])
		}
		fmt.Println()
	}
	// Output:
	// makespan 11 proven true <nil>
	// job 0 starts 2 5 7
	// job 1 starts 0 2 7
	// job 2 starts 0 4
}

// Reification counts conditions: b[i] ⇔ x[i] ≥ 3 for three digits whose
// sum is 9, and exactly two of them at least 3; the digits are odd, from a
// list of values, and x[0]·x[1] = x[2] + 14.
func ExampleSolver_AddBoundReif() {
	s := cp.New()
	x := make([]cp.Var, 3)
	holds := make([]cp.Lit, 3)
	for i := range x {
		x[i] = s.NewVarIn([]int{1, 3, 5, 7, 9})
		b := s.NewBool()
		s.AddBoundReif(cp.Pos(b), cp.Iff, x[i], cp.GreaterEq, 3)
		holds[i] = cp.Pos(b)
	}
	s.AddIntSum(x, nil, cp.Equal, 9)
	s.AddBoolSum(holds, nil, cp.Equal, 2)
	product := s.NewVar(0, 81)
	s.AddTimes(product, x[0], x[1])
	s.AddIntSum([]cp.Var{product, x[2]}, []int{1, -1}, cp.Equal, 14)

	n, err := s.Count(context.Background(), cp.InOrder(x, cp.ValueMin), cp.Limits{}, 0, func() {
		fmt.Println(s.Value(x[0]), s.Value(x[1]), s.Value(x[2]))
	})
	fmt.Println(n, "solutions", err)
	// Output:
	// 3 5 1
	// 5 3 1
	// 2 solutions <nil>
}

// A parity bit: p ⇔ x₀ ⊕ x₁ ⊕ x₂, and x does not hold exactly one 1. The
// brancher covers x alone: solutions are told apart by x, and the xor
// fixes p once x is fixed.
func ExampleSolver_AddXor() {
	s := cp.New()
	x := []cp.Var{s.NewBool(), s.NewBool(), s.NewBool()}
	p := s.NewBool()
	s.AddXor([]cp.Lit{cp.Pos(x[0]), cp.Pos(x[1]), cp.Pos(x[2]), cp.Pos(p)}, false)
	s.AddBoolSum([]cp.Lit{cp.Pos(x[0]), cp.Pos(x[1]), cp.Pos(x[2])}, nil, cp.NotEqual, 1)

	n, err := s.Count(context.Background(), cp.InOrder(x, cp.ValueMin), cp.Limits{}, 0, func() {
		fmt.Println(s.Value(x[0]), s.Value(x[1]), s.Value(x[2]), "parity", s.Value(p))
	})
	fmt.Println(n, "solutions", err)
	// Output:
	// 0 0 0 parity 0
	// 0 1 1 parity 0
	// 1 0 1 parity 0
	// 1 1 0 parity 0
	// 1 1 1 parity 1
	// 5 solutions <nil>
}
