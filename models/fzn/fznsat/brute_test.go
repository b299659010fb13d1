package fznsat_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

var (
	long  = flag.Bool("long", false, "run more random instances")
	seed  = flag.Uint64("seed", 1, "the seed of the random instances")
	match = flag.String("constraint", "", "TestBuiltinsBruteForce: only the constraints whose name contains this")
)

// gen builds a random small model: a few variables with small domains
// (some with holes), all marked for output, and constraints over them.
type gen struct {
	rng   *rand.Rand
	m     *fzn.Model
	ints  []*fzn.Decl
	bools []*fzn.Decl
}

func newGen(rng *rand.Rand) *gen {
	g := &gen{rng: rng, m: &fzn.Model{}}
	for range 1 + rng.IntN(3) {
		g.ints = append(g.ints, g.newInt(g.domain()))
	}
	for range 1 + rng.IntN(2) {
		g.bools = append(g.bools, g.newBool())
	}
	return g
}

// domain returns a random domain within -3..4 of 1 to 4 values.
func (g *gen) domain() *fzn.Set {
	lo := int64(g.rng.IntN(8) - 3)
	n := int64(1 + g.rng.IntN(4))
	if g.rng.IntN(4) == 0 { // a hole
		vs := []int64{lo}
		for v := lo + 1; len(vs) < int(n) && v <= 4; v++ {
			if g.rng.IntN(2) == 0 {
				vs = append(vs, v)
			}
		}
		return fzn.SetOfValues(vs...)
	}
	return fzn.SetOf(fzn.Range{Lo: lo, Hi: min(lo+n-1, 4)})
}

func (g *gen) declare(typ fzn.Type) *fzn.Decl {
	d := &fzn.Decl{
		Name: fmt.Sprintf("v%d", len(g.m.Decls)),
		Type: typ,
		Anns: []*fzn.Annotation{{Name: "output_var"}},
	}
	g.m.Declare(d)
	return d
}

func (g *gen) newInt(dom *fzn.Set) *fzn.Decl {
	return g.declare(fzn.Type{Elem: fzn.Int, Var: true, Domain: dom})
}

func (g *gen) newBool() *fzn.Decl { return g.declare(fzn.Type{Elem: fzn.Bool, Var: true}) }

func (g *gen) rangeVar(lo, hi int64) fzn.Expr {
	return &fzn.Ident{Decl: g.newInt(fzn.SetOf(fzn.Range{Lo: lo, Hi: hi}))}
}

func intLit(v int64) fzn.Expr { return &fzn.IntLit{Value: v} }

// int returns an int variable of the pool or, once in four, a constant.
func (g *gen) int() fzn.Expr {
	if g.rng.IntN(4) == 0 {
		return intLit(int64(g.rng.IntN(8) - 3))
	}
	return &fzn.Ident{Decl: g.ints[g.rng.IntN(len(g.ints))]}
}

func (g *gen) bool() fzn.Expr {
	if g.rng.IntN(5) == 0 {
		return &fzn.BoolLit{Value: g.rng.IntN(2) == 0}
	}
	return &fzn.Ident{Decl: g.bools[g.rng.IntN(len(g.bools))]}
}

func (g *gen) ints_(n int) fzn.Expr  { return g.array(n, g.int) }
func (g *gen) bools_(n int) fzn.Expr { return g.array(n, g.bool) }

func (g *gen) array(n int, el func() fzn.Expr) fzn.Expr {
	a := &fzn.ArrayLit{}
	for range n {
		a.Elems = append(a.Elems, el())
	}
	return a
}

func (g *gen) consts(n int, lo, hi int64) fzn.Expr {
	return g.array(n, func() fzn.Expr { return intLit(lo + g.rng.Int64N(hi-lo+1)) })
}

func (g *gen) boolConsts(n int) fzn.Expr {
	return g.array(n, func() fzn.Expr { return &fzn.BoolLit{Value: g.rng.IntN(2) == 0} })
}

func (g *gen) set() fzn.Expr {
	var vs []int64
	for v := int64(-3); v <= 4; v++ {
		if g.rng.IntN(2) == 0 {
			vs = append(vs, v)
		}
	}
	return &fzn.SetLit{Set: fzn.SetOfValues(vs...)}
}

func (g *gen) n(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }

// builtin describes a constraint of the tests: how to make random
// arguments, and whether it has reified forms.
type builtin struct {
	args func(g *gen) []fzn.Expr
	reif bool
}

func iiArgs(k int) func(g *gen) []fzn.Expr {
	return func(g *gen) []fzn.Expr {
		a := make([]fzn.Expr, k)
		for i := range a {
			a[i] = g.int()
		}
		return a
	}
}

func bbArgs(k int) func(g *gen) []fzn.Expr {
	return func(g *gen) []fzn.Expr {
		a := make([]fzn.Expr, k)
		for i := range a {
			a[i] = g.bool()
		}
		return a
	}
}

func linArgs(g *gen) []fzn.Expr {
	n := g.n(1, 4)
	return []fzn.Expr{g.consts(n, -3, 3), g.ints_(n), intLit(int64(g.rng.IntN(11) - 5))}
}

func boolLinArgs(g *gen) []fzn.Expr {
	n := g.n(1, 4)
	return []fzn.Expr{g.consts(n, -3, 3), g.bools_(n), g.int()}
}

var builtins = map[string]builtin{
	"int_eq":         {iiArgs(2), true},
	"int_ne":         {iiArgs(2), true},
	"int_le":         {iiArgs(2), true},
	"int_lt":         {iiArgs(2), true},
	"int_lin_eq":     {linArgs, true},
	"int_lin_ne":     {linArgs, true},
	"int_lin_le":     {linArgs, true},
	"int_plus":       {iiArgs(3), true},
	"int_times":      {iiArgs(3), true},
	"int_div":        {iiArgs(3), true},
	"int_mod":        {iiArgs(3), true},
	"int_pow":        {iiArgs(3), true},
	"int_min":        {iiArgs(3), true},
	"int_max":        {iiArgs(3), true},
	"int_abs":        {iiArgs(2), true},
	"bool2int":       {func(g *gen) []fzn.Expr { return []fzn.Expr{g.bool(), g.int()} }, true},
	"bool_lin_eq":    {boolLinArgs, true},
	"bool_lin_le":    {boolLinArgs, true},
	"bool_eq":        {bbArgs(2), true},
	"bool_le":        {bbArgs(2), true},
	"bool_lt":        {bbArgs(2), true},
	"bool_not":       {bbArgs(2), true},
	"bool_xor":       {func(g *gen) []fzn.Expr { return bbArgs(g.n(2, 3))(g) }, true},
	"bool_and":       {bbArgs(3), true},
	"bool_or":        {bbArgs(3), true},
	"bool_clause":    {func(g *gen) []fzn.Expr { return []fzn.Expr{g.bools_(g.n(0, 3)), g.bools_(g.n(0, 3))} }, true},
	"array_bool_and": {func(g *gen) []fzn.Expr { return []fzn.Expr{g.bools_(g.n(0, 3)), g.bool()} }, true},
	"array_bool_or":  {func(g *gen) []fzn.Expr { return []fzn.Expr{g.bools_(g.n(0, 3)), g.bool()} }, true},
	"array_bool_xor": {func(g *gen) []fzn.Expr { return []fzn.Expr{g.bools_(g.n(0, 4))} }, true},
	"array_int_element": {func(g *gen) []fzn.Expr {
		return []fzn.Expr{g.int(), g.consts(g.n(1, 5), -3, 4), g.int()}
	}, true},
	"array_var_int_element": {func(g *gen) []fzn.Expr {
		return []fzn.Expr{g.int(), g.ints_(g.n(1, 4)), g.int()}
	}, true},
	"array_bool_element": {func(g *gen) []fzn.Expr {
		return []fzn.Expr{g.int(), g.boolConsts(g.n(1, 5)), g.bool()}
	}, true},
	"array_var_bool_element": {func(g *gen) []fzn.Expr {
		return []fzn.Expr{g.int(), g.bools_(g.n(1, 4)), g.bool()}
	}, true},
	"array_int_maximum": {func(g *gen) []fzn.Expr { return []fzn.Expr{g.int(), g.ints_(g.n(1, 3))} }, true},
	"array_int_minimum": {func(g *gen) []fzn.Expr { return []fzn.Expr{g.int(), g.ints_(g.n(1, 3))} }, true},
	"set_in":            {func(g *gen) []fzn.Expr { return []fzn.Expr{g.int(), g.set()} }, true},
}

// instance is one random model of one constraint.
type instance struct {
	name string
	m    *fzn.Model
}

// newInstance makes a model of the constraint name, in a random mode
// (hard, _reif or _imp) when it has them.
func newInstance(rng *rand.Rand, name string, b builtin) instance {
	g := newGen(rng)
	c := g.constraint(name, b)
	return instance{name: c.Name, m: g.m}
}

// constraint adds the constraint name with random arguments, in a random
// mode when it has several.
// A name may carry a variant after a slash ("fzn_cumulative/var").
func (g *gen) constraint(name string, b builtin) *fzn.Constraint {
	name, _, _ = strings.Cut(name, "/")
	c := &fzn.Constraint{Name: name, Args: b.args(g)}
	if b.reif {
		switch g.rng.IntN(3) {
		case 1:
			c.Name += "_reif"
			c.Args = append(c.Args, g.bool())
		case 2:
			c.Name += "_imp"
			c.Args = append(c.Args, g.bool())
		}
	}
	g.m.Constraints = append(g.m.Constraints, c)
	return c
}

// mixedInstance makes a model of 2 to 4 random builtins and globals over
// shared variables.
func mixedInstance(rng *rand.Rand, names []string) instance {
	g := newGen(rng)
	var used []string
	for range 2 + rng.IntN(3) {
		name := names[rng.IntN(len(names))]
		spec, ok := builtins[name]
		if !ok {
			spec = globals[name]
		}
		used = append(used, g.constraint(name, spec).Name)
	}
	return instance{name: strings.Join(used, "+"), m: g.m}
}

// size returns the number of assignments of m's variables.
func size(m *fzn.Model) uint64 {
	n := uint64(1)
	for _, d := range m.Decls {
		switch {
		case !d.Type.Var || d.Type.Array:
		case d.Type.Elem == fzn.Bool:
			n *= 2
		default:
			n *= d.Type.Domain.Len()
		}
	}
	return n
}

// bruteForce returns the solutions of m by trying every assignment of its
// scalar variables, each as a key of its values in declaration order.
func bruteForce(t testing.TB, m *fzn.Model) map[string]bool {
	vars := scalars(m)
	sols := make(map[string]bool)
	for _, s := range bruteForceSolutions(t, m) {
		sols[key(vars, s)] = true
	}
	return sols
}

func scalars(m *fzn.Model) []*fzn.Decl {
	var vars []*fzn.Decl
	for _, d := range m.Decls {
		if d.Type.Var && !d.Type.Array {
			vars = append(vars, d)
		}
	}
	return vars
}

// bruteForceSolutions returns the assignments of m's scalar variables that
// fzn.Check accepts.
func bruteForceSolutions(t testing.TB, m *fzn.Model) []fzn.Solution {
	vars := scalars(m)
	var sols []fzn.Solution
	s := make(fzn.Solution)
	var rec func(i int)
	rec = func(i int) {
		if i == len(vars) {
			err := fzn.Check(m, s)
			if errors.Is(err, fzn.ErrCannotCheck) {
				t.Fatalf("the generated model is malformed: %v", err)
			}
			if err == nil {
				sols = append(sols, maps.Clone(s))
			}
			return
		}
		d := vars[i]
		if d.Type.Elem == fzn.Bool {
			for v := range int64(2) {
				s[d.Name] = v
				rec(i + 1)
			}
			return
		}
		for v := range d.Type.Domain.Values() {
			s[d.Name] = v
			rec(i + 1)
		}
	}
	rec(0)
	return sols
}

func key(vars []*fzn.Decl, s fzn.Solution) string {
	var b strings.Builder
	for _, d := range vars {
		fmt.Fprintf(&b, "%s=%d ", d.Name, s[d.Name])
	}
	return b.String()
}

// optionSets are the encodings every instance is solved with: the
// defaults, the log encoding for every domain of more than two values,
// adder networks for every linear constraint, and circuits instead of
// tables for nonlinear ones.
var optionSets = map[string]fznsat.Options{
	"default": fznsat.DefaultOptions(),
	"log":     withOpts(func(o *fznsat.Options) { o.OrderLimit = -1 }),
	"adders":  withOpts(func(o *fznsat.Options) { o.PBLimit = 1 }),
	"circuits": withOpts(func(o *fznsat.Options) {
		o.TableLimit = -1
		o.OrderLimit = -1
	}),
}

func withOpts(f func(o *fznsat.Options)) fznsat.Options {
	o := fznsat.DefaultOptions()
	f(&o)
	return o
}

// satSolutions returns every solution the SAT route finds with gini.
func satSolutions(t testing.TB, m *fzn.Model, opts fznsat.Options) (map[string]bool, fzn.Result, error) {
	return satSolutionsWith(t, m, gini.New(), opts)
}

// satSolutionsWith returns every solution the SAT route finds with s.
func satSolutionsWith(t testing.TB, m *fzn.Model, s sat.Solver, opts fznsat.Options) (map[string]bool, fzn.Result, error) {
	vars := scalars(m)
	sols := make(map[string]bool)
	res, err := fznsat.Solve(context.Background(), m, s, fznsat.SolveOptions{All: true, Encode: &opts},
		func(s fzn.Solution) {
			k := key(vars, s)
			if sols[k] {
				t.Errorf("solution %s found twice", k)
			}
			sols[k] = true
		})
	return sols, res, err
}

// TestBuiltinsBruteForce solves random small models of each builtin, in
// each mode and with each set of options, for all their solutions, and
// compares them with the assignments that fzn.Check accepts.
func TestBuiltinsBruteForce(t *testing.T) {
	runBruteForce(t, builtins)
}

func runBruteForce(t *testing.T, specs map[string]builtin) {
	rounds := 30
	if *long {
		rounds = 300
	}
	names := make([]string, 0, len(specs))
	for name := range specs {
		if strings.Contains(name, *match) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(*seed, uint64(len(name))))
			var satisfiable, solutions, skipped int
			for i := range rounds {
				inst := newInstance(rng, name, specs[name])
				want := bruteForce(t, inst.m)
				if len(want) > 0 {
					satisfiable++
					solutions += len(want)
				}
				for oname, opts := range optionSets {
					got, res, err := satSolutions(t, inst.m, opts)
					if errors.Is(err, fznsat.ErrUnsupported) {
						skipped++
						continue
					}
					if err != nil {
						t.Fatalf("round %d, %s, options %s: %v\n%s", i, inst.name, oname, err, dump(inst.m))
					}
					if !equalSets(got, want) {
						t.Fatalf("round %d, %s, options %s: %d solutions, want %d\nmissing %v\nextra %v\n%s",
							i, inst.name, oname, len(got), len(want), diff(want, got), diff(got, want), dump(inst.m))
					}
					wantStatus := fzn.AllSolutions
					if len(want) == 0 {
						wantStatus = fzn.Unsatisfiable
					}
					if res.Status != wantStatus {
						t.Fatalf("round %d, %s, options %s: status %v, want %v", i, inst.name, oname, res.Status, wantStatus)
					}
				}
			}
			t.Logf("%s: %d models, %d satisfiable with %d solutions in all; %d encodings refused", name, rounds, satisfiable, solutions, skipped)
			if satisfiable == 0 {
				t.Errorf("no model has a solution: the test proves little")
			}
		})
	}
}

func equalSets(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// diff returns up to 5 keys of a missing from b.
func diff(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out[:min(len(out), 5)]
}

// dump writes a model in a FlatZinc-like form for failure messages.
func dump(m *fzn.Model) string {
	var b strings.Builder
	for _, d := range m.Decls {
		fmt.Fprintf(&b, "%s: %s;\n", d.Type, d.Name)
	}
	for _, c := range m.Constraints {
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			args[i] = fzn.Format(a)
		}
		fmt.Fprintf(&b, "constraint %s(%s);\n", c.Name, strings.Join(args, ", "))
	}
	return b.String()
}
