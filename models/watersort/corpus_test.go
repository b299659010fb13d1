package watersort

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusDir is the shared corpus, beside the repository.
const corpusDir = "../../../shared/corpus/watersort"

// corpusLevel is one line of the corpus, read with the fields the tests use.
type corpusLevel struct {
	ID        string     `json:"id"`
	Capacity  int        `json:"capacity"`
	Bottles   [][]string `json:"bottles"`
	BestWhole *int       `json:"best_known_moves"`
	BestFits  *int       `json:"best_known_moves_pour_max"`
	Optimal   *bool      `json:"optimal"`
	Solvable  bool       `json:"solvable"`
	puzzle    *Puzzle
}

// loadCorpus reads every corpus level, or skips the test when the corpus is
// absent.
func loadCorpus(t testing.TB) []corpusLevel {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no corpus at %s (the shared folder beside the repository)", corpusDir)
	}
	var levels []corpusLevel
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var lv corpusLevel
			if err := json.Unmarshal(sc.Bytes(), &lv); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			lv.puzzle = lv.toPuzzle()
			levels = append(levels, lv)
		}
		fh.Close()
	}
	return levels
}

func (lv corpusLevel) toPuzzle() *Puzzle {
	p := &Puzzle{Capacity: lv.Capacity}
	ids := map[string]int{}
	for _, b := range lv.Bottles {
		bottle := []int{}
		for _, tok := range b {
			id, ok := ids[tok]
			if !ok {
				id = len(ids)
				ids[tok] = id
				p.Colors = append(p.Colors, tok)
			}
			bottle = append(bottle, id)
		}
		p.Bottles = append(p.Bottles, bottle)
	}
	return p
}

var long = flag.Bool("long", false, "run the slow cases too (BFS on the biggest corpus levels)")

// TestCorpus solves every corpus level under both rules: unsolvable levels
// must be proven so, and on solvable ones BFS and A* must find plans of
// exactly the best known length, greedy a valid plan no shorter. Every plan
// is replayed by the checker.
func TestCorpus(t *testing.T) {
	for _, lv := range loadCorpus(t) {
		for _, rule := range []Rule{Whole, Fits} {
			want := lv.BestWhole
			if rule == Fits {
				want = lv.BestFits
			}
			for _, m := range []Method{BFS, AStar, Greedy} {
				t.Run(fmt.Sprintf("%s/%v/%v", lv.ID, rule, m), func(t *testing.T) {
					opt := Options{Rule: rule, Method: m}
					if m == BFS && !*long {
						opt.MaxStates = 1 << 18
					}
					res, err := Solve(t.Context(), lv.puzzle, opt)
					if errors.Is(err, ErrLimit) && !*long {
						t.Skipf("BFS stores over %d states here; run with -long", opt.MaxStates)
					}
					require.NoError(t, err)
					if !lv.Solvable {
						assert.Equal(t, Unsolvable, res.Status)
						return
					}
					require.Equal(t, Solved, res.Status)
					require.NoError(t, Check(lv.puzzle, rule, res.Plan))
					require.NotNil(t, want, "a solvable level without a best known count")
					if m == Greedy {
						assert.False(t, res.Optimal)
						assert.GreaterOrEqual(t, len(res.Plan), *want)
						return
					}
					assert.True(t, res.Optimal)
					assert.Equal(t, *want, len(res.Plan), "moves of the optimal plan")
				})
			}
		}
	}
}
