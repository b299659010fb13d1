package sattest

import (
	"context"
	"errors"
	"flag"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/waterworks-solver/waterworks/sat"
)

// Lit draws a literal over variables 1..vars.
func Lit(vars int) *rapid.Generator[sat.Lit] {
	return rapid.Custom(func(t *rapid.T) sat.Lit {
		l := sat.Pos(rapid.IntRange(1, vars).Draw(t, "var"))
		if rapid.Bool().Draw(t, "neg") {
			l = l.Not()
		}
		return l
	})
}

// CNF draws a formula of up to maxVars variables and maxClauses clauses of
// up to 5 literals, repeated and complementary literals and the empty
// clause included.
func CNF(maxVars, maxClauses int) *rapid.Generator[*sat.Formula] {
	return rapid.Custom(func(t *rapid.T) *sat.Formula {
		vars := rapid.IntRange(1, maxVars).Draw(t, "vars")
		f := sat.NewFormula()
		f.NewVars(vars)
		clauses := rapid.SliceOfN(rapid.SliceOfN(Lit(vars), 0, 5), 0, maxClauses).Draw(t, "clauses")
		for _, c := range clauses {
			f.AddClause(c...)
		}
		return f
	})
}

// LinearFormula draws CNF(maxVars, maxClauses) plus up to 3 linear
// constraints with repeated literals and weights up to 3, and up to 2
// unit clauses.
func LinearFormula(maxVars, maxClauses int) *rapid.Generator[*sat.Formula] {
	return rapid.Custom(func(t *rapid.T) *sat.Formula {
		f := CNF(maxVars, maxClauses).Draw(t, "cnf")
		vars := f.NumVars()
		for range rapid.IntRange(0, 3).Draw(t, "linears") {
			terms := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) sat.Term {
				return sat.Term{Lit: Lit(vars).Draw(t, "lit"), Weight: rapid.IntRange(1, 3).Draw(t, "weight")}
			}), 0, 6).Draw(t, "terms")
			total := 0
			for _, term := range terms {
				total += term.Weight
			}
			f.AddLinear(sat.Linear{
				Terms: terms,
				Op:    rapid.SampledFrom([]sat.Op{sat.AtMost, sat.AtLeast, sat.Exactly}).Draw(t, "op"),
				K:     rapid.IntRange(-1, total+1).Draw(t, "k"),
			})
		}
		// Unit clauses fix literals of the constraints, which is where
		// gophersat's cardinality parser went wrong.
		for _, u := range rapid.SliceOfN(Lit(vars), 0, 2).Draw(t, "units") {
			f.AddClause(u)
		}
		return f
	})
}

// Opener returns a fresh solver of the backend under test.
type Opener func() sat.Solver

// CheckSolver runs the properties every backend must have, with ctx for
// every Solve: on random formulas its answer agrees with brute force, its
// models satisfy the formula and the assumptions, its cores (if it is a
// sat.Explainer) are unsatisfiable subsets of the assumptions, it stays
// right when clauses are added between solves, and with every encoding
// (and natively when it is a sat.LinearAdder) counting over the primary
// variables agrees with brute-force counting. checks is the number of
// random cases per property (rapid's -rapid.checks flag overrides it).
func CheckSolver(t *testing.T, ctx context.Context, open Opener, checks int) {
	withChecks(checks, func() { checkSolver(t, ctx, open) })
}

func checkSolver(t *testing.T, ctx context.Context, open Opener) {
	t.Run("cnf", func(t *testing.T) {
		rapid.Check(t, func(rt *rapid.T) {
			f := CNF(8, 30).Draw(rt, "f")
			assumptions := rapid.SliceOfN(Lit(f.NumVars()), 0, 4).Draw(rt, "assumptions")
			s := open()
			if err := sat.Load(s, f); err != nil {
				rt.Fatal(err)
			}
			checkAnswer(rt, ctx, s, f, assumptions)
			// Incremental: more clauses, then solve again.
			more := CNF(f.NumVars(), 10).Draw(rt, "more")
			for c := range more.Clauses() {
				f.AddClause(c...)
				s.AddClause(c...)
			}
			checkAnswer(rt, ctx, s, f, nil)
		})
	})
	encodings := []sat.Encoding{sat.Totalizer, sat.Sequential, sat.SortingNetwork}
	if _, ok := open().(sat.LinearAdder); ok {
		encodings = append(encodings, sat.Native)
	}
	for _, enc := range encodings {
		t.Run("count/"+enc.String(), func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				f := LinearFormula(6, 12).Draw(rt, "f")
				primary := make([]sat.Lit, f.NumVars())
				for i := range primary {
					primary[i] = sat.Pos(i + 1)
				}
				want := len(Models(f))
				lowered := MustLower(f, enc)
				s := open()
				if err := sat.Load(s, lowered); err != nil {
					rt.Fatal(err)
				}
				limit := rapid.SampledFrom([]int{0, 1, 2, 5}).Draw(rt, "limit")
				var got []sat.Model
				n, all, err := sat.Enumerate(ctx, s, primary, limit, func(a sat.Assignment) bool {
					m := sat.ModelOf(a, f.NumVars())
					if err := f.Check(m); err != nil {
						rt.Errorf("model %v: %v", m[1:], err)
					}
					got = append(got, m)
					return true
				})
				if err != nil {
					rt.Fatal(err)
				}
				if limit > 0 && want >= limit {
					if n != limit {
						rt.Fatalf("counted %d models with limit %d, want %d (of %d)", n, limit, limit, want)
					}
				} else if n != want || !all {
					rt.Fatalf("counted %d models (all=%v), want %d", n, all, want)
				}
				for i := range got {
					for j := range i {
						if slices.Equal(got[i], got[j]) {
							rt.Fatalf("model %v found twice", got[i][1:])
						}
					}
				}
			})
		})
	}
}

// withChecks runs f with rapid's number of checks set to n, unless the
// -rapid.checks flag was given, which wins.
func withChecks(n int, f func()) {
	fl := flag.Lookup("rapid.checks")
	if fl == nil || fl.Value.String() != fl.DefValue {
		f()
		return
	}
	fl.Value.Set(strconv.Itoa(n))
	defer fl.Value.Set(fl.DefValue)
	f()
}

// checkAnswer solves f (loaded in s) under the assumptions and checks the
// answer against Solve.
func checkAnswer(t *rapid.T, ctx context.Context, s sat.Solver, f *sat.Formula, assumptions []sat.Lit) {
	st, err := s.Solve(ctx, assumptions...)
	if err != nil {
		t.Fatal(err)
	}
	p := make(Partial, f.NumVars()+1)
	conflicting := false
	for _, a := range assumptions {
		if p.Lit(a) == -1 {
			conflicting = true
		}
		p.set(a)
	}
	want := sat.Unsat
	if !conflicting && Solve(f, p) != nil {
		want = sat.Sat
	}
	if st != want {
		t.Fatalf("answer %v, want %v (assumptions %v)", st, want, assumptions)
	}
	switch st {
	case sat.Sat:
		if err := f.Check(s); err != nil {
			t.Fatalf("model: %v", err)
		}
		for _, a := range assumptions {
			if !s.Value(a) {
				t.Fatalf("model makes assumption %d false", a)
			}
		}
	case sat.Unsat:
		e, ok := s.(sat.Explainer)
		if !ok {
			return
		}
		core := e.Why()
		q := make(Partial, f.NumVars()+1)
		for _, a := range core {
			if !slices.Contains(assumptions, a) {
				t.Fatalf("core %v holds %d, not an assumption of %v", core, a, assumptions)
			}
			if q.Lit(a) == -1 {
				return // contradictory assumptions: unsatisfiable
			}
			q.set(a)
		}
		if Solve(f, q) != nil {
			t.Fatalf("core %v of assumptions %v is satisfiable", core, assumptions)
		}
	}
}

// Pigeonhole returns the formula "n+1 pigeons fit in n holes, one per
// hole": unsatisfiable, and exponentially hard for resolution, so CDCL
// solvers take long from about n = 10.
func Pigeonhole(n int) *sat.Formula {
	f := sat.NewFormula()
	in := make([][]sat.Lit, n+1) // in[p][h]: pigeon p sits in hole h
	for p := range in {
		in[p] = f.NewVars(n)
		f.AddClause(in[p]...)
	}
	for h := range n {
		for p := range in {
			for q := range p {
				f.AddClause(in[p][h].Not(), in[q][h].Not())
			}
		}
	}
	return f
}

// CheckTimeout checks that a Solve of the hard formula under a 100 ms
// timeout returns within 300 ms, and that nothing goes on working
// afterwards: no child process is left, the goroutine count comes back,
// and the process burns no CPU.
//
// On a loaded machine a process may wait long for a core, so the check
// makes up to three attempts: each must return within 2 s (a solve that
// is not stopped takes far longer on the formulas used), and the fastest
// within 300 ms.
func CheckTimeout(t *testing.T, open Opener, hard *sat.Formula) {
	const (
		timeout = 100 * time.Millisecond
		want    = 300 * time.Millisecond
		bound   = 2 * time.Second
	)
	best := time.Duration(1<<63 - 1)
	for attempt := 1; attempt <= 3 && best > want; attempt++ {
		elapsed := timeOnce(t, open, hard, timeout)
		t.Logf("attempt %d: returned after %v", attempt, elapsed)
		if elapsed > bound {
			t.Fatalf("Solve returned after %v with a %v timeout: the work was not stopped", elapsed, timeout)
		}
		best = min(best, elapsed)
	}
	if best > want {
		t.Errorf("Solve returned after %v at best with a %v timeout, want at most %v", best, timeout, want)
	}
}

func timeOnce(t *testing.T, open Opener, hard *sat.Formula, timeout time.Duration) time.Duration {
	t.Helper()
	s := open()
	if err := sat.Load(s, hard); err != nil {
		t.Fatal(err)
	}
	goroutines := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	st, err := s.Solve(ctx)
	elapsed := time.Since(start)
	if st == sat.Unknown && !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Unknown with error %v, want context.DeadlineExceeded", err)
	}
	if st != sat.Unknown && err != nil {
		t.Errorf("%v with error %v", st, err)
	}
	if kids := children(t); len(kids) > 0 {
		t.Errorf("child processes left running: %v", kids)
	}
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > goroutines && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		t.Errorf("%d goroutines after the solve, %d before", n, goroutines)
	}
	before := cpuTime(t)
	time.Sleep(200 * time.Millisecond)
	if used := cpuTime(t) - before; used > 60*time.Millisecond {
		t.Errorf("the process used %v of CPU in the 200ms after the solve: work goes on", used)
	}
	return elapsed
}
