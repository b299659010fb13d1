package fznsat_test

import (
	"bufio"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

var (
	ciTimeout = flag.Duration("fzn.ci.timeout", 4*time.Second, "TestMiniZincCI: the time each instance gets (a minute with -long)")
)

// ciDir holds the MiniZinc benchmark instances that CI runs.
const ciDir = "../../../testdata/minizinc/ci"

// TestMiniZincCI compiles the instances of testdata/minizinc/ci with
// minizinc -c and the standard library, solves each with gini (and
// cadical with -long) under a time limit, checks every solution with
// fzn.Check, and compares what it finds with fzn-gecode given the same
// time on the same FlatZinc (reference.check): no solution where Gecode
// proves there is none, no proof of unsatisfiability where Gecode finds
// one, no optimum worse than a solution of Gecode, no solution better
// than Gecode's optimum, the same optimum when both prove one.
func TestMiniZincCI(t *testing.T) {
	if testing.Short() {
		// Only CI's race run uses -short; the plain run checks this in
		// full, and its time goes to minizinc and Gecode, not to Go code
		// the race detector could look at.
		t.Skip("-short: minizinc and Gecode at work, checked by the run without -short")
	}
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not installed: the CI instances cannot be compiled")
	}
	timeout := *ciTimeout
	names := []string{backends.Gini}
	if *long {
		timeout = max(timeout, time.Minute)
		if _, err := exec.LookPath("cadical"); err == nil {
			names = append(names, backends.DIMACS+"cadical")
		}
	}
	_, noGecode := exec.LookPath("fzn-gecode")
	for _, inst := range ciInstances(t) {
		t.Run(inst[0], func(t *testing.T) {
			path := compileStd(t, inst[1:])
			m := parseFile(t, path)
			var ref *reference
			if noGecode == nil {
				r := runReference(t, path, timeout)
				t.Logf("Gecode: %s", r)
				ref = &r
			} else {
				t.Log("fzn-gecode is not installed: the solutions are checked by fzn.Check only")
			}
			for _, name := range names {
				s, err := backends.Open(name)
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), timeout)
				res, err := fznsat.Solve(ctx, m, s, fznsat.SolveOptions{}, func(s fzn.Solution) {
					require.NoError(t, fzn.Check(m, s))
				})
				cancel()
				require.NoError(t, err, name)
				t.Logf("%s: %v, objective %d, %d solutions, %v", name, res.Status, res.Objective, res.Solutions, res.Time.Round(time.Millisecond))
				if ref != nil {
					ref.check(t, name, &res)
				}
			}
		})
	}
}

// ciInstances returns the instances of testdata/minizinc/ci/selection.txt:
// a name, the model and the data files, relative to ciDir.
func ciInstances(t *testing.T) [][]string {
	f, err := os.Open(filepath.Join(ciDir, "selection.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if fields := strings.Fields(line); len(fields) >= 2 {
			out = append(out, fields)
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// compileStd compiles the model and data files (relative to ciDir) with
// minizinc -c and the standard library, and returns the FlatZinc file.
func compileStd(t *testing.T, files []string) string {
	out := filepath.Join(t.TempDir(), "model.fzn")
	args := []string{"-c", "-G", "std", "--no-output-ozn", "--fzn", out}
	for _, f := range files {
		args = append(args, filepath.Join(ciDir, f))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	msg, err := exec.CommandContext(ctx, "minizinc", args...).CombinedOutput()
	require.NoError(t, err, "minizinc %s:\n%s", strings.Join(args, " "), msg)
	return out
}
