package jugs

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// referenceSteps is a deliberately plain breadth-first search written
// straight from the rules, sharing no code with the package: it returns the
// length of a shortest plan, or -1 when no plan exists.
func referenceSteps(p *Puzzle) int {
	goal := func(s []int) bool {
		switch p.Goal {
		case GoalAny:
			return slices.Contains(s, p.Target)
		case GoalTotal:
			sum := 0
			for _, v := range s {
				sum += v
			}
			return sum == p.Target
		}
		for i, v := range p.GoalState {
			if v >= 0 && s[i] != v {
				return false
			}
		}
		return true
	}
	start := slices.Clone(p.Initial)
	dist := map[string]int{fmt.Sprint(start): 0}
	queue := [][]int{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		d := dist[fmt.Sprint(s)]
		if goal(s) {
			return d
		}
		var next [][]int
		for i := range s {
			if p.Tap {
				full, empty := slices.Clone(s), slices.Clone(s)
				full[i], empty[i] = p.Capacities[i], 0
				next = append(next, full, empty)
			}
			for j := range s {
				if i != j {
					t := slices.Clone(s)
					amount := min(t[i], p.Capacities[j]-t[j])
					t[i], t[j] = t[i]-amount, t[j]+amount
					next = append(next, t)
				}
			}
		}
		for _, t := range next {
			if _, seen := dist[fmt.Sprint(t)]; !seen {
				dist[fmt.Sprint(t)] = d + 1
				queue = append(queue, t)
			}
		}
	}
	return -1
}

// TestBFSMatchesReference solves random small puzzles with BFS and with the
// reference search: both must agree on solvability and on the optimal
// length, and every plan must pass the checker.
func TestBFSMatchesReference(t *testing.T) {
	seen := map[bool]int{}
	rapid.Check(t, func(t *rapid.T) {
		p := genPuzzle(t, 4, 7)
		want := referenceSteps(p)
		seen[want >= 0]++
		for _, store := range []StoreKind{StoreDense, StoreHash, StoreWide} {
			for _, noFast := range []bool{false, true} {
				r, err := BFS(context.Background(), p, Options{Store: store, NoFastPath: noFast})
				if err != nil {
					t.Fatalf("%s store: %v", store, err)
				}
				if !r.Solvable() {
					if want >= 0 {
						t.Fatalf("%s store (fast path %v): unsolvable, but the reference finds %d steps", store, !noFast, want)
					}
					continue
				}
				if len(r.Plan) != want {
					t.Fatalf("%s store: %d steps, the reference finds %d", store, len(r.Plan), want)
				}
				if err := Check(p, r.Plan); err != nil {
					t.Fatalf("%s store: plan %v fails the check: %v", store, r.Plan, err)
				}
			}
		}
	})
	assert.Positive(t, seen[true], "no solvable puzzle drawn")
	assert.Positive(t, seen[false], "no unsolvable puzzle drawn")
}

// TestBFSHasNoShorterPlan confirms optimality without any search code:
// every action sequence shorter than the BFS plan is rejected by Check.
func TestBFSHasNoShorterPlan(t *testing.T) {
	deep := 0 // plans of 3 or more steps, all shorter sequences tried
	rapid.Check(t, func(t *rapid.T) {
		p := genClassic(t)
		r, err := BFS(context.Background(), p, Options{})
		if err != nil || !r.Solvable() || len(r.Plan) == 0 {
			return // optimality concerns plans of at least one step
		}
		alphabet := p.Actions()
		var try func(plan Plan, depth int)
		try = func(plan Plan, depth int) {
			if Check(p, plan) == nil {
				t.Fatalf("plan %v of %d steps is shorter than the BFS plan %v", plan, len(plan), r.Plan)
			}
			if depth == 0 {
				return
			}
			for _, a := range alphabet {
				try(append(plan, a), depth-1)
			}
		}
		budget, depth := 1, 0
		for depth < len(r.Plan)-1 && budget*len(alphabet) <= 50_000 {
			budget *= len(alphabet)
			depth++
		}
		try(nil, depth)
		if depth >= 2 && depth == len(r.Plan)-1 {
			deep++
		}
	})
	assert.Positive(t, deep, "no plan of 3 or more steps was exhausted; the test proves little")
	t.Logf("%d plans of 3 or more steps proven optimal by enumeration", deep)
}

// genClassic draws puzzles of the classic shapes, which need several
// steps: two or three jugs, either with a tap and all empty, or without a
// tap and the first jug full.
func genClassic(t *rapid.T) *Puzzle {
	n := rapid.IntRange(2, 3).Draw(t, "jugs")
	p := &Puzzle{Tap: n == 2 || rapid.Bool().Draw(t, "tap")}
	for range n {
		p.Capacities = append(p.Capacities, rapid.IntRange(1, 9).Draw(t, "capacity"))
	}
	p.Initial = make([]int, n)
	if !p.Tap {
		p.Initial[0] = p.Capacities[0]
	}
	p.Goal = Goal(rapid.IntRange(0, 1).Draw(t, "goal"))
	p.Target = rapid.IntRange(1, slices.Max(p.Capacities)).Draw(t, "target")
	return p
}

// TestDecideTwoJugs checks the number-theory fast path against exhaustive
// search on every goal kind, for two jugs with a tap starting empty, where
// it must always decide.
func TestDecideTwoJugs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.IntRange(1, 30).Draw(t, "a")
		b := rapid.IntRange(1, 30).Draw(t, "b")
		p := &Puzzle{Capacities: []int{a, b}, Initial: []int{0, 0}, Tap: true, Goal: Goal(rapid.IntRange(0, 2).Draw(t, "goal"))}
		switch p.Goal {
		case GoalAny, GoalTotal:
			p.Target = rapid.IntRange(0, a+b+2).Draw(t, "target")
		case GoalState:
			p.GoalState = []int{rapid.IntRange(DontCare, a).Draw(t, "x"), rapid.IntRange(DontCare, b).Draw(t, "y")}
		}
		solvable, decided := Decide(p)
		if !decided {
			t.Fatalf("Decide did not decide %+v", p)
		}
		r, err := BFS(context.Background(), p, Options{NoFastPath: true})
		if err != nil {
			t.Fatal(err)
		}
		if solvable != r.Solvable() {
			t.Fatalf("Decide says %v, BFS says %v, for %+v", solvable, r.Solvable(), p)
		}
	})
}

// TestDecideTwoJugsExhaustive runs the same comparison over every two-jug
// puzzle with capacities up to 8 and every goal they admit.
func TestDecideTwoJugsExhaustive(t *testing.T) {
	checked := 0
	for a := 1; a <= 8; a++ {
		for b := 1; b <= 8; b++ {
			var goals []*Puzzle
			base := Puzzle{Capacities: []int{a, b}, Initial: []int{0, 0}, Tap: true}
			for target := 0; target <= a+b+1; target++ {
				for _, g := range []Goal{GoalAny, GoalTotal} {
					p := base
					p.Goal, p.Target = g, target
					goals = append(goals, &p)
				}
			}
			for x := DontCare; x <= a; x++ {
				for y := DontCare; y <= b; y++ {
					p := base
					p.Goal, p.GoalState = GoalState, []int{x, y}
					goals = append(goals, &p)
				}
			}
			for _, p := range goals {
				solvable, decided := Decide(p)
				r, err := BFS(context.Background(), p, Options{NoFastPath: true})
				require.NoError(t, err)
				require.True(t, decided, "%+v", p)
				require.Equal(t, r.Solvable(), solvable, "%+v", p)
				checked++
			}
		}
	}
	t.Logf("%d two-jug puzzles: number theory agrees with search on all", checked)
}

// TestDecideInvariants checks that whenever Decide settles a general puzzle
// it agrees with exhaustive search.
func TestDecideInvariants(t *testing.T) {
	decided := 0
	rapid.Check(t, func(t *rapid.T) {
		p := genPuzzle(t, 4, 9)
		solvable, ok := Decide(p)
		if !ok {
			return
		}
		decided++
		r, err := BFS(context.Background(), p, Options{NoFastPath: true})
		if err != nil {
			t.Fatal(err)
		}
		if solvable != r.Solvable() {
			t.Fatalf("Decide says %v, BFS says %v, for %+v", solvable, r.Solvable(), p)
		}
	})
	assert.Positive(t, decided, "Decide settled none of the random puzzles; the test proves nothing")
}

func TestFastPathSkipsSearch(t *testing.T) {
	p := &Puzzle{Capacities: []int{2, 1_000_000}, Initial: []int{0, 0}, Tap: true, Target: 999_999}
	r, err := BFS(context.Background(), p, Options{})
	require.NoError(t, err)
	assert.False(t, r.Solvable())
	assert.True(t, r.FastPath)
	assert.Zero(t, r.Stats.Stored)
}

func TestBFSStartAtGoal(t *testing.T) {
	p := &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 4}, Tap: true, Target: 4}
	r, err := BFS(context.Background(), p, Options{})
	require.NoError(t, err)
	assert.True(t, r.Solvable())
	assert.NotNil(t, r.Plan)
	assert.Empty(t, r.Plan)
}

func TestStoreChoice(t *testing.T) {
	tests := []struct {
		caps []int
		want StoreKind
	}{
		{[]int{3, 5}, StoreDense},
		{[]int{9973, 10007}, StoreHash},
		// 10^4+1 to the fifth power overflows 64 bits.
		{[]int{10000, 10000, 10000, 10000, 10000}, StoreWide},
	}
	for _, tt := range tests {
		p := &Puzzle{Capacities: tt.caps, Initial: make([]int, len(tt.caps)), Target: 1}
		p.Initial[0] = 3 // no tap: 3 units move around, few states
		r, err := BFS(context.Background(), p, Options{NoFastPath: true})
		require.NoError(t, err)
		assert.Equal(t, tt.want, r.Store, "%v", tt.caps)
		assert.False(t, r.Solvable(), "%v: the 3 units never split into 1", tt.caps)
		assert.Equal(t, referenceSteps(p), -1)
	}
	_, err := BFS(context.Background(), &Puzzle{Capacities: []int{MaxCapacity, MaxCapacity}, Initial: []int{0, 0}, Tap: true, Target: 1},
		Options{Store: StoreDense, NoFastPath: true})
	assert.ErrorContains(t, err, "the dense state store cannot hold")
}

func TestWideStoreRoundTrip(t *testing.T) {
	caps := []int{MaxCapacity, 1, 255, 256, 65535, 7}
	w := newWideSpace(&Puzzle{Capacities: caps})
	states := []State{{0, 0, 0, 0, 0, 0}, {MaxCapacity, 1, 255, 256, 65535, 7}, {123456789012, 0, 17, 256, 300, 5}}
	keys := map[string]bool{}
	got := make(State, len(caps))
	for _, s := range states {
		k := w.pack(s)
		keys[k] = true
		w.unpack(k, got)
		assert.Equal(t, s, got)
	}
	assert.Len(t, keys, len(states), "distinct states, distinct keys")
}

// TestPackedSuccessors checks the arithmetic on packed keys against
// Apply: from every state of small puzzles, each successor's key is the
// packed state Apply reaches, and Goal agrees with AtGoal under every
// kind of goal.
func TestPackedSuccessors(t *testing.T) {
	goals := []func(p *Puzzle){
		func(p *Puzzle) { p.Goal, p.Target = GoalAny, 2 },
		func(p *Puzzle) { p.Goal, p.Target = GoalTotal, 3 },
		func(p *Puzzle) {
			p.Goal, p.GoalState = GoalState, slices.Repeat([]int{DontCare}, p.NumJugs())
			p.GoalState[0] = 1
		},
	}
	for _, caps := range [][]int{{3, 5}, {2, 3, 1}} {
		for _, p := range smallPuzzles(caps...) {
			for _, goal := range goals {
				goal(p)
				checkPackedSuccessors(t, p, caps)
			}
		}
	}
}

// checkPackedSuccessors checks the successors of p's start (see
// TestPackedSuccessors).
func checkPackedSuccessors(t *testing.T, p *Puzzle, caps []int) {
	t.Helper()
	sp, fits := newPackedSpace(p)
	require.True(t, fits)
	n := 0
	sp.Successors(sp.pack(p.Initial), func(id actionID, next uint64, cost int) bool {
		n++
		a := sp.actions[id]
		want := p.Start()
		require.True(t, p.Apply(want, a), "%v from %v", a, p.Initial)
		assert.Equal(t, sp.pack(want), next, "%v from %v", a, p.Initial)
		assert.Equal(t, p.AtGoal(want), sp.Goal(next))
		got := make(State, len(caps))
		sp.unpack(next, got)
		assert.Equal(t, want, got)
		assert.Equal(t, 1, cost)
		return true
	})
	legal := 0
	for _, a := range p.Actions() {
		if p.Legal(p.Start(), a) {
			legal++
		}
	}
	assert.Equal(t, legal, n, "every legal action, once, from %v", p.Initial)
}

func TestBFSCancellation(t *testing.T) {
	p := &Puzzle{Capacities: []int{99991, 100003}, Initial: []int{0, 0}, Tap: true, Target: 1}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := BFS(ctx, p, Options{})
	assert.ErrorIs(t, err, context.Canceled)

	// The full search takes tens of milliseconds; a microsecond budget
	// ends it early.
	ctx, cancel = context.WithTimeout(context.Background(), time.Microsecond)
	defer cancel()
	r, err := BFS(ctx, p, Options{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, r.Stats.Expanded, int64(333_320), "the search stopped before expanding everything")
}

func TestBFSStateLimit(t *testing.T) {
	p := &Puzzle{Capacities: []int{9973, 10007}, Initial: []int{0, 0}, Tap: true, Target: 1}
	r, err := BFS(context.Background(), p, Options{MaxStates: 100})
	assert.ErrorIs(t, err, statespace.ErrLimit)
	assert.EqualValues(t, 101, r.Stats.Stored)
}

func TestBFSInvalid(t *testing.T) {
	_, err := BFS(context.Background(), &Puzzle{Capacities: []int{3}, Initial: []int{0, 0}}, Options{})
	assert.ErrorIs(t, err, ErrInvalidPuzzle)
}

// largeTwoJug returns the scaling instance of issue 4: capacities a and b
// with a tap, both empty, some jug to hold 1.
func largeTwoJug(a, b int) *Puzzle {
	return &Puzzle{Capacities: []int{a, b}, Initial: []int{0, 0}, Tap: true, Target: 1}
}

func BenchmarkBFS(b *testing.B) {
	cases := []struct {
		name string
		p    *Puzzle
	}{
		{"9973-10007-to-1", largeTwoJug(9973, 10007)},
		{"99991-100003-to-1", largeTwoJug(99991, 100003)},
		{"3jug-1000-611-389-notap-500", &Puzzle{Capacities: []int{1000, 611, 389}, Initial: []int{1000, 0, 0}, Target: 500}},
		{"3jug-503-499-13-tap-250", &Puzzle{Capacities: []int{503, 499, 13}, Initial: []int{0, 0, 0}, Tap: true, Target: 250}},
		{"2-1000000-to-999999-nofastpath", &Puzzle{Capacities: []int{2, 1_000_000}, Initial: []int{0, 0}, Tap: true, Target: 999_999}},
	}
	for _, c := range cases {
		for _, store := range []StoreKind{StoreAuto, StoreHash, StoreWide} {
			name := c.name + "/store=" + string(store)
			if store == StoreAuto {
				name = c.name + "/store=auto"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				var r Result
				for b.Loop() {
					var err error
					r, err = BFS(context.Background(), c.p, Options{Store: store, NoFastPath: true})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(r.Stats.Stored), "states")
			})
		}
	}
}

// TestDecideConservation checks that the conservation of the total without
// a tap settles at once the 15-state puzzle that took the SAT method 81 s
// to refute (issue 18): no reachable state has 4 units in any jug.
func TestDecideConservation(t *testing.T) {
	p := &Puzzle{Capacities: []int{3, 1, 1, 13}, Initial: []int{0, 0, 1, 13}, Goal: GoalAny, Target: 4}
	solvable, decided := Decide(p)
	require.True(t, decided)
	assert.False(t, solvable)
	r, err := BFS(context.Background(), p, Options{NoFastPath: true})
	require.NoError(t, err)
	assert.False(t, r.Solvable(), "BFS disagrees")
}
