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

// mznCompareRows runs compare with args in JSON and returns the engine and
// answer of each row.
func mznCompareRows(t *testing.T, args ...string) (code int, rows map[string]string, errOut string) {
	t.Helper()
	code, out, errOut := run(t, "", append([]string{"compare", "--format", "json"}, args...)...)
	rows = map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var row struct{ Engine, Answer string }
		require.NoError(t, json.Unmarshal([]byte(line), &row), line)
		rows[row.Engine] = row.Answer
	}
	return code, rows, errOut
}

// TestCompareMiniZinc checks that --engines takes minizinc:SOLVER for
// Aquarium puzzles, whose answer is judged and compared like any other,
// and that a solver minizinc lacks is said to be unavailable and left out
// without failing the comparison.
func TestCompareMiniZinc(t *testing.T) {
	two := filepath.Join("..", "..", "testdata", "examples", "ambiguous", "two-ways.txt")
	code, rows, errOut := mznCompareRows(t, "--engines", "cp,minizinc:no-such-solver", "--limit", "10", two)
	assert.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, map[string]string{"cp": "6 solutions"}, rows)
	assert.Contains(t, errOut, "engine minizinc:no-such-solver is unavailable")

	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("skipping the runs on Gecode: minizinc is not installed")
	}
	code, rows, errOut = mznCompareRows(t, "--engines", "cp,minizinc:gecode", "--limit", "10", two)
	assert.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, map[string]string{"cp": "6 solutions", "minizinc:gecode": "6 solutions"}, rows)

	code, rows, errOut = mznCompareRows(t, "--engines", "minizinc:gecode", "--rule", "pool", filepath.Join(aquariumTestdata, "pool-rule.txt"))
	assert.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, map[string]string{"minizinc:gecode": "unique"}, rows)
}

// TestCompareMiniZincAbsent checks that without minizinc on PATH its
// engines are unavailable, and the others run.
func TestCompareMiniZincAbsent(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	// A solver name no other test asks for, as availability is remembered.
	code, rows, errOut := mznCompareRows(t, "--engines", "cp,minizinc:org.gecode.gecode", filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	assert.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, map[string]string{"cp": "unique"}, rows)
	assert.Contains(t, errOut, "engine minizinc:org.gecode.gecode is unavailable: minizinc is not installed")
}

// TestAquariumBackendMiniZinc checks --backend minizinc:SOLVER: a count on
// Gecode, and a solver minizinc lacks as a usage error.
func TestAquariumBackendMiniZinc(t *testing.T) {
	two := filepath.Join("..", "..", "testdata", "examples", "ambiguous", "two-ways.txt")
	code, _, errOut := run(t, "", "aquarium", "solve", "--backend", "minizinc:no-such-solver", two)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "engine minizinc:no-such-solver is unavailable")
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("skipping the run on Gecode: minizinc is not installed")
	}
	code, out, errOut := run(t, "", "aquarium", "count", "--limit", "0", "--format", "json", "--backend", "minizinc:gecode", two)
	require.Equal(t, ExitOK, code, errOut)
	var rec struct {
		Status    string
		Solutions int
		Complete  bool
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rec), out)
	assert.Equal(t, "solved", rec.Status)
	assert.Equal(t, 6, rec.Solutions)
	assert.True(t, rec.Complete)
}
