package clikit

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunOrdered(t *testing.T) {
	for _, jobs := range []int{0, 1, 3, 8} {
		var got []int
		RunOrdered(20, jobs, func(i int) int {
			for range rand.IntN(20) { // finish out of order
				runtime.Gosched()
			}
			return i * i
		}, func(i, r int) bool {
			assert.Equal(t, i*i, r)
			got = append(got, i)
			return true
		})
		assert.Len(t, got, 20)
		for i, v := range got {
			assert.Equal(t, i, v)
		}
	}
	RunOrdered(0, 2, func(int) int { return 0 }, func(int, int) bool { t.Fatal("nothing to emit"); return false })
}

// TestRunOrderedHoldsAFewResults holds the first result back: the other
// workers run ahead of the output by the window of a few results per job,
// and then wait, so a long run keeps little in memory. The test runs in a
// bubble (testing/synctest), whose Wait returns once every goroutine of
// the run is blocked: the held worker on its release, the others on the
// full window.
func TestRunOrderedHoldsAFewResults(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n, jobs = 1000, 2
		var mu sync.Mutex
		started := 0
		release := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			RunOrdered(n, jobs, func(i int) int {
				mu.Lock()
				started++
				mu.Unlock()
				if i == 0 {
					<-release
				}
				return i
			}, func(i, r int) bool { require.Equal(t, i, r); return true })
		}()
		synctest.Wait()
		mu.Lock()
		assert.Equal(t, 4*jobs, started, "entries started while the first was held: the window")
		mu.Unlock()
		close(release)
		<-done
		assert.Equal(t, n, started)
	})
}

// TestRunOrderedStops has emit say stop at the third result: nothing is
// emitted after it, and no more work starts than the few under way.
func TestRunOrderedStops(t *testing.T) {
	const n, jobs = 1000000, 3
	var mu sync.Mutex
	started, emitted := 0, 0
	RunOrdered(n, jobs, func(i int) int {
		mu.Lock()
		started++
		mu.Unlock()
		return i
	}, func(i, _ int) bool {
		emitted++
		return i < 2
	})
	assert.Equal(t, 3, emitted)
	assert.LessOrEqual(t, started, 3+4*jobs+jobs, "work started after the stop")
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

// TestBatch checks that a batch solves only the entries --id names,
// prepares them first, prints every record in input order on the
// results' output, and returns the worst exit code, an --id that names
// no entry included.
func TestBatch(t *testing.T) {
	var out, errOut bytes.Buffer
	stdio := IO{Out: &out, Err: &errOut}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	res := RegisterResults(fs)
	var jobs Jobs
	jobs.Register(fs, "entries")
	require.NoError(t, fs.Parse([]string{"--id", "b,c,zz", "--jobs", "2"}))
	var prepared []string
	code := Batch[string, string]{
		ID:      func(s string) string { return s },
		Prepare: func(kept []string) { prepared = kept },
		Solve:   strings.ToUpper,
		Report: func(s *Sink, rec string) int {
			fmt.Fprintln(s.Out, rec)
			return map[string]int{"B": ExitTimeout, "C": ExitOK}[rec]
		},
		Jobs: jobs,
	}.Run(context.Background(), stdio, res, FormatText, ExitOK, []string{"a", "b", "c"})
	assert.Equal(t, []string{"b", "c"}, prepared)
	assert.Equal(t, "B\nC\n", out.String())
	assert.Contains(t, errOut.String(), "--id zz: no puzzle has this id")
	assert.Equal(t, ExitUsage, code)
}

// TestJobs checks --jobs' default and its check.
func TestJobs(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var jobs Jobs
	jobs.Register(fs, "boards")
	assert.Equal(t, Jobs(runtime.GOMAXPROCS(0)), jobs)
	assert.Contains(t, fs.Lookup("jobs").Usage, "how many boards to work on at once")
	require.NoError(t, fs.Parse([]string{"--jobs", "0"}))
	assert.EqualError(t, CheckCounts(jobs.Count()), "--jobs 0: want at least 1")
}
