package torch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
)

func TestMain(m *testing.M) {
	gophersat.ServeIfWorker()
	os.Exit(m.Run())
}

// The anchors from the literature: the least total time of each.
var anchorTests = []struct {
	times    []int
	capacity int
	limit    int
	want     int // -1: unsolvable
}{
	{[]int{1, 2, 5, 10}, 2, 0, 17},
	{[]int{1, 2, 4, 5}, 2, 0, 12},
	{[]int{1, 2, 4, 5}, 2, 12, 12},
	{[]int{1, 2, 5, 8}, 2, 0, 15},
	{[]int{1, 2, 5, 10}, 2, 16, -1},
	{[]int{1, 3, 6, 8, 12}, 2, 0, 29},
	{[]int{5}, 2, 0, 5},
	{[]int{5}, 1, 0, 5},
	{[]int{3, 7}, 1, 0, -1},
	{[]int{3, 7}, 2, 0, 7},
	{[]int{1, 2, 5, 10}, 3, 0, 13},
	{[]int{1, 2, 5, 10}, 4, 0, 10},
	{[]int{1, 1, 1, 1, 1, 1}, 3, 0, 5},
}

// engine runs one of the solvers on p and returns its plan, or nil for a
// proof of unsolvability.
type engine struct {
	name string
	run  func(ctx context.Context, p *Puzzle) (Plan, bool, error)
}

func searchEngine(name string, f func(context.Context, *Puzzle, statespace.Options) (Result, error)) engine {
	return engine{name, func(ctx context.Context, p *Puzzle) (Plan, bool, error) {
		r, err := f(ctx, p, statespace.Options{})
		if err != nil {
			return nil, false, err
		}
		if r.Status == statespace.Solved && r.Cost != Plan(r.Plan).cost(p) {
			return nil, false, fmt.Errorf("cost %d for a plan of %d minutes", r.Cost, Plan(r.Plan).cost(p))
		}
		return r.Plan, r.Status == statespace.Solved, nil
	}}
}

func satEngine(name string, open func() sat.Solver) engine {
	return engine{name, func(ctx context.Context, p *Puzzle) (Plan, bool, error) {
		r, err := SolveSAT(ctx, p, open(), statespace.SATOptions{})
		if err != nil {
			return nil, false, err
		}
		if r.Status == statespace.Solved && r.Horizon != Plan(r.Plan).cost(p) {
			return nil, false, fmt.Errorf("horizon %d for a plan of %d minutes", r.Horizon, Plan(r.Plan).cost(p))
		}
		return r.Plan, r.Status == statespace.Solved, nil
	}}
}

func (pl Plan) cost(p *Puzzle) int { return pl.Cost(p.Times) }

var engines = []engine{
	searchEngine("ucs", Solve),
	searchEngine("astar", SolveAStar),
	satEngine("sat-gini", func() sat.Solver { return gini.New() }),
	satEngine("sat-gophersat", func() sat.Solver { return gophersat.New() }),
}

func TestAnchors(t *testing.T) {
	for _, tt := range anchorTests {
		p := &Puzzle{Times: tt.times, Capacity: tt.capacity, Limit: tt.limit}
		for _, e := range engines {
			t.Run(fmt.Sprintf("%v/%s", p, e.name), func(t *testing.T) {
				plan, solved, err := e.run(t.Context(), p)
				if err != nil {
					t.Fatal(err)
				}
				if !solved {
					if tt.want >= 0 {
						t.Fatalf("unsolvable, want %d minutes", tt.want)
					}
					return
				}
				total, err := Check(p, plan)
				if err != nil {
					t.Fatalf("plan %v: %v", plan, err)
				}
				if total != tt.want {
					t.Errorf("%d minutes, want %d (plan %v)", total, tt.want, plan)
				}
			})
		}
	}
}

// rote is the least total time for a capacity of 2 by the recurrence of
// Rote (2002), on sorted times: either the fastest escorts the slowest,
// or the two fastest ferry the two slowest over.
func rote(times []int) int {
	t := slices.Sorted(slices.Values(times))
	n := len(t)
	f := make([]int, n+1)
	for i := 1; i <= n; i++ {
		switch i {
		case 1:
			f[1] = t[0]
		case 2:
			f[2] = t[1]
		case 3:
			f[3] = t[0] + t[1] + t[2]
		default:
			f[i] = min(f[i-1]+t[0]+t[i-1], f[i-2]+t[0]+2*t[1]+t[i-1])
		}
	}
	return f[n]
}

// bellmanFord is the least total time by relaxing every crossing of the
// explicit state graph until nothing changes: states are bitmasks, groups
// all subsets of the torch's side of 1..capacity people. -1: no plan.
func bellmanFord(p *Puzzle) int {
	n := len(p.Times)
	size := 1 << (n + 1)
	const inf = 1 << 60
	dist := make([]int, size)
	for i := range dist {
		dist[i] = inf
	}
	dist[0] = 0
	for changed := true; changed; {
		changed = false
		for s := range size {
			if dist[s] == inf {
				continue
			}
			torch := s >> n & 1
			for g := 1; g < 1<<n; g++ {
				cnt, slowest, ok := 0, 0, true
				for i := range n {
					if g>>i&1 == 1 {
						cnt++
						slowest = max(slowest, p.Times[i])
						ok = ok && s>>i&1 == torch
					}
				}
				if !ok || cnt > p.Capacity {
					continue
				}
				next := s ^ g ^ 1<<n
				if d := dist[s] + slowest; d < dist[next] {
					dist[next], changed = d, true
				}
			}
		}
	}
	best := min(dist[1<<n-1], dist[1<<(n+1)-1])
	if best == inf || p.Limit > 0 && best > p.Limit {
		return -1
	}
	return best
}

// randomPuzzle returns 1..5 people of 1..maxTime minutes and a capacity
// of 2 or 3.
func randomPuzzle(rng *rand.Rand, maxTime int) *Puzzle {
	p := &Puzzle{Times: make([]int, 1+rng.IntN(5)), Capacity: 2 + rng.IntN(2)}
	for i := range p.Times {
		p.Times[i] = 1 + rng.IntN(maxTime)
	}
	return p
}

// Every engine agrees with brute force (and Rote's recurrence at capacity
// 2) on random small puzzles, and every plan passes the checker.
func TestRandomAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	for range 60 {
		p := randomPuzzle(rng, 12)
		if rng.IntN(3) == 0 {
			p.Limit = 1 + rng.IntN(30)
		}
		want := bellmanFord(p)
		if p.Capacity == 2 && p.Limit == 0 && want != rote(p.Times) {
			t.Fatalf("%v: brute force %d, Rote %d", p, want, rote(p.Times))
		}
		for _, e := range engines {
			plan, solved, err := e.run(t.Context(), p)
			if err != nil {
				t.Fatalf("%v: %s: %v", p, e.name, err)
			}
			got := -1
			if solved {
				if got, err = Check(p, plan); err != nil {
					t.Fatalf("%v: %s: %v", p, e.name, err)
				}
			}
			if got != want {
				t.Errorf("%v: %s: %d minutes, brute force %d", p, e.name, got, want)
			}
		}
	}
}

// The estimate is admissible: never above the brute-force distance from
// any state to the goal (found by running brute force backwards is more
// code than trying each state as a start; states are few).
func TestEstimateAdmissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		p := randomPuzzle(rng, 9)
		b, err := NewBridge(p)
		if err != nil {
			t.Fatal(err)
		}
		for k := range b.Size() {
			if k&b.all == 0 && k != 0 {
				continue // the torch across alone: unreachable
			}
			r, err := statespace.UniformCost(t.Context(), b, k, statespace.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status == statespace.Solved && b.Estimate(k) > r.Cost {
				t.Fatalf("%v: state %b: estimate %d over the distance %d", p, k, b.Estimate(k), r.Cost)
			}
		}
	}
}

func TestCheckRejects(t *testing.T) {
	p := &Puzzle{Times: []int{1, 2, 5, 10}, Capacity: 2, Limit: 17}
	good := Plan{{People: []int{0, 1}}, {People: []int{0}, Back: true}, {People: []int{2, 3}},
		{People: []int{1}, Back: true}, {People: []int{0, 1}}}
	if total, err := Check(p, good); err != nil || total != 17 {
		t.Fatalf("the classic plan: %d, %v", total, err)
	}
	tests := []struct {
		name string
		plan Plan
	}{
		{"empty crossing", Plan{{}}},
		{"over capacity", Plan{{People: []int{0, 1, 2}}}},
		{"twice", Plan{{People: []int{0, 0}}}},
		{"unknown person", Plan{{People: []int{4}}}},
		{"wrong direction", Plan{{People: []int{0}, Back: true}}},
		{"not on the torch's side", Plan{{People: []int{0}}, {People: []int{1}, Back: true}}},
		{"someone left", good[:3]},
		{"over the limit", Plan{{People: []int{0, 3}}, {People: []int{0}, Back: true}, {People: []int{0, 2}},
			{People: []int{0}, Back: true}, {People: []int{0, 1}}}},
	}
	for _, tt := range tests {
		if _, err := Check(p, tt.plan); !errors.Is(err, ErrWrongPlan) {
			t.Errorf("%s: %v, want ErrWrongPlan", tt.name, err)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, p := range []*Puzzle{
		{Capacity: 2},
		{Times: []int{1, 0}, Capacity: 2},
		{Times: []int{1, -3}, Capacity: 2},
		{Times: []int{1, 2}, Capacity: 0},
		{Times: []int{1, 2}, Capacity: 2, Limit: -1},
		{Times: make([]int, MaxPeople+1), Capacity: 2},
	} {
		if err := p.Validate(); !errors.Is(err, ErrInvalidPuzzle) {
			t.Errorf("%v: %v, want ErrInvalidPuzzle", p.Times, err)
		}
		if _, err := Solve(t.Context(), p, statespace.Options{}); !errors.Is(err, ErrInvalidPuzzle) {
			t.Errorf("Solve %v: %v, want ErrInvalidPuzzle", p.Times, err)
		}
	}
}

func TestSATTooLarge(t *testing.T) {
	p := &Puzzle{Times: []int{1, 1000, 100000, 1000000}, Capacity: 3}
	if _, err := SolveSAT(t.Context(), p, gini.New(), statespace.SATOptions{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%v, want ErrTooLarge", err)
	}
}

// Cancellation stops the search with the context's error.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	p := &Puzzle{Times: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, Capacity: 3}
	if _, err := Solve(ctx, p, statespace.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve: %v, want context.Canceled", err)
	}
	if _, err := SolveSAT(ctx, p, gini.New(), statespace.SATOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("SolveSAT: %v, want context.Canceled", err)
	}
}
