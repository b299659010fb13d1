package gini_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

var (
	long      = flag.Bool("long", false, "run the differential test on many more sequences")
	diffSeeds = flag.Int("diff.seeds", 0, "number of random sequences per regime in TestDifferential (0: by -long)")
)

// diffRegime is a kind of random query sequence for TestDifferential.
type diffRegime struct {
	name       string
	vars       [2]int // range of the number of problem variables
	steps      int    // queries (adds and solves) per sequence
	minLen     int    // shortest clause
	maxLen     int    // longest clause
	seeds      int    // sequences without -long
	reference  func() sat.Solver
	addPercent int // share of steps that add clauses
}

var diffRegimes = []diffRegime{
	// Few variables and many clauses: the clauses often become
	// unsatisfiable on their own, the case where gini's leftover conflict
	// goes wrong; brute-force reference.
	{name: "small", vars: [2]int{2, 10}, steps: 40, minLen: 1, maxLen: 4, seeds: 300, addPercent: 35,
		reference: func() sat.Solver { return &sattest.Reference{} }},
	// No unit clauses: the clauses become unsatisfiable without unit
	// propagation at level 0 noticing, so gini refutes them under
	// assumptions first and gives a core.
	{name: "dense", vars: [2]int{3, 8}, steps: 40, minLen: 2, maxLen: 3, seeds: 300, addPercent: 30,
		reference: func() sat.Solver { return &sattest.Reference{} }},
	// Random 3-SAT near the threshold, with guarded blocks as in the
	// bounded-horizon driver: gini learns before it refutes;
	// gophersat, which starts afresh on every Solve, is the reference.
	{name: "medium", vars: [2]int{30, 120}, steps: 30, minLen: 1, maxLen: 3, seeds: 30, addPercent: 30,
		reference: func() sat.Solver { return gophersat.New() }},
}

// diffCounts tallies what a TestDifferential run exercised.
type diffCounts struct {
	solves, sat, unsat, unknown int
	// repairs counts solves right after an UNSAT answer with a core and no
	// clause in between (the Solver must make gini forget its conflict);
	// rootUnsat counts those where the clauses alone were unsatisfiable.
	repairs, rootUnsat int
}

// TestDifferential runs random sequences of added clauses and solves under
// random assumptions on one incremental Solver, and checks every answer
// against a solver that starts afresh: the status must agree, every model
// satisfies all clauses and the assumptions, and every core is a subset of
// the assumptions that is unsatisfiable with the clauses. -long or
// -diff.seeds runs many more sequences.
func TestDifferential(t *testing.T) {
	for _, r := range diffRegimes {
		t.Run(r.name, func(t *testing.T) {
			seeds := r.seeds
			switch {
			case *diffSeeds > 0:
				seeds = *diffSeeds
			case *long:
				seeds *= 100
			case testing.Short():
				seeds /= 10
			}
			var n diffCounts
			for seed := range seeds {
				runSequence(t, r, uint64(seed), &n)
				if t.Failed() {
					t.Fatalf("regime %s, seed %d", r.name, seed)
				}
			}
			t.Logf("%d sequences, %d solves: %d SAT, %d UNSAT, %d stopped; %d right after an UNSAT with a core, %d of them on clauses unsatisfiable alone",
				seeds, n.solves, n.sat, n.unsat, n.unknown, n.repairs, n.rootUnsat)
			if n.repairs == 0 || (r.name != "medium" && n.rootUnsat == 0) {
				t.Errorf("the sequences never exercised the repair (repairs %d, root-unsatisfiable %d)", n.repairs, n.rootUnsat)
			}
		})
	}
}

// runSequence runs one random sequence of regime r.
func runSequence(t *testing.T, r diffRegime, seed uint64, n *diffCounts) {
	rng := rand.New(rand.NewPCG(seed, 15))
	var (
		f           *sat.Formula
		s           *gini.Solver
		problemVars int
		guards      []sat.Lit // activation literals of guarded blocks
		afterCore   bool      // the last query was an UNSAT answer with a core
	)
	start := func() {
		f = sat.NewFormula()
		f.NewVars(r.vars[0] + rng.IntN(r.vars[1]-r.vars[0]+1))
		problemVars, s, guards, afterCore = f.NumVars(), gini.New(), nil, false
	}
	start()
	for range r.steps {
		if rng.IntN(100) < r.addPercent {
			guards = addBlock(rng, f, s, r, problemVars, guards)
			afterCore = false
			continue
		}
		assumptions := drawAssumptions(rng, f, guards)
		if afterCore {
			n.repairs++
		}
		st := solveAndCheck(t, rng, r, f, s, assumptions, afterCore, n)
		if t.Failed() {
			t.Logf("formula: %v", clausesOf(f))
			return
		}
		afterCore = st == sat.Unsat && len(s.Why()) > 0
		if st == sat.Unsat && len(s.Why()) == 0 {
			start() // unsatisfiable for good: the rest would teach nothing
		}
	}
}

// addBlock adds 1 to 6 random clauses to f and s, under a new activation
// literal half of the time, and returns the activation literals.
func addBlock(rng *rand.Rand, f *sat.Formula, s sat.Solver, r diffRegime, vars int, guards []sat.Lit) []sat.Lit {
	var guard sat.Lit
	if rng.IntN(2) == 0 {
		guard = f.NewVar()
		guards = append(guards, guard)
	}
	k := 1 + rng.IntN(6)
	if r.name == "medium" {
		k = vars * (2 + rng.IntN(3)) / 4 // a sixth to a third of the threshold
	}
	for range k {
		c := sattest.RandomLits(rng, r.minLen+rng.IntN(r.maxLen-r.minLen+1), vars)
		if guard != 0 {
			c = append(c, guard.Not())
		}
		f.AddClause(c...)
		s.AddClause(c...)
	}
	return guards
}

// drawAssumptions returns 0 to 4 random literals over f's variables, with
// a bias towards activation literals, repeats and contradictions included.
func drawAssumptions(rng *rand.Rand, f *sat.Formula, guards []sat.Lit) []sat.Lit {
	a := sattest.RandomLits(rng, rng.IntN(5), f.NumVars())
	for i := range a {
		if len(guards) > 0 && rng.IntN(2) == 0 {
			a[i] = guards[rng.IntN(len(guards))]
		}
	}
	return a
}

// solveAndCheck solves f under the assumptions on s, through a context
// that can end a third of the time, and checks the answer against a fresh
// reference solver.
func solveAndCheck(t *testing.T, rng *rand.Rand, r diffRegime, f *sat.Formula, s *gini.Solver,
	assumptions []sat.Lit, afterCore bool, n *diffCounts) sat.Status {
	t.Helper()
	ctx := context.Background()
	switch rng.IntN(6) {
	case 0, 1:
		c, cancel := context.WithCancel(ctx)
		defer cancel()
		ctx = c
	case 2:
		if r.name == "medium" {
			c, cancel := context.WithTimeout(ctx, time.Duration(rng.IntN(200))*time.Microsecond)
			defer cancel()
			ctx = c
		}
	}
	n.solves++
	st, err := s.Solve(ctx, assumptions...)
	if st == sat.Unknown {
		if err == nil || ctx.Err() == nil {
			t.Errorf("Unknown with error %v under a context that did not end", err)
		}
		n.unknown++
		return st
	}
	want := refSolve(t, r, f, assumptions)
	if st != want {
		t.Errorf("Solve(%v) = %v, a fresh solver says %v (right after an UNSAT with a core: %v)", assumptions, st, want, afterCore)
		return st
	}
	if afterCore && refSolve(t, r, f, nil) == sat.Unsat {
		n.rootUnsat++
	}
	switch st {
	case sat.Sat:
		n.sat++
		checkModel(t, f, s, assumptions)
	case sat.Unsat:
		n.unsat++
		checkCore(t, r, f, s.Why(), assumptions)
	}
	return st
}

// refSolve answers f under the assumptions with a fresh reference solver.
func refSolve(t *testing.T, r diffRegime, f *sat.Formula, assumptions []sat.Lit) sat.Status {
	t.Helper()
	ref := r.reference()
	if err := sat.Load(ref, f); err != nil {
		t.Fatal(err)
	}
	st, err := ref.Solve(context.Background(), assumptions...)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func checkModel(t *testing.T, f *sat.Formula, s sat.Solver, assumptions []sat.Lit) {
	t.Helper()
	if err := f.Check(s); err != nil {
		t.Errorf("model under %v: %v", assumptions, err)
	}
	for _, a := range assumptions {
		if !s.Value(a) {
			t.Errorf("model makes assumption %d false", a)
		}
	}
}

// checkCore checks that core is a subset of the assumptions that makes f
// unsatisfiable.
func checkCore(t *testing.T, r diffRegime, f *sat.Formula, core, assumptions []sat.Lit) {
	t.Helper()
	for _, a := range core {
		if !slices.Contains(assumptions, a) {
			t.Errorf("core %v holds %d, not an assumption of %v", core, a, assumptions)
		}
	}
	if refSolve(t, r, f, core) != sat.Unsat {
		t.Errorf("core %v of assumptions %v is satisfiable with the clauses", core, assumptions)
	}
}

func clausesOf(f *sat.Formula) [][]sat.Lit {
	var cs [][]sat.Lit
	for c := range f.Clauses() {
		cs = append(cs, slices.Clone(c))
	}
	return cs
}
