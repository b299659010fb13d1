// Package fmttest holds what the fuzz tests of the format readers share:
// seeding a fuzz corpus from testdata files, and the check that every
// problem a reader reports has its place in the input.
package fmttest

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// Seed adds the contents of every file of dir matching the patterns to
// f's corpus; it fails f when no file matches.
func Seed(f *testing.F, dir string, patterns ...string) {
	f.Helper()
	n := 0
	for _, pattern := range patterns {
		files, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
			n++
		}
	}
	if n == 0 {
		f.Fatalf("no seed files in %s matching %v", dir, patterns)
	}
}

// Positioned fails t unless every problem of err is an *inputerr.Error
// with a line.
func Positioned(t testing.TB, err error) {
	t.Helper()
	for _, e := range inputerr.All(err) {
		var pe *inputerr.Error
		if !errors.As(e, &pe) {
			t.Fatalf("a problem without a position: %v", e)
		}
		if pe.Line == 0 {
			t.Fatalf("a problem without a line: %v", pe)
		}
	}
}
