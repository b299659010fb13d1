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

// compareResults runs Gecode on the model of path for the time limit and
// fails the test when its answer contradicts res: a solution where res says
// unsatisfiable, none where res has one while Gecode finished, an
// objective better than res's optimum, another proven optimum.
func compareResults(t *testing.T, path string, m *fzn.Model, res *fzn.Result, limit time.Duration) string {
	ref := parseFile(t, path)
	args := []string{"-n", "1"}
	if id, ok := ref.Solve.Objective.(*fzn.Ident); ok {
		args = []string{"-a"}
		if _, isOut := id.Decl.Output(); !isOut {
			id.Decl.Anns = append(id.Decl.Anns, &fzn.Annotation{Name: "output_var"})
		}
	}
	out, _ := gecodeFor(t, ref, limit, args...)
	n := len(out.Solutions)
	gstatus := fmt.Sprintf("%d solutions", n)
	switch {
	case out.Status == fznfmt.StatusUnsatisfiable:
		gstatus = "unsatisfiable"
		if res.Solutions > 0 {
			t.Errorf("%s: Gecode says unsatisfiable, the SAT route found solutions", path)
		}
	case n > 0 && res.Status == fzn.Unsatisfiable:
		t.Errorf("%s: the SAT route says unsatisfiable, Gecode found a solution", path)
	}
	if n == 0 || m.Solve.Method == fzn.Satisfy {
		return gstatus
	}
	v, err := fzn.Objective(ref, out.Solutions[n-1])
	require.NoError(t, err)
	better := v < res.Objective
	if m.Solve.Method == fzn.Maximize {
		better = v > res.Objective
	}
	switch {
	case res.Status == fzn.Optimal && better:
		t.Errorf("%s: the SAT route's optimum %d, Gecode found %d", path, res.Objective, v)
	case res.Status == fzn.Optimal && out.Status == fznfmt.StatusComplete && v != res.Objective:
		t.Errorf("%s: the SAT route's optimum %d, Gecode's %d", path, res.Objective, v)
	}
	if out.Status == fznfmt.StatusComplete {
		return fmt.Sprintf("optimal %d", v)
	}
	return fmt.Sprintf("best %d", v)
}
