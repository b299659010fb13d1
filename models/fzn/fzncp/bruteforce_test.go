package fzncp_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

var long = flag.Bool("long", false, "run the long tests: more random instances")

// A sig describes the arguments of a constraint for the random instance
// generator, one space-separated token an argument:
//
//	x  an int variable or constant      b  a bool variable or constant
//	k  an int constant                  e  a small exponent (-2..3)
//	s  a constant set of ints           r  the literal of a reification
//	Xg an array of int variables/constants, of the length of group g (a digit)
//	Bg an array of bool variables/constants
//	Kg an array of int constants        Qg an array of bool constants
//	Tg a table: rows of int constants, each as long as group g
//	Ug a table of bool constants
type sig string

// builtinSigs lists every builtin Build takes, with the signature of its
// arguments; the reifiable ones also get their _reif and _imp forms.
var builtinSigs = map[string]sig{
	"int_eq": "x x", "int_ne": "x x", "int_le": "x x", "int_lt": "x x",
	"int_abs": "x x", "int_plus": "x x x", "int_times": "x x x", "int_div": "x x x",
	"int_mod": "x x x", "int_pow": "x x x", "int_pow_fixed": "x e x",
	"int_min": "x x x", "int_max": "x x x",
	"int_lin_eq": "K1 X1 k", "int_lin_ne": "K1 X1 k", "int_lin_le": "K1 X1 k",
	"bool2int": "b x", "bool_eq": "b b", "bool_le": "b b", "bool_lt": "b b", "bool_not": "b b",
	"bool_and": "b b b", "bool_or": "b b b", "bool_xor": "b b b",
	"bool_clause": "B1 B2", "bool_lin_eq": "K1 B1 x", "bool_lin_le": "K1 B1 k",
	"array_bool_and": "B1 b", "array_bool_or": "B1 b", "array_bool_xor": "B1",
	"array_int_element": "x K1 x", "array_var_int_element": "x X1 x",
	"array_bool_element": "x Q1 b", "array_var_bool_element": "x B1 b",
	"array_int_maximum": "x X1", "array_int_minimum": "x X1",
	"set_in": "x s",
}

// reifiable lists the builtins with _reif and _imp forms.
var reifiable = []string{"int_eq", "int_ne", "int_le", "int_lt", "bool_eq", "bool_le", "bool_lt",
	"int_lin_eq", "int_lin_ne", "int_lin_le", "bool_lin_eq", "bool_lin_le", "bool_clause", "set_in"}

// globalSigs lists the globals of the solver library.
var globalSigs = map[string]sig{
	"fzn_all_different_int": "X1", "fzn_alldifferent_except_0": "X1", "fzn_alldifferent_except": "X1 s",
	"fzn_table_int": "X1 T1", "fzn_table_bool": "B1 U1",
	"fzn_global_cardinality": "X1 K2 X2", "fzn_global_cardinality_closed": "X1 K2 X2",
	"fzn_global_cardinality_low_up": "X1 K2 K2 K2", "fzn_global_cardinality_low_up_closed": "X1 K2 K2 K2",
	"fzn_regular":     "regular",
	"fzn_cumulative":  "X1 X1 X1 x",
	"fzn_disjunctive": "X1 X1", "fzn_disjunctive_strict": "X1 X1",
	"fzn_diffn":          "X1 X1 X1 X1",
	"fzn_lex_lesseq_int": "X1 X2", "fzn_lex_less_int": "X1 X2",
	"fzn_lex_lesseq_bool": "B1 B2", "fzn_lex_less_bool": "B1 B2",
	"fzn_count_eq": "X1 x x", "fzn_count_neq": "X1 x x", "fzn_count_lt": "X1 x x",
	"fzn_count_leq": "X1 x x", "fzn_count_gt": "X1 x x", "fzn_count_geq": "X1 x x",
	"fzn_among": "x X1 s", "fzn_nvalue": "x X1",
	"waterworks_circuit": "X1 k", "waterworks_subcircuit": "X1 k",
	"waterworks_inverse": "X1 k X2 k", "waterworks_bin_packing_load": "X1 X2 K2 k",
}

// gen writes random small FlatZinc models.
type gen struct {
	rng   *rand.Rand
	decls []string
	nvars int
	ints  []string // the int variables made so far
	bools []string
	size  float64 // the product of the domain sizes
	// dom is the int variables' domain width (values lo..lo+dom-1).
	dom int
}

func newGen(seed uint64) *gen {
	return &gen{rng: rand.New(rand.NewPCG(seed, 1))}
}

func (g *gen) reset() {
	g.decls, g.nvars, g.ints, g.bools, g.size = nil, 0, nil, nil, 1
	g.dom = 2 + g.rng.IntN(4)
}

func (g *gen) intVar() string {
	if len(g.ints) > 0 && g.rng.IntN(6) == 0 { // share a variable
		return g.ints[g.rng.IntN(len(g.ints))]
	}
	lo := -3 + g.rng.IntN(4)
	hi := lo + g.dom - 1
	name := fmt.Sprintf("x%d", g.nvars)
	g.nvars++
	dom := fmt.Sprintf("%d..%d", lo, hi)
	if g.rng.IntN(5) == 0 && hi-lo >= 2 { // a domain with a hole
		dom = fmt.Sprintf("{%d,%d}", lo, hi)
		g.size *= 2
	} else {
		g.size *= float64(hi - lo + 1)
	}
	g.decls = append(g.decls, fmt.Sprintf("var %s: %s :: output_var;", dom, name))
	g.ints = append(g.ints, name)
	return name
}

func (g *gen) boolVar() string {
	if len(g.bools) > 0 && g.rng.IntN(6) == 0 {
		return g.bools[g.rng.IntN(len(g.bools))]
	}
	name := fmt.Sprintf("b%d", g.nvars)
	g.nvars++
	g.size *= 2
	g.decls = append(g.decls, fmt.Sprintf("var bool: %s :: output_var;", name))
	g.bools = append(g.bools, name)
	return name
}

func (g *gen) intArg() string {
	if g.rng.IntN(4) == 0 {
		return fmt.Sprint(-3 + g.rng.IntN(7))
	}
	return g.intVar()
}

func (g *gen) boolArg() string {
	if g.rng.IntN(5) == 0 {
		return fmt.Sprint(g.rng.IntN(2) == 0)
	}
	return g.boolVar()
}

func (g *gen) set() string {
	var vs []string
	for v := -3; v <= 3; v++ {
		if g.rng.IntN(2) == 0 {
			vs = append(vs, fmt.Sprint(v))
		}
	}
	if len(vs) == 0 {
		return "1..0"
	}
	return "{" + strings.Join(vs, ",") + "}"
}

func (g *gen) array(n int, elem func() string) string {
	es := make([]string, n)
	for i := range es {
		es[i] = elem()
	}
	return "[" + strings.Join(es, ",") + "]"
}

// args returns the arguments of a constraint of signature s.
func (g *gen) args(s sig) []string {
	if s == "regular" {
		return g.regular()
	}
	lens := map[byte]int{}
	length := func(grp byte) int {
		if n, ok := lens[grp]; ok {
			return n
		}
		n := g.rng.IntN(4)
		lens[grp] = n
		return n
	}
	var out []string
	for _, tok := range strings.Fields(string(s)) {
		switch tok[0] {
		case 'x':
			out = append(out, g.intArg())
		case 'b', 'r':
			out = append(out, g.boolArg())
		case 'k':
			out = append(out, fmt.Sprint(-3+g.rng.IntN(7)))
		case 'e':
			out = append(out, fmt.Sprint(-2+g.rng.IntN(6)))
		case 's':
			out = append(out, g.set())
		case 'X':
			out = append(out, g.array(length(tok[1]), g.intArg))
		case 'B':
			out = append(out, g.array(length(tok[1]), g.boolArg))
		case 'K':
			out = append(out, g.array(length(tok[1]), func() string { return fmt.Sprint(-3 + g.rng.IntN(7)) }))
		case 'Q':
			out = append(out, g.array(length(tok[1]), func() string { return fmt.Sprint(g.rng.IntN(2) == 0) }))
		case 'T', 'U':
			n, rows := length(tok[1]), g.rng.IntN(5)
			if n == 0 {
				rows = 0
			}
			elem := func() string { return fmt.Sprint(-2 + g.rng.IntN(3)) }
			if tok[0] == 'U' {
				elem = func() string { return fmt.Sprint(g.rng.IntN(2) == 0) }
			}
			out = append(out, g.array(n*rows, elem))
		}
	}
	return out
}

// regular returns the arguments of a random fzn_regular.
func (g *gen) regular() []string {
	q, syms := 1+g.rng.IntN(3), 1+g.rng.IntN(3)
	n := g.rng.IntN(4)
	xs := make([]string, n)
	for i := range xs {
		if g.rng.IntN(4) == 0 {
			xs[i] = fmt.Sprint(g.rng.IntN(syms + 1))
			continue
		}
		name := fmt.Sprintf("x%d", g.nvars)
		g.nvars++
		g.decls = append(g.decls, fmt.Sprintf("var 0..%d: %s :: output_var;", syms, name))
		g.size *= float64(syms + 1)
		xs[i] = name
	}
	d := make([]string, q*syms)
	for i := range d {
		d[i] = fmt.Sprint(g.rng.IntN(q + 1))
	}
	var final []string
	for f := 1; f <= q; f++ {
		if g.rng.IntN(2) == 0 {
			final = append(final, fmt.Sprint(f))
		}
	}
	fs := "1..0"
	if len(final) > 0 {
		fs = "{" + strings.Join(final, ",") + "}"
	}
	return []string{"[" + strings.Join(xs, ",") + "]", fmt.Sprint(q), fmt.Sprint(syms),
		"[" + strings.Join(d, ",") + "]", fmt.Sprint(1 + g.rng.IntN(q)), fs}
}

// model returns a random model with one constraint name of signature s
// (and a literal when reified), or false when its domains are too large to
// enumerate.
func (g *gen) model(name string, s sig, reified bool) (string, bool) {
	g.reset()
	args := g.args(s)
	if reified {
		args = append(args, g.boolArg())
	}
	if g.size > 20000 {
		return "", false
	}
	var b strings.Builder
	for _, d := range g.decls {
		b.WriteString(d + "\n")
	}
	fmt.Fprintf(&b, "constraint %s(%s);\nsolve satisfy;\n", name, strings.Join(args, ", "))
	return b.String(), true
}

// bruteForce returns the keys of the solutions of m: every assignment of
// its scalar variables over their domains that fzn.Check accepts.
func bruteForce(t testing.TB, m *fzn.Model) []string {
	t.Helper()
	var names []string
	var doms [][]int64
	for _, d := range m.Decls {
		if !d.IsVar() || d.IsArray() {
			continue
		}
		var vs []int64
		if d.Type.Elem == fzn.Bool {
			vs = []int64{0, 1}
		} else if d.Type.Domain == nil {
			t.Fatalf("brute force: %s has no bounds", d.Name)
		} else {
			vs = slices.Collect(d.Type.Domain.Values())
		}
		names, doms = append(names, d.Name), append(doms, vs)
	}
	var keys []string
	sol := make(fzn.Solution, len(names))
	var rec func(i int)
	rec = func(i int) {
		if i == len(names) {
			err := fzn.Check(m, sol)
			if err == nil {
				keys = append(keys, key(m, sol))
			} else if _, ok := err.(*fzn.Violation); !ok {
				t.Fatalf("brute force: %v", err)
			}
			return
		}
		for _, v := range doms[i] {
			sol[names[i]] = v
			rec(i + 1)
		}
	}
	rec(0)
	slices.Sort(keys)
	return keys
}

// key writes the values of a solution's output variables in file order.
func key(m *fzn.Model, s fzn.Solution) string {
	var b strings.Builder
	for _, d := range m.Outputs() {
		if !d.IsArray() {
			fmt.Fprintf(&b, "%s=%d ", d.Name, s[d.Name])
			continue
		}
		for _, e := range d.Elems() {
			if x, ok := e.(*fzn.Ident); ok {
				fmt.Fprintf(&b, "%s=%d ", x.Name(), s[x.Name()])
			}
		}
	}
	return b.String()
}

// agree checks that Solve finds exactly the brute-force solutions of the
// model text, with both engines.
func agree(t *testing.T, text string) {
	t.Helper()
	m := parse(t, text)
	want := bruteForce(t, m)
	for _, e := range []fzncp.Engine{fzncp.Plain, fzncp.Learning} {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		got := make([]string, len(sols))
		for i, s := range sols {
			got[i] = key(m, s)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%v engine: %d solutions, brute force %d\nmodel:\n%s\ngot:  %q\nwant: %q", e, len(got), len(want), text, got, want)
		}
		wantStatus := fzn.AllSolutions
		if len(want) == 0 {
			wantStatus = fzn.Unsatisfiable
		}
		if res.Status != wantStatus {
			t.Fatalf("%v engine: status %v, want %v\nmodel:\n%s", e, res.Status, wantStatus, text)
		}
	}
}

func instances() int {
	if *long {
		return 400
	}
	return 40
}

// TestBuiltinsBruteForce checks every builtin, and the _reif and _imp
// forms of the reifiable ones, on random small instances: Solve finds
// every solution that brute force finds, and no other.
func TestBuiltinsBruteForce(t *testing.T) {
	type form struct {
		name    string
		sig     sig
		reified bool
	}
	var forms []form
	for name, s := range builtinSigs {
		forms = append(forms, form{name, s, false})
	}
	for _, name := range reifiable {
		forms = append(forms, form{name + "_reif", builtinSigs[name], true}, form{name + "_imp", builtinSigs[name], true})
	}
	forms = append(forms, form{"bool_xor", "b b", false}) // the two-argument form
	for _, f := range forms {
		t.Run(f.name+"/"+strings.ReplaceAll(string(f.sig), " ", ""), func(t *testing.T) {
			t.Parallel()
			g := newGen(hash(f.name + string(f.sig)))
			for range instances() {
				if text, ok := g.model(f.name, f.sig, f.reified); ok {
					agree(t, text)
				}
			}
		})
	}
}

// TestGlobalsBruteForce checks every global of the solver library on
// random small instances against brute force.
func TestGlobalsBruteForce(t *testing.T) {
	for name, s := range globalSigs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := newGen(hash(name))
			for range instances() {
				if text, ok := g.model(name, s, false); ok {
					agree(t, text)
				}
			}
		})
	}
}

func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}
