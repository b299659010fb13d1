package cp_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/cp"
)

// Find the shortest round trip through six towns: next[i] is the town
// visited after town i, Circuit makes the successors one tour through all
// of them, Element reads each leg's length from the distance table, and
// Minimize proves the shortest total (20, as trying all 120 tours
// confirms).
func ExampleSolver_AddCircuit() {
	dist := [][]int{
		{0, 3, 4, 2, 7, 5},
		{3, 0, 4, 6, 3, 8},
		{4, 4, 0, 5, 8, 6},
		{2, 6, 5, 0, 6, 3},
		{7, 3, 8, 6, 0, 4},
		{5, 8, 6, 3, 4, 0},
	}
	n := len(dist)
	s := cp.New()
	next, legs := make([]cp.Var, n), make([]cp.Var, n)
	for i := range n {
		next[i] = s.NewVar(0, n-1)
		legs[i] = s.NewVar(0, 10)
		s.AddElement(dist[i], next[i], legs[i])
	}
	s.AddCircuit(next, 0)
	total := s.NewVar(0, 10*n)
	coeffs := make([]int, n+1)
	for i := range n {
		coeffs[i] = 1
	}
	coeffs[n] = -1
	s.AddIntSum(append(legs[:n:n], total), coeffs, cp.Equal, 0)

	var tour string
	best, err := s.Minimize(context.Background(), cp.FirstFail(next, cp.ValueMin), total, cp.Limits{}, func(int) {
		towns := []string{"0"}
		for town := s.Value(next[0]); town != 0; town = s.Value(next[town]) {
			towns = append(towns, fmt.Sprint(town))
		}
		tour = strings.Join(append(towns, "0"), " ")
	})
	fmt.Println("tour:", tour)
	fmt.Println("length:", best.Value, "proven:", best.Proven, err)
	// Output:
	// tour: 0 2 1 4 5 3 0
	// length: 20 proven: true <nil>
}

// Count the two-week rosters of one nurse: each day is off (1), a day
// shift (2) or a night shift (3); a night is followed by a night or a day
// off, never by a day shift; and there are never more than three days off
// in a row. A deterministic automaton states the rules: states 1..4 are
// "after a work day", "after a night", "after 1 off", "after 2 off" and
// state 5 "after 3 off"; Regular keeps each day's domain to the shifts
// that some valid roster puts there. (A count over the automaton by
// dynamic programming gives the same 39047.)
func ExampleSolver_AddRegular() {
	d := [][]int{
		// off, day, night
		{3, 1, 2}, // 1: after a day shift
		{3, 0, 2}, // 2: after a night: no day shift
		{4, 1, 2}, // 3: after one day off
		{5, 1, 2}, // 4: after two days off
		{0, 1, 2}, // 5: after three days off: work
	}
	final := []int{1, 2, 3, 4, 5}
	s := cp.New()
	days := make([]cp.Var, 14)
	for i := range days {
		days[i] = s.NewVar(1, 3)
	}
	s.AddRegular(days, 5, 3, d, 1, final)
	// The first Monday is a night, and the roster ends with a day shift.
	_ = s.Assign(days[0], 3)
	_ = s.Assign(days[13], 2)
	if err := s.Propagate(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("day 2 can be:", s.Describe(days[1]))
	n, err := s.Count(context.Background(), cp.InOrder(days, cp.ValueMin), cp.Limits{}, 0, nil)
	fmt.Println(n, "rosters", err)
	// Output:
	// day 2 can be: x1 ∈ {1,3}
	// 39047 rosters <nil>
}

// Schedule five jobs on a machine park of capacity 4: each job needs some
// machines for some hours, and Cumulative keeps the machines in use at
// any hour within the capacity; minimise the hour when the last job ends
// (Gecode finds the same optimum, 7).
func ExampleSolver_AddCumulative() {
	durations := []int{3, 2, 4, 2, 1}
	machines := []int{2, 3, 1, 2, 4}
	s := cp.New()
	horizon := 0
	for _, d := range durations {
		horizon += d
	}
	start, dur, use := make([]cp.Var, 5), make([]cp.Var, 5), make([]cp.Var, 5)
	end := s.NewVar(0, horizon)
	for i := range start {
		start[i] = s.NewVar(0, horizon)
		dur[i] = s.NewVar(durations[i], durations[i])
		use[i] = s.NewVar(machines[i], machines[i])
		s.AddIntSum([]cp.Var{start[i], end}, []int{1, -1}, cp.LessEq, -durations[i]) // start + d ≤ end
	}
	s.AddCumulative(start, dur, use, s.NewVar(4, 4))

	var plan []int
	best, err := s.Minimize(context.Background(), cp.FirstFail(start, cp.ValueMin), end, cp.Limits{}, func(int) {
		plan = plan[:0]
		for _, v := range start {
			plan = append(plan, s.Value(v))
		}
	})
	fmt.Println("starts:", plan)
	fmt.Println("all done at", best.Value, "proven:", best.Proven, err)
	// Output:
	// starts: [2 0 0 4 6]
	// all done at 7 proven: true <nil>
}
