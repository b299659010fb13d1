package aquarium

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
)

// corpusDir is the shared corpus of real puzzles, present in the team's
// workspace but not in a user's clone.
const corpusDir = "../../../shared/corpus/aquarium"

// corpusPuzzle is one line of the corpus, read here directly so that the
// model's tests do not depend on the frontends.
type corpusPuzzle struct {
	ID             string   `json:"id"`
	Width          int      `json:"width"`
	Height         int      `json:"height"`
	Regions        [][]int  `json:"regions"`
	Cols           []*int   `json:"cols"`
	Rows           []*int   `json:"rows"`
	Solution       []string `json:"solution"`
	Unique         bool     `json:"unique"`
	UniquePoolRule bool     `json:"unique_pool_rule"`
	Difficulty     string   `json:"difficulty"`
}

func (c corpusPuzzle) puzzle() *Puzzle {
	p := &Puzzle{Width: c.Width, Height: c.Height}
	for _, row := range c.Regions {
		p.Regions = append(p.Regions, row...)
	}
	clue := func(k *int) int {
		if k == nil {
			return NoClue
		}
		return *k
	}
	for _, k := range c.Cols {
		p.Cols = append(p.Cols, clue(k))
	}
	for _, k := range c.Rows {
		p.Rows = append(p.Rows, clue(k))
	}
	return p
}

func loadCorpus(tb testing.TB) []corpusPuzzle {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if len(files) == 0 {
		tb.Skipf("corpus not found at %s (it is not part of a clone)", corpusDir)
	}
	var all []corpusPuzzle
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(tb, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var c corpusPuzzle
			require.NoError(tb, json.Unmarshal(sc.Bytes(), &c), "%s", name)
			all = append(all, c)
		}
		require.NoError(tb, sc.Err())
		f.Close()
	}
	return all
}

// TestCorpusCP solves every corpus puzzle with the CP model under both
// rules, checks every solution independently, and compares uniqueness with
// the corpus's own counts.
func TestCorpusCP(t *testing.T) {
	for _, c := range loadCorpus(t) {
		t.Run(c.ID, func(t *testing.T) {
			p := c.puzzle()
			require.NoError(t, p.Validate())
			for _, rule := range []Rule{RegionRule, PoolRule} {
				res, err := SolveCP(context.Background(), p, rule, 2, cp.Limits{})
				require.NoError(t, err)
				require.NotEmpty(t, res.Solutions, "%v rule: no solution", rule)
				for _, s := range res.Solutions {
					require.NoError(t, Check(p, s, rule), "%v rule", rule)
				}
				unique := len(res.Solutions) == 1 && res.Exhausted
				want := c.Unique
				if rule == PoolRule {
					want = c.UniquePoolRule
				}
				require.Equal(t, want, unique, "%v rule: uniqueness", rule)
				if rule == RegionRule && c.Unique && c.Solution != nil {
					require.Equal(t, c.Solution, res.Solutions[0].Rows())
				}
			}
		})
	}
}

func TestCheckAcceptsCorpusSolutions(t *testing.T) {
	for _, c := range loadCorpus(t) {
		if c.Solution == nil {
			continue
		}
		p := c.puzzle()
		s := NewSolution(c.Width, c.Height)
		for r, row := range c.Solution {
			for col, ch := range row {
				s.Cells[r*c.Width+col] = map[rune]Cell{'#': Water, '.': Empty}[ch]
			}
		}
		require.NoError(t, Check(p, s, RegionRule), c.ID)
		// Flipping any one cell breaks a row count at least.
		i := slices.Index(s.Cells, Water)
		s.Cells[i] = Empty
		require.ErrorIs(t, Check(p, s, RegionRule), ErrWrongSolution, c.ID)
	}
}
