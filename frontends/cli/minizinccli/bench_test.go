package minizinccli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

// needGecode skips the test, saying why, unless minizinc, Gecode and its
// FlatZinc program are installed.
func needGecode(t *testing.T) {
	t.Helper()
	p, err := minizinc.Find()
	if err != nil {
		t.Skip("skipping: " + err.Error())
	}
	if err := p.CheckSolver(context.Background(), "gecode"); err != nil {
		t.Skip("skipping: Gecode is not installed for minizinc: " + err.Error())
	}
	if _, err := minizinc.FindFznGecode(); err != nil {
		t.Skip("skipping: " + err.Error())
	}
}

// runCmd runs "waterworks minizinc bench" with args and returns the exit
// code, standard output and standard error.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runBench(t.Context(), clikit.IO{In: strings.NewReader(""), Out: &out, Err: &errOut}, args)
	return code, out.String(), errOut.String()
}

// records reads the JSON Lines of bench --format json.
func records(t *testing.T, out string) []instanceRecord {
	t.Helper()
	var recs []instanceRecord
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var r instanceRecord
		require.NoError(t, dec.Decode(&r))
		recs = append(recs, r)
	}
	return recs
}

// liar writes a solver configuration whose FlatZinc program prints script's
// answer for perm.mzn or cost.mzn (testdata/liar) whatever it is given; in
// the script, $opt is set for an optimisation problem.
func liar(t *testing.T, answer string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "liar") // t.TempDir may hold a comma, which splits --solvers
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	exe := filepath.Join(dir, "liar.sh")
	script := "#!/bin/sh\neval fzn=\\${$#}\nopt=\nif grep -q 'minimize' \"$fzn\"; then opt=1; fi\n" + answer + "\n"
	require.NoError(t, os.WriteFile(exe, []byte(script), 0o755))
	cfg := minizinc.SolverConfig{ID: "org.test.liar", Name: "liar", Version: "1", Executable: exe}
	path, err := cfg.WriteFile(dir)
	require.NoError(t, err)
	return path
}

const (
	// wrongAnswer prints x = [1, 1, 1], which breaks all_different.
	wrongAnswer = `printf 'x = array1d(1..3, [1, 1, 1]);\n'; [ -n "$opt" ] && printf '_objective = 1;\n'; printf -- '----------\n'`
	// unsatAnswer says there is no solution, where there are three.
	unsatAnswer = `printf '=====UNSATISFIABLE=====\n'`
	// suboptimalAnswer prints a solution, x = [3, 1, 2], and calls it
	// optimal for cost.mzn, whose optimum is 2.
	suboptimalAnswer = `printf 'x = array1d(1..3, [3, 1, 2]);\n'; if [ -n "$opt" ]; then printf '_objective = 3;\n----------\n==========\n'; else printf -- '----------\n'; fi`
)

// TestBenchCatchesLies: every kind of wrong answer is caught, by gecode's
// own run or by the checker when gecode does not run, and makes exit 1;
// an honest answer from the same solver counts as solved.
func TestBenchCatchesLies(t *testing.T) {
	needGecode(t)
	suite := filepath.Join("testdata", "liar")
	sel := filepath.Join(suite, "selection.txt")
	for _, tc := range []struct {
		name, answer string
		withGecode   bool
		wrong        map[string]string // family: what the first wrong reason says
		solved       map[string]bool
	}{
		{"wrong solution", wrongAnswer, true,
			map[string]string{"perm": "solution 1 fails the check", "cost": "solution 1 fails the check"}, nil},
		{"unsatisfiable", unsatAnswer, true,
			map[string]string{"perm": "says unsatisfiable, but gecode found a solution", "cost": "says unsatisfiable, but gecode found a solution"}, nil},
		{"unsatisfiable, no gecode run", unsatAnswer, false,
			map[string]string{"perm": "claims unsatisfiable, but the model has a solution", "cost": "claims unsatisfiable"}, nil},
		{"suboptimal", suboptimalAnswer, true,
			map[string]string{"cost": "proves the optimum 3, but gecode found 2"}, map[string]bool{"perm": true}},
		{"suboptimal, no gecode run", suboptimalAnswer, false,
			map[string]string{"cost": "claims optimal, but objective 2 beats 3"}, map[string]bool{"perm": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			solvers := liar(t, tc.answer)
			if tc.withGecode {
				solvers += ",gecode"
			}
			code, out, errOut := runCmd(t, "--solvers", solvers, "--time-limit", "5s", "--format", "json", suite, sel)
			assert.Equal(t, clikit.ExitFailed, code, errOut)
			recs := records(t, out)
			require.Len(t, recs, 2)
			for _, rec := range recs {
				liarRun := rec.Runs[0]
				if why, ok := tc.wrong[rec.Family]; ok {
					require.NotEmpty(t, liarRun.Wrong, "%s: %+v", rec.Family, liarRun)
					assert.Contains(t, liarRun.Wrong[0], why, rec.Family)
					assert.False(t, liarRun.Solved)
				} else {
					assert.Empty(t, liarRun.Wrong, rec.Family)
				}
				assert.Equal(t, tc.solved[rec.Family], liarRun.Solved, rec.Family)
				if tc.withGecode {
					assert.Empty(t, rec.Runs[1].Wrong, "gecode")
					assert.True(t, rec.Runs[1].Solved, "gecode")
				}
			}
		})
	}
}

// TestBenchHonest: Gecode on the standard library against Gecode on the CI
// selection: no wrong answer, every solution of gecode-std confirmed, and
// the table lists every family and a total.
func TestBenchHonest(t *testing.T) {
	if testing.Short() {
		// Only CI's race run uses -short; the plain run checks this in
		// full, and its time goes to minizinc and Gecode, not to Go code
		// the race detector could look at.
		t.Skip("-short: minizinc and Gecode at work, checked by the run without -short")
	}
	needGecode(t)
	suite := filepath.Join("..", "..", "..", "testdata", "minizinc", "ci")
	sel := filepath.Join(suite, "selection.txt")
	code, out, errOut := runCmd(t, "--solvers", "gecode-std,gecode", "--time-limit", "10s", "--format", "json", suite, sel)
	require.Equal(t, clikit.ExitOK, code, errOut)
	data, err := os.ReadFile(sel)
	require.NoError(t, err)
	entries, err := ParseSelection(sel, data)
	require.NoError(t, err)
	recs := records(t, out)
	require.Len(t, recs, len(entries))
	solved := 0
	for _, rec := range recs {
		for _, r := range rec.Runs {
			assert.Empty(t, r.Wrong, "%s %s", rec.Model, r.Solver)
			if r.Solved {
				solved++
			}
		}
		std := rec.Runs[0]
		assert.Len(t, std.Checks, std.Solutions, "%s: every solution of gecode-std is checked", rec.Model)
		for _, c := range std.Checks {
			assert.Equal(t, "confirmed", c.Verdict, "%s: %s", rec.Model, c.Reason)
		}
		assert.True(t, std.Solved, "%s: gecode-std solves the CI instances: %v", rec.Model, std.Notes)
	}
	assert.Positive(t, solved)
}

// TestBenchTable: the text output is the markdown table, with a row per
// family of the selection and the total.
func TestBenchTable(t *testing.T) {
	needGecode(t)
	suite := filepath.Join("testdata", "liar")
	code, out, errOut := runCmd(t, "--solvers", "gecode-std,gecode", suite, filepath.Join(suite, "selection.txt"))
	require.Equal(t, clikit.ExitOK, code, errOut)
	lines := strings.Split(out, "\n")
	require.Greater(t, len(lines), 5, out)
	assert.Regexp(t, `^\| family +\| kind \| instances \| solved gecode-std \| solved gecode \| PAR-2 gecode-std \| PAR-2 gecode \| wrong gecode-std \| wrong gecode \|$`, lines[0])
	assert.Regexp(t, `^\| perm +\| sat  \| +1 \| +1 \| +1 \|`, lines[2])
	assert.Regexp(t, `^\| cost +\| opt  \| +1 \| +1 \| +1 \|`, lines[3])
	assert.Regexp(t, `^\| \*\*total\*\* \| +\| +2 \| +2 \| +2 \|.* 0 \| +0 \|$`, lines[4])
}

// TestBenchUsage: mistakes in the arguments are exit 2, with a message
// that names the mistake.
func TestBenchUsage(t *testing.T) {
	suite := filepath.Join("testdata", "liar")
	sel := filepath.Join(suite, "selection.txt")
	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("perm perm.mzn\nmissing missing.mzn\n"), 0o644))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{suite}, "want SUITE-DIR and SELECTION-FILE"},
		{[]string{"--format", "csv", suite, sel}, `unknown --format "csv"`},
		{[]string{"--time-limit", "0s", suite, sel}, "must be positive"},
		{[]string{"--solvers", ",", suite, sel}, "--solvers names no solver"},
		{[]string{filepath.Join(suite, "nothere"), sel}, "not a directory"},
		{[]string{suite, filepath.Join(suite, "nothere.txt")}, "nothere.txt"},
		{[]string{suite, bad}, "bad.txt:2: missing.mzn is not in the suite"},
		{[]string{"--family", "perm,nosuch", suite, sel}, "--family nosuch: the selection has no such family"},
	} {
		code, out, errOut := runCmd(t, tc.args...)
		assert.Equal(t, clikit.ExitUsage, code, "%v", tc.args)
		assert.Empty(t, out)
		assert.Contains(t, errOut, tc.want, "%v", tc.args)
	}
}

// TestBenchUnknownSolver: a solver minizinc does not have is exit 2.
// (waterworks needs no install: the bench installs the program that runs
// it, which here would be this test binary; cmd/waterworks's conformance
// test runs the real one through minizinc.)
func TestBenchUnknownSolver(t *testing.T) {
	needGecode(t)
	suite := filepath.Join("testdata", "liar")
	code, _, errOut := runCmd(t, "--solvers", "no-such-solver", suite, filepath.Join(suite, "selection.txt"))
	assert.Equal(t, clikit.ExitUsage, code)
	assert.Contains(t, errOut, `minizinc has no solver "no-such-solver"`)
}

// TestBenchKindWhenEveryRunFails: when no run says what the model asks
// for (Gecode's own library fails on kakuro), the table still tells
// satisfaction from optimisation, asking minizinc.
func TestBenchKindWhenEveryRunFails(t *testing.T) {
	needGecode(t)
	suite := filepath.Join("..", "..", "..", "testdata", "minizinc", "ci")
	code, out, errOut := runCmd(t, "--solvers", "gecode", "--family", "kakuro,golomb", suite, filepath.Join(suite, "selection.txt"))
	require.Equal(t, clikit.ExitOK, code, errOut)
	if !strings.Contains(out, "gecode: error:") {
		t.Skip("skipping: Gecode's own library compiles these models here")
	}
	assert.Regexp(t, `\n\| kakuro +\| sat  \| +1 \| +0 \|`, out)
	assert.Regexp(t, `\n\| golomb +\| opt  \| +1 \| +0 \|`, out)
}
