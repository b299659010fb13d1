package river

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

// The classic puzzles, built by hand.
func wolfGoatCabbage() *Puzzle {
	return &Puzzle{
		Kinds:    []Kind{{Name: "farmer", Count: 1, Rows: true}, {Name: "wolf", Count: 1}, {Name: "goat", Count: 1}, {Name: "cabbage", Count: 1}},
		Capacity: 2,
		Forbids:  []Forbid{{Group: []int{1, 2}, Unless: []int{0}}, {Group: []int{2, 3}, Unless: []int{0}}},
	}
}

func missionaries(n, boat int) *Puzzle {
	return &Puzzle{
		Kinds:      []Kind{{Name: "missionary", Count: n, Rows: true}, {Name: "cannibal", Count: n, Rows: true}},
		Capacity:   boat,
		Outnumbers: []Outnumber{{Many: 1, Few: 0}},
	}
}

func jealous(couples, boat int) *Puzzle {
	p := &Puzzle{Capacity: boat, InBoat: true}
	for i := range couples {
		p.Kinds = append(p.Kinds, Kind{Name: fmt.Sprintf("h%d", i+1), Count: 1, Rows: true}, Kind{Name: fmt.Sprintf("w%d", i+1), Count: 1, Rows: true})
		p.Couples = append(p.Couples, Couple{Husband: 2 * i, Wife: 2*i + 1})
	}
	return p
}

var classicTests = []struct {
	name string
	p    *Puzzle
	want int // -1: unsolvable
	// slowProof: the SAT engines that prove unsolvability by the
	// loop-free test alone are left out; it took over 5 minutes on 4
	// jealous couples (paths of dozens of crossings), which the bound of
	// ExploreBound proves in milliseconds.
	slowProof bool
}{
	{"wolf-goat-cabbage", wolfGoatCabbage(), 7, false},
	{"missionaries-3-3", missionaries(3, 2), 11, false},
	{"missionaries-4-4", missionaries(4, 2), -1, false},
	{"missionaries-5-5-boat-3", missionaries(5, 3), 11, false},
	{"jealous-3", jealous(3, 2), 11, false},
	{"jealous-4", jealous(4, 2), -1, true},
	{"jealous-5-boat-3", jealous(5, 3), 11, false},
}

type engine struct {
	name string
	run  func(ctx context.Context, p *Puzzle) (Plan, bool, error)
}

// satEngine runs SolveSAT with the loop-free proof of unsolvability, or
// with explore set the bound of ExploreBound.
func satEngine(name string, open func() sat.Solver, explore bool) engine {
	return engine{name, func(ctx context.Context, p *Puzzle) (Plan, bool, error) {
		opts := statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{Complete: !explore}}
		want := statespace.ProofLoopFree
		if explore {
			bound, err := ExploreBound(ctx, p, statespace.Options{})
			if err != nil {
				return nil, false, err
			}
			opts.Bound, want = bound, statespace.ProofBound
		}
		r, err := SolveSAT(ctx, p, open(), opts)
		if err == nil && r.Status == statespace.Unsolvable && r.Proof != want {
			err = fmt.Errorf("unsolvable without the proof wanted: %v", r.Proof)
		}
		return r.Plan, r.Status == statespace.Solved, err
	}}
}

var engines = []engine{
	{"bfs", func(ctx context.Context, p *Puzzle) (Plan, bool, error) {
		r, err := Solve(ctx, p, statespace.Options{})
		return r.Plan, r.Status == statespace.Solved, err
	}},
	satEngine("sat-gini", func() sat.Solver { return gini.New() }, false),
	satEngine("sat-gophersat", func() sat.Solver { return gophersat.New() }, false),
	satEngine("sat-gini-explored", func() sat.Solver { return gini.New() }, true),
}

func TestClassics(t *testing.T) {
	for _, tt := range classicTests {
		for _, e := range engines {
			t.Run(tt.name+"/"+e.name, func(t *testing.T) {
				if tt.slowProof && e.name != "bfs" && e.name != "sat-gini-explored" {
					return // see slowProof
				}
				plan, solved, err := e.run(t.Context(), tt.p)
				if err != nil {
					t.Fatal(err)
				}
				got := -1
				if solved {
					if err := Check(tt.p, plan); err != nil {
						t.Fatalf("%v: %v", plan, err)
					}
					got = len(plan)
				}
				if got != tt.want {
					t.Errorf("%d crossings, want %d", got, tt.want)
				}
			})
		}
	}
}

// bruteForce is the fewest crossings by a breadth-first search of its own
// over bank counts, with the checker's judgement of a group: -1 when no
// plan exists.
func bruteForce(p *Puzzle) int {
	type state struct {
		far  string
		boat int
	}
	n := len(p.Kinds)
	start := state{string(make([]byte, n)), 0}
	dist := map[state]int{start: 0}
	queue := []state{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		far := []byte(s.far)
		done := true
		for i, k := range p.Kinds {
			done = done && int(far[i]) == k.Count
		}
		if done {
			return dist[s]
		}
		// Every load vector, by counting in mixed radix.
		load := make([]int, n)
		for {
			i := 0
			for ; i < n; i++ {
				if load[i] < p.Kinds[i].Count {
					load[i]++
					break
				}
				load[i] = 0
			}
			if i == n {
				break
			}
			trip := Trip{Load: slices.Clone(load), Back: s.boat == 1}
			next, ok := apply(p, far, trip)
			if !ok {
				continue
			}
			ns := state{string(next), 1 - s.boat}
			if _, seen := dist[ns]; !seen {
				dist[ns] = dist[s] + 1
				queue = append(queue, ns)
			}
		}
	}
	return -1
}

// apply moves the trip's load and judges it by the checker's rules.
func apply(p *Puzzle, far []byte, t Trip) ([]byte, bool) {
	next := slices.Clone(far)
	near := make([]int, len(far))
	farCounts := make([]int, len(far))
	total, rowers := 0, 0
	for i, v := range t.Load {
		total += v
		if p.Kinds[i].Rows {
			rowers += v
		}
		if t.Back {
			if v > int(far[i]) {
				return nil, false
			}
			next[i] -= byte(v)
		} else {
			if v > p.Kinds[i].Count-int(far[i]) {
				return nil, false
			}
			next[i] += byte(v)
		}
		farCounts[i] = int(next[i])
		near[i] = p.Kinds[i].Count - farCounts[i]
	}
	if total == 0 || total > p.Capacity || rowers == 0 {
		return nil, false
	}
	if p.InBoat && ruleBroken(p, t.Load) != "" || ruleBroken(p, near) != "" || ruleBroken(p, farCounts) != "" {
		return nil, false
	}
	return next, true
}

// randomPuzzle returns a small puzzle with random rules; it may be
// invalid (a start breaking a rule).
func randomPuzzle(rng *rand.Rand) *Puzzle {
	n := 2 + rng.IntN(3)
	p := &Puzzle{Capacity: 1 + rng.IntN(3), InBoat: rng.IntN(3) == 0}
	for i := range n {
		p.Kinds = append(p.Kinds, Kind{Name: fmt.Sprint("k", i), Count: 1 + rng.IntN(3), Rows: rng.IntN(2) == 0})
	}
	p.Kinds[rng.IntN(n)].Rows = true
	for range rng.IntN(3) {
		a, b := rng.IntN(n), rng.IntN(n)
		f := Forbid{Group: []int{a, b}}
		if rng.IntN(3) > 0 {
			f.Unless = []int{rng.IntN(n)}
		}
		p.Forbids = append(p.Forbids, f)
	}
	if a, b := rng.IntN(n), rng.IntN(n); a != b && rng.IntN(2) == 0 {
		p.Outnumbers = append(p.Outnumbers, Outnumber{Many: a, Few: b})
	}
	var singles []int
	for i, k := range p.Kinds {
		if k.Count == 1 {
			singles = append(singles, i)
		}
	}
	for len(singles) >= 2 && rng.IntN(2) == 0 {
		p.Couples = append(p.Couples, Couple{Husband: singles[0], Wife: singles[1]})
		singles = singles[2:]
	}
	return p
}

// BFS and SAT agree with brute force on random small puzzles, and every
// plan passes the checker.
func TestRandomAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	tried, solvable := 0, 0
	for tried < 80 {
		p := randomPuzzle(rng)
		if p.Validate() != nil {
			continue
		}
		tried++
		want := bruteForce(p)
		if want >= 0 {
			solvable++
		}
		for _, e := range []engine{engines[0], engines[3]} {
			plan, solved, err := e.run(t.Context(), p)
			if err != nil {
				t.Fatalf("%+v: %s: %v", p, e.name, err)
			}
			got := -1
			if solved {
				if err := Check(p, plan); err != nil {
					t.Fatalf("%+v: %s: %v", p, e.name, err)
				}
				got = len(plan)
			}
			if got != want {
				t.Errorf("%+v: %s: %d crossings, brute force %d", p, e.name, got, want)
			}
		}
	}
	if solvable < 10 || solvable > 70 {
		t.Errorf("%d of %d random puzzles solvable: the generator tests too little of one side", solvable, tried)
	}
}

func TestCheckRejects(t *testing.T) {
	p := wolfGoatCabbage()
	fw := func(load ...int) Trip { return Trip{Load: load} }
	bk := func(load ...int) Trip { return Trip{Load: load, Back: true} }
	good := Plan{fw(1, 0, 1, 0), bk(1, 0, 0, 0), fw(1, 1, 0, 0), bk(1, 0, 1, 0), fw(1, 0, 0, 1), bk(1, 0, 0, 0), fw(1, 0, 1, 0)}
	if err := Check(p, good); err != nil {
		t.Fatalf("the classic plan: %v", err)
	}
	for name, plan := range map[string]Plan{
		"empty boat":      {fw(0, 0, 0, 0)},
		"nobody rows":     {fw(0, 0, 1, 0)},
		"overfull":        {fw(1, 1, 1, 0)},
		"wolf eats goat":  {fw(1, 0, 0, 1)},
		"wrong way":       {bk(1, 0, 0, 0)},
		"not on the bank": {fw(1, 0, 1, 0), bk(1, 1, 0, 0)},
		"short load":      {fw(1, 0, 1)},
		"not finished":    good[:5],
	} {
		if err := Check(p, plan); !errors.Is(err, ErrWrongPlan) {
			t.Errorf("%s: %v, want ErrWrongPlan", name, err)
		}
	}
}

func TestSATTooLarge(t *testing.T) {
	p := missionaries(1000, 2)
	if _, err := SolveSAT(t.Context(), p, gini.New(), statespace.SATOptions{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%v, want ErrTooLarge", err)
	}
}

func TestValidate(t *testing.T) {
	for name, p := range map[string]*Puzzle{
		"no kinds":         {Capacity: 2},
		"capacity 0":       {Kinds: []Kind{{Name: "a", Count: 1, Rows: true}}},
		"nobody rows":      {Kinds: []Kind{{Name: "a", Count: 1}}, Capacity: 1},
		"duplicate":        {Kinds: []Kind{{Name: "a", Count: 1, Rows: true}, {Name: "a", Count: 1}}, Capacity: 1},
		"unknown kind":     {Kinds: []Kind{{Name: "a", Count: 1, Rows: true}}, Capacity: 1, Forbids: []Forbid{{Group: []int{0, 3}}}},
		"couple of two":    {Kinds: []Kind{{Name: "a", Count: 2, Rows: true}, {Name: "b", Count: 1}}, Capacity: 1, Couples: []Couple{{0, 1}}},
		"start broken":     {Kinds: []Kind{{Name: "a", Count: 1, Rows: true}, {Name: "b", Count: 1}}, Capacity: 1, Forbids: []Forbid{{Group: []int{0, 1}}}},
		"outnumber itself": {Kinds: []Kind{{Name: "a", Count: 1, Rows: true}}, Capacity: 1, Outnumbers: []Outnumber{{0, 0}}},
	} {
		if err := p.Validate(); !errors.Is(err, ErrInvalidPuzzle) {
			t.Errorf("%s: %v, want ErrInvalidPuzzle", name, err)
		}
	}
}
