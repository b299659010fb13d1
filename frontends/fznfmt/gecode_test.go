package fznfmt

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// TestCheckAgreesWithGecode judges Gecode's solutions of the models of
// testdata/fzn/check with fzn.Check, then changes one value of each and
// asks both fzn.Check and Gecode (with every variable fixed) whether the
// result is still a solution: they must agree.
//
// Gecode runs on the FlatZinc itself (every variable marked for output),
// or through minizinc (the FlatZinc is a MiniZinc model too): with the
// standard library's decompositions for the models that call the globals
// fzn.Check knows, with Gecode's library for int_pow, which fzn-gecode
// does not take.
//
// With -gecode.dir DIR it runs on the .fzn files of DIR instead, skipping
// those where Gecode finds no solution within -gecode.timeout and those
// fzn.Check cannot judge.
func TestCheckAgreesWithGecode(t *testing.T) {
	if _, err := exec.LookPath("fzn-gecode"); err != nil {
		t.Skip("fzn-gecode is not installed: skipping the check against Gecode")
	}
	dir := *gecodeDir
	if dir == "" {
		dir = filepath.Join(testdata, "check")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.fzn"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var total tally
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			g := &gecode{t: t, file: f}
			if g.route() != direct {
				if testing.Short() {
					t.Skip("-short: skipping the models Gecode runs through minizinc")
				}
				if _, err := exec.LookPath("minizinc"); err != nil {
					t.Skip("minizinc is not installed: skipping the models of globals")
				}
			}
			total.add(g.agree())
		})
	}
	t.Logf("%d solutions of Gecode all checked ok; of %d changed solutions fzn.Check called %d wrong, %d still solutions; Gecode agreed on all %d",
		total.solutions, total.mutants, total.wrong, total.mutants-total.wrong, total.confirmed)
}

var (
	long          = flag.Bool("long", false, "TestCheckAgreesWithGecode: try more solutions and more changes of each")
	gecodeDir     = flag.String("gecode.dir", "", "run TestCheckAgreesWithGecode on the .fzn files of this directory")
	gecodeTimeout = flag.Duration("gecode.timeout", 20*time.Second, "the time Gecode gets to find solutions in TestCheckAgreesWithGecode")
)

type tally struct{ solutions, mutants, wrong, confirmed int }

func (t *tally) add(u tally) {
	t.solutions += u.solutions
	t.mutants += u.mutants
	t.wrong += u.wrong
	t.confirmed += u.confirmed
}

// gecode runs Gecode on one model file.
type gecode struct {
	t    *testing.T
	file string
}

// model reads the file afresh, so that each run can change it.
func (g *gecode) model() *fzn.Model {
	m, err := parseFile(g.t, g.file)
	require.NoError(g.t, err)
	return m
}

// How Gecode gets to run a model.
const (
	direct     = iota // fzn-gecode on the FlatZinc
	withStd           // minizinc -G std, the globals from globals.mzn
	withGecode        // minizinc --solver gecode, Gecode's own library
)

func (g *gecode) route() int {
	r := direct
	for _, c := range g.model().Constraints {
		switch {
		case strings.HasPrefix(c.Name, "fzn_"):
			return withStd
		case c.Name == "int_pow":
			r = withGecode
		}
	}
	return r
}

// scalars returns the scalar variables of m.
func scalars(m *fzn.Model) []*fzn.Decl {
	var vs []*fzn.Decl
	for _, d := range m.Decls {
		if d.Type.Var && !d.Type.Array {
			vs = append(vs, d)
		}
	}
	return vs
}

// agree compares the verdicts of fzn.Check and Gecode on one model.
func (g *gecode) agree() tally {
	m := g.model()
	var n tally
	// Through minizinc a run costs most of a second: fewer of them.
	solutions, mutants := 4, 4
	if g.route() != direct {
		solutions, mutants = 2, 3
	}
	if *long {
		solutions, mutants = 4*solutions, 3*mutants
	}
	sols := g.solve(m, solutions)
	if len(sols) == 0 {
		g.t.Skip("Gecode found no solution")
	}
	if err := fzn.Check(m, sols[0]); errors.Is(err, fzn.ErrCannotCheck) && *gecodeDir != "" {
		g.t.Skipf("fzn.Check cannot judge the model: %v", err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(len(g.file))))
	for _, s := range sols {
		require.NoError(g.t, fzn.Check(m, s), "Gecode's solution %v", s)
		n.solutions++
		for range mutants {
			mut, what := mutate(rng, scalars(m), s)
			err := fzn.Check(m, mut)
			var v *fzn.Violation
			if err != nil {
				require.ErrorAs(g.t, err, &v, "fzn.Check cannot judge the model")
				n.wrong++
			}
			n.mutants++
			assert.Equal(g.t, err == nil, g.satisfiable(mut), "%s: fzn.Check says %v", what, err)
			n.confirmed++
		}
	}
	return n
}

// mutate changes a solution: one value (to another of the variable's
// domain when it has one) or, every other time, swaps the values of two
// variables of a type.
func mutate(rng *rand.Rand, vars []*fzn.Decl, s fzn.Solution) (fzn.Solution, string) {
	mut := maps(s)
	d := vars[rng.IntN(len(vars))]
	if rng.IntN(2) == 0 {
		for range 20 {
			e := vars[rng.IntN(len(vars))]
			if e.Type.Elem == d.Type.Elem && s[e.Name] != s[d.Name] {
				mut[d.Name], mut[e.Name] = s[e.Name], s[d.Name]
				return mut, fmt.Sprintf("swapping %s and %s", d.Name, e.Name)
			}
		}
	}
	mut[d.Name] = otherValue(rng, d, s[d.Name])
	return mut, fmt.Sprintf("changing %s from %d to %d", d.Name, s[d.Name], mut[d.Name])
}

func maps(s fzn.Solution) fzn.Solution {
	c := make(fzn.Solution, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

// otherValue returns a value of d's domain other than v when there is
// one: the other bool, or a neighbour.
func otherValue(rng *rand.Rand, d *fzn.Decl, v int64) int64 {
	if d.Type.Elem == fzn.Bool {
		return 1 - v
	}
	dom := d.Type.Domain
	for _, w := range []int64{v + 1 + int64(rng.IntN(3)), v - 1, v + 1} {
		if dom == nil || dom.Contains(w) {
			return w
		}
	}
	return v + 1 // outside the domain: a violation too
}

// solve returns up to n solutions Gecode finds (for optimisation, the
// improving ones), each giving every scalar variable a value.
func (g *gecode) solve(m *fzn.Model, n int) []fzn.Solution {
	limit := "-time"
	if g.route() != direct {
		limit = "--time-limit"
	}
	out := g.run(m, "-a", "-n", fmt.Sprint(n), limit, fmt.Sprint(gecodeTimeout.Milliseconds()))
	return out.Solutions
}

// satisfiable asks Gecode whether m has a solution once every variable
// is fixed to its value in s.
func (g *gecode) satisfiable(s fzn.Solution) bool {
	m := g.model()
	for _, d := range scalars(m) {
		name := "int_eq"
		var v fzn.Expr = &fzn.IntLit{Value: s[d.Name]}
		if d.Type.Elem == fzn.Bool {
			name, v = "bool_eq", &fzn.BoolLit{Value: s[d.Name] == 1}
		}
		m.Constraints = append(m.Constraints, &fzn.Constraint{Name: name, Args: []fzn.Expr{&fzn.Ident{Decl: d}, v}})
	}
	out := g.run(m, "-n", "1")
	switch out.Status {
	case StatusUnsatisfiable:
		return false
	case StatusComplete, StatusNone:
		return len(out.Solutions) > 0
	}
	g.t.Fatalf("Gecode ended with %v", out.Status)
	return false
}

// run runs Gecode on m, every scalar variable an output, and reads what
// it prints.
func (g *gecode) run(m *fzn.Model, args ...string) *Output {
	g.t.Helper()
	for _, d := range scalars(m) {
		if d.Ann("output_var") == nil {
			d.Anns = append(slices.Clip(d.Anns), &fzn.Annotation{Name: "output_var"})
		}
	}
	var text bytes.Buffer
	require.NoError(g.t, Write(&text, m))
	dir := g.t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2**gecodeTimeout+10*time.Second)
	defer cancel()
	var cmd *exec.Cmd
	if r := g.route(); r != direct {
		path := filepath.Join(dir, "model.mzn")
		require.NoError(g.t, os.WriteFile(path, minizincModel(m, text.Bytes(), r == withStd), 0o644))
		opts := []string{"--solver", "gecode", path}
		if r == withStd {
			opts = append(opts, "-G", "std")
		}
		cmd = exec.CommandContext(ctx, "minizinc", append(opts, args...)...)
	} else {
		path := filepath.Join(dir, "model.fzn")
		require.NoError(g.t, os.WriteFile(path, text.Bytes(), 0o644))
		cmd = exec.CommandContext(ctx, "fzn-gecode", append(args, path)...)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if ctx.Err() != nil {
		g.t.Skipf("Gecode took more than %v", 2**gecodeTimeout)
	}
	var exit *exec.ExitError
	require.False(g.t, err != nil && !errors.As(err, &exit), "running %v: %v", cmd.Args, err)
	require.NoError(g.t, err, "%v: %s", cmd.Args, stderr.String())
	out, err := ReadOutput(cmd.Args[0], bytes.NewReader(stdout), m)
	require.NoError(g.t, err, "reading the output of %v:\n%s", cmd.Args, stdout)
	return out
}

// adapters read the one-dimensional tables of the FlatZinc calls of
// fzn_table_* and fzn_regular as the two-dimensional arrays of the
// library's predicates, row by row, as fzn.Check does.
const adapters = `include "globals.mzn";
predicate fzn_table_int(array[int] of var int: x, array[int] of int: t) =
  fzn_table_int(x, array2d(1..length(t) div length(x), index_set(x), t));
predicate fzn_table_bool(array[int] of var bool: x, array[int] of bool: t) =
  fzn_table_bool(x, array2d(1..length(t) div length(x), index_set(x), t));
predicate fzn_regular(array[int] of var int: x, int: Q, int: S, array[int] of int: d, int: q0, set of int: F) =
  fzn_regular(x, Q, S, array2d(1..Q, 1..S, d), q0, F);
`

// minizincModel turns a FlatZinc text into a MiniZinc model that prints
// every scalar variable; with globals, the globals come from the standard
// library instead of the predicate declarations.
func minizincModel(m *fzn.Model, text []byte, globals bool) []byte {
	var b bytes.Buffer
	if globals {
		b.WriteString(adapters)
	}
	for _, line := range strings.SplitAfter(string(text), "\n") {
		if !strings.HasPrefix(line, "predicate ") {
			b.WriteString(line)
		}
	}
	b.WriteString("output [\n")
	for i, d := range scalars(m) {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `"%s = \(%s);\n"`, d.Name, d.Name)
	}
	b.WriteString("];\n")
	return b.Bytes()
}
