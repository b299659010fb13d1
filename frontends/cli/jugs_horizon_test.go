package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

// TestJugsSolveMethodsAgree solves the testdata puzzles with every method:
// the statuses and the numbers of steps must agree, and every plan must
// pass the checker.
func TestJugsSolveMethodsAgree(t *testing.T) {
	puzzles := readJugs(t, jugsFile("mixed.jsonl"))
	byMethod := map[string]map[string]jugsOut{}
	for _, method := range jugskind.MethodNames() {
		code, out, errOut := runJugs(t, context.Background(), "", "--method", method, "--format", "json", jugsFile("mixed.jsonl"))
		assert.Equal(t, ExitFailed, code, "%s: one puzzle is unsolvable: %s", method, errOut)
		byMethod[method] = map[string]jugsOut{}
		for _, rec := range jugsJSON(t, out) {
			assert.Equal(t, method, rec.Method)
			if rec.Status == StatusSolved {
				assert.NoError(t, jugs.Check(puzzles[rec.ID], rec.Plan.Plan()), "%s %s", method, rec.ID)
			}
			byMethod[method][rec.ID] = rec
		}
		require.Len(t, byMethod[method], len(puzzles), method)
	}
	for id, want := range byMethod["bfs"] {
		for _, method := range []string{"sat", "cp"} {
			got := byMethod[method][id]
			assert.Equal(t, want.Status, got.Status, "%s %s", method, id)
			assert.Equal(t, want.Steps, got.Steps, "%s %s", method, id)
		}
	}
}

// TestJugsSolveExternalSAT runs an external DIMACS solver, when one is in
// the PATH.
func TestJugsSolveExternalSAT(t *testing.T) {
	found := false
	for _, name := range []string{"cadical", "minisat", "kissat", "picosat"} {
		if _, err := exec.LookPath(name); err != nil {
			continue
		}
		found = true
		code, out, errOut := runJugs(t, context.Background(), "", "--method", "sat", "--backend", "dimacs:"+name, "--format", "json",
			"--capacities", "8,5,3", "--initial", "8,0,0", "--no-tap", "--goal-state", "4,4,0")
		require.Equal(t, ExitOK, code, "%s: %s", name, errOut)
		recs := jugsJSON(t, out)
		require.Len(t, recs, 1)
		assert.Equal(t, 7, *recs[0].Steps, name)
		assert.Equal(t, "dimacs:"+name, recs[0].Stats["backend"])
		if name != "picosat" { // picosat prints no counts
			assert.Contains(t, recs[0].Stats, "conflicts", "%s counts its conflicts", name)
		}
	}
	if !found {
		t.Skip("no DIMACS solver (cadical, minisat, kissat, picosat) in the PATH")
	}
}

func TestJugsSolveHorizonStats(t *testing.T) {
	code, _, errOut := runJugs(t, context.Background(), "", "--stats", "--method", "sat", "--capacities", "3,5", "--target", "4")
	require.Equal(t, ExitOK, code)
	assert.Regexp(t, `^flags: sat: [0-9.]+ ms, backend=gini encoding=order fast_path=false horizon=6 vars=\d+ clauses=\d+ solves=7 rounds=0:[0-9.]+,1:[0-9.]+,2:`, errOut,
		"auto picks order with a tap; gini counts no conflicts; one solve per round: the reachable states bound the horizon, so no round asks for a loop-free path first")
	code, _, errOut = runJugs(t, context.Background(), "", "--stats", "--method", "sat", "--capacities", "8,5,3", "--initial", "8,0,0", "--no-tap", "--target", "4")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, errOut, "encoding=binary", "auto picks binary without a tap")
	code, out, errOut := runJugs(t, context.Background(), "", "--format", "json", "--method", "sat", "--encoding", "binary", "--capacities", "3,5", "--target", "4")
	require.Equal(t, ExitOK, code, errOut)
	recs := jugsJSON(t, out)
	require.Len(t, recs, 1)
	assert.Equal(t, 6, *recs[0].Steps, "the binary encoding finds the optimum too")
	assert.Equal(t, "binary", recs[0].Stats["encoding"])
	code, _, errOut = runJugs(t, context.Background(), "", "--method", "sat", "--encoding", "bin", "--capacities", "3,5", "--target", "4")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `unknown --encoding "bin" (want auto, binary or order); did you mean "binary"?`)
	code, _, errOut = runJugs(t, context.Background(), "", "--method", "cp", "--encoding", "binary", "--capacities", "3,5", "--target", "4")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--encoding applies to --method sat, not cp")
	code, out, _ = runJugs(t, context.Background(), "", "--format", "json", "--method", "cp", "--capacities", "3,5", "--target", "4")
	require.Equal(t, ExitOK, code)
	recs = jugsJSON(t, out)
	require.Len(t, recs, 1)
	for _, key := range []string{"fast_path", "horizon", "nodes", "failures", "dead_ends", "rounds"} {
		assert.Contains(t, recs[0].Stats, key)
	}
	rounds, ok := recs[0].Stats["rounds"].([]any)
	require.True(t, ok, "rounds is a list")
	assert.Len(t, rounds, 7, "k = 0 to 6")
}

// TestJugsSolveCorpusHorizon runs sat and cp on the corpus puzzles of
// issue 4's bounded-horizon size through the command: every plan has
// exactly optimal_steps. SAT skips the four-jug puzzles it needs tens of
// seconds for (models/jugs runs them with -long).
func TestJugsSolveCorpusHorizon(t *testing.T) {
	const dir = "../../../shared/corpus/pour"
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no jug corpus at %s (the shared corpus sits beside the repository)", dir)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		entries, err := jugsfmt.Parse(file, data)
		require.NoError(t, err)
		lines := strings.Split(string(data), "\n")
		for _, e := range entries {
			if e.OptimalSteps == nil || *e.OptimalSteps > 20 || slices.Max(e.Puzzle.Capacities) > 100 {
				continue
			}
			for _, method := range []string{"cp", "sat"} {
				if method == "sat" && e.Puzzle.NumJugs() >= 4 && *e.OptimalSteps >= 8 {
					continue
				}
				code, out, errOut := runJugs(t, context.Background(), lines[e.Line-1], "--method", method, "--format", "json")
				require.Equal(t, ExitOK, code, "%s %s: %s", method, e.ID, errOut)
				recs := jugsJSON(t, out)
				require.Len(t, recs, 1)
				assert.Equal(t, *e.OptimalSteps, *recs[0].Steps, "%s %s", method, e.ID)
				assert.NoError(t, jugs.Check(e.Puzzle, recs[0].Plan.Plan()), "%s %s", method, e.ID)
			}
		}
	}
}
