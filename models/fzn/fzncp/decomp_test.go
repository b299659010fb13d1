package fzncp_test

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
	"github.com/waterworks-solver/waterworks/models/fzn/mznlib"
)

// compiler compiles MiniZinc models twice: with waterworks' solver
// library, which passes the globals through, and with an empty one, which
// leaves them to the standard library's decompositions.
type compiler struct {
	dir string // holds solvers/ (the two configurations) and the libraries
}

const (
	nativeSolver = "org.waterworks.test.native"
	stdSolver    = "org.waterworks.test.std"
)

// newCompiler writes mznlib.FS and the two solver configurations into a
// temporary directory; it skips the test when minizinc is absent.
func newCompiler(t *testing.T) *compiler {
	t.Helper()
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not installed: cannot compare with the standard decompositions")
	}
	dir := t.TempDir()
	lib, empty, solvers := filepath.Join(dir, "lib"), filepath.Join(dir, "empty"), filepath.Join(dir, "solvers")
	for _, d := range []string{lib, empty, solvers} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	err := fs.WalkDir(mznlib.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(mznlib.FS, path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(lib, path), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for id, libDir := range map[string]string{nativeSolver: lib, stdSolver: empty} {
		msc := fmt.Sprintf(`{"id": %q, "name": %q, "version": "0.0.1", "mznlib": %q,
"executable": "/bin/false", "tags": ["cp", "int"], "stdFlags": ["-a", "-n"],
"supportsMzn": false, "supportsFzn": true, "needsSolns2Out": true}`, id, id, libDir)
		if err := os.WriteFile(filepath.Join(solvers, id+".msc"), []byte(msc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &compiler{dir: dir}
}

// compile returns the FlatZinc of the model file (and data files, after
// it, separated by spaces) for the solver.
func (c *compiler) compile(t *testing.T, model, solver string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.fzn")
	args := append([]string{"-c", "--solver", solver, "--fzn", out, "--no-output-ozn"}, strings.Fields(model)...)
	cmd := exec.Command("minizinc", args...)
	cmd.Env = append(os.Environ(), "MZN_SOLVER_PATH="+filepath.Join(c.dir, "solvers"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("minizinc -c %s: %v\n%s", model, err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// countSolutions returns the number of solutions Solve finds (all of
// them, distinct on the outputs) with each engine; the engines must agree.
func countSolutions(t *testing.T, m *fzn.Model) int {
	t.Helper()
	n := -1
	for _, e := range []fzncp.Engine{fzncp.Plain, fzncp.Learning} {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		if !res.Status.Complete() {
			t.Fatalf("%v: status %v", e, res.Status)
		}
		seen := make(map[string]bool)
		for _, s := range sols {
			k := key(m, s)
			if seen[k] {
				t.Fatalf("%v: solution %s handed out twice", e, k)
			}
			seen[k] = true
		}
		if n >= 0 && len(sols) != n {
			t.Fatalf("plain engine finds %d solutions, learning %d", n, len(sols))
		}
		n = len(sols)
	}
	return n
}

// nativeName returns the FlatZinc global a model file of testdata/globals
// is about: t-NAME.mzn uses the global NAME. (A model named as a global's
// file, circuit.mzn, would hide the standard library's file from the
// include of globals.mzn.)
func nativeName(file string) string {
	base := strings.TrimPrefix(strings.TrimSuffix(filepath.Base(file), ".mzn"), "t-")
	switch base {
	case "all_different":
		return "fzn_all_different_int"
	case "circuit", "subcircuit", "inverse", "bin_packing_load":
		return "waterworks_" + base
	}
	return "fzn_" + base
}

// TestGlobalsAgainstDecomposition compiles each model of
// testdata/globals with the solver library (the global passed through) and
// with the standard library alone (the global decomposed), and checks
// that Solve counts as many solutions on both, with both engines, and as
// many as Gecode finds on the decomposition, where fzn-gecode is
// installed.
func TestGlobalsAgainstDecomposition(t *testing.T) {
	if testing.Short() {
		// Only CI's race run uses -short; the plain run checks this in
		// full, and its time goes to minizinc and Gecode, not to Go code
		// the race detector could look at.
		t.Skip("-short: minizinc and Gecode at work, checked by the run without -short")
	}
	c := newCompiler(t)
	files, err := filepath.Glob("testdata/globals/*.mzn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no models: %v", err)
	}
	_, gecodeErr := exec.LookPath("fzn-gecode")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			nativeText := c.compile(t, file, nativeSolver)
			stdText := c.compile(t, file, stdSolver)
			global := nativeName(file)
			if !bytes.Contains(nativeText, []byte("constraint "+global+"(")) {
				t.Fatalf("the library's FlatZinc does not pass %s through:\n%s", global, nativeText)
			}
			if bytes.Contains(stdText, []byte("constraint "+global+"(")) {
				t.Fatalf("the standard library's FlatZinc keeps %s", global)
			}
			native := countSolutions(t, parse(t, string(nativeText)))
			decomposed := countSolutions(t, parse(t, string(stdText)))
			if native != decomposed {
				t.Fatalf("%d solutions with the native %s, %d with its decomposition", native, global, decomposed)
			}
			if native == 0 {
				t.Fatalf("the model has no solution: a weak test")
			}
			if gecodeErr != nil {
				t.Logf("fzn-gecode is not installed: no comparison with Gecode")
				return
			}
			if g := gecodeCount(t, stdText); g != native {
				t.Fatalf("%d solutions, Gecode finds %d on the decomposition", native, g)
			}
		})
	}
}

// gecodeCount runs fzn-gecode -a on FlatZinc text and counts the distinct
// solutions it prints.
func gecodeCount(t *testing.T, text []byte) int {
	t.Helper()
	file := filepath.Join(t.TempDir(), "m.fzn")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.CommandContext(context.Background(), "fzn-gecode", "-a", file).Output()
	if err != nil {
		t.Fatalf("fzn-gecode: %v", err)
	}
	seen := make(map[string]bool)
	var blocks []string
	for _, block := range strings.Split(string(out), "----------\n") {
		if strings.Contains(block, "=") && !strings.Contains(block, "=====") {
			if !seen[block] {
				seen[block] = true
				blocks = append(blocks, block)
			}
		}
	}
	if !strings.Contains(string(out), "==========") {
		t.Fatalf("fzn-gecode did not finish:\n%s", out)
	}
	return len(slices.Compact(blocks))
}

// TestSetsAsBools: the solver library has MiniZinc write set variables as
// bools (nosets.mzn), so a model with sets compiles to FlatZinc that Build
// takes, with as many solutions as Gecode finds with real set variables.
func TestSetsAsBools(t *testing.T) {
	c := newCompiler(t)
	file := "testdata/sets/subsets.mzn"
	native := c.compile(t, file, nativeSolver)
	if bytes.Contains(native, []byte("set of int: ")) || bytes.Contains(native, []byte("var set")) {
		t.Fatalf("set variables left in:\n%s", native)
	}
	n := countSolutions(t, parse(t, string(native)))
	if n != 28 { // 7 pairs s, each in 4 sets t of at most 3
		t.Fatalf("%d solutions, want 28", n)
	}
	if _, err := exec.LookPath("fzn-gecode"); err != nil {
		t.Skip("fzn-gecode is not installed: no comparison with Gecode")
	}
	if g := gecodeCount(t, c.compile(t, file, stdSolver)); g != n {
		t.Fatalf("%d solutions, Gecode finds %d with set variables", n, g)
	}
}
