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

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

var (
	dirFlag     = flag.String("fzn.dir", "", "TestDir: solve the .fzn files of this directory")
	dirTimeout  = flag.Duration("fzn.timeout", 10*time.Second, "TestDir: the time each model gets")
	dirOrders   = flag.String("fzn.order", "64", "TestDir: the Options.OrderLimit values to try, comma-separated")
	dirMaxBytes = flag.Int64("fzn.maxbytes", 4<<20, "TestDir: skip files larger than this")
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
	fmt.Fprintln(w, "model\torder\tvars\tclauses\tencode ms\tstatus\tobjective\tsolutions\tms\t")
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
			fmt.Fprintf(w, "%s\t%d\t%s\t\n", strings.TrimSuffix(filepath.Base(f), ".fzn"), limit, runDir(t, m, limit))
			w.Flush()
		}
	}
}

// runDir solves m once and returns a row of TestDir's table.
func runDir(t *testing.T, m *fzn.Model, limit int) string {
	opts := fznsat.DefaultOptions()
	opts.OrderLimit = limit
	ctx, cancel := context.WithTimeout(context.Background(), *dirTimeout)
	defer cancel()
	start := time.Now()
	en, err := fznsat.Encode(ctx, m, opts)
	if errors.Is(err, fznsat.ErrUnsupported) {
		msg := err.Error()
		return "refused: " + msg[:min(len(msg), 90)]
	}
	if err != nil {
		return "encode: " + err.Error()
	}
	enc := time.Since(start)
	f := en.Formula()
	res, err := en.Solve(ctx, gini.New(), fznsat.SolveOptions{}, func(s fzn.Solution) {
		if err := fzn.Check(m, s); err != nil {
			t.Errorf("wrong solution: %v", err)
		}
	})
	if err != nil {
		return fmt.Sprintf("%d\t%d\t%d\terror: %v", f.NumVars(), f.NumClauses(), enc.Milliseconds(), err)
	}
	obj := "-"
	if m.Solve.Method != fzn.Satisfy && res.Solutions > 0 {
		obj = strconv.FormatInt(res.Objective, 10)
	}
	return fmt.Sprintf("%d\t%d\t%d\t%v\t%s\t%d\t%d", f.NumVars(), f.NumClauses(), enc.Milliseconds(),
		res.Status, obj, res.Solutions, time.Since(start).Milliseconds())
}
