package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/torchfmt"
	"github.com/waterworks-solver/waterworks/models/torch"
)

const torchTestdata = "../../testdata/torch"

// Every method solves every shipped puzzle in its known least time and
// proves the impossible one; each JSON plan replays with the checker to
// the cost the record states.
func TestTorchSolveMethods(t *testing.T) {
	files := []string{filepath.Join(torchTestdata, "classic.jsonl"), filepath.Join(torchTestdata, "impossible.jsonl")}
	var insts []torchfmt.Instance
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		insts = append(insts, torchfmt.Parse(file, data)...)
	}
	for _, method := range []string{"astar", "ucs", "sat", "sat --backend gophersat"} {
		t.Run(method, func(t *testing.T) {
			args := append([]string{"torch", "solve", "--format", "json", "--method"}, strings.Fields(method)...)
			code, out, errOut := run(t, "", append(args, files...)...)
			require.Equal(t, ExitFailed, code, errOut)
			recs := tilesRecords(t, out)
			require.Len(t, recs, len(insts))
			for i, r := range recs {
				in := insts[i]
				require.Equal(t, in.ID, r["id"])
				if in.Record.Optimal == nil {
					assert.Equal(t, "unsolvable", r["status"], in.ID)
					continue
				}
				require.Equal(t, "solved", r["status"], in.ID)
				var plan torch.Plan
				for _, s := range r["plan"].([]any) {
					step := s.(map[string]any)
					c := torch.Crossing{Back: step["op"] == "return"}
					for _, p := range step["people"].([]any) {
						c.People = append(c.People, int(p.(float64)))
					}
					plan = append(plan, c)
				}
				total, err := torch.Check(in.Puzzle, plan)
				require.NoError(t, err, in.ID)
				assert.EqualValues(t, total, r["cost"], in.ID)
				assert.EqualValues(t, *in.Record.Optimal, total, in.ID)
				assert.EqualValues(t, len(plan), r["steps"], in.ID)
			}
		})
	}
}

func TestTorchSolveText(t *testing.T) {
	code, out, errOut := run(t, "", "torch", "solve", "--times", "1,2,5,10")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "times 1,2,5,10: solved in 17 minutes, 5 crossings (optimal; astar)\n"+
		"  1. 1 and 2 cross (2 min)\n  2. 1 returns (1 min)\n  3. 5 and 10 cross (10 min)\n"+
		"  4. 2 returns (2 min)\n  5. 1 and 2 cross (2 min)\n", out)
	code, out, errOut = run(t, "", "torch", "solve", "--times", "1,2,4,5", "--limit", "11", "--method", "ucs")
	require.Equal(t, ExitFailed, code, errOut)
	assert.Contains(t, out, "times 1,2,4,5: unsolvable (no plan within the limit of 11 minutes")
	code, out, _ = run(t, "", "torch", "solve", "--times", "3,3,3", "--capacity", "1", "--method", "sat")
	require.Equal(t, ExitFailed, code)
	assert.Contains(t, out, "unsolvable (no plan: with a capacity of 1")
	code, out, _ = run(t, "", "torch", "solve", "--times", "1,2,5,10", "--limit", "12", "--method", "sat")
	require.Equal(t, ExitFailed, code)
	assert.Contains(t, out, "unsolvable (no plan within the limit of 12 minutes: crossing takes at least 14; sat)")
	code, out, _ = run(t, "", "torch", "solve", "--times", "3,3,3")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "3 (person 1) and 3 (person 2) cross (3 min)")
}

// Bad input: exit 2 with the place of the fault.
func TestTorchSolveBadInput(t *testing.T) {
	bad, _ := filepath.Glob(filepath.Join(torchTestdata, "bad", "*"))
	require.Len(t, bad, 3)
	code, out, errOut := run(t, "", append([]string{"torch", "solve"}, bad...)...)
	assert.Equal(t, ExitUsage, code)
	assert.Empty(t, out)
	for _, want := range []string{"capacity0.jsonl:1:31: capacity 0: at least one person must fit on the bridge",
		`misspelt.jsonl:1:19: unknown field "capcity"; did you mean "capacity"?`,
		"negative.jsonl:1:28: person 2 takes -2 minutes"} {
		assert.Contains(t, errOut, want)
	}
	for _, args := range [][]string{
		{"--times", "1,-2"}, {"--times", "1,0"}, {"--times", "1,x"}, {"--times", "1,2", "--capacity", "0"},
		{"--capacity", "3", "x.jsonl"}, {"--method", "bfs", "--times", "1"}, {"--times", "1", "--method", "sat", "--backend", "nope"},
		{"--times", "1", "--max-steps", "3"}, {"--times", "1", "--backend", "gini"}, {"--times", "1", "--method", "sat", "--max-states", "9"},
	} {
		code, _, errOut := run(t, "", append([]string{"torch", "solve"}, args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", args, errOut)
		assert.NotEmpty(t, errOut, args)
	}
	code, out, errOut = run(t, "", "torch", "solve", "--times", "1,1000,100000,1000000", "--capacity", "3", "--method", "sat")
	assert.Equal(t, ExitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "times 1,1000,100000,1000000: too large for the SAT method: the time budgets up to 1101002 minutes")
	code, out, errOut = run(t, "", "torch", "solve", "--format", "json", "missing.jsonl")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, out, `"status":"error"`, "a record for a missing file too")
	assert.Contains(t, errOut, "missing.jsonl")
}

// --timeout and --max-states stop with exit 124 and status unknown.
func TestTorchSolveLimits(t *testing.T) {
	many := "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
	for _, args := range [][]string{
		{"--times", many, "--capacity", "4", "--method", "ucs", "--timeout", "20ms"},
		{"--times", many, "--method", "astar", "--max-states", "100"},
		{"--times", many, "--method", "sat", "--timeout", "50ms"},
		{"--times", "1,2,5,10", "--method", "sat", "--max-steps", "16"},
	} {
		code, out, errOut := run(t, "", append([]string{"torch", "solve", "--format", "json"}, args...)...)
		assert.Equal(t, ExitTimeout, code, "%v: %s %s", args, out, errOut)
		assert.Contains(t, out, `"status":"unknown"`, args)
		assert.NotContains(t, out, "context deadline", args)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := Main(ctx, []string{"torch", "solve", "--times", many, "--capacity", "4"}, IO{In: strings.NewReader(""), Out: &out, Err: &errOut})
	assert.Equal(t, ExitInterrupted, code, errOut.String())
}
