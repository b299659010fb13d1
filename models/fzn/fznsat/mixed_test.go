package fznsat_test

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
)

// allNames returns the names of the builtins and globals of the tests.
func allNames() []string {
	names := slices.Collect(maps.Keys(builtins))
	names = append(names, slices.Collect(maps.Keys(globals))...)
	slices.Sort(names)
	return names
}

// TestMixedBruteForce solves random models of several constraints over
// shared variables for all their solutions, under each set of options,
// and compares them with brute force.
func TestMixedBruteForce(t *testing.T) {
	rounds := 150
	if *long {
		rounds = 1500
	}
	rng := rand.New(rand.NewPCG(*seed, 7))
	names := allNames()
	tried, satisfiable := 0, 0
	for tried < rounds {
		inst := mixedInstance(rng, names)
		if size(inst.m) > 1<<14 {
			continue
		}
		tried++
		want := bruteForce(t, inst.m)
		if len(want) > 0 {
			satisfiable++
		}
		for oname, opts := range optionSets {
			got, res, err := satSolutions(t, inst.m, opts)
			if errors.Is(err, fznsat.ErrUnsupported) {
				continue
			}
			if err != nil || !equalSets(got, want) || !res.Status.Complete() {
				t.Fatalf("%s, options %s: %d solutions, want %d, status %v, error %v\nmissing %v\nextra %v\n%s",
					inst.name, oname, len(got), len(want), res.Status, err, diff(want, got), diff(got, want), dump(inst.m))
			}
		}
	}
	t.Logf("%d models, %d satisfiable", tried, satisfiable)
}

// TestOptimiseBruteForce minimizes or maximizes a variable of random
// mixed models and compares the optimum with brute force; each solution
// handed out must improve on the one before.
func TestOptimiseBruteForce(t *testing.T) {
	rounds := 150
	if *long {
		rounds = 1500
	}
	rng := rand.New(rand.NewPCG(*seed, 11))
	names := allNames()
	tried, optimal := 0, 0
	defer fznsat.SetBisectGap(2)() // the small objectives get probes too
	for tried < rounds {
		inst := mixedInstance(rng, names)
		if size(inst.m) > 1<<14 {
			continue
		}
		tried++
		var ints []*fzn.Decl
		for _, d := range inst.m.Decls {
			if d.Type.Elem == fzn.Int {
				ints = append(ints, d)
			}
		}
		obj := ints[rng.IntN(len(ints))]
		inst.m.Solve = fzn.Solve{Method: fzn.Minimize, Objective: &fzn.Ident{Decl: obj}}
		if rng.IntN(2) == 0 {
			inst.m.Solve.Method = fzn.Maximize
		}
		best, found := bruteOptimum(t, inst.m)
		for oname, opts := range optionSets {
			var seen []int64
			sopts := fznsat.SolveOptions{Encode: &opts, Bisect: rng.IntN(3) > 0}
			res, err := fznsat.Solve(context.Background(), inst.m, gini.New(), sopts,
				func(s fzn.Solution) {
					v, err := fzn.Objective(inst.m, s)
					if err != nil {
						t.Fatal(err)
					}
					seen = append(seen, v)
				})
			if errors.Is(err, fznsat.ErrUnsupported) {
				continue
			}
			if err != nil {
				t.Fatalf("%s, options %s: %v\n%s", inst.name, oname, err, dump(inst.m))
			}
			switch {
			case !found && res.Status != fzn.Unsatisfiable:
				t.Fatalf("%s, options %s: status %v, want unsatisfiable\n%s", inst.name, oname, res.Status, dump(inst.m))
			case found && (res.Status != fzn.Optimal || res.Objective != best):
				t.Fatalf("%s, options %s: status %v, objective %d, want optimal %d\n%s", inst.name, oname, res.Status, res.Objective, best, dump(inst.m))
			}
			if found {
				optimal++
			}
			for i := 1; i < len(seen); i++ {
				if better := seen[i] < seen[i-1]; better != (inst.m.Solve.Method == fzn.Minimize) || seen[i] == seen[i-1] {
					t.Fatalf("%s, options %s: objectives %v do not improve", inst.name, oname, seen)
				}
			}
		}
	}
	t.Logf("%d models, %d optima proven and checked", tried, optimal)
}

// bruteOptimum returns the best objective over the solutions of m.
func bruteOptimum(t *testing.T, m *fzn.Model) (best int64, found bool) {
	sols := bruteForceSolutions(t, m)
	for _, s := range sols {
		v, err := fzn.Objective(m, s)
		if err != nil {
			t.Fatal(err)
		}
		if !found || m.Solve.Method == fzn.Minimize && v < best || m.Solve.Method == fzn.Maximize && v > best {
			best, found = v, true
		}
	}
	return best, found
}

// TestNativeBruteForce solves random mixed models with gophersat, the
// linear constraints given to it whole (guards as big-M terms), and
// compares all their solutions with brute force.
func TestNativeBruteForce(t *testing.T) {
	rounds := 60
	if *long {
		rounds = 600
	}
	rng := rand.New(rand.NewPCG(*seed, 13))
	names := allNames()
	opts := fznsat.DefaultOptions()
	opts.Linear = sat.Native
	for tried := 0; tried < rounds; {
		inst := mixedInstance(rng, names)
		if size(inst.m) > 1<<12 {
			continue
		}
		tried++
		want := bruteForce(t, inst.m)
		got, _, err := satSolutionsWith(t, inst.m, &gophersat.Solver{InProcess: true}, opts)
		if err != nil || !equalSets(got, want) {
			t.Fatalf("%s: %d solutions, want %d, error %v\nmissing %v\nextra %v\n%s",
				inst.name, len(got), len(want), err, diff(want, got), diff(got, want), dump(inst.m))
		}
	}
}
