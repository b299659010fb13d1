// Package aqcorpus finds and reads the shared corpus of real Aquarium
// puzzles for tests and benchmarks: one aqrecord.Record per line of its
// JSON Lines files (the corpus's FORMAT.md), read here directly so that
// the models' tests do not depend on the frontends. The corpus lives in
// the team's workspace beside the repository, not in a clone: Load skips
// the test when it is not there.
package aqcorpus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/waterworks-solver/waterworks/models/aquarium/aqrecord"
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
type Record = aqrecord.Record

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
		recs, err := aqrecord.ReadAll(f)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		all = append(all, recs...)
	}
	return all
}
