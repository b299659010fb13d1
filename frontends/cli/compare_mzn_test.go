package cli

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mznDir holds the MiniZinc models written for these tests.
var mznDir = filepath.Join("..", "..", "testdata", "minizinc", "compare")

// mznRow is a row of compare in JSON, as these tests read it.
type mznRow struct {
	Kind, ID, Engine, Status, Answer, Error string
	Agree                                   *bool
}

// mznCompare runs compare with args in JSON and returns its rows.
func mznCompare(t *testing.T, stdin string, args ...string) (code int, rows []mznRow, errOut string) {
	t.Helper()
	code, out, errOut := run(t, stdin, append([]string{"compare", "--format", "json"}, args...)...)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var row mznRow
		require.NoError(t, json.Unmarshal([]byte(line), &row), line)
		rows = append(rows, row)
	}
	return code, rows, errOut
}

func needMiniZinc(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not installed: a MiniZinc model cannot be compiled")
	}
}

// TestCompareMiniZincModel runs every engine on a model whose data come
// in two files: the tour model keeps circuit, inverse and
// bin_packing_load native with our library, so the SAT engines run their
// waterworks_* encodings, and gecode runs its own compilation. Every
// engine must answer (each answer checked on its own FlatZinc by Run),
// and all must agree on the optimum; the pigeons must be proven to have
// no solution by all of them.
func TestCompareMiniZincModel(t *testing.T) {
	needMiniZinc(t)
	engines := "cp,cp-learn,sat:gini,sat:gophersat"
	want := strings.Split(engines, ",")
	if _, err := exec.LookPath("fzn-gecode"); err == nil {
		engines += ",gecode"
		want = append(want, "gecode")
	}
	for _, tc := range []struct {
		files  []string
		answer string
		status string
	}{
		{[]string{"tour.mzn", "tour.dzn", "tour-vans.dzn"}, "optimal 26", "solved"},
		{[]string{"pigeons.mzn", "pigeons.dzn"}, "unsatisfiable", "unsolvable"},
	} {
		t.Run(tc.files[0], func(t *testing.T) {
			var paths []string
			for _, f := range tc.files {
				paths = append(paths, filepath.Join(mznDir, f))
			}
			code, rows, errOut := mznCompare(t, "", append([]string{"--engines", engines}, paths...)...)
			assert.Equal(t, ExitOK, code, errOut)
			var got []string
			for _, r := range rows {
				got = append(got, r.Engine)
				assert.Equal(t, "mzn", r.Kind)
				assert.Equal(t, strings.Join(paths, " "), r.ID, "one row group for the model and its data")
				assert.Equal(t, tc.status, r.Status, "%s: %s", r.Engine, r.Error)
				assert.Equal(t, tc.answer, r.Answer, r.Engine)
				if assert.NotNil(t, r.Agree, r.Engine) {
					assert.True(t, *r.Agree, r.Engine)
				}
			}
			assert.Equal(t, want, got)
		})
	}
}

// TestCompareMiniZincInputs checks how compare pairs models with data,
// and what it says of inputs it cannot compare.
func TestCompareMiniZincInputs(t *testing.T) {
	needMiniZinc(t)
	pigeons, data := filepath.Join(mznDir, "pigeons.mzn"), filepath.Join(mznDir, "pigeons.dzn")

	t.Run("two models, each with its data", func(t *testing.T) {
		code, rows, errOut := mznCompare(t, "", "--engines", "cp", pigeons, data, pigeons, data)
		assert.Equal(t, ExitOK, code, errOut)
		require.Len(t, rows, 4) // cp and cp-learn, twice
		for _, r := range rows {
			assert.Equal(t, pigeons+" "+data, r.ID)
		}
	})
	t.Run("data on standard input", func(t *testing.T) {
		code, rows, errOut := mznCompare(t, "n = 3;\n", "--engines", "sat:gini", pigeons, "-")
		assert.Equal(t, ExitOK, code, errOut)
		require.Len(t, rows, 1)
		assert.Equal(t, pigeons+" -", rows[0].ID)
		assert.Equal(t, "unsatisfiable", rows[0].Answer)
	})
	t.Run("a model on standard input", func(t *testing.T) {
		model := "include \"globals.mzn\";\nint: n;\narray[1..n] of var 1..n: x;\nconstraint all_different(x);\nconstraint x[1] > x[2];\nsolve maximize x[2];\n"
		code, rows, errOut := mznCompare(t, model, "--engines", "cp-learn,sat:gini", "-", data)
		assert.Equal(t, ExitOK, code, errOut)
		require.Len(t, rows, 2)
		for _, r := range rows {
			assert.Equal(t, "optimal 4", r.Answer, r.Engine)
		}
	})
	t.Run("data with no model", func(t *testing.T) {
		code, rows, errOut := mznCompare(t, "", data)
		assert.Equal(t, ExitUsage, code)
		assert.Contains(t, errOut, data+": MiniZinc data with no model before it")
		require.Len(t, rows, 1, "a record for the input")
		assert.Equal(t, "error", rows[0].Status)
	})
	t.Run("missing data", func(t *testing.T) {
		code, _, errOut := mznCompare(t, "", "--engines", "cp", pigeons, filepath.Join(mznDir, "no-such.dzn"))
		assert.Equal(t, ExitUsage, code)
		assert.Contains(t, errOut, "no-such.dzn: no such file")
		assert.Contains(t, errOut, pigeons+": not compared: ")
	})
	t.Run("a model missing its data", func(t *testing.T) {
		code, rows, errOut := mznCompare(t, "", "--engines", "cp", pigeons)
		assert.Equal(t, ExitUsage, code)
		assert.Contains(t, errOut, pigeons+":4:1: type error: ", "minizinc's place, as file:line:col")
		require.Len(t, rows, 1, "a record for the model that does not compile")
		assert.Equal(t, "error", rows[0].Status)
		assert.Equal(t, pigeons, rows[0].ID)
		assert.Contains(t, rows[0].Error, pigeons+":4:1: type error: ")
	})
	t.Run("compiling past the timeout", func(t *testing.T) {
		// Some 1.1 million constraints: minizinc takes seconds over them.
		slow := "int: n = 1500;\narray[1..n] of var 0..n: x;\nconstraint forall(i, j in 1..n where i < j)(x[i] != x[j] + i - j);\nsolve satisfy;\n"
		code, rows, errOut := mznCompare(t, slow, "--kind", "mzn", "--engines", "cp", "--timeout", "200ms", "-")
		assert.Equal(t, ExitTimeout, code, errOut)
		require.Len(t, rows, 2, "cp and cp-learn")
		for _, r := range rows {
			assert.Equal(t, "unknown", r.Status, r.Engine)
			assert.Equal(t, "not compiled", r.Answer, r.Engine)
			assert.Contains(t, r.Error, "within --timeout 200ms")
		}
	})
	t.Run("a mistake in the model", func(t *testing.T) {
		code, _, errOut := mznCompare(t, "int: n;\nvar 1..n: x;\nconstraint x > y;\nsolve satisfy;\n", "--engines", "cp", "-", data)
		assert.Equal(t, ExitUsage, code)
		assert.Contains(t, errOut, "-:3:16: type error: undefined identifier `y'", "standard input named as such")
	})
}

// TestCompareMiniZincNotInstalled checks that without minizinc a model is
// an input compare cannot run: exit 2, and a message without Go's words.
func TestCompareMiniZincNotInstalled(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, out, errOut := run(t, "", "compare", filepath.Join(mznDir, "pigeons.mzn"), filepath.Join(mznDir, "pigeons.dzn"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "minizinc is not installed")
	assert.NotContains(t, errOut, "exec:")
	assert.NotContains(t, errOut, "$PATH")
	assert.NotContains(t, out, "solved")
}
