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

	"github.com/waterworks-solver/waterworks/frontends/kind/kinds"
)

func runCompareOn(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), append([]string{"compare"}, args...), IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	return code, out.String(), errOut.String()
}

// compare runs IDA* under both estimates, BFS and SAT on 8-puzzle boards,
// and they agree on the optimal length, and on unsolvability (BFS by
// exhausting the boards, the others by parity).
func TestCompareTiles(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the 8-puzzle databases' cache
	boards := "1 2 0 3 4 5 6 7 8\n\n3 1 2 4 0 5 6 7 8\n\n1 4 2 3 0 5 6 7 8\n\n7 2 4 5 0 6 8 3 1\n\n2 1 0 3 4 5 6 7 8\n"
	n := 5
	if testing.Short() {
		// CI's race run: the three easy boards keep every engine and the
		// agreement in play; the 26-move board and the unsolvable one, whose
		// searches take minutes under the race detector, are the plain run's.
		boards, n = "1 2 0 3 4 5 6 7 8\n\n3 1 2 4 0 5 6 7 8\n\n1 4 2 3 0 5 6 7 8\n", 3
	}
	code, out, errOut := runCompareOn(t, boards, "--format", "json", "--engines", "ida,ida-manhattan,bfs,sat/gini", "-")
	require.Equal(t, ExitOK, code, errOut)
	recs := tilesRecords(t, out)
	require.Len(t, recs, n*4)
	answers := map[string]map[string]bool{}
	engines := map[string]bool{}
	for _, r := range recs {
		assert.Equal(t, "tiles", r["kind"])
		assert.Equal(t, true, r["agree"], "%v", r)
		id := r["id"].(string)
		if answers[id] == nil {
			answers[id] = map[string]bool{}
		}
		answers[id][strings.SplitN(r["answer"].(string), " (", 2)[0]] = true
		engines[r["engine"].(string)] = true
	}
	assert.Len(t, engines, 4)
	if testing.Short() {
		return
	}
	assert.Equal(t, map[string]bool{"optimal 26": true}, answers["-:7"])
	assert.Equal(t, map[string]bool{"unsolvable": true}, answers["-:9"])
	assert.Contains(t, out, `"answer":"unsolvable (181440 boards explored)"`)
}

func TestCompareRush(t *testing.T) {
	code, out, errOut := runCompareOn(t, "", "--format", "json", filepath.Join(rushTestdata, "forty.txt"), filepath.Join(rushTestdata, "json.jsonl"))
	require.Equal(t, ExitOK, code, errOut)
	recs := tilesRecords(t, out)
	require.Len(t, recs, 2*43)
	for _, r := range recs {
		assert.Equal(t, "rush", r["kind"])
		assert.Equal(t, true, r["agree"], "%v", r)
	}
}

// The content tells tiles and Rush Hour inputs from the others, broken
// ones included, so they get their own reader's message.
func TestDetectTilesAndRush(t *testing.T) {
	for kind, files := range map[string][]string{
		"tiles": {"tiles/eight.txt", "tiles/mixed.txt", "tiles/korf100.jsonl", "tiles/bad/repeat.txt", "tiles/bad/ragged.txt"},
		"rush":  {"rush/forty.txt", "rush/json.jsonl", "rush/readme49.txt", "rush/bad/two-a.txt", "rush/bad/ragged.txt", "rush/bad/one-cell.txt"},
	} {
		for _, file := range files {
			data, err := os.ReadFile(filepath.Join("../../testdata", file))
			require.NoError(t, err)
			assert.Equal(t, kind, detectKind(kinds.All(), "", data).Name, file)
		}
	}
}
