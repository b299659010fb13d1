package fznsat_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

var (
	dirFlag     = flag.String("fzn.dir", "", "TestDir: solve the .fzn files of this directory")
	dirTimeout  = flag.Duration("fzn.timeout", 10*time.Second, "TestDir: the time each model gets")
	dirOrders   = flag.String("fzn.order", "64", "TestDir: the Options.OrderLimit values to try, comma-separated")
	dirMaxBytes = flag.Int64("fzn.maxbytes", 4<<20, "TestDir: skip files larger than this")
	dirGecode   = flag.Bool("fzn.gecode", false, "TestDir: also run fzn-gecode and fail on any disagreement")
	dirBisect   = flag.Bool("fzn.bisect", false, "TestDir: optimise with SolveOptions.Bisect")
)

// TestDir solves the FlatZinc files of -fzn.dir under each OrderLimit of
// -fzn.order, checking every solution with fzn.Check, and prints a table:
// the size of the encoding, the time to encode it, the status reached in
// -fzn.timeout, the objective and the time. It is how the default
// OrderLimit was chosen (BENCHMARKS in the package doc); it runs only
// with -fzn.dir.
func TestDir(t *testing.T) {
	if *dirFlag == "" {
		t.Skip("no -fzn.dir")
	}
	files, err := filepath.Glob(filepath.Join(*dirFlag, "*.fzn"))
	require.NoError(t, err)
	var limits []int
	for _, f := range strings.Split(*dirOrders, ",") {
		n, err := strconv.Atoi(f)
		require.NoError(t, err)
		limits = append(limits, n)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "model\torder\tvars\tclauses\tencode ms\tstatus\tobjective\tsolutions\tms\tgecode\t")
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.Size() > *dirMaxBytes {
			continue
		}
		m := parseFileQuiet(f)
		if len(m.Decls) == 0 {
			fmt.Fprintf(w, "%s\tdoes not parse\t\n", filepath.Base(f))
			continue
		}
		for _, limit := range limits {
			row, res := runDir(t, m, limit)
			if *dirGecode && res != nil {
				row += "\t" + compareResults(t, f, m, res, *dirTimeout)
			}
			fmt.Fprintf(w, "%s\t%d\t%s\t\n", strings.TrimSuffix(filepath.Base(f), ".fzn"), limit, row)
			w.Flush()
		}
	}
}

// runDir solves m once and returns a row of TestDir's table and the
// result, nil when there is none.
func runDir(t *testing.T, m *fzn.Model, limit int) (string, *fzn.Result) {
	opts := fznsat.DefaultOptions()
	opts.OrderLimit = limit
	ctx, cancel := context.WithTimeout(context.Background(), *dirTimeout)
	defer cancel()
	start := time.Now()
	en, err := fznsat.Encode(ctx, m, opts)
	if errors.Is(err, fznsat.ErrUnsupported) {
		msg := err.Error()
		return "refused: " + msg[:min(len(msg), 90)], nil
	}
	if err != nil {
		return "encode: " + err.Error(), nil
	}
	enc := time.Since(start)
	f := en.Formula()
	res, err := en.Solve(ctx, gini.New(), fznsat.SolveOptions{Bisect: *dirBisect}, func(s fzn.Solution) {
		if err := fzn.Check(m, s); err != nil {
			t.Errorf("wrong solution: %v", err)
		}
	})
	if err != nil {
		t.Errorf("%v", err)
		return fmt.Sprintf("%d\t%d\t%d\terror: %v", f.NumVars(), f.NumClauses(), enc.Milliseconds(), err), nil
	}
	obj := "-"
	if m.Solve.Method != fzn.Satisfy && res.Solutions > 0 {
		obj = strconv.FormatInt(res.Objective, 10)
	}
	return fmt.Sprintf("%d\t%d\t%d\t%v\t%s\t%d\t%d", f.NumVars(), f.NumClauses(), enc.Milliseconds(),
		res.Status, obj, res.Solutions, time.Since(start).Milliseconds()), &res
}

// compareResults runs Gecode on the model of path for the time limit,
// checks res against its answer (reference.check) and describes it.
func compareResults(t *testing.T, path string, m *fzn.Model, res *fzn.Result, limit time.Duration) string {
	ref := runReference(t, path, limit)
	ref.check(t, "the SAT route", res)
	return ref.String()
}

// reference is what Gecode found for a model within a time limit.
type reference struct {
	path      string
	method    fzn.Method
	unsat     bool  // proven unsatisfiable
	solutions int   // how many it printed
	objective int64 // the objective of the last, for optimisation
	complete  bool  // the search finished
}

// runReference runs fzn-gecode on the model of path for the time limit:
// one solution of a satisfaction problem, the improving solutions of an
// optimisation problem (its objective marked for output).
func runReference(t *testing.T, path string, limit time.Duration) reference {
	m := parseFile(t, path)
	args := []string{"-n", "1"}
	if id, ok := m.Solve.Objective.(*fzn.Ident); ok {
		args = []string{"-a"}
		if _, isOut := id.Decl.Output(); !isOut {
			id.Decl.Anns = append(id.Decl.Anns, &fzn.Annotation{Name: "output_var"})
		}
	}
	out, _ := gecodeFor(t, m, limit, args...)
	ref := reference{path: path, method: m.Solve.Method, solutions: len(out.Solutions),
		unsat: out.Status == fznfmt.StatusUnsatisfiable, complete: out.Status == fznfmt.StatusComplete}
	if ref.solutions > 0 && m.Solve.Method != fzn.Satisfy {
		v, err := fzn.Objective(m, out.Solutions[ref.solutions-1])
		require.NoError(t, err)
		ref.objective = v
	}
	return ref
}

// check fails the test when res contradicts the reference: a solution
// where Gecode proves there is none, a proof of unsatisfiability where
// Gecode found a solution, an optimum worse than a solution of Gecode,
// an objective better than Gecode's proven optimum, another optimum.
func (ref reference) check(t *testing.T, who string, res *fzn.Result) {
	t.Helper()
	switch {
	case ref.unsat && res.Solutions > 0:
		t.Errorf("%s: Gecode says unsatisfiable, %s found solutions", ref.path, who)
	case ref.solutions > 0 && res.Status == fzn.Unsatisfiable:
		t.Errorf("%s: %s says unsatisfiable, Gecode found a solution", ref.path, who)
	}
	if ref.solutions == 0 || res.Solutions == 0 || ref.method == fzn.Satisfy {
		return
	}
	better := func(a, b int64) bool { return a < b == (ref.method == fzn.Minimize) && a != b }
	switch {
	case res.Status == fzn.Optimal && better(ref.objective, res.Objective):
		t.Errorf("%s: %s's optimum %d, Gecode found %d", ref.path, who, res.Objective, ref.objective)
	case ref.complete && better(res.Objective, ref.objective):
		t.Errorf("%s: %s found %d, better than Gecode's optimum %d", ref.path, who, res.Objective, ref.objective)
	case res.Status == fzn.Optimal && ref.complete && res.Objective != ref.objective:
		t.Errorf("%s: %s's optimum %d, Gecode's %d", ref.path, who, res.Objective, ref.objective)
	}
}

// String describes the reference in a word or two.
func (ref reference) String() string {
	switch {
	case ref.unsat:
		return "unsatisfiable"
	case ref.solutions == 0 || ref.method == fzn.Satisfy:
		return fmt.Sprintf("%d solutions", ref.solutions)
	case ref.complete:
		return fmt.Sprintf("optimal %d", ref.objective)
	}
	return fmt.Sprintf("best %d", ref.objective)
}
