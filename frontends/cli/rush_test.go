package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
	"github.com/waterworks-solver/waterworks/models/rush"
)

const rushTestdata = "../../testdata/rush"

func runRush(t *testing.T, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(ctx, append([]string{"rush", "solve"}, args...), IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	return code, out.String(), errOut.String()
}

// Every forty level is solved by both methods with the same number of
// moves; the JSON plans replay with the checker, and steps and cells
// match the plan.
func TestRushSolveForty(t *testing.T) {
	file := filepath.Join(rushTestdata, "forty.txt")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	levels := rushfmt.Parse(file, data)
	steps := map[string][]float64{}
	for _, method := range []string{"bfs", "astar"} {
		code, out, errOut := runRush(t, context.Background(), "", "--method", method, "--format", "json", file)
		require.Equal(t, ExitOK, code, errOut)
		recs := tilesRecords(t, out)
		require.Len(t, recs, len(levels))
		for i, r := range recs {
			require.Equal(t, "solved", r["status"])
			var plan rush.Plan
			for _, m := range r["plan"].([]any) {
				mv, err := levels[i].Puzzle.ParseMove(m.(map[string]any)["piece"].(string) + signed(m.(map[string]any)["by"].(float64)))
				require.NoError(t, err)
				plan = append(plan, mv)
			}
			require.NoError(t, rush.Check(levels[i].Puzzle, plan), "%s", r["id"])
			assert.EqualValues(t, len(plan), r["steps"])
			assert.EqualValues(t, plan.Cells(), r["cells"])
			steps[method] = append(steps[method], r["steps"].(float64))
		}
	}
	assert.Equal(t, steps["bfs"], steps["astar"])
	assert.EqualValues(t, 9, steps["bfs"][0])
}

// signed writes a whole number with its sign, as moves are written.
func signed(v float64) string { return fmt.Sprintf("%+d", int(v)) }

func TestRushSolveText(t *testing.T) {
	code, out, errOut := runRush(t, context.Background(), "", filepath.Join(rushTestdata, "json.jsonl"))
	assert.Equal(t, ExitFailed, code, errOut)
	assert.Equal(t, "forty-1: solved in 9 moves, 21 cells slid (optimal; bfs)\n"+
		"moves: C-1 E-3 D+3 B+3 A+3 B-3 D-1 E+3 A+1\n\n"+
		"walls: solved in 2 moves, 6 cells slid (optimal; bfs)\nmoves: B+2 A+4\n\n"+
		"blocked: unsolvable (all 6 reachable boards explored; bfs)\n", out)
}

// Bad boards are rejected with file:line:col and exit 2.
func TestRushSolveBadInput(t *testing.T) {
	bad, _ := filepath.Glob(filepath.Join(rushTestdata, "bad", "*"))
	require.Len(t, bad, 7)
	code, out, errOut := runRush(t, context.Background(), "", bad...)
	assert.Equal(t, ExitUsage, code)
	assert.Empty(t, out)
	for _, want := range []string{"two-a.txt:3:3: a second A", "vertical-a.txt:1:1: the primary car A is vertical",
		"one-cell.txt:2:5: piece B has one cell", "ragged.txt:2:6: row 2 has 5 cells", "bent.txt:3:5:", "char.txt:2:4:", "no-a.txt:1:1:"} {
		assert.Contains(t, errOut, want)
	}
}

// --timeout stops a search of a huge unsolvable board with exit 124.
func TestRushSolveTimeout(t *testing.T) {
	board := "AA.....BB...\n" + strings.Repeat("............\n", 3) +
		"..C..D..E..F\n..C..D..E..F\n" + strings.Repeat("............\n", 2) +
		"GG....HH....\n" + strings.Repeat("............\n", 3)
	start := time.Now()
	code, out, errOut := runRush(t, context.Background(), board, "--timeout", "100ms")
	assert.Equal(t, ExitTimeout, code, errOut)
	assert.Contains(t, out, "-:1: unknown (timed out; bfs)")
	assert.Less(t, time.Since(start), 5*time.Second)
	code, _, _ = runRush(t, context.Background(), board, "--limit-states", "1000")
	assert.Equal(t, ExitTimeout, code)
}
