package cp_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
)

// lessThan is the constraint x < y, written from scratch as any model
// outside the package can write one.
//
// Step 1: a propagator is any type with a Propagate method. It holds what
// it needs to reason: here the two variables.
type lessThan struct{ x, y cp.Var }

// Step 2: Propagate narrows the domains to what the constraint allows,
// reading them through the solver. For x < y, x must stay below y's
// largest value and y above x's smallest. A domain operation that would
// leave a domain empty returns cp.ErrInconsistent: return it, and the
// search backtracks. Propagate only ever removes values, and the search
// undoes them on backtracking: the propagator keeps no state of its own.
func (c lessThan) Propagate(s *cp.Solver) error {
	if err := s.SetMax(c.x, s.Max(c.y)-1); err != nil {
		return err
	}
	return s.SetMin(c.y, s.Min(c.x)+1)
}

// Step 3 (optional): Idempotent tells the solver that one run reaches the
// propagator's own fixpoint, so its changes need not wake it again. That
// holds here: raising y's minimum cannot lower its maximum, which is all
// the first step read. Other optional methods: Priority, to run after
// cheaper propagators, and Advise, to hear of each change (see Advisor).
func (c lessThan) Idempotent() bool { return true }

// Step 4: post it. Add registers the propagator and schedules its first
// run; Watch says which changes wake it: here a move of either variable's
// bounds, since Propagate reads only bounds. The PropID names the
// constraint in statistics (Failures) and conflicts (Conflict).
func addLessThan(s *cp.Solver, x, y cp.Var) cp.PropID {
	id := s.Add(lessThan{x, y})
	s.Watch(id, x, cp.OnBounds)
	s.Watch(id, y, cp.OnBounds)
	return id
}

// A custom propagator, written outside the package: the chain a < b < c
// over 1..4. Propagation alone narrows the domains; search then finds the
// four solutions.
func ExamplePropagator() {
	s := cp.New()
	a, b, c := s.NewVar(1, 4), s.NewVar(1, 4), s.NewVar(1, 4)
	s.SetName(a, "a")
	s.SetName(b, "b")
	s.SetName(c, "c")
	addLessThan(s, a, b)
	addLessThan(s, b, c)
	if err := s.Propagate(); err != nil {
		panic(err)
	}
	fmt.Println(s.Describe(a), s.Describe(b), s.Describe(c))

	vars := []cp.Var{a, b, c}
	n, err := s.Count(context.Background(), cp.InOrder(vars, cp.ValueMin), cp.Limits{}, 0, func() {
		fmt.Println(s.Value(a), s.Value(b), s.Value(c))
	})
	fmt.Println(n, "solutions, error:", err)
	// Output:
	// a ∈ {1..2} b ∈ {2..3} c ∈ {3..4}
	// 1 2 3
	// 1 2 4
	// 1 3 4
	// 2 3 4
	// 4 solutions, error: <nil>
}
