package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind/kinds"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
)

// compareSortRow is a row of compare's JSON output.
type compareSortRow struct {
	Kind, ID, Engine, Status, Answer string
	Agree                            *bool
	Stats                            map[string]any
}

func compareRows(t *testing.T, out string) []compareSortRow {
	t.Helper()
	var rows []compareSortRow
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r compareSortRow
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		rows = append(rows, r)
	}
	return rows
}

// solvableLevels returns the three solvable levels of generated.jsonl (the
// fourth is unsolvable, which the SAT method would take a while to reach
// its horizon on).
func solvableLevels(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(sortFile("generated.jsonl"))
	require.NoError(t, err)
	return strings.Join(strings.Split(string(data), "\n")[:3], "\n")
}

// TestCompareSort runs the search methods and the SAT method on Water Sort
// levels in both formats under both rules: every proving engine gives the
// same optimum, greedy stays out of the agreement, and an unsolvable level
// is proven so by the searches while the SAT method stops at its horizon.
func TestCompareSort(t *testing.T) {
	for _, rule := range []string{"whole", "fits"} {
		t.Run(rule, func(t *testing.T) {
			if testing.Short() && rule == "fits" {
				t.Skip("-short (CI's race run): one rule runs every engine through compare; the plain run checks both")
			}
			code, out, errOut := run(t, solvableLevels(t), "compare", "--format", "json", "--rule", rule,
				"--engines", "bfs,astar,greedy,sat/gini", "--max-moves", "18",
				sortFile("three-colours.txt"), "-", sortFile("stuck.txt"))
			require.Equal(t, ExitOK, code, errOut)
			rows := compareRows(t, out)
			require.Len(t, rows, 5*4)
			optimum := map[string]string{}
			for _, r := range rows {
				assert.Equal(t, "sort", r.Kind)
				if r.ID == sortFile("stuck.txt") {
					if r.Engine == "sat/gini" {
						assert.Equal(t, "unknown", r.Status)
						assert.Equal(t, "no plan of at most 18 moves, not a proof of unsolvability", r.Answer)
						assert.Nil(t, r.Agree, "an unknown is left out of the agreement")
					} else {
						assert.Equal(t, "unsolvable", r.Status, r.Engine)
						require.NotNil(t, r.Agree)
						assert.True(t, *r.Agree)
					}
					continue
				}
				require.Equal(t, "solved", r.Status, "%s on %s", r.Engine, r.ID)
				if r.Engine == "greedy" {
					assert.Regexp(t, `^\d+ moves$`, r.Answer)
					assert.Nil(t, r.Agree, "greedy's plans are not claimed optimal")
					continue
				}
				assert.Regexp(t, `^optimal \d+$`, r.Answer)
				require.NotNil(t, r.Agree)
				assert.True(t, *r.Agree)
				if want, ok := optimum[r.ID]; ok {
					assert.Equal(t, want, r.Answer, "%s on %s", r.Engine, r.ID)
				}
				optimum[r.ID] = r.Answer
				if r.Engine == "sat/gini" {
					assert.Contains(t, r.Stats, "horizons")
					assert.Contains(t, r.Stats, "clauses")
				} else {
					assert.Contains(t, r.Stats, "stored")
				}
			}
			assert.Len(t, optimum, 4)
		})
	}
}

// TestCompareSortDetection: Water Sort text levels are told from Aquarium
// puzzles by their content, with or without a capacity line, and a level
// with a mistake gets the Water Sort reader's message.
func TestCompareSortDetection(t *testing.T) {
	for _, level := range []string{
		"capacity 2\nred blue\nblue red\n-\n",
		"a b a\nb a b\n-\n-\n",
		"# digits are colours too\n1 2\n2 1\n-\n",
	} {
		code, out, errOut := run(t, level, "compare", "--format", "json", "--engines", "bfs,sat", "-")
		require.Equal(t, ExitOK, code, "%q: %s", level, errOut)
		for _, r := range compareRows(t, out) {
			assert.Equal(t, "sort", r.Kind, "%q", level)
		}
	}
	code, _, errOut := run(t, "capacity 2\nred blue\nblue\n-\n", "compare", "-")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "-:", "a positioned message")
	assert.Contains(t, errOut, "colour red has 1 units")

	grid := []byte("  3 2 1 2\n0 x a a x\n2 x a a x\n2 b b c c\n4 bbcc\n")
	assert.Equal(t, "aquarium", detectKind(kinds.All(), "", grid).Name, "an Aquarium grid")
	assert.False(t, sortkind.Detect([]byte(`{"id":"j","capacities":[3,5],"target":4}`)), "a jug puzzle")
	assert.True(t, sortkind.Detect([]byte(`{"id":"s","capacity":2,"bottles":[["a","b"],["b","a"],[]]}`)))
}

// TestCompareSortRule: --rule takes whole or fits for Water Sort only.
func TestCompareSortRule(t *testing.T) {
	level := sortFile("three-colours.txt")
	code, _, errOut := run(t, "", "compare", "--rule", "pool", level)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--rule pool does not apply to sort puzzles")
	code, _, errOut = run(t, "", "compare", "--rule", "fits", filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--rule fits does not apply to aquarium puzzles")
	code, _, errOut = run(t, "", "compare", "--rule", "most", level)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `unknown --rule "most"`)
	code, _, errOut = run(t, "", "compare", "--max-moves", "-1", level)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "negative --max-steps")
}

// TestCompareSortCorpus compares BFS, A* and the SAT method on the corpus
// levels of up to 7 bottles of capacity 4 under both rules: they agree,
// and the optimum is the corpus's best known count.
func TestCompareSortCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/watersort/*.jsonl")
	if len(files) == 0 {
		t.Skip("no corpus at ../../../shared/corpus/watersort (the shared folder beside the repository)")
	}
	type level struct {
		ID       string     `json:"id"`
		Capacity int        `json:"capacity"`
		Bottles  [][]string `json:"bottles"`
		Whole    *int       `json:"best_known_moves"`
		Fits     *int       `json:"best_known_moves_pour_max"`
	}
	var small []string
	best := map[string][2]int{}
	for _, f := range files {
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var lv level
			require.NoError(t, json.Unmarshal(sc.Bytes(), &lv))
			if lv.Capacity == 4 && len(lv.Bottles) <= 7 && lv.Whole != nil {
				small = append(small, sc.Text())
				best[lv.ID] = [2]int{*lv.Whole, *lv.Fits}
			}
		}
		require.NoError(t, fh.Close())
	}
	require.NotEmpty(t, small)
	for i, rule := range []string{"whole", "fits"} {
		code, out, errOut := run(t, strings.Join(small, "\n"), "compare", "--format", "json", "--rule", rule,
			"--engines", "bfs,astar,sat/gini", "-")
		require.Equal(t, ExitOK, code, errOut)
		rows := compareRows(t, out)
		require.Len(t, rows, 3*len(small))
		for _, r := range rows {
			require.Equal(t, "solved", r.Status, "%s on %s", r.Engine, r.ID)
			assert.Equal(t, "optimal "+strconv.Itoa(best[r.ID][i]), r.Answer, "%s on %s under %s", r.Engine, r.ID, rule)
		}
	}
}
