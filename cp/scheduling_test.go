package cp

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type cumulativeC struct {
	start, dur, use []int // variable numbers
	capacity        int
}

func (c cumulativeC) post(s *Solver, vars []Var) {
	s.AddCumulative(varsAt(vars, c.start), varsAt(vars, c.dur), varsAt(vars, c.use), vars[c.capacity])
}

// holds checks the load at every time some task runs, with durations and
// usages non-negative as MiniZinc asserts; with a task, the capacity
// covers the empty load of the times when none runs.
func (c cumulativeC) holds(values []int) bool {
	if len(c.start) == 0 {
		return true
	}
	capacity := values[c.capacity]
	if capacity < 0 {
		return false
	}
	for i := range c.start {
		if values[c.dur[i]] < 0 || values[c.use[i]] < 0 {
			return false
		}
	}
	for i := range c.start {
		for t := values[c.start[i]]; t < values[c.start[i]]+values[c.dur[i]]; t++ {
			load := 0
			for j := range c.start {
				if s := values[c.start[j]]; s <= t && t < s+values[c.dur[j]] {
					load += values[c.use[j]]
				}
			}
			if load > capacity {
				return false
			}
		}
	}
	return true
}

// product returns the number of assignments of p's domains.
func product(p testProblem) int {
	n := 1
	for i := range p.lo {
		n *= p.size(i)
	}
	return n
}

// randomTasks gives n tasks variables start, then dur, then use (unless
// noUse), each task's duration and usage often fixed, and redraws until
// brute force stays small. It returns the numbers of the variables.
func randomTasks(r *rand.Rand, n int, noUse bool, extra int) (p testProblem, start, dur, use []int) {
	for {
		k := 2
		if !noUse {
			k = 3
		}
		p = testProblem{lo: make([]int, k*n+extra), hi: make([]int, k*n+extra), holes: make([][]int, k*n+extra)}
		start, dur = seq(0, n), seq(n, n)
		if !noUse {
			use = seq(2*n, n)
		}
		for _, i := range start {
			p.lo[i] = r.IntN(4) - 1
			p.hi[i] = p.lo[i] + r.IntN(4)
		}
		for _, i := range append(append([]int{}, dur...), use...) {
			p.lo[i] = r.IntN(4) - 1
			p.hi[i] = p.lo[i]
			if r.IntN(3) == 0 {
				p.hi[i] += 1 + r.IntN(2)
			}
		}
		if product(p) <= 3000 {
			return p, start, dur, use
		}
	}
}

func randomCumulative(r *rand.Rand) testProblem {
	n := r.IntN(5)
	p, start, dur, use := randomTasks(r, n, false, 1)
	c := cumulativeC{start: start, dur: dur, use: use, capacity: 3 * n}
	p.lo[c.capacity] = r.IntN(4) - 1
	p.hi[c.capacity] = p.lo[c.capacity] + r.IntN(3)
	if r.IntN(5) == 0 && n >= 2 {
		c.dur[0] = c.dur[1] // two tasks share a duration variable
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestCumulativeAgainstBruteForce(t *testing.T) {
	forRandom(t, 60, 2000, randomCumulative, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestCumulativeSound(t *testing.T) {
	forRandom(t, 61, 5000, randomCumulative, func(p testProblem) { requireDomainConsistent(t, p, nil) })
}

type disjunctiveC struct {
	start, dur []int
	strict     bool
}

func (c disjunctiveC) post(s *Solver, vars []Var) {
	s.AddDisjunctive(varsAt(vars, c.start), varsAt(vars, c.dur), c.strict)
}

// holds follows fzn_disjunctive.mzn and fzn_disjunctive_strict.mzn.
func (c disjunctiveC) holds(values []int) bool {
	for i := range c.start {
		if values[c.dur[i]] < 0 {
			return false
		}
	}
	for i := range c.start {
		for j := i + 1; j < len(c.start); j++ {
			si, di, sj, dj := values[c.start[i]], values[c.dur[i]], values[c.start[j]], values[c.dur[j]]
			apart := si+di <= sj || sj+dj <= si
			if !apart && (c.strict || di != 0 && dj != 0) {
				return false
			}
		}
	}
	return true
}

func randomDisjunctive(r *rand.Rand) testProblem {
	n := r.IntN(5)
	p, start, dur, _ := randomTasks(r, n, true, 0)
	p.constraints = []testConstraint{disjunctiveC{start: start, dur: dur, strict: r.IntN(2) == 0}}
	return p
}

func TestDisjunctiveAgainstBruteForce(t *testing.T) {
	forRandom(t, 62, 3000, randomDisjunctive, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestDisjunctiveSound(t *testing.T) {
	forRandom(t, 63, 5000, randomDisjunctive, func(p testProblem) { requireDomainConsistent(t, p, nil) })
}

// TestTimeTabling checks the pruning of a few classic situations: the
// brute-force tests catch unsound pruning and wrong answers, not pruning
// that is too weak.
func TestTimeTabling(t *testing.T) {
	// Task a runs over 3..5 with usage 2; task b, of usage 2, cannot
	// overlap it under capacity 3.
	for _, c := range []struct {
		lo, hi, dur int
		want        string // b's domain after propagation, "" for a failure
	}{
		{1, 9, 3, "x1 ∈ {6..9}"}, {0, 5, 3, "x1 ∈ {0}"}, {0, 9, 3, "x1 ∈ {0..9}"}, {1, 5, 3, ""},
		{3, 9, 1, "x1 ∈ {6..9}"}, {0, 5, 1, "x1 ∈ {0..2}"},
	} {
		s := New()
		a, b := s.NewVar(3, 3), s.NewVar(c.lo, c.hi)
		use := s.NewVar(2, 2)
		s.AddCumulative([]Var{a, b}, []Var{s.NewVar(3, 3), s.NewVar(c.dur, c.dur)}, []Var{use, use}, s.NewVar(3, 3))
		err := s.Propagate()
		if c.want == "" {
			assert.ErrorIs(t, err, ErrInconsistent, "%+v", c)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, c.want, s.Describe(b), "%+v", c)
	}

	// A compulsory part raises the capacity and bounds the usage of a
	// task that surely runs at the same time.
	s := New()
	a, b := s.NewVar(0, 1), s.NewVar(0, 1)
	ua, ub := s.NewVar(3, 4), s.NewVar(0, 9)
	capacity, dur := s.NewVar(0, 6), s.NewVar(3, 3)
	s.AddCumulative([]Var{a, b}, []Var{dur, dur}, []Var{ua, ub}, capacity)
	require.NoError(t, s.Propagate())
	assert.Equal(t, 3, s.Min(capacity))
	assert.Equal(t, 3, s.Max(ub), "6 minus the 3 of the other task")

	// Disjunctive: b cannot end before a's latest start, so it follows
	// a's earliest end.
	for _, strict := range []bool{false, true} {
		s := New()
		a, b := s.NewVar(0, 1), s.NewVar(0, 9)
		s.AddDisjunctive([]Var{a, b}, []Var{s.NewVar(3, 3), s.NewVar(2, 2)}, strict)
		require.NoError(t, s.Propagate())
		assert.Equal(t, "x1 ∈ {3..9}", s.Describe(b))
	}

	// Disjunctive: with a at 2 for 3, a task of duration 3 that starts
	// in 0..4 can go neither before nor after it.
	s = New()
	a, b, dur = s.NewVar(2, 2), s.NewVar(0, 4), s.NewVar(3, 3)
	s.AddDisjunctive([]Var{a, b}, []Var{dur, dur}, false)
	require.ErrorIs(t, s.Propagate(), ErrInconsistent)
}

type diffnC struct {
	x, y, dx, dy []int
	strict       bool
}

func (c diffnC) post(s *Solver, vars []Var) {
	s.AddDiffn(varsAt(vars, c.x), varsAt(vars, c.y), varsAt(vars, c.dx), varsAt(vars, c.dy), c.strict)
}

// holds follows fzn_diffn.mzn and fzn_diffn_nonstrict.mzn.
func (c diffnC) holds(values []int) bool {
	for i := range c.x {
		for j := i + 1; j < len(c.x); j++ {
			xi, yi, wi, hi := values[c.x[i]], values[c.y[i]], values[c.dx[i]], values[c.dy[i]]
			xj, yj, wj, hj := values[c.x[j]], values[c.y[j]], values[c.dx[j]], values[c.dy[j]]
			apart := xi+wi <= xj || yi+hi <= yj || xj+wj <= xi || yj+hj <= yi
			flat := wi == 0 || wj == 0 || hi == 0 || hj == 0
			if !apart && (c.strict || !flat) {
				return false
			}
		}
	}
	return true
}

// randomDiffn draws up to three rectangles, their sizes often fixed and
// now and then zero or negative, and redraws until brute force stays
// small.
func randomDiffn(r *rand.Rand) testProblem {
	for {
		n := r.IntN(4)
		c := diffnC{x: seq(0, n), y: seq(n, n), dx: seq(2*n, n), dy: seq(3*n, n), strict: r.IntN(2) == 0}
		p := testProblem{lo: make([]int, 4*n), hi: make([]int, 4*n), holes: make([][]int, 4*n)}
		for i := range 2 * n {
			p.lo[i] = r.IntN(3)
			p.hi[i] = p.lo[i] + r.IntN(3)
		}
		for i := 2 * n; i < 4*n; i++ {
			p.lo[i] = r.IntN(4) - 1
			p.hi[i] = p.lo[i]
			if r.IntN(3) == 0 {
				p.hi[i] += 1 + r.IntN(2)
			}
		}
		if product(p) <= 1000 {
			p.constraints = []testConstraint{c}
			return p
		}
	}
}

func TestDiffnAgainstBruteForce(t *testing.T) {
	forRandom(t, 64, 2000, randomDiffn, func(p testProblem) { requireSameSolutions(t, p) })
}

func TestDiffnSound(t *testing.T) {
	forRandom(t, 65, 5000, randomDiffn, func(p testProblem) { requireDomainConsistent(t, p, nil) })
}

// TestDiffnPushes checks that a square that can go neither left of,
// below nor above a fixed one is pushed to its right.
func TestDiffnPushes(t *testing.T) {
	s := New()
	two := s.NewVar(2, 2)
	x := []Var{s.NewVar(2, 2), s.NewVar(1, 9)}
	y := []Var{s.NewVar(0, 0), s.NewVar(0, 1)}
	s.AddDiffn(x, y, []Var{two, two}, []Var{two, two}, true)
	require.NoError(t, s.Propagate())
	assert.Equal(t, "x2 ∈ {4..9}", s.Describe(x[1]))
}
