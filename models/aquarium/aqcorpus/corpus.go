// Package aqcorpus finds and reads the shared corpus of real Aquarium
// puzzles for tests and benchmarks: one Record per line of its JSON Lines
// files (the corpus's FORMAT.md), read here directly so that the models'
// tests do not depend on the frontends. The corpus lives in the team's
// workspace beside the repository, not in a clone: Load skips the test
// when it is not there.
package aqcorpus

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Dir finds the corpus: shared/corpus/aquarium in the working directory (a
// test's package folder) or the nearest folder above it that has one, so
// that packages at any depth, in any checkout beside the shared folder,
// find it. It returns "" when there is none.
func Dir() string {
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

// Record is one line of the corpus.
type Record struct {
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
	URL            string   `json:"url"`
	Task           string   `json:"task"`
}

// Puzzle returns the record's puzzle.
func (c Record) Puzzle() *aquarium.Puzzle {
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

// Grid returns the record's solution, or the zero Solution when it has
// none.
func (c Record) Grid() aquarium.Solution {
	if c.Solution == nil {
		return aquarium.Solution{}
	}
	s := aquarium.NewSolution(c.Width, c.Height)
	for r, row := range c.Solution {
		for col, ch := range row {
			s.Cells[r*c.Width+col] = map[rune]aquarium.Cell{'#': aquarium.Water, '.': aquarium.Empty}[ch]
		}
	}
	return s
}

// Load reads every record of the corpus, and skips the test when there is
// no corpus.
func Load(tb testing.TB) []Record {
	tb.Helper()
	dir := Dir()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if dir == "" || len(files) == 0 {
		tb.Skipf("no shared/corpus/aquarium above the working directory (it is not part of a clone)")
	}
	var all []Record
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var c Record
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			all = append(all, c)
		}
		if err := sc.Err(); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		f.Close()
	}
	return all
}
