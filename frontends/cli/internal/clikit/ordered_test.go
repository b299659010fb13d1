package clikit

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestRunOrdered(t *testing.T) {
	for _, jobs := range []int{0, 1, 3, 8} {
		var got []int
		RunOrdered(20, jobs, func(i int) int {
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			return i * i
		}, func(i, r int) {
			assert.Equal(t, i*i, r)
			got = append(got, i)
		})
		assert.Len(t, got, 20)
		for i, v := range got {
			assert.Equal(t, i, v)
		}
	}
	RunOrdered(0, 2, func(int) int { return 0 }, func(int, int) { t.Fatal("nothing to emit") })
}

// TestSolveEach checks that every entry is solved once, reported in input
// order, and that the worst code reported is returned.
func TestSolveEach(t *testing.T) {
	entries := []string{"a", "bb", "ccc", "dddd"}
	codes := map[int]int{1: ExitOK, 2: ExitTimeout, 3: ExitFailed, 4: ExitOK}
	var reported []int
	code := SolveEach(context.Background(), entries, 3, func(s string) string { return s },
		func(s string) int { return len(s) },
		func(n int) int { reported = append(reported, n); return codes[n] })
	assert.Equal(t, []int{1, 2, 3, 4}, reported)
	assert.Equal(t, ExitTimeout, code)
}
