package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// compare runs the searches and the SAT horizon on torch and river files;
// they agree on the optimum (torch: the least total time; river: the
// fewest crossings) and on unsolvability, and it says so in every row.
func TestCompareCrossings(t *testing.T) {
	for _, tc := range []struct {
		kind, engines string
		files         []string
		answers       map[string]string // id to the agreed answer
	}{
		{"torch", "astar,ucs,sat/gini", []string{filepath.Join(torchTestdata, "classic.jsonl"), filepath.Join(torchTestdata, "impossible.jsonl")},
			map[string]string{"classic-17": "optimal 17 minutes", "capacity-3": "optimal 13 minutes", "classic-in-16": "unsolvable"}},
		{"river", "bfs,sat", []string{filepath.Join(riverTestdata, "wolf-goat-cabbage.txt"), filepath.Join(riverTestdata, "missionaries-4-4.txt"),
			filepath.Join(riverTestdata, "jealous-husbands-3.txt")},
			map[string]string{"wolf-goat-cabbage.txt": "optimal 7 crossings", "missionaries-4-4.txt": "unsolvable", "jealous-husbands-3.txt": "optimal 11 crossings"}},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			code, out, errOut := runCompareOn(t, "", append([]string{"--format", "json", "--engines", tc.engines}, tc.files...)...)
			require.Equal(t, ExitOK, code, errOut)
			engines := map[string]bool{}
			got := map[string]map[string]bool{}
			for _, r := range tilesRecords(t, out) {
				assert.Equal(t, tc.kind, r["kind"])
				assert.Equal(t, true, r["agree"], "%v", r)
				id := filepath.Base(r["id"].(string))
				if got[id] == nil {
					got[id] = map[string]bool{}
				}
				got[id][strings.SplitN(r["answer"].(string), " (", 2)[0]] = true
				engines[r["engine"].(string)] = true
			}
			assert.GreaterOrEqual(t, len(engines), len(strings.Split(tc.engines, ",")))
			for id, want := range tc.answers {
				assert.Equal(t, map[string]bool{want: true}, got[id], id)
			}
		})
	}
}
