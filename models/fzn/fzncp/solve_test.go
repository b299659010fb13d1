package fzncp_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

var engines = []fzncp.Engine{fzncp.Plain, fzncp.Learning}

// probing are the engines with the probes of the learning engine: none,
// cut short after a failure (learning goes on from the probe's best), and
// the default.
var probing = []fzncp.SolveOptions{{Engine: fzncp.Plain}, {Engine: fzncp.Learning, Probe: -1},
	{Engine: fzncp.Learning, Probe: 1}, {Engine: fzncp.Learning}}

// sixSolutions has 6 solutions on its outputs x and y (x < y in 1..4), and
// a variable z outside the outputs that two values fit in each.
const sixSolutions = `
var 1..4: x :: output_var;
var 1..4: y :: output_var;
var 0..1: z;
constraint int_lt(x, y);
solve satisfy;
`

func TestSolveLimits(t *testing.T) {
	m := parse(t, sixSolutions)
	for _, e := range engines {
		for _, tc := range []struct {
			opts       fzncp.SolveOptions
			n          int
			wantStatus fzn.Status
		}{
			{fzncp.SolveOptions{}, 1, fzn.Satisfied},
			{fzncp.SolveOptions{Free: true}, 1, fzn.Satisfied},
			{fzncp.SolveOptions{MaxSolutions: 4}, 4, fzn.Satisfied},
			{fzncp.SolveOptions{All: true, MaxSolutions: 2}, 2, fzn.Satisfied},
			{fzncp.SolveOptions{All: true}, 6, fzn.AllSolutions},
			{fzncp.SolveOptions{MaxSolutions: 10}, 6, fzn.AllSolutions},
		} {
			tc.opts.Engine = e
			t.Run(fmt.Sprintf("%v/all=%v/n=%d", e, tc.opts.All, tc.opts.MaxSolutions), func(t *testing.T) {
				sols, res := solveAll(t, m, tc.opts)
				if len(sols) != tc.n || res.Solutions != tc.n || res.Status != tc.wantStatus {
					t.Fatalf("%d solutions (result %d), status %v; want %d, %v", len(sols), res.Solutions, res.Status, tc.n, tc.wantStatus)
				}
				seen := make(map[string]bool)
				for _, s := range sols {
					if len(s) != 3 {
						t.Errorf("solution %v does not give every variable a value", s)
					}
					if k := key(m, s); seen[k] {
						t.Errorf("solution %s twice on the outputs", k)
					} else {
						seen[k] = true
					}
				}
			})
		}
	}
}

// TestSolveOpenVariables: an annotation that covers one variable still
// gives full assignments.
func TestSolveOpenVariables(t *testing.T) {
	m := parse(t, `
var 1..3: x :: output_var;
var 1..3: y;
var 1..9: z :: is_defined_var;
constraint int_times(x, y, z) :: defines_var(z);
constraint int_ne(x, y);
solve :: int_search([x], input_order, indomain_max, complete) satisfy;
`)
	for _, e := range engines {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		if len(sols) != 3 || res.Status != fzn.AllSolutions {
			t.Fatalf("%v: %d solutions, %v; want 3 (one per x), all", e, len(sols), res.Status)
		}
		for _, s := range sols {
			if len(s) != 3 {
				t.Errorf("%v: %v is not a full assignment", e, s)
			}
		}
	}
}

func TestSolveUnsatisfiable(t *testing.T) {
	for _, text := range []string{
		"var 1..3: x;\nconstraint int_lt(x, x);\nsolve satisfy;\n",
		"var 1..3: x;\nconstraint int_le(4, x);\nsolve satisfy;\n",    // found while building
		"var {}: x;\nsolve satisfy;\n",                                // an empty domain
		"var 1..3: x;\nconstraint int_lt(x, x);\nsolve minimize x;\n", // no optimum
		"array [1..0] of var int: a = [];\nvar 1..3: m;\nconstraint array_int_maximum(m, a);\nsolve satisfy;\n",
	} {
		for _, e := range engines {
			for _, free := range []bool{false, true} {
				sols, res := solveAll(t, parse(t, text), fzncp.SolveOptions{Engine: e, Free: free})
				if len(sols) != 0 || res.Status != fzn.Unsatisfiable {
					t.Errorf("%v free=%v: %d solutions, %v; want unsatisfiable\n%s", e, free, len(sols), res.Status, text)
				}
			}
		}
	}
}

// TestSolveTruncated: a variable without bounds is cut, so Solve does not
// claim completeness; one whose bounds its constraints imply is not.
func TestSolveTruncated(t *testing.T) {
	for _, c := range []string{"int_lt(x, x)", "int_lin_eq([1, -1], [x, x], 1)", "int_lin_le([2, 3, -5], [x, x, x], -1)"} {
		m := parse(t, "var int: x;\nconstraint "+c+";\nsolve satisfy;\n")
		cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(cm.Truncated(), []string{"x"}) {
			t.Fatalf("truncated %q, want x", cm.Truncated())
		}
		res, err := fzncp.Solve(context.Background(), cm, fzncp.SolveOptions{}, nil)
		if err != nil || res.Status != fzn.Unknown {
			t.Fatalf("%s: status %v, %v; want unknown (x is cut)", c, res.Status, err)
		}
	}

	m := parse(t, `
var int: x :: output_var;
var int: y :: output_var;
var int: z :: output_var;
constraint int_le(0, x);
constraint int_le(0, y);
constraint int_lin_eq([1, 1], [x, y], 10);
constraint int_times(x, y, z);
solve maximize z;
`)
	cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cm.Truncated() != nil {
		t.Fatalf("truncated %q; the constraints bound every variable", cm.Truncated())
	}
	for _, e := range engines {
		sols, res := solveAll(t, m, fzncp.SolveOptions{Engine: e})
		if res.Status != fzn.Optimal || len(sols) != 1 || sols[0]["z"] != 25 {
			t.Errorf("%v: %v, %v; want z = 25, optimal", e, sols, res.Status)
		}
	}
}

// TestOverflow: values near the int64 limit solve exactly, and a linear
// constraint whose sums could overflow cp's int64 arithmetic is refused.
func TestOverflow(t *testing.T) {
	m := parse(t, `
var 2000000000000000000..2000000000000000003: x :: output_var;
var -2000000000000000003..-2000000000000000000: y :: output_var;
var int: z :: output_var;
constraint int_lin_eq([1, 1], [x, y], 0);
constraint int_plus(x, 7, z);
solve satisfy;
`)
	want := bruteForceLin(2000000000000000000)
	for _, e := range engines {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		var got []string
		for _, s := range sols {
			got = append(got, key(m, s))
		}
		slices.Sort(got)
		if res.Status != fzn.AllSolutions || !slices.Equal(got, want) {
			t.Errorf("%v: %v %q, want all of %q", e, res.Status, got, want)
		}
	}

	m = parse(t, `
var 0..1000000: x;
var 0..10: y;
constraint int_lin_ne([5000000000000, 1], [x, y], 7);
solve satisfy;
`)
	_, err := fzncp.Build(context.Background(), m, fzncp.Options{})
	var be *fzncp.BuildError
	if !errors.As(err, &be) || be.Pos.Line != 4 || !strings.Contains(err.Error(), "int_lin_ne") || !strings.Contains(err.Error(), "overflow") {
		t.Fatalf("error %v, want a BuildError for the int_lin_ne of line 4 naming the overflow", err)
	}
}

// bruteForceLin returns the solutions of TestOverflow's first model.
func bruteForceLin(base int64) []string {
	var keys []string
	for d := int64(0); d <= 3; d++ {
		keys = append(keys, fmt.Sprintf("x=%d y=%d z=%d ", base+d, -base-d, base+d+7))
	}
	slices.Sort(keys)
	return keys
}

func TestBuildErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"var 1..3: x;\nconstraint float_abs(1.0, 1.0);\nsolve satisfy;\n", "2:1: constraint float_abs: not supported: float"},
		{"var 1..3: x;\nconstraint frobnicate(x);\nsolve satisfy;\n", "2:1: constraint frobnicate: not supported: unknown"},
		{"var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;\n", "2:1: constraint int_le: 1 arguments, want 2"},
		{"var 1..3: x;\nvar bool: b;\nconstraint int_le(x, b);\nsolve satisfy;\n", "3:1: constraint int_le: argument 2: want int, found b"},
		{"var 1..3: x;\nconstraint int_lin_eq([1, 2], [x], 3);\nsolve satisfy;\n", "2 coefficients for 1 variables"},
		{"var 1..3: x;\nconstraint fzn_regular([x], 2, 2, [1, 2, 3], 1, {1});\nsolve satisfy;\n", "transition table"},
	} {
		_, err := fzncp.Build(context.Background(), parse(t, tc.text), fzncp.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one containing %q", err, tc.want)
		}
	}
}

// TestOptimum compares the optimum of random small models with brute
// force, with both engines, with and without -a (then each solution
// handed out improves on the last).
func TestOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	names := []string{"int_lin_le", "int_times", "fzn_all_different_int", "int_lin_ne", "array_var_int_element", "fzn_cumulative", "int_max"}
	for i := range instances() {
		name := names[i%len(names)]
		s, ok := builtinSigs[name]
		if !ok {
			s = globalSigs[name]
		}
		g := newGen(rng.Uint64())
		text, ok := g.model(name, s, false)
		if !ok || len(g.ints) == 0 {
			continue
		}
		method := []string{"minimize", "maximize"}[rng.IntN(2)]
		text = optimising(text, g.ints, rng, method)
		m := parse(t, text)
		want, feasible := bruteOptimum(t, m)
		for _, o := range probing {
			e := o
			for _, all := range []bool{false, true} {
				o.All = all
				sols, res := solveAll(t, m, o)
				if !feasible {
					if res.Status != fzn.Unsatisfiable || len(sols) != 0 {
						t.Fatalf("%v: %v, want unsatisfiable\n%s", e, res.Status, text)
					}
					continue
				}
				if res.Status != fzn.Optimal || len(sols) == 0 || res.Objective != want {
					t.Fatalf("%v all=%v: %v objective %d with %d solutions, want optimal %d\n%s", e, all, res.Status, res.Objective, len(sols), want, text)
				}
				if !all && len(sols) != 1 {
					t.Fatalf("%v: %d solutions handed out without -a, want the best only", e, len(sols))
				}
				last := sols[len(sols)-1]
				if v, _ := fzn.Objective(m, last); v != want {
					t.Fatalf("%v: the last solution has objective %d, want %d", e, v, want)
				}
				for j := 1; j < len(sols); j++ {
					a, _ := fzn.Objective(m, sols[j-1])
					b, _ := fzn.Objective(m, sols[j])
					if method == "minimize" && b >= a || method == "maximize" && b <= a {
						t.Fatalf("%v: solution %d does not improve: %d then %d", e, j, a, b)
					}
				}
			}
		}
	}
}

// optimising adds an objective, a weighted sum of some int variables, to
// a satisfaction model.
func optimising(text string, ints []string, rng *rand.Rand, method string) string {
	var cs, xs []string
	seen := map[string]bool{}
	for _, x := range ints {
		if !seen[x] {
			seen[x] = true
			cs, xs = append(cs, fmt.Sprint(rng.IntN(7)-3)), append(xs, x)
		}
	}
	text = strings.Replace(text, "solve satisfy;\n", "", 1)
	return text + fmt.Sprintf("var -100..100: obj :: output_var;\nconstraint int_lin_eq([%s, -1], [%s, obj], 0);\nsolve %s obj;\n",
		strings.Join(cs, ", "), strings.Join(xs, ", "), method)
}

// bruteOptimum returns the best objective over the brute-force solutions.
func bruteOptimum(t *testing.T, m *fzn.Model) (int64, bool) {
	t.Helper()
	best, found := int64(0), false
	for _, k := range bruteForce(t, m) {
		var v int64
		for _, f := range strings.Fields(k) {
			if after, ok := strings.CutPrefix(f, "obj="); ok {
				fmt.Sscan(after, &v)
			}
		}
		if !found || m.Solve.Method == fzn.Minimize && v < best || m.Solve.Method == fzn.Maximize && v > best {
			best, found = v, true
		}
	}
	return best, found
}

// hardOptimum is an optimisation whose first solution comes at once and
// whose proof of optimality takes far longer than the test waits.
func hardOptimum(n int) string {
	var b strings.Builder
	var xs, cs []string
	for i := range n {
		fmt.Fprintf(&b, "var 0..%d: x%d :: output_var;\n", n-1, i)
		xs = append(xs, fmt.Sprintf("x%d", i))
		cs = append(cs, fmt.Sprint((i*7919)%97+1))
	}
	fmt.Fprintf(&b, "var int: obj :: output_var;\n")
	fmt.Fprintf(&b, "constraint fzn_all_different_int([%s]);\n", strings.Join(xs, ","))
	fmt.Fprintf(&b, "constraint int_lin_eq([%s, -1], [%s, obj], 0);\n", strings.Join(cs, ","), strings.Join(xs, ","))
	fmt.Fprintf(&b, "solve :: int_search([%s], input_order, indomain_max, complete) minimize obj;\n", strings.Join(xs, ","))
	return b.String()
}

// TestCancel: when the context ends, Solve returns at once, saying
// Satisfied, with the best solution so far handed out.
func TestCancel(t *testing.T) {
	m := parse(t, hardOptimum(40))
	for _, e := range engines {
		for _, all := range []bool{false, true} {
			cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			var sols []fzn.Solution
			start := time.Now()
			res, err := fzncp.Solve(ctx, cm, fzncp.SolveOptions{Engine: e, All: all}, func(s fzn.Solution) { sols = append(sols, s) })
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%v: Solve took %v after a 200ms deadline", e, d)
			}
			if res.Status != fzn.Satisfied || len(sols) == 0 {
				t.Fatalf("%v all=%v: %v with %d solutions; want satisfied with the best so far", e, all, res.Status, len(sols))
			}
			if v, _ := fzn.Objective(m, sols[len(sols)-1]); v != res.Objective {
				t.Errorf("%v: the last solution handed out has objective %d, the result says %d", e, v, res.Objective)
			}
		}
	}
}

// TestWideDomains: domains with holes too wide for a bitset keep their
// holes, through the bounds.
func TestWideDomains(t *testing.T) {
	m := parse(t, `
var {-1000000, 5, 7, 1000000}: x :: output_var;
var 0..3000000: y :: output_var;
constraint int_lin_eq([1, -1], [x, y], 0);
constraint set_in(y, {3, 6, 7, 2000000});
solve satisfy;
`)
	for _, e := range engines {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		if len(sols) != 1 || sols[0]["x"] != 7 || res.Status != fzn.AllSolutions {
			t.Errorf("%v: %v, %v; want x = y = 7 only", e, sols, res.Status)
		}
	}
}

// TestConstantOutputs: when every output is a constant, all solutions look
// the same, and -a hands out one.
func TestConstantOutputs(t *testing.T) {
	m := parse(t, `
var 1..3: x;
var 1..3: y;
array [1..2] of var int: out :: output_array([1..2]) = [4, 5];
constraint int_lt(x, y);
solve satisfy;
`)
	for _, e := range engines {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		if len(sols) != 1 || res.Status != fzn.AllSolutions {
			t.Errorf("%v: %d solutions, %v; want 1, all", e, len(sols), res.Status)
		}
	}
}

// TestCancelStalled: when the search does not see the end of its context
// for long, Solve returns anyway, soon after, and hands out nothing more.
func TestCancelStalled(t *testing.T) {
	m := parse(t, sixSolutions)
	for _, e := range engines {
		cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
		if err != nil {
			t.Fatal(err)
		}
		fzncp.AddStall(cm, 1500*time.Millisecond)
		var mu sync.Mutex
		returned, late := false, 0
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		res, err := fzncp.Solve(ctx, cm, fzncp.SolveOptions{Engine: e, All: true}, func(fzn.Solution) {
			mu.Lock()
			defer mu.Unlock()
			if returned {
				late++
			}
		})
		mu.Lock()
		returned = true
		mu.Unlock()
		cancel()
		if d := time.Since(start); err != nil || res.Status != fzn.Unknown || d > time.Second {
			t.Fatalf("%v: %v, %v after %v; want unknown at once", e, res.Status, err, d)
		}
		time.Sleep(2 * time.Second) // the stalled search ends meanwhile
		mu.Lock()
		if late > 0 {
			t.Errorf("%v: %d solutions handed out after Solve returned", e, late)
		}
		mu.Unlock()
	}
}

// TestProbeCutShort stops the learning engine's probe after each number
// of failures in turn, on six queens whose annotations find a poor
// solution first: wherever the probe stops, learning must go on from its
// best to the optimum, and with -a each solution handed out improves.
func TestProbeCutShort(t *testing.T) {
	for _, method := range []string{"minimize", "maximize"} {
		var b strings.Builder
		const n = 6
		q := func(i int) string { // the first queen's row is bruteOptimum's obj
			if i == 1 {
				return "obj"
			}
			return fmt.Sprintf("q%d", i)
		}
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "var 1..%d: %s :: output_var;\n", n, q(i))
		}
		for i := 1; i <= n; i++ {
			for j := i + 1; j <= n; j++ {
				fmt.Fprintf(&b, "constraint int_ne(%s, %s);\n", q(i), q(j))
				fmt.Fprintf(&b, "constraint int_lin_ne([1, -1], [%s, %s], %d);\n", q(i), q(j), j-i)
				fmt.Fprintf(&b, "constraint int_lin_ne([1, -1], [%s, %s], %d);\n", q(i), q(j), i-j)
			}
		}
		order := map[string]string{"minimize": "indomain_max", "maximize": "indomain_min"}[method]
		fmt.Fprintf(&b, "solve :: int_search([obj, q2, q3, q4, q5, q6], input_order, %s, complete) %s obj;\n", order, method)
		m := parse(t, b.String())
		want, feasible := bruteOptimum(t, m)
		require.True(t, feasible)
		for probe := int64(1); probe <= 40; probe++ {
			for _, all := range []bool{false, true} {
				sols, res := solveAll(t, m, fzncp.SolveOptions{Engine: fzncp.Learning, Probe: probe, All: all})
				require.Equal(t, fzn.Optimal, res.Status, "%s, probe of %d failures, all=%v", method, probe, all)
				require.Equal(t, want, res.Objective, "%s, probe of %d failures, all=%v", method, probe, all)
				for j := 1; j < len(sols); j++ {
					a, _ := fzn.Objective(m, sols[j-1])
					c, _ := fzn.Objective(m, sols[j])
					require.True(t, method == "minimize" && c < a || method == "maximize" && c > a,
						"%s, probe of %d failures: solution %d does not improve: %d then %d", method, probe, j, a, c)
				}
			}
		}
	}
}
