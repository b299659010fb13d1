package minizinc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// sharedDir is a directory the tests of the package share, removed when
// they end.
var sharedDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "minizinc-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// gecodeSetup holds what the Gecode-backed tests share, made once.
var gecodeSetup struct {
	once    sync.Once
	program *Program
	std     string // the path of a GecodeStd configuration
	skip    string // why the tests skip, if they do
}

// needGecode returns minizinc and the path of a configuration of Gecode on
// the standard library, or skips the test, saying why, when minizinc or
// Gecode is not installed.
func needGecode(t *testing.T) (*Program, string) {
	t.Helper()
	s := &gecodeSetup
	s.once.Do(func() {
		p, err := Find()
		if err != nil {
			s.skip = err.Error()
			return
		}
		if err := p.CheckSolver(context.Background(), "gecode"); err != nil {
			s.skip = "Gecode is not installed for minizinc: " + err.Error()
			return
		}
		exe, err := FindFznGecode()
		if err != nil {
			s.skip = err.Error()
			return
		}
		if s.std, err = GecodeStd(exe).WriteFile(sharedDir); err != nil {
			s.skip = err.Error()
			return
		}
		s.program = p
	})
	if s.skip != "" {
		t.Skip("skipping: " + s.skip)
	}
	return s.program, s.std
}

// testdata returns the path of a file in testdata.
func testdata(name string) string { return filepath.Join("testdata", name) }

// queensValid reports whether q (q[c] the row of the queen in column c,
// from 1) places queens on a board of n rows that do not attack each
// other.
func queensValid(q []int64, n int) bool {
	for i := range q {
		if q[i] < 1 || q[i] > int64(n) {
			return false
		}
		for j := i + 1; j < len(q); j++ {
			d := q[j] - q[i]
			if d == 0 || d == int64(j-i) || d == -int64(j-i) {
				return false
			}
		}
	}
	return true
}

// countQueens counts the placements of n queens by brute force.
func countQueens(n int) int {
	q := make([]int64, 0, n)
	var place func() int
	place = func() int {
		if len(q) == n {
			return 1
		}
		count := 0
		for r := int64(1); r <= int64(n); r++ {
			q = append(q, r)
			if queensValid(q, n) {
				count += place()
			}
			q = q[:len(q)-1]
		}
		return count
	}
	return place()
}

// ints returns the integers of an array value, failing the test for
// anything else.
func ints(t *testing.T, v Value) []int64 {
	t.Helper()
	if v.Kind != KindArray {
		t.Fatalf("%s is not an array", v)
	}
	out := make([]int64, len(v.Elems))
	for i, e := range v.Elems {
		if e.Kind != KindInt {
			t.Fatalf("element %d of %s is not an integer", i+1, v)
		}
		out[i] = e.Int
	}
	return out
}
