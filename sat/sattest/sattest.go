// Package sattest holds test helpers for package sat and its backends: a
// reference solver small enough to trust (DPLL with unit propagation over
// the formula as written, linear constraints checked as they are),
// brute-force model counting, random formulas, and a property check every
// backend runs.
package sattest

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/waterworks-solver/waterworks/sat"
)

// MustLower is f.Lower(enc) for tests and benchmarks, which lower with
// known encodings only: it panics when Lower fails.
func MustLower(f *sat.Formula, enc sat.Encoding) *sat.Formula {
	g, err := f.Lower(enc)
	if err != nil {
		panic(err)
	}
	return g
}

// Value is a three-valued truth value: 0 unassigned, 1 true, -1 false.
type Value int8

// Partial is a partial assignment indexed by variable (index 0 unused).
type Partial []Value

// Lit returns the value of l under p: 1 true, -1 false, 0 unassigned.
func (p Partial) Lit(l sat.Lit) Value {
	v := l.Var()
	if v >= len(p) {
		return 0
	}
	if l < 0 {
		return -p[v]
	}
	return p[v]
}

func (p Partial) set(l sat.Lit) {
	if l > 0 {
		p[l.Var()] = 1
	} else {
		p[l.Var()] = -1
	}
}

// Propagate runs unit propagation over the clauses of f (its linear
// constraints are ignored) from p, which it extends in place. It reports
// false on a conflict: a clause with every literal false.
func Propagate(f *sat.Formula, p Partial) bool {
	for changed := true; changed; {
		changed = false
		var open []sat.Lit // distinct unassigned literals of a clause
		for c := range f.Clauses() {
			open = open[:0]
			satisfied := false
			for _, l := range c {
				if v := p.Lit(l); v == 1 {
					satisfied = true
					break
				} else if v == 0 && !slices.Contains(open, l) {
					open = append(open, l)
				}
			}
			switch {
			case satisfied:
			case len(open) == 0:
				return false
			case len(open) == 1:
				p.set(open[0])
				changed = true
			}
		}
	}
	return true
}

// Solve searches for a model of f (clauses and linear constraints)
// extending p by DPLL, and returns it, or nil when there is none.
func Solve(f *sat.Formula, p Partial) sat.Model {
	p = slices.Clone(p)
	for len(p) <= f.NumVars() {
		p = append(p, 0)
	}
	if !dpll(f, p) {
		return nil
	}
	m := make(sat.Model, len(p))
	for v := 1; v < len(p); v++ {
		m[v] = p[v] == 1
	}
	return m
}

func dpll(f *sat.Formula, p Partial) bool {
	if !Propagate(f, p) || !linearsPossible(f, p) {
		return false
	}
	v := slices.Index(p[1:], 0) + 1
	if v == 0 {
		return f.Satisfied(full(p))
	}
	for _, val := range []Value{1, -1} {
		q := slices.Clone(p)
		q[v] = val
		if dpll(f, q) {
			copy(p, q)
			return true
		}
	}
	return false
}

// linearsPossible reports whether each linear constraint of f can still
// hold under p, from the sums of its true and its open terms.
func linearsPossible(f *sat.Formula, p Partial) bool {
	for i := range f.NumLinears() {
		c := f.Linear(i)
		lo, hi := 0, 0
		for _, t := range c.Terms {
			switch p.Lit(t.Lit) {
			case 1:
				lo += t.Weight
				hi += t.Weight
			case 0:
				hi += t.Weight
			}
		}
		if c.Op != sat.AtLeast && lo > c.K || c.Op != sat.AtMost && hi < c.K {
			return false
		}
	}
	return true
}

type full Partial

// Value reports whether l is true; unassigned literals are false.
func (p full) Value(l sat.Lit) bool { return Partial(p).Lit(l) == 1 }

// Models returns every complete assignment of f's variables that
// satisfies f, by trying them all (so f must have few variables).
func Models(f *sat.Formula) []sat.Model {
	n := f.NumVars()
	var models []sat.Model
	for bitsVal := uint64(0); bitsVal < 1<<n; bitsVal++ {
		m := make(sat.Model, n+1)
		for v := 1; v <= n; v++ {
			m[v] = bitsVal>>(v-1)&1 == 1
		}
		if f.Satisfied(m) {
			models = append(models, m)
		}
	}
	return models
}

// CountProjected returns the number of distinct restrictions to the
// variables of primary of f's models, by trying every assignment of the
// primary variables and asking Solve for an extension.
func CountProjected(f *sat.Formula, primary []sat.Lit) int {
	vars := make([]int, 0, len(primary))
	for _, l := range primary {
		if !slices.Contains(vars, l.Var()) {
			vars = append(vars, l.Var())
		}
	}
	count := 0
	for bitsVal := uint64(0); bitsVal < 1<<len(vars); bitsVal++ {
		p := make(Partial, f.NumVars()+1)
		for i, v := range vars {
			p[v] = -1
			if bitsVal>>i&1 == 1 {
				p[v] = 1
			}
		}
		if Solve(f, p) != nil {
			count++
		}
	}
	return count
}

// RandomLits returns n random literals over variables 1..vars.
func RandomLits(rng *rand.Rand, n, vars int) []sat.Lit {
	lits := make([]sat.Lit, n)
	for i := range lits {
		lits[i] = sat.Pos(1 + rng.IntN(vars))
		if rng.IntN(2) == 0 {
			lits[i] = lits[i].Not()
		}
	}
	return lits
}

// RandomCNF returns a formula over vars variables with the given number
// of clauses of 0 to maxLen literals (empty clauses are rare), duplicate
// and complementary literals included.
func RandomCNF(rng *rand.Rand, vars, clauses, maxLen int) *sat.Formula {
	f := sat.NewFormula()
	f.NewVars(vars)
	for range clauses {
		n := 1 + rng.IntN(maxLen)
		if rng.IntN(50) == 0 {
			n = 0
		}
		f.AddClause(RandomLits(rng, n, vars)...)
	}
	return f
}

// RandomLinear returns a random linear constraint over variables 1..vars
// with up to maxTerms terms, weights up to maxWeight, repeated and
// complementary literals included, and a bound around the middle of the
// weights' range.
func RandomLinear(rng *rand.Rand, vars, maxTerms, maxWeight int) sat.Linear {
	n := rng.IntN(maxTerms + 1)
	terms := make([]sat.Term, n)
	total := 0
	for i, l := range RandomLits(rng, n, vars) {
		terms[i] = sat.Term{Lit: l, Weight: 1 + rng.IntN(maxWeight)}
		total += terms[i].Weight
	}
	return sat.Linear{
		Terms: terms,
		Op:    sat.Op(1 + rng.IntN(3)),
		K:     rng.IntN(total+3) - 1,
	}
}

// RandomFormula returns RandomCNF plus up to maxLinears random linear
// constraints.
func RandomFormula(rng *rand.Rand, vars, clauses, maxLen, maxLinears int) *sat.Formula {
	f := RandomCNF(rng, vars, clauses, maxLen)
	for range rng.IntN(maxLinears + 1) {
		f.AddLinear(RandomLinear(rng, vars, 6, 3))
	}
	return f
}

// Reference is a [sat.Solver] and [sat.LinearAdder] built on Solve: slow,
// simple and independent of every backend, for testing code written
// against the Solver interface.
type Reference struct {
	f     sat.Formula
	model sat.Model
}

// AddClause implements sat.Solver.
func (r *Reference) AddClause(lits ...sat.Lit) { r.f.AddClause(lits...) }

// AddLinear implements sat.LinearAdder.
func (r *Reference) AddLinear(c sat.Linear) { r.f.AddLinear(c) }

// Solve implements sat.Solver.
func (r *Reference) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	n := r.f.NumVars()
	for _, a := range assumptions {
		n = max(n, a.Var())
	}
	p := make(Partial, n+1)
	for _, a := range assumptions {
		if p.Lit(a) == -1 {
			return sat.Unsat, nil
		}
		p.set(a)
	}
	r.model = Solve(&r.f, p)
	if r.model == nil {
		return sat.Unsat, nil
	}
	return sat.Sat, nil
}

// Value implements sat.Solver.
func (r *Reference) Value(l sat.Lit) bool { return r.model.Value(l) }
