// Package aqtest holds what the tests of the Aquarium packages share: the
// shared corpus of real puzzles, random small puzzles, every solution of a
// puzzle, and the soundness check of a deduction. Only tests import it.
package aqtest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// CorpusDir finds the shared corpus of real puzzles, present in the team's
// workspace but not in a user's clone: shared/corpus/aquarium in the
// working directory (a test's package folder) or the nearest folder above
// it that has one, so that packages at any depth, in any checkout beside
// the shared folder, find it. It returns "" when there is none.
func CorpusDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		c := filepath.Join(dir, "shared", "corpus", "aquarium")
		if fi, err := os.Stat(c); err == nil && fi.IsDir() {
			return c
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// CorpusPuzzle is one line of the corpus, read here directly so that the
// model's tests do not depend on the frontends.
type CorpusPuzzle struct {
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

// Puzzle returns the corpus line as a puzzle.
func (c CorpusPuzzle) Puzzle() *aquarium.Puzzle {
	p := &aquarium.Puzzle{Width: c.Width, Height: c.Height}
	for _, row := range c.Regions {
		p.Regions = append(p.Regions, row...)
	}
	clue := func(k *int) int {
		if k == nil {
			return aquarium.NoClue
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

// LoadCorpus reads every puzzle of the shared corpus, and skips the test
// when there is no corpus.
func LoadCorpus(tb testing.TB) []CorpusPuzzle {
	tb.Helper()
	dir := CorpusDir()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if dir == "" || len(files) == 0 {
		tb.Skipf("no shared/corpus/aquarium above the working directory (it is not part of a clone)")
	}
	var all []CorpusPuzzle
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(tb, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var c CorpusPuzzle
			require.NoError(tb, json.Unmarshal(sc.Bytes(), &c), "%s", name)
			all = append(all, c)
		}
		require.NoError(tb, sc.Err())
		f.Close()
	}
	return all
}
