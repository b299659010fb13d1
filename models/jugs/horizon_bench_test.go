package jugs_test

import (
	"context"
	"fmt"
	"testing"

	ginilib "github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// benchMethod solves p with one engine once and returns the length of
// its plan and the engine's measure of work: states expanded (bfs), SAT
// clauses (sat), search nodes (cp).
type benchMethod struct {
	name string
	unit string
	run  func(p *jugs.Puzzle) (steps int, work float64, err error)
}

var benchMethods = []benchMethod{
	{"bfs", "expanded", func(p *jugs.Puzzle) (int, float64, error) {
		r, err := jugs.BFS(context.Background(), p, jugs.Options{})
		return len(r.Plan), float64(r.Stats.Expanded), err
	}},
	{"sat", "clauses", func(p *jugs.Puzzle) (int, float64, error) {
		r, err := jugs.SolveSAT(context.Background(), p, gini.New(), jugs.HorizonOptions{})
		return len(r.Plan), float64(r.Totals().Clauses), err
	}},
	{"cp", "nodes", func(p *jugs.Puzzle) (int, float64, error) {
		r, err := jugs.SolveCP(context.Background(), p, jugs.CPOptions{})
		return len(r.Plan), float64(r.Totals().CP.Nodes), err
	}},
}

// benchSolve runs one method on p in a benchmark loop and reports the
// plan's length and the method's work.
func benchSolve(b *testing.B, p *jugs.Puzzle, m benchMethod, want int) {
	b.ReportAllocs()
	var steps int
	var work float64
	for b.Loop() {
		var err error
		if steps, work, err = m.run(p); err != nil {
			b.Fatal(err)
		}
	}
	if steps != want {
		b.Fatalf("%s found %d steps, want %d", m.name, steps, want)
	}
	b.ReportMetric(float64(steps), "steps")
	b.ReportMetric(work, m.unit)
}

// BenchmarkHorizonCorpus compares BFS, SAT on gini and CP on every corpus
// puzzle of issue 4's bounded-horizon size (optimum at most 20 actions,
// capacities at most 100). The four-jug puzzles take SAT tens of seconds:
// run them with -benchtime 1x.
func BenchmarkHorizonCorpus(b *testing.B) {
	for _, e := range readCorpus(b) {
		if !horizonSized(e) {
			continue
		}
		for _, m := range benchMethods {
			b.Run(e.ID+"/method="+m.name, func(b *testing.B) {
				benchSolve(b, e.Puzzle, m, *e.OptimalSteps)
			})
		}
	}
}

// BenchmarkHorizonLength grows the optimum at fixed capacities: two jugs
// of 17 and 19 with a tap, with targets whose fewest-actions plans have 4
// to 32 actions.
func BenchmarkHorizonLength(b *testing.B) {
	for _, c := range []struct{ target, steps int }{{15, 4}, {13, 8}, {11, 12}, {9, 16}, {7, 20}, {5, 24}, {3, 28}, {1, 32}} {
		p := &jugs.Puzzle{Capacities: []int{17, 19}, Initial: []int{0, 0}, Tap: true, Target: c.target}
		for _, m := range benchMethods {
			b.Run(fmt.Sprintf("steps=%02d/method=%s", c.steps, m.name), func(b *testing.B) {
				benchSolve(b, p, m, c.steps)
			})
		}
	}
}

// BenchmarkHorizonCapacity grows the capacities at a fixed optimum: jugs
// of c and 2c+1 with a tap, some jug to hold 1, always 4 actions (fill the
// big one, pour it into the small one, empty the small one, pour again).
func BenchmarkHorizonCapacity(b *testing.B) {
	for _, c := range []int{5, 10, 20, 40, 80, 160, 320} {
		p := &jugs.Puzzle{Capacities: []int{c, 2*c + 1}, Initial: []int{0, 0}, Tap: true, Target: 1}
		for _, m := range benchMethods {
			b.Run(fmt.Sprintf("cap=%03d/method=%s", c, m.name), func(b *testing.B) {
				benchSolve(b, p, m, 4)
			})
		}
	}
}

// benchPuzzles are the corpus puzzles (rebuilt here, so that the
// benchmarks below run without the corpus) for the SAT and CP variants.
var benchPuzzles = []struct {
	name  string
	steps int
	p     *jugs.Puzzle
}{
	{"brief-11-5-to-8", 14, &jugs.Puzzle{Capacities: []int{11, 5}, Initial: []int{0, 0}, Tap: true, Target: 8}},
	{"jar-19-13-7-split10", 14, &jugs.Puzzle{Capacities: []int{19, 13, 7}, Initial: []int{19, 1, 0},
		Goal: jugs.GoalState, GoalState: []int{10, 10, 0}}},
	{"gen-jug3-03", 11, &jugs.Puzzle{Capacities: []int{33, 8, 7}, Initial: []int{33, 0, 0}, Target: 21}},
	{"gen-jug3-06", 7, &jugs.Puzzle{Capacities: []int{19, 14, 11}, Initial: []int{0, 0, 0}, Tap: true, Target: 12}},
	{"gen-jug4-12", 8, &jugs.Puzzle{Capacities: []int{51, 42, 39, 29}, Initial: []int{0, 0, 0, 0}, Tap: true, Target: 46}},
}

// rawGini is gini used directly, without the repair of sat/gini (a
// tautology added after an UNSAT answer under assumptions, which clears
// the conflict gini keeps; see sat/gini). Without it gini can fail on
// clauses unsatisfiable at the root, which an unrolling of a solvable
// puzzle never is; here it only measures what the repair costs. The plans
// are still checked, and their lengths compared with BFS's.
type rawGini struct{ g *ginilib.Gini }

func (r *rawGini) AddClause(lits ...sat.Lit) {
	for _, l := range lits {
		r.g.Add(z.Dimacs2Lit(int(l)))
	}
	r.g.Add(z.LitNull)
}

func (r *rawGini) Solve(_ context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	for _, a := range assumptions {
		r.g.Assume(z.Dimacs2Lit(int(a)))
	}
	switch r.g.Solve() {
	case 1:
		return sat.Sat, nil
	case -1:
		return sat.Unsat, nil
	}
	return sat.Unknown, nil
}

func (r *rawGini) Value(l sat.Lit) bool {
	if l.Var() > int(r.g.MaxVar()) {
		return l < 0
	}
	return r.g.Value(z.Dimacs2Lit(int(l)))
}

// freshGini starts a new gini for every Solve, as a backend without
// incremental solving must.
type freshGini struct {
	f sat.Formula
	s *gini.Solver
}

func (r *freshGini) AddClause(lits ...sat.Lit) { r.f.AddClause(lits...) }

func (r *freshGini) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	r.s = gini.New()
	if err := sat.Load(r.s, &r.f); err != nil {
		return sat.Unknown, err
	}
	return r.s.Solve(ctx, assumptions...)
}

func (r *freshGini) Value(l sat.Lit) bool { return r.s.Value(l) }

// BenchmarkSATIncremental measures what incremental solving brings, and
// what the repair of sat/gini costs: gini through sat/gini (which keeps
// what it learned across rounds), gini used directly (without the repair:
// unsafe on clauses unsatisfiable at the root, measured here only), and a
// fresh gini per solve.
func BenchmarkSATIncremental(b *testing.B) {
	solvers := []struct {
		name string
		open func() sat.Solver
	}{
		{"adapter", func() sat.Solver { return gini.New() }},
		{"raw", func() sat.Solver { return &rawGini{ginilib.New()} }},
		{"fresh", func() sat.Solver { return &freshGini{} }},
	}
	for _, c := range benchPuzzles {
		for _, s := range solvers {
			b.Run(c.name+"/gini="+s.name, func(b *testing.B) {
				benchSolve(b, c.p, benchMethod{"sat", "clauses", func(p *jugs.Puzzle) (int, float64, error) {
					r, err := jugs.SolveSAT(context.Background(), p, s.open(), jugs.HorizonOptions{})
					if err == nil && jugs.Check(p, r.Plan) != nil {
						err = fmt.Errorf("the plan fails the check")
					}
					return len(r.Plan), float64(r.Totals().Clauses), err
				}}, c.steps)
			})
		}
	}
}

// BenchmarkCPModels compares the step propagator with the tables, each
// with and without the nogood store of dead ends.
func BenchmarkCPModels(b *testing.B) {
	for _, c := range benchPuzzles {
		for _, opts := range []jugs.CPOptions{{}, {NoMemo: true}, {Tables: true}, {Tables: true, NoMemo: true}} {
			name := fmt.Sprintf("%s/tables=%v/memo=%v", c.name, opts.Tables, !opts.NoMemo)
			b.Run(name, func(b *testing.B) {
				if opts.NoMemo && c.p.NumJugs() >= 4 {
					b.Skip("minutes without the nogood store")
				}
				benchSolve(b, c.p, benchMethod{"cp", "nodes", func(p *jugs.Puzzle) (int, float64, error) {
					r, err := jugs.SolveCP(context.Background(), p, opts)
					return len(r.Plan), float64(r.Totals().CP.Nodes), err
				}}, c.steps)
			})
		}
	}
}

// BenchmarkHorizonComplete measures the completeness test on solvable
// puzzles, where it only costs: the distinctness of states and one more
// question per round.
func BenchmarkHorizonComplete(b *testing.B) {
	for _, c := range benchPuzzles[:4] {
		for _, complete := range []bool{false, true} {
			opts := jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{Complete: complete}}
			b.Run(fmt.Sprintf("%s/complete=%v/method=sat", c.name, complete), func(b *testing.B) {
				benchSolve(b, c.p, benchMethod{"sat", "clauses", func(p *jugs.Puzzle) (int, float64, error) {
					r, err := jugs.SolveSAT(context.Background(), p, gini.New(), opts)
					return len(r.Plan), float64(r.Totals().Clauses), err
				}}, c.steps)
			})
			b.Run(fmt.Sprintf("%s/complete=%v/method=cp", c.name, complete), func(b *testing.B) {
				benchSolve(b, c.p, benchMethod{"cp", "nodes", func(p *jugs.Puzzle) (int, float64, error) {
					r, err := jugs.SolveCP(context.Background(), p, jugs.CPOptions{HorizonOptions: opts})
					return len(r.Plan), float64(r.Totals().CP.Nodes), err
				}}, c.steps)
			})
		}
	}
}
