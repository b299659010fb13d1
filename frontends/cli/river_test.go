package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/models/river"
)

const riverTestdata = "../../testdata/river"

// The shipped puzzles and their fewest crossings (-1: unsolvable), as the
// literature gives them.
var riverShipped = map[string]int{
	"wolf-goat-cabbage.txt":         7,
	"missionaries-3-3.txt":          11,
	"missionaries-4-4.txt":          -1,
	"missionaries-5-5-boat-3.txt":   11,
	"jealous-husbands-3.txt":        11,
	"jealous-husbands-4.txt":        -1,
	"jealous-husbands-5-boat-3.txt": 11,
}

// Both methods (SAT on both built-in backends) solve every shipped puzzle
// in the known fewest crossings and prove the unsolvable ones; each JSON
// plan replays with the checker.
func TestRiverSolveMethods(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(riverTestdata, "*.txt"))
	require.Len(t, files, len(riverShipped))
	for _, method := range []string{"bfs", "sat", "sat --backend gophersat"} {
		t.Run(method, func(t *testing.T) {
			args := append([]string{"river", "solve", "--format", "json", "--method"}, strings.Fields(method)...)
			code, out, errOut := run(t, "", append(args, files...)...)
			require.Equal(t, ExitFailed, code, errOut)
			recs := tilesRecords(t, out)
			require.Len(t, recs, len(files))
			for i, r := range recs {
				want := riverShipped[filepath.Base(files[i])]
				if want < 0 {
					assert.Equal(t, "unsolvable", r["status"], files[i])
					continue
				}
				require.Equal(t, "solved", r["status"], files[i])
				data, err := os.ReadFile(files[i])
				require.NoError(t, err)
				p, err := riverfmt.Parse(files[i], data)
				require.NoError(t, err)
				var plan river.Plan
				for _, s := range r["plan"].([]any) {
					step := s.(map[string]any)
					trip := river.Trip{Load: make([]int, len(p.Kinds)), Back: step["op"] == "return"}
					for name, v := range step["carry"].(map[string]any) {
						for k, kind := range p.Kinds {
							if kind.Name == name {
								trip.Load[k] = int(v.(float64))
							}
						}
					}
					plan = append(plan, trip)
				}
				require.NoError(t, river.Check(p, plan), files[i])
				assert.Len(t, plan, want, files[i])
				assert.EqualValues(t, want, r["steps"], files[i])
			}
		})
	}
}

func TestRiverSolveText(t *testing.T) {
	code, out, errOut := run(t, "", "river", "solve", filepath.Join(riverTestdata, "wolf-goat-cabbage.txt"))
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "../../testdata/river/wolf-goat-cabbage.txt: solved in 7 crossings (optimal; bfs)\n"+
		"  1. the farmer takes the goat across\n  2. the farmer returns alone\n  3. the farmer takes the cabbage across\n"+
		"  4. the farmer takes the goat back\n  5. the farmer takes the wolf across\n  6. the farmer returns alone\n"+
		"  7. the farmer takes the goat across\n", out)
	code, out, _ = run(t, "items missionary*4 cannibal*4\nboat 2\nnever more cannibal than missionary\n", "river", "solve", "-")
	assert.Equal(t, ExitFailed, code)
	assert.Equal(t, "-: unsolvable (no plan: all 11 reachable states explored; bfs)\n", out)
}

// Bad input: exit 2 with the place of the fault.
func TestRiverSolveBadInput(t *testing.T) {
	bad, _ := filepath.Glob(filepath.Join(riverTestdata, "bad", "*"))
	require.Len(t, bad, 6)
	code, out, errOut := run(t, "", append([]string{"river", "solve"}, bad...)...)
	assert.Equal(t, ExitUsage, code)
	assert.Empty(t, out)
	for _, want := range []string{
		`unknown-item.txt:4:13: unknown item "gaot" (items must be listed on an items line first); did you mean "goat"?`,
		`boat-0.txt:2:6: boat capacity "0": want a whole number, at least 1`,
		"nobody-rows.txt:3:1: a rowers line names nobody: the boat needs someone who can row",
		`duplicate.txt:1:17: duplicate item "goat"`,
		`keyword.txt:2:1: unknown keyword "baot"; did you mean "boat"?`,
		`count.txt:1:13: "c*0": the count after '*' is a whole number`,
	} {
		assert.Contains(t, errOut, want)
	}
	for _, args := range [][]string{{"--method", "astar"}, {"--backend", "gini"}, {"--method", "sat", "--backend", "nope"}, {"--max-steps", "-1"}} {
		code, _, errOut := run(t, "", append(append([]string{"river", "solve"}, args...), bad[0])...)
		assert.Equal(t, ExitUsage, code, "%v: %s", args, errOut)
	}
}

// --max-steps below the optimum, --max-states and --timeout stop with exit
// 124 and status unknown.
func TestRiverSolveLimits(t *testing.T) {
	wgc := filepath.Join(riverTestdata, "wolf-goat-cabbage.txt")
	big := "items " + strings.Repeat("a*9 ", 1) + "b*9 c*9 d*9 e*9 f*9 g*9\nboat 5\n"
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"--max-steps", "6", wgc}},
		{"", []string{"--method", "sat", "--max-steps", "6", wgc}},
		{"", []string{"--max-states", "5", wgc}},
		{"", []string{"--method", "sat", "--max-states", "5", "--max-steps", "6", wgc}},
		{big, []string{"--timeout", "30ms", "-"}},
		{big, []string{"--method", "sat", "--timeout", "100ms", "-"}},
	} {
		code, out, errOut := run(t, tc.stdin, append([]string{"river", "solve", "--format", "json"}, tc.args...)...)
		assert.Equal(t, ExitTimeout, code, "%v: %s %s", tc.args, out, errOut)
		assert.Contains(t, out, `"status":"unknown"`, tc.args)
	}
}
