package fznsat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

const testdata = "../../../testdata/fzn"

// refused lists the models of testdata/fzn that the SAT route refuses,
// with a part of the error it gives. Any other model must be solved.
var refused = map[string]string{
	"good/numbers.fzn":                  "variable huge: its domain",
	"good/predicates.fzn":               "unknown constraint my_alldiff",
	"minizinc/globals-count-gecode.fzn": "unknown constraint gecode_all_different_int",
	"minizinc/globals-graph-gecode.fzn": "unknown constraint gecode_inverse_offsets",
	"minizinc/globals-sched-gecode.fzn": "unknown constraint cumulatives",
	"minizinc/queens-gecode.fzn":        "unknown constraint gecode_all_different_int",
	"minizinc/sendmore-gecode.fzn":      "unknown constraint gecode_all_different_int",
}

// testdataModels returns the FlatZinc files of testdata/fzn that parse.
func testdataModels(t *testing.T) []string {
	var files []string
	for _, dir := range []string{"good", "check", "minizinc"} {
		fs, err := filepath.Glob(filepath.Join(testdata, dir, "*.fzn"))
		require.NoError(t, err)
		files = append(files, fs...)
	}
	require.NotEmpty(t, files)
	return files
}

func parseFile(t testing.TB, path string) *fzn.Model {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	m, err := fznfmt.Parse(context.Background(), path, f)
	require.NoError(t, err)
	return m
}

// outcome is what a solver found for a model: its status, the optimum,
// and the distinct values of the output variables over the solutions.
type outcome struct {
	status    fzn.Status
	objective int64
	outputs   map[string]bool
	first     map[string][]int64 // the output values of the first solution
}

// outputValues returns the values of m's output variables in s, by name.
func outputValues(m *fzn.Model, s fzn.Solution) map[string][]int64 {
	vals := make(map[string][]int64)
	for _, d := range m.Outputs() {
		if !d.Type.Array {
			vals[d.Name] = []int64{s[d.Name]}
			continue
		}
		vals[d.Name] = []int64{}
		for _, el := range d.Elems() {
			v, ok := s[""], false
			if id, isVar := el.(*fzn.Ident); isVar && id.Decl.Type.Var {
				v, ok = s[id.Decl.Name], true
			} else if v, ok = fzn.IntValue(el); !ok {
				b, _ := fzn.BoolValue(el)
				v = map[bool]int64{true: 1}[b]
			}
			vals[d.Name] = append(vals[d.Name], v)
		}
	}
	return vals
}

// outputKey returns the values of m's output variables in s.
func outputKey(m *fzn.Model, s fzn.Solution) string {
	var b strings.Builder
	for _, d := range m.Outputs() {
		fmt.Fprintf(&b, "%s=", d.Name)
		if !d.Type.Array {
			fmt.Fprintf(&b, "%d;", s[d.Name])
			continue
		}
		for _, el := range d.Elems() {
			if id, ok := el.(*fzn.Ident); ok && id.Decl.Type.Var {
				fmt.Fprintf(&b, "%d,", s[id.Decl.Name])
			} else {
				fmt.Fprintf(&b, "%s,", fzn.Format(fzn.Resolve(el)))
			}
		}
		b.WriteString(";")
	}
	return b.String()
}

// maxSolutions is how many solutions of a satisfaction problem the tests
// look for: the outcome is compared only when all are found.
const maxSolutions = 1000

// solveSAT solves m with the backend, up to maxSolutions solutions of a
// satisfaction problem, and checks each solution with fzn.Check. The
// outputs of an optimisation problem are left out: the improving
// solutions depend on the search.
func solveSAT(t testing.TB, m *fzn.Model, s sat.Solver, opts fznsat.Options) (outcome, error) {
	return solveUpTo(t, m, s, opts, maxSolutions)
}

// solveUpTo is solveSAT for up to limit solutions of a satisfaction
// problem (an optimisation problem is solved to the end).
func solveUpTo(t testing.TB, m *fzn.Model, s sat.Solver, opts fznsat.Options, limit int) (outcome, error) {
	if m.Solve.Method != fzn.Satisfy {
		limit = 0
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out := outcome{outputs: make(map[string]bool)}
	res, err := fznsat.Solve(ctx, m, s, fznsat.SolveOptions{All: true, Limit: limit, Encode: &opts}, func(sol fzn.Solution) {
		require.NoError(t, fzn.Check(m, sol))
		k := outputKey(m, sol)
		if m.Solve.Method == fzn.Satisfy {
			if out.outputs[k] {
				t.Errorf("solution %s found twice", k)
			}
		}
		out.outputs[k] = true
		if out.first == nil {
			out.first = outputValues(m, sol)
		}
	})
	out.status, out.objective = res.Status, res.Objective
	if m.Solve.Method != fzn.Satisfy {
		out.outputs = nil
	}
	return out, err
}

// TestTestdata solves the models of testdata/fzn (all solutions of the
// satisfaction problems, the optimum of the others) under each set of
// options, checks every solution with fzn.Check and compares the outcome
// with Gecode's: the same status, the same optimum, the same set of
// output values. A model with globals Gecode does not know is compared
// with Gecode on its standard-library compilation in testdata/fzn/minizinc.
func TestTestdata(t *testing.T) {
	for _, path := range testdataModels(t) {
		name, _ := filepath.Rel(testdata, path)
		t.Run(name, func(t *testing.T) {
			m := parseFile(t, path)
			var first *outcome
			for _, oname := range slices.Sorted(maps.Keys(optionSets)) {
				got, err := solveSAT(t, m, gini.New(), optionSets[oname])
				if want, ok := refused[name]; ok {
					require.ErrorIs(t, err, fznsat.ErrUnsupported)
					require.ErrorContains(t, err, want)
					return
				}
				require.NoError(t, err, "options %s", oname)
				require.True(t, got.status.Complete() || len(got.outputs) == maxSolutions,
					"options %s: status %v after %d solutions", oname, got.status, len(got.outputs))
				if first == nil {
					first = &got
					continue
				}
				first.agrees(t, got, "options "+oname)
			}
			compareGecode(t, path, m, *first)
		})
	}
}

// compareGecode compares an outcome of the SAT route with Gecode's.
func compareGecode(t *testing.T, path string, m *fzn.Model, got outcome) {
	if _, err := exec.LookPath("fzn-gecode"); err != nil {
		t.Skip("fzn-gecode is not installed: no comparison with Gecode")
	}
	ref, ok := gecodeReference(path, m)
	if !ok {
		t.Skipf("no FlatZinc of this model that fzn-gecode takes: the solutions were checked by fzn.Check only")
	}
	if got.first != nil && !confirmByGecode(t, ref, got.first) {
		t.Errorf("Gecode finds no solution with the output values of the SAT route's first solution %v", got.first)
	}
	want, complete := runGecode(t, ref)
	switch {
	case complete && got.status.Complete():
		want.agrees(t, got, "the SAT route")
	case len(want.outputs) > 0 && len(got.outputs) > 0:
		t.Logf("both find solutions, more than %d", maxSolutions)
	case !complete:
		t.Skip("Gecode did not finish")
	default:
		t.Errorf("the SAT route ends with %v after %d solutions, Gecode finds %d", got.status, len(got.outputs), len(want.outputs))
	}
}

// confirmByGecode reports whether Gecode finds a solution of the model of
// path with its output variables fixed to vals.
func confirmByGecode(t *testing.T, path string, vals map[string][]int64) bool {
	m := parseFile(t, path)
	fix := func(x fzn.Expr, v int64) {
		id, ok := x.(*fzn.Ident)
		if !ok || !id.Decl.Type.Var {
			return
		}
		c := &fzn.Constraint{Name: "int_eq", Args: []fzn.Expr{id, &fzn.IntLit{Value: v}}}
		if id.Decl.Type.Elem == fzn.Bool {
			c = &fzn.Constraint{Name: "bool_eq", Args: []fzn.Expr{id, &fzn.BoolLit{Value: v == 1}}}
		}
		m.Constraints = append(m.Constraints, c)
	}
	for _, d := range m.Outputs() {
		vs, ok := vals[d.Name]
		require.True(t, ok, "the reference model has the output %s, the model not", d.Name)
		if !d.Type.Array {
			fix(&fzn.Ident{Decl: d}, vs[0])
			continue
		}
		for i, el := range d.Elems() {
			fix(el, vs[i])
		}
	}
	out, _ := gecode(t, m, "-n", "1")
	return len(out.Solutions) > 0
}

// agrees checks that a second outcome has o's status and, when they are
// complete, o's optimum or set of solutions.
func (o outcome) agrees(t *testing.T, got outcome, who string) {
	t.Helper()
	if got.status != o.status {
		t.Errorf("%s: status %v, want %v", who, got.status, o.status)
		return
	}
	switch got.status {
	case fzn.Optimal:
		if got.objective != o.objective {
			t.Errorf("%s: optimum %d, want %d", who, got.objective, o.objective)
		}
	case fzn.AllSolutions:
		if !equalSets(got.outputs, o.outputs) {
			t.Errorf("%s: %d solutions, want %d; missing %v; extra %v", who, len(got.outputs), len(o.outputs),
				diff(o.outputs, got.outputs), diff(got.outputs, o.outputs))
		}
	}
}

// gecodeReference returns the file fzn-gecode can run for the model: the
// file itself, or for a model with fzn_* globals or int_pow, which
// fzn-gecode does not take, its standard-library compilation.
func gecodeReference(path string, m *fzn.Model) (string, bool) {
	direct := !slices.ContainsFunc(m.Constraints, func(c *fzn.Constraint) bool {
		return strings.HasPrefix(c.Name, "fzn_") || strings.HasPrefix(c.Name, "int_pow") ||
			!strings.HasPrefix(c.Name, "int_") && !strings.HasPrefix(c.Name, "bool") &&
				!strings.HasPrefix(c.Name, "array_") && !strings.HasPrefix(c.Name, "set_in")
	})
	if direct {
		return path, true
	}
	base := strings.TrimSuffix(filepath.Base(path), ".fzn")
	if filepath.Base(filepath.Dir(path)) == "check" {
		std := filepath.Join(testdata, "minizinc", base+"-std.fzn")
		if _, err := os.Stat(std); err == nil {
			return std, !slices.ContainsFunc(parseFileQuiet(std).Constraints, func(c *fzn.Constraint) bool {
				return strings.HasPrefix(c.Name, "int_pow")
			})
		}
	}
	return "", false
}

func parseFileQuiet(path string) *fzn.Model {
	f, err := os.Open(path)
	if err != nil {
		return &fzn.Model{}
	}
	defer f.Close()
	m, err := fznfmt.Parse(context.Background(), path, f)
	if err != nil {
		return &fzn.Model{}
	}
	return m
}

// gecode runs fzn-gecode with the arguments on m for up to 30 seconds
// and reads what it prints.
func gecode(t *testing.T, m *fzn.Model, args ...string) (*fznfmt.Output, []byte) {
	return gecodeFor(t, m, 30*time.Second, args...)
}

// gecodeFor is gecode with a time limit.
func gecodeFor(t *testing.T, m *fzn.Model, limit time.Duration, args ...string) (*fznfmt.Output, []byte) {
	var text bytes.Buffer
	require.NoError(t, fznfmt.Write(&text, m))
	file := filepath.Join(t.TempDir(), "model.fzn")
	require.NoError(t, os.WriteFile(file, text.Bytes(), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), 2*limit+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "fzn-gecode", append(append(args, "-time", fmt.Sprint(limit.Milliseconds())), file)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		t.Skipf("fzn-gecode cannot run the model: %s", bytes.TrimSpace(append(stdout, stderr.Bytes()...)))
	case err != nil:
		t.Fatalf("running fzn-gecode: %v", err)
	}
	res, err := fznfmt.ReadOutput("fzn-gecode", bytes.NewReader(stdout), m)
	require.NoError(t, err, "reading Gecode's output:\n%s", stdout)
	return res, stdout
}

// runGecode runs fzn-gecode -a on the model of path, with the objective
// marked for output, and reads its outcome; complete is false when it did
// not finish.
func runGecode(t *testing.T, path string) (out outcome, complete bool) {
	m := parseFile(t, path)
	if id, ok := m.Solve.Objective.(*fzn.Ident); ok {
		if _, isOut := id.Decl.Output(); !isOut {
			id.Decl.Anns = append(id.Decl.Anns, &fzn.Annotation{Name: "output_var"})
		}
	}
	res, _ := gecode(t, m, "-a", "-n", fmt.Sprint(maxSolutions+1))
	out.outputs = make(map[string]bool)
	for _, s := range res.Solutions {
		out.outputs[outputKey(m, s)] = true
	}
	switch {
	case res.Status == fznfmt.StatusUnsatisfiable:
		out.status = fzn.Unsatisfiable
		return out, true
	case res.Status != fznfmt.StatusComplete:
		return out, false
	case m.Solve.Method == fzn.Satisfy && len(res.Solutions) > maxSolutions:
		return out, false
	case m.Solve.Method == fzn.Satisfy:
		out.status = fzn.AllSolutions
	default:
		out.status = fzn.Optimal
		out.outputs = nil
		v, err := fzn.Objective(m, res.Solutions[len(res.Solutions)-1])
		require.NoError(t, err)
		out.objective = v
	}
	return out, true
}
