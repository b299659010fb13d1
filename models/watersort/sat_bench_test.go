package watersort

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/models/internal/cpuclock"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

var (
	satLimit = flag.Duration("sat.limit", time.Minute, "time limit of one SAT solve in the SAT benchmarks")
	satCPU   = flag.Bool("sat.cpu", false, "count -sat.limit in CPU time of the process, not wall time (for a loaded machine)")
)

// BenchmarkSATByBottles is the scaling family of the SAT method by number
// of bottles: generated levels of the usual shape (capacity 4, N-2
// colours, two empty bottles), N from 6 to 16, under both rules. Each
// solve stops at -sat.limit; the timeouts metric counts them (and ns/op
// then holds the limit).
func BenchmarkSATByBottles(b *testing.B) {
	for n := 6; n <= 16; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			p, err := Generate(n, 4, 2, seed)
			if err != nil {
				b.Fatal(err)
			}
			for _, rule := range []Rule{Whole, Fits} {
				b.Run(fmt.Sprintf("n=%d/seed=%d/rule=%v", n, seed, rule), func(b *testing.B) {
					benchSAT(b, p, func() sat.Solver { return gini.New() }, SATOptions{Rule: rule})
				})
			}
		}
	}
}

// BenchmarkSATByLength is the scaling family by plan length at a fixed
// number of bottles: six bottles (four colours, two empty) of capacity 2
// to 16, whose optimal plans grow with the capacity.
func BenchmarkSATByLength(b *testing.B) {
	for _, capacity := range []int{2, 3, 4, 5, 6, 7, 8, 10, 12, 16} {
		for seed := uint64(1); seed <= 3; seed++ {
			p, err := Generate(6, capacity, 2, seed)
			if err != nil {
				b.Fatal(err)
			}
			for _, rule := range []Rule{Whole, Fits} {
				b.Run(fmt.Sprintf("capacity=%d/seed=%d/rule=%v", capacity, seed, rule), func(b *testing.B) {
					benchSAT(b, p, func() sat.Solver { return gini.New() }, SATOptions{Rule: rule})
				})
			}
		}
	}
}

// satBenchLevels are corpus levels the SAT benchmarks solve: the two the
// C++ reference was timed on, and smaller ones the SAT method decides.
var satBenchLevels = []string{"gen-n08-s800", "gen-n09-s900", "sortpuz-level22", "gen-n10-s1000", "gen-n12-s1200"}

// BenchmarkSATCorpus runs the SAT method on satBenchLevels under both
// rules.
func BenchmarkSATCorpus(b *testing.B) {
	levels := corpusByID(b)
	for _, id := range satBenchLevels {
		for _, rule := range []Rule{Whole, Fits} {
			b.Run(fmt.Sprintf("level=%s/rule=%v", id, rule), func(b *testing.B) {
				benchSAT(b, levels[id], func() sat.Solver { return gini.New() }, SATOptions{Rule: rule})
			})
		}
	}
}

// satPartLevels are the levels on which the parts of the method are
// measured: every horizon from 0 is solved, so each level takes a dozen
// to thirty solves.
var satPartLevels = []string{"gen-n08-s800", "gen-n09-s900", "gen-n10-s1001", "sortpuz-level17", "sortpuz-level22", "kuking-level106"}

// BenchmarkSATSolver measures what the gini adapter's repair after each
// UNSAT answer costs the horizon loop (from horizon 0, so that there are
// many UNSAT answers): solver=adapter is sat/gini (one gini kept across
// horizons, cleared of its last conflict after every refuted horizon),
// solver=raw one gini instance kept across horizons without the repair
// (rawGini, test only), solver=fresh a new gini loaded with the whole
// formula for every horizon.
func BenchmarkSATSolver(b *testing.B) {
	levels := corpusByID(b)
	solvers := []struct {
		name string
		open func() sat.Solver
	}{
		{"adapter", func() sat.Solver { return gini.New() }},
		{"raw", func() sat.Solver { return newRawGini() }},
		{"fresh", func() sat.Solver { return &freshSolver{open: func() sat.Solver { return gini.New() }} }},
	}
	for _, id := range satPartLevels {
		for _, rule := range []Rule{Whole, Fits} {
			for _, s := range solvers {
				b.Run(fmt.Sprintf("level=%s/rule=%v/solver=%s", id, rule, s.name), func(b *testing.B) {
					benchSAT(b, levels[id], s.open, SATOptions{Rule: rule, FromZero: true})
				})
			}
		}
	}
}

// BenchmarkSATParts measures what symmetry breaking and the lower bounds
// bring, and the encodings of the cardinality constraints.
func BenchmarkSATParts(b *testing.B) {
	levels := corpusByID(b)
	parts := []struct {
		name string
		opt  SATOptions
	}{
		{"default", SATOptions{}},
		{"nosymmetry", SATOptions{knobs: satKnobs{noSymmetry: true}}},
		{"nobound", SATOptions{knobs: satKnobs{noBound: true}}},
		{"sequential", SATOptions{Encoding: sat.Sequential}},
		{"sortnet", SATOptions{Encoding: sat.SortingNetwork}},
	}
	for _, id := range satPartLevels {
		for _, rule := range []Rule{Whole, Fits} {
			for _, part := range parts {
				b.Run(fmt.Sprintf("level=%s/rule=%v/part=%s", id, rule, part.name), func(b *testing.B) {
					opt := part.opt
					opt.Rule = rule
					benchSAT(b, levels[id], func() sat.Solver { return gini.New() }, opt)
				})
			}
		}
	}
}

func corpusByID(b *testing.B) map[string]*Puzzle {
	levels := map[string]*Puzzle{}
	for _, lv := range loadCorpus(b) {
		levels[lv.ID] = lv.puzzle
	}
	return levels
}

// benchSAT solves p with a fresh solver from open per iteration, under
// -sat.limit, and reports the plan's length, the horizons solved, the
// formula's size at the last one and whether the limit was hit.
func benchSAT(b *testing.B, p *Puzzle, open func() sat.Solver, opt SATOptions) {
	if p == nil {
		b.Fatal("level missing from the corpus")
	}
	b.ReportAllocs()
	defer cpuclock.Report(b, cpuclock.Process())
	var res SATResult
	timeouts := 0
	for b.Loop() {
		var err error
		res, err = solveWithin(p, open(), opt)
		// if rather than a switch without a tag: this loop written with
		// one made the Go 1.26.8 compiler crash in escape analysis.
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, errCPULimit) {
			timeouts++
		} else if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.Plan)), "moves")
	b.ReportMetric(float64(res.LowerBound), "bound")
	b.ReportMetric(float64(len(res.Rounds)), "horizons")
	if n := len(res.Rounds); n > 0 {
		b.ReportMetric(float64(res.Rounds[n-1].Vars), "vars")
		b.ReportMetric(float64(res.Rounds[n-1].Clauses), "clauses")
	}
	b.ReportMetric(float64(timeouts), "timeouts")
}

// solveWithin runs SolveSAT under -sat.limit, of wall time or with
// -sat.cpu of the process's CPU time.
func solveWithin(p *Puzzle, s sat.Solver, opt SATOptions) (SATResult, error) {
	if !*satCPU {
		ctx, cancel := context.WithTimeout(context.Background(), *satLimit)
		defer cancel()
		return SolveSAT(ctx, p, s, opt)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func(end time.Duration) { // no event says the CPU time is spent: poll it
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for cpuclock.Process() < end {
			select {
			case <-ctx.Done(): // the solve ended first
				return
			case <-tick.C:
			}
		}
		cancel(errCPULimit)
	}(cpuclock.Process() + *satLimit)
	res, err := SolveSAT(ctx, p, s, opt)
	if err != nil && context.Cause(ctx) == errCPULimit {
		err = errCPULimit
	}
	return res, err
}

// errCPULimit ends a solve that used -sat.limit of CPU time under -sat.cpu.
var errCPULimit = errors.New("CPU time limit")

// satRealLevels are the real 14-bottle levels of the corpus (issue 15):
// optima of 38 to 41 moves, A* bounds up to two below.
var satRealLevels = []string{"octo-level105", "octo-level107", "octo-level639", "octo-level647",
	"octo-BlockPuz499", "discorev-level159", "discorev-level175", "mpw1412-level70"}

// BenchmarkSATEncodings runs the SAT method with each encoding on the
// real 14-bottle levels (parallel included), and window without rule 5
// (pours between one-colour bottles from the lower one) with windows of 4
// and 8 moves,
// under -sat.limit (use -sat.cpu on a loaded machine).
func BenchmarkSATEncodings(b *testing.B) {
	levels := corpusByID(b)
	variants := []struct {
		name string
		opt  SATOptions
	}{
		{"moves", SATOptions{}},
		{"window", SATOptions{Variant: EncodingWindow}},
		{"window-without-rule5", SATOptions{knobs: satKnobs{window: 4}}},
		{"window=8-without-rule5", SATOptions{knobs: satKnobs{window: 8}}},
		{"parallel", SATOptions{Variant: EncodingParallel}},
	}
	for _, id := range satRealLevels {
		for _, v := range variants {
			b.Run(fmt.Sprintf("level=%s/encoding=%s", id, v.name), func(b *testing.B) {
				benchSAT(b, levels[id], func() sat.Solver { return gini.New() }, v.opt)
			})
		}
	}
}

// freshSolver answers every Solve with a new solver loaded with every
// clause so far: the horizon loop without any incrementality.
type freshSolver struct {
	open    func() sat.Solver
	clauses sat.Formula
	s       sat.Solver
}

func (f *freshSolver) AddClause(lits ...sat.Lit) { f.clauses.AddClause(lits...) }

func (f *freshSolver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	f.s = f.open()
	if err := sat.Load(f.s, &f.clauses); err != nil {
		return sat.Unknown, err
	}
	return f.s.Solve(ctx, assumptions...)
}

func (f *freshSolver) Value(l sat.Lit) bool { return f.s.Value(l) }
