package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func TestCompareAquarium(t *testing.T) {
	path := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	code, out, errOut := run(t, "", "compare", "--format", "json", path, filepath.Join(aquariumTestdata, "pool-rule.txt"))
	require.Equal(t, ExitOK, code, errOut)
	engines := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var row struct {
			Kind, ID, Engine, Status, Answer string
			Agree                            *bool
		}
		require.NoError(t, json.Unmarshal([]byte(line), &row))
		assert.Equal(t, "aquarium", row.Kind)
		assert.Equal(t, "solved", row.Status, row.Engine)
		assert.Equal(t, "unique", row.Answer, row.Engine)
		require.NotNil(t, row.Agree)
		assert.True(t, *row.Agree)
		engines[row.Engine] = true
	}
	for _, e := range []string{"cp", "gini/totalizer", "gini/sequential", "gini/sortnet", "gini/bdd", "gini/auto", "gophersat/native", "gophersat/totalizer"} {
		assert.True(t, engines[e], "engine %s missing", e)
	}

	code, out, _ = run(t, "", "compare", "--engines", "cp,gini", path)
	require.Equal(t, ExitOK, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Regexp(t, `^PUZZLE\s+ENGINE\s+STATUS\s+ANSWER\s+MS\s+AGREE\s+STATS$`, lines[0])
	assert.Len(t, lines, 1+1+len(sat.Encodings())-1, "cp and gini with every encoding but native")

	code, out, _ = run(t, "", "compare", "--format", "bench", "--count", "3", "--engines", "cp", path)
	require.Equal(t, ExitOK, code)
	bench := regexp.MustCompile(`^BenchmarkCompare/kind=aquarium/puzzle=[^ /]+/engine=cp 1 \d+ ns/op$`)
	lines = strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3)
	for _, l := range lines {
		assert.Regexp(t, bench, l)
	}

	code, out, _ = run(t, twoDiagonals, "compare", "--engines", "cp,gophersat", "--format", "csv", "-")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "2+ solutions")
}

func TestCompareReportsDisagreement(t *testing.T) {
	var out, errOut bytes.Buffer
	w := bufio.NewWriter(&out)
	c := &comparison{flags: &compareFlags{CommonFlags: clikit.CommonFlags{Format: clikit.FormatText}}, stdio: IO{Err: &errOut}, out: w}
	c.table = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	c.Puzzle([]kind.CompareRow{
		{Kind: "aquarium", ID: "p", Engine: "a", Status: StatusSolved, Answer: "unique", Key: "unique"},
		{Kind: "aquarium", ID: "p", Engine: "b", Status: StatusSolved, Answer: "2+ solutions", Key: "2+ solutions"},
		{Kind: "aquarium", ID: "p", Engine: "c", Status: StatusUnknown, Answer: "timed out"},
	})
	assert.Equal(t, ExitFailed, c.code)
	assert.Equal(t, "DISAGREEMENT on aquarium p: a: unique; b: 2+ solutions\n", errOut.String())
	assert.Regexp(t, `(?m)^p\s+a\s+solved\s+unique\s+0.000\s+NO`, out.String())
	assert.Regexp(t, `(?m)^p\s+c\s+unknown\s+timed out\s+0.000\s*$`, out.String(), "a timeout is left out of the agreement")
}

func TestCompareUsage(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", "--kind", "chess", "x"},
		{"compare", "--count", "0", "x"},
		{"compare", "--format", "yaml", "x"},
	} {
		code, _, errOut := run(t, "", args...)
		assert.Equal(t, ExitUsage, code, "%v", args)
		assert.NotEmpty(t, errOut)
	}
	code, _, errOut := run(t, "3 3\n1 a b c\n", "compare", "-")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "-:1:")
}

// TestCompareCorpus runs the engines issue 3 names on every corpus puzzle:
// every answer passes the checker (compare re-checks it), the engines
// agree, and unique puzzles come out unique.
func TestCompareCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(aquariumCorpus, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("corpus not found at %s (it is not part of a clone)", aquariumCorpus)
	}
	engines := "cp,gini/totalizer,gophersat/native"
	if _, err := exec.LookPath("cadical"); err == nil {
		engines += ",dimacs:cadical/totalizer"
	} else {
		t.Log("cadical not found in PATH: comparing without it")
	}
	args := append([]string{"compare", "--format", "json", "--engines", engines}, files...)
	code, out, errOut := run(t, "", args...)
	require.Equal(t, ExitOK, code, errOut)
	answers := map[string]map[string]string{} // id → engine → answer
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var row struct{ ID, Engine, Status, Answer string }
		require.NoError(t, json.Unmarshal([]byte(line), &row))
		require.Contains(t, []string{"solved"}, row.Status, "%s on %s", row.Engine, row.ID)
		if answers[row.ID] == nil {
			answers[row.ID] = map[string]string{}
		}
		answers[row.ID][row.Engine] = row.Answer
	}
	assert.Len(t, answers, 113, "every corpus puzzle")
	for id, byEngine := range answers {
		assert.Len(t, byEngine, strings.Count(engines, ",")+1, id)
	}
}

func TestClingoBackend(t *testing.T) {
	if _, err := exec.LookPath("clingo"); err != nil {
		t.Skip("clingo not found in PATH (apt-get install gringo): not testing the clingo backend")
	}
	path := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	code, out, errOut := run(t, "", "aquarium", "solve", "--unique", "--backend", "clingo", path)
	require.Equal(t, ExitOK, code, errOut)
	checkTextSolution(t, out, aquarium.RegionRule)
	code, out, _ = run(t, twoDiagonals, "aquarium", "count", "--backend", "clingo", "--limit", "0", "-")
	require.Equal(t, ExitOK, code)
	assert.Equal(t, "-: 2 solutions\n", out)
	code, _, errOut = run(t, "", "aquarium", "solve", "--backend", "clingo", "--rule", "pool", path)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "region rule only")
	code, out, _ = run(t, "", "aquarium", "encode", "--format", "asp", path)
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "#show water/2.")
}

// TestCompareEnginesChecked: --engines names only engines that exist and
// apply to the puzzles at hand, else compare runs nothing and exits 2.
func TestCompareEnginesChecked(t *testing.T) {
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--engines", "gin", easy}, `unknown or unavailable engine "gin" (available: cp`},
		{[]string{"--engines", "gin", easy}, `did you mean "gini"?`},
		{[]string{"--engines", "foo", easy}, `unknown or unavailable engine "foo"`},
		{[]string{"--engines", "bfs", easy}, `engine "bfs" does not apply to aquarium puzzles (theirs: cp`},
		{[]string{"--engines", "cp,astar", easy}, `engine "astar" does not apply to aquarium puzzles`},
		{[]string{"--engines", "gini/totalizer", "--kind", "jugs", jugsFile("mixed.jsonl")}, `does not apply to jugs puzzles`},
	} {
		code, out, errOut := run(t, "", append([]string{"compare"}, tc.args...)...)
		assert.Equal(t, ExitUsage, code, tc.args)
		assert.Empty(t, out, "nothing ran: %v", tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
	// Names that pick a group are fine: "gini" picks gini with every encoding.
	code, _, errOut := run(t, "", "compare", "--engines", "cp,gini", easy)
	assert.Equal(t, ExitOK, code, errOut)
}

// TestCompareNoAnswer: when no engine answers a puzzle, compare exits 124
// and says so; an answer from one engine is enough for 0.
func TestCompareNoAnswer(t *testing.T) {
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	code, out, errOut := run(t, "", "compare", "--engines", "cp,gini", "--timeout", "1ns", "--format", "json", easy)
	assert.Equal(t, ExitTimeout, code, errOut)
	assert.Contains(t, errOut, "no engine answered")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var row struct{ Status kind.Status }
		require.NoError(t, json.Unmarshal([]byte(line), &row))
		assert.Equal(t, kind.StatusUnknown, row.Status, line)
	}
}

// TestCompareProblemRecords checks that an input the engines cannot run
// on still yields a record in JSON and CSV, of status error, named by the
// input and carrying the message that stderr gives with its place: a
// broken Aquarium grid, a broken FlatZinc model.
func TestCompareProblemRecords(t *testing.T) {
	for _, tc := range []struct{ name, input, kind, want string }{
		{"aquarium", "not a puzzle\n", "aquarium", "-:1:1: unknown directive"},
		{"fzn", "var int: x;\nconstraint int_le(x, ;\nsolve satisfy;\n", "fzn", "-:2:22: want a value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.input, "compare", "--kind", tc.kind, "--engines", "cp", "--format", "json", "-")
			assert.Equal(t, ExitUsage, code)
			assert.Contains(t, errOut, tc.want)
			var problems []string
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var row kind.CompareRow
				require.NoError(t, json.Unmarshal([]byte(line), &row), line)
				assert.Equal(t, kind.StatusError, row.Status, line)
				assert.Equal(t, tc.kind, row.Kind)
				assert.Equal(t, "-", row.ID)
				problems = append(problems, row.Error)
			}
			assert.Contains(t, strings.Join(problems, "\n"), tc.want, "a record of the problem")

			code, out, _ = run(t, tc.input, "compare", "--kind", tc.kind, "--engines", "cp", "--format", "csv", "-")
			assert.Equal(t, ExitUsage, code)
			assert.Contains(t, out, tc.kind+",-,,error,")
		})
	}
}
