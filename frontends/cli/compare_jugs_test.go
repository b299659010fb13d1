package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompareJugs(t *testing.T) {
	// The external solvers are left out: one process per round adds up
	// (TestJugsSolveExternalSAT runs them).
	code, out, errOut := run(t, "", "compare", "--format", "json", "--engines", "bfs,sat/gini,sat/gini/order,sat/gophersat,cp", jugsFile("mixed.jsonl"))
	require.Equal(t, ExitOK, code, errOut)
	puzzles := readJugs(t, jugsFile("mixed.jsonl"))
	engines := map[string]bool{}
	answers := map[string]map[string]string{} // id, engine: answer
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var row struct {
			Kind, ID, Engine, Status, Answer string
			Agree                            *bool
			Stats                            map[string]any
		}
		require.NoError(t, json.Unmarshal([]byte(line), &row))
		assert.Equal(t, "jugs", row.Kind)
		require.Contains(t, puzzles, row.ID)
		require.NotNil(t, row.Agree, "%s %s: proven answers take part in the agreement", row.ID, row.Engine)
		assert.True(t, *row.Agree)
		assert.NotContains(t, row.Stats, "rounds", "compare keeps one line per engine")
		engines[row.Engine] = true
		if answers[row.ID] == nil {
			answers[row.ID] = map[string]string{}
		}
		answers[row.ID][row.Engine] = row.Answer
	}
	for _, e := range []string{"bfs", "sat/gini", "sat/gini/order", "sat/gophersat", "cp"} {
		assert.True(t, engines[e], "engine %s missing", e)
	}
	assert.Len(t, answers, len(puzzles))
	assert.Equal(t, "optimal 10", answers["tap-4-9-any-7"]["cp"])
	assert.Equal(t, "unsolvable", answers["tap-6-10-any-3"]["sat/gini"])

	code, out, _ = run(t, "", "compare", "--engines", "bfs,sat/gini", "--kind", "jugs", jugsFile("mixed.jsonl"))
	require.Equal(t, ExitOK, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Regexp(t, `^PUZZLE\s+ENGINE\s+STATUS\s+ANSWER\s+MS\s+AGREE\s+STATS$`, lines[0])
	for _, l := range lines[1:] {
		assert.Regexp(t, `^\S+\s+(bfs|sat/\S+)\s+(solved\s+optimal \d+|unsolvable\s+unsolvable)\s+[0-9.]+\s+true\s`, l)
	}
}

// TestCompareJugsLimits: an engine stopped by a limit is unknown and left
// out of the agreement, and bad lines are reported with exit code 2.
func TestCompareJugsLimits(t *testing.T) {
	in := `{"id": "far", "capacities": [997, 1009], "target": 500}` + "\n"
	code, out, errOut := run(t, in, "compare", "--format", "json", "--engines", "bfs,sat/gini/order,cp", "-")
	require.Equal(t, ExitOK, code, errOut)
	type row struct {
		Engine, Answer string
		Status         Status
		Agree          *bool
	}
	rows := map[string]row{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r row
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		rows[r.Engine] = r
	}
	require.Len(t, rows, 3)
	assert.Equal(t, "optimal 1502", rows["bfs"].Answer)
	for _, e := range []string{"sat/gini/order", "cp"} {
		assert.Equal(t, StatusUnknown, rows[e].Status, e)
		assert.Nil(t, rows[e].Agree, "%s: an unknown answer is left out of the agreement", e)
	}
	assert.Contains(t, rows["sat/gini/order"].Answer, "formula limit reached")
	assert.Equal(t, "no plan within the horizon: no plan of horizon at most 100", rows["cp"].Answer)

	code, _, errOut = run(t, "", "compare", "--engines", "bfs", jugsFile("bad.jsonl"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "bad.jsonl:2:29: invalid puzzle")
}
