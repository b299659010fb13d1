package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

const tilesTestdata = "../../testdata/tiles"

// runTiles runs "waterworks tiles solve args..." with the pattern
// databases cached in a directory of the test's.
func runTiles(t *testing.T, ctx context.Context, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	args = append([]string{"tiles", "solve"}, args...)
	if !strings.Contains(strings.Join(args, " "), "--pdb-cache") {
		args = append(args, "--pdb-cache", t.TempDir())
	}
	code := Main(ctx, args, IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	return code, out.String(), errOut.String()
}

// tilesRecords decodes JSON Lines output.
func tilesRecords(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var r map[string]any
		require.NoError(t, dec.Decode(&r))
		recs = append(recs, r)
	}
	return recs
}

// readBoards reads the boards of a testdata file.
func readBoards(t *testing.T, name string) []*tiles.Puzzle {
	data, err := os.ReadFile(filepath.Join(tilesTestdata, name))
	require.NoError(t, err)
	var out []*tiles.Puzzle
	for _, lv := range tilesfmt.Parse(name, data) {
		require.NoError(t, lv.Err)
		out = append(out, lv.Puzzle)
	}
	return out
}

// Every method solves the 8-puzzle boards optimally; the text output's
// blank moves replay to the goal with the checker and the tiles line
// names the tiles they slide.
func TestTilesSolveMethods(t *testing.T) {
	boards := readBoards(t, "eight.txt")
	lengths := map[string][]int{}
	for _, args := range [][]string{{"--method", "ida"}, {"--method", "ida", "--heuristic", "manhattan"}, {"--method", "bfs"}, {"--method", "sat", "--timeout", "2m"}} {
		name := strings.Join(args, " ")
		file := filepath.Join(tilesTestdata, "eight.txt")
		if args[1] == "sat" {
			// the 31-move board takes the SAT solver long: leave it out
			file = "-"
		}
		stdin := "1 2 0 3 4 5 6 7 8\n\n7 2 4 5 0 6 8 3 1\n"
		code, out, errOut := runTiles(t, context.Background(), stdin, append(args, file)...)
		require.Equal(t, ExitOK, code, "%s: %s", name, errOut)
		blocks := strings.Split(strings.TrimSpace(out), "\n\n")
		for i, block := range blocks {
			lines := strings.Split(block, "\n")
			require.Len(t, lines, 3, block)
			assert.Contains(t, lines[0], "(optimal; ")
			plan, err := tiles.ParsePlan(strings.TrimPrefix(lines[1], "blank: "))
			require.NoError(t, err)
			p := boards[i]
			if file == "-" {
				p = boards[2*i] // the first and the third of eight.txt
			}
			require.NoError(t, tiles.Check(p, plan), "%s: %s", name, block)
			_, slid, _ := p.Apply(plan)
			want := make([]string, len(slid))
			for k, tile := range slid {
				want[k] = strconv.Itoa(tile)
			}
			assert.Equal(t, "tiles: "+strings.Join(want, " "), lines[2])
			lengths[name] = append(lengths[name], len(plan))
		}
	}
	assert.Equal(t, []int{2, 31, 26}, lengths["--method ida"])
	assert.Equal(t, lengths["--method ida"], lengths["--method ida --heuristic manhattan"])
	assert.Equal(t, lengths["--method ida"], lengths["--method bfs"])
	assert.Equal(t, []int{2, 26}, lengths["--method sat --timeout 2m"])
}

// JSON records carry the status, the steps, the plan and the tiles slid;
// an unsolvable board is answered by parity with exit 1.
func TestTilesSolveJSON(t *testing.T) {
	// (Manhattan: the 15-puzzle databases take seconds to build.)
	code, out, errOut := runTiles(t, context.Background(), "", "--format", "json", "--heuristic", "manhattan", filepath.Join(tilesTestdata, "mixed.txt"))
	assert.Equal(t, ExitFailed, code, errOut)
	recs := tilesRecords(t, out)
	require.Len(t, recs, 3)
	assert.Equal(t, "solved", recs[0]["status"])
	assert.Equal(t, "3x2", recs[0]["size"])
	assert.EqualValues(t, 3, recs[0]["steps"])
	assert.Equal(t, []any{"U", "L", "L"}, recs[0]["plan"])
	assert.Equal(t, []any{5.0, 2.0, 1.0}, recs[0]["slid"])
	assert.Equal(t, "manhattan", recs[1]["heuristic"])
	assert.EqualValues(t, 1, recs[1]["steps"])
	assert.Equal(t, "unsolvable", recs[2]["status"])
	assert.Contains(t, recs[2]["reason"], "odd permutation")
	assert.Nil(t, recs[2]["steps"])
}

func TestTilesSolveCSV(t *testing.T) {
	code, out, _ := runTiles(t, context.Background(), "1 0 2 3 4 5 6 7 8\n", "--format", "csv", "--heuristic", "manhattan")
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, "id,status,method,heuristic,size,steps,optimal,ms,expanded,stored,plan,slid,reason,error", strings.Split(out, "\n")[0])
	assert.Contains(t, out, "-:1,solved,ida,manhattan,3x3,1,true,")
}

// Bad input is reported with file:line:col, exit 2, and the other boards
// are still solved.
func TestTilesSolveBadInput(t *testing.T) {
	bad, _ := filepath.Glob(filepath.Join(tilesTestdata, "bad", "*"))
	require.NotEmpty(t, bad)
	code, out, errOut := runTiles(t, context.Background(), "", append([]string{"--format", "json"}, append(bad, filepath.Join(tilesTestdata, "eight.txt"))...)...)
	assert.Equal(t, ExitUsage, code)
	assert.Regexp(t, `repeat.txt:3:5: tile 1 again`, errOut)
	assert.Regexp(t, `ragged.txt:2:3: row 2 has 2 tiles`, errOut)
	assert.Regexp(t, `notsquare.txt:1:1: one line of 8 tiles`, errOut)
	solved := 0
	for _, r := range tilesRecords(t, out) {
		if r["status"] == "solved" {
			solved++
		} else {
			assert.Equal(t, "error", r["status"])
		}
	}
	assert.Equal(t, 3, solved)
}

func TestTilesSolveUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--method", "dfs"},
		{"--heuristic", "hamming"},
		{"--backend", "gini"},
		{"--method", "sat", "--backend", "nosuch"},
		{"--limit-states", "10"},
		{"--jobs", "0"},
	} {
		code, _, errOut := runTiles(t, context.Background(), "1 0 2 3\n", args...)
		assert.Equal(t, ExitUsage, code, "%v: %s", args, errOut)
	}
	code, _, errOut := runTiles(t, context.Background(), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n", "--heuristic", "pdb")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "no pattern databases for 5×5 boards")
}

// --timeout stops a long search promptly with exit 124 and status unknown.
func TestTilesSolveTimeout(t *testing.T) {
	start := time.Now()
	// Korf's instance 88 takes Manhattan IDA* billions of nodes.
	code, out, _ := runTiles(t, context.Background(), "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n", "--heuristic", "manhattan", "--timeout", "100ms", "--format", "json")
	assert.Equal(t, ExitTimeout, code)
	assert.Less(t, time.Since(start), 5*time.Second)
	recs := tilesRecords(t, out)
	require.Len(t, recs, 1)
	assert.Equal(t, "unknown", recs[0]["status"])
	assert.Equal(t, "timed out", recs[0]["reason"])
}

// The pattern databases are written to the cache once, read back later,
// and rebuilt when the file is corrupt.
func TestTilesPatternCache(t *testing.T) {
	dir := t.TempDir()
	run := func() string {
		code, _, errOut := runTiles(t, context.Background(), "1 0 2 3 4 5 6 7 8\n", "--stats", "--pdb-cache", dir)
		require.Equal(t, ExitOK, code, errOut)
		return errOut
	}
	assert.Contains(t, run(), "built in")
	files, _ := filepath.Glob(filepath.Join(dir, "tiles-pdb-v*-3x3-1.2.3.4_5.6.7.8.bin"))
	require.Len(t, files, 1)
	assert.Contains(t, run(), "read from "+files[0])
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	data[len(data)/2] ^= 1
	require.NoError(t, os.WriteFile(files[0], data, 0o644))
	assert.Contains(t, run(), "checksum")
	assert.Contains(t, run(), "read from")
	require.NoError(t, os.WriteFile(files[0], data[:100], 0o644))
	assert.Contains(t, run(), "tables: unexpected EOF")
}

// --timeout also bounds building the 15-puzzle databases: the board is
// answered unknown, exit 124, promptly.
func TestTilesSolveTimeoutWhileBuilding(t *testing.T) {
	start := time.Now()
	code, out, errOut := runTiles(t, context.Background(), "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n", "--timeout", "200ms", "--format", "json")
	assert.Equal(t, ExitTimeout, code, errOut)
	assert.Less(t, time.Since(start), 5*time.Second)
	recs := tilesRecords(t, out)
	require.Len(t, recs, 1)
	assert.Equal(t, "unknown", recs[0]["status"])
	assert.Equal(t, "timed out", recs[0]["reason"])
}
