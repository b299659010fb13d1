package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/minizinccli"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

var (
	long      = flag.Bool("long", false, "TestMiniZincConformance: run the selection of the benchmark suite (-mzn.suite) and libminizinc's spec tests (-mzn.spec) too")
	mznSuite  = flag.String("mzn.suite", "", "the MiniZinc benchmark suite, as testdata/minizinc/fetch-suite.sh fetches it, for -long")
	mznSpec   = flag.String("mzn.spec", "", "libminizinc's tests/spec, as testdata/minizinc/fetch-spec.sh fetches it, for -long")
	ciLimit   = 3 * time.Second  // each CI instance's run of waterworks
	longLimit = 10 * time.Second // each run under -long
)

// conformance is what the conformance tests share: minizinc with
// waterworks installed (this test binary, run as the program) and the
// checker that confirms its answers with Gecode.
type conformance struct {
	program *minizinc.Program
	checker minizinc.Checker
}

// newConformance installs waterworks into a temporary directory that
// MZN_SOLVER_PATH names, and skips the test when minizinc or Gecode is
// absent.
func newConformance(t *testing.T) *conformance {
	t.Helper()
	p, err := minizinc.Find()
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	gecode, err := minizinc.FindFznGecode()
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	exe, err := filepath.Abs(os.Args[0])
	require.NoError(t, err)
	dir := t.TempDir()
	_, err = minizinccli.Install(dir, exe)
	require.NoError(t, err)
	std, err := minizinc.GecodeStd(gecode).WriteFile(dir)
	require.NoError(t, err)
	p.Env = []string{"MZN_SOLVER_PATH=" + dir, "WATERWORKS_TEST_MAIN=1"}
	return &conformance{program: p, checker: minizinc.Checker{Program: p, Solvers: []string{"org.gecode.gecode", std}, TimeLimit: time.Minute}}
}

// outcome is what one instance came to.
type outcome int32

const (
	answered   outcome = iota // solutions or a proof, each confirmed or undecided
	stopped                   // the time limit, without an answer
	unsuitable                // minizinc or waterworks refused the model (floats, sets, ...)
)

// run runs waterworks on the instance through minizinc, and checks with
// Gecode what it printed: every solution must hold with its output
// variables fixed, an optimum must not be beaten, and a model said to be
// unsatisfiable must have no solution. With strict, the model must be one
// waterworks takes and Gecode must confirm every solution (else a
// solution Gecode cannot judge is logged).
func (c *conformance) run(t *testing.T, in minizinc.Instance, limit time.Duration, strict bool) outcome {
	ctx := context.Background()
	res, err := c.program.Solve(ctx, minizinc.Request{Instance: in, Solver: minizinccli.SolverID, TimeLimit: limit})
	require.NoError(t, err)
	if res.Status == minizinc.Error {
		if strict {
			t.Fatalf("waterworks failed: %v\n%s", res.Err(), res.Stderr)
		}
		t.Logf("not for waterworks: %v", res.Err())
		return unsuitable
	}
	for i := range res.Solutions {
		check, err := c.checker.Confirm(ctx, in, &res.Solutions[i])
		require.NoError(t, err)
		assert.NotEqual(t, minizinc.Refuted, check.Verdict, "solution %d is wrong: %s", i+1, check.Reason)
		if check.Verdict == minizinc.Undecided {
			if strict {
				t.Errorf("solution %d not confirmed: %s", i+1, check.Reason)
			} else {
				t.Logf("solution %d undecided: %s", i+1, check.Reason)
			}
		}
	}
	var claim minizinc.Check
	switch res.Status {
	case minizinc.Optimal:
		claim, err = c.checker.CheckOptimum(ctx, in, res.Method, *res.Best().Objective)
	case minizinc.Unsatisfiable:
		claim, err = c.checker.CheckUnsatisfiable(ctx, in)
	case minizinc.Unknown:
		return stopped
	default:
		return answered
	}
	require.NoError(t, err)
	assert.NotEqual(t, minizinc.Refuted, claim.Verdict, "%s is wrong: %s", res.Status, claim.Reason)
	return answered
}

// TestMiniZincConformance runs the small instances of testdata/minizinc/ci
// through "minizinc --solver waterworks", waterworks installed with
// "minizinc install", and confirms every answer with Gecode. With -long
// and -mzn.suite, the benchmark selection too; with -long and -mzn.spec,
// libminizinc's spec tests.
func TestMiniZincConformance(t *testing.T) {
	if testing.Short() {
		// Only CI's race run uses -short; the plain run checks this in
		// full, and its time goes to minizinc and Gecode, not to Go code
		// the race detector could look at.
		t.Skip("-short: minizinc and Gecode at work, checked by the run without -short")
	}
	c := newConformance(t)
	ci := filepath.Join("..", "..", "testdata", "minizinc", "ci")
	c.selection(t, "ci", ci, filepath.Join(ci, "selection.txt"), ciLimit)
	if *long && *mznSuite != "" {
		c.selection(t, "suite", *mznSuite, filepath.Join("..", "..", "testdata", "minizinc", "selection.txt"), longLimit)
	}
	if *long && *mznSpec != "" {
		c.spec(t, *mznSpec)
	}
}

// selection runs the instances of a selection file, rooted at root.
func (c *conformance) selection(t *testing.T, name, root, file string, limit time.Duration) {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	entries, err := minizinccli.ParseSelection(file, data)
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	t.Run(name, func(t *testing.T) {
		for _, e := range entries {
			in := minizinc.Instance{Model: filepath.Join(root, e.Model)}
			for _, d := range e.Data {
				in.Data = append(in.Data, filepath.Join(root, d))
			}
			t.Run(e.Family+"/"+strings.TrimSuffix(filepath.Base(in.String()), filepath.Ext(in.String())), func(t *testing.T) {
				t.Parallel()
				c.run(t, in, limit, true)
			})
		}
	})
}

// TestMiniZincSpecConformance runs the spec tests of libminizinc kept in
// testdata/minizinc/spec the same way: every answer confirmed by Gecode.
func TestMiniZincSpecConformance(t *testing.T) {
	if testing.Short() {
		// Only CI's race run uses -short; the plain run checks this in
		// full, and its time goes to minizinc and Gecode, not to Go code
		// the race detector could look at.
		t.Skip("-short: minizinc and Gecode at work, checked by the run without -short")
	}
	c := newConformance(t)
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "minizinc", "spec", "*.mzn"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".mzn"), func(t *testing.T) {
			t.Parallel()
			c.run(t, minizinc.Instance{Model: path}, ciLimit, true)
		})
	}
}

// specApplicable reports whether a spec test of libminizinc is one to run
// through waterworks: a test that solves the model alone (no data files,
// no options of its own, no output checks) with any solver or with Gecode.
func specApplicable(text string) bool {
	header, _, ok := strings.Cut(text, "***/")
	if !ok || !strings.Contains(header, "!Test") {
		return false
	}
	for _, refused := range []string{"extra_files", "options:", "type: compile", "type: output", "output_model", "check_against"} {
		if strings.Contains(header, refused) {
			return false
		}
	}
	for _, line := range strings.Split(header, "\n") {
		if solvers, ok := strings.CutPrefix(strings.TrimSpace(line), "solvers:"); ok && !strings.Contains(solvers, "gecode") {
			return false
		}
	}
	return true
}

// uncheckable are spec tests whose answers the check by fixing the output
// variables as data cannot judge, with why: there Gecode refutes its own
// answer, the one the test expects, as it refutes waterworks'.
var uncheckable = map[string]string{
	"unit/regression/assign_reverse_map.mzn": "x given as data makes unary_encode's ub(x) - lb(x) = 1 false",
}

// spec runs every applicable spec test under dir (tests/spec of a
// libminizinc checkout): no answer may be wrong; models waterworks or
// minizinc refuses (floats, set variables, ...) are counted and logged.
func (c *conformance) spec(t *testing.T, dir string) {
	var paths []string
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".mzn" {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		if why, ok := uncheckable[filepath.ToSlash(rel)]; ok {
			t.Logf("%s: not run: %s", rel, why)
			return nil
		}
		if err == nil && specApplicable(string(data)) {
			paths = append(paths, path)
		}
		return err
	}))
	require.NotEmpty(t, paths, "no spec tests under %s", dir)
	var counts [3]atomic.Int32
	t.Run("spec", func(t *testing.T) {
		for _, path := range paths {
			rel, _ := filepath.Rel(dir, path)
			t.Run(filepath.ToSlash(rel), func(t *testing.T) {
				t.Parallel()
				counts[c.run(t, minizinc.Instance{Model: path}, longLimit, false)].Add(1)
			})
		}
	})
	t.Logf("libminizinc spec tests: %d applicable, %d answered, %d stopped by the limit, %d refused",
		len(paths), counts[answered].Load(), counts[stopped].Load(), counts[unsuitable].Load())
}
