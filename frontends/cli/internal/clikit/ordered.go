package clikit

import (
	"context"
	"flag"
	"runtime"
	"sync"
)

// RunOrdered calls solve for 0, 1, ..., n-1 on up to jobs goroutines (at
// least one, at most MaxJobs) and emit with each result in order of i, as
// soon as it and every result before it are ready, so output stays in
// input order while the work runs in parallel. emit runs on the calling
// goroutine; when it returns false, no more work starts and RunOrdered
// returns once the work under way is done. At most a few results per job
// wait for their turn, so memory does not grow with n: a worker ahead of
// the output by that much waits.
func RunOrdered[R any](n, jobs int, solve func(i int) R, emit func(i int, r R) bool) {
	jobs = min(max(jobs, 1), max(n, 1), MaxJobs)
	type slot struct {
		r     R
		ready bool
	}
	slots := make([]slot, min(4*jobs, max(n, 1))) // results solved, not yet emitted
	window := len(slots)
	var mu sync.Mutex
	changed := sync.NewCond(&mu)
	next, emitted, stopped := 0, 0, false
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			mu.Lock()
			defer mu.Unlock()
			for {
				for !stopped && next < n && next >= emitted+window {
					changed.Wait()
				}
				if stopped || next >= n {
					return
				}
				i := next
				next++
				mu.Unlock()
				r := solve(i)
				mu.Lock()
				slots[i%window] = slot{r: r, ready: true}
				changed.Broadcast()
			}
		})
	}
	for i := range n {
		mu.Lock()
		for !slots[i%window].ready {
			changed.Wait()
		}
		r := slots[i%window].r
		slots[i%window] = slot{}
		emitted++
		changed.Broadcast()
		mu.Unlock()
		if !emit(i, r) {
			mu.Lock()
			stopped = true
			changed.Broadcast()
			mu.Unlock()
			break
		}
	}
	wg.Wait()
}

// SolveEach solves the entries with solve, jobs at once, showing progress
// (ProgressFrom(ctx)) with each entry named by id, and reports every result
// in input order with report, on the calling goroutine. It returns the
// worst exit code report returned.
func SolveEach[E, R any](ctx context.Context, entries []E, jobs int, id func(E) string, solve func(E) R, report func(R) int) int {
	code := ExitOK
	prog := ProgressFrom(ctx)
	prog.AddTotal(len(entries))
	RunOrdered(len(entries), jobs, func(i int) R {
		prog.Begin(id(entries[i]))
		return solve(entries[i])
	}, func(_ int, r R) bool {
		prog.Finish()
		code = Worse(code, report(r))
		return true
	})
	return code
}

// Jobs is the value of --jobs: how many entries a command solves at once.
type Jobs int

// Register adds --jobs to fs, by default GOMAXPROCS; what names the
// entries in the help ("boards", "puzzles").
func (j *Jobs) Register(fs *flag.FlagSet, what string) {
	fs.IntVar((*int)(j), "jobs", runtime.GOMAXPROCS(0), "how many "+what+" to work on at once (output stays in input order)")
}

// MaxJobs is the most --jobs takes: that many goroutines, each holding
// one entry's work, are plenty for two cores or two hundred.
const MaxJobs = 1024

// Count is --jobs for CheckCounts: from 1 to MaxJobs.
func (j Jobs) Count() Count { return Count{Name: "jobs", Value: int(j), Min: 1, Max: MaxJobs} }

// Batch is a solve command that solves every entry of its inputs, E, into
// a record, R, --jobs at once, and prints the records in input order.
type Batch[E, R any] struct {
	// ID names an entry in progress and for --id.
	ID func(E) string
	// Prepare, when not nil, gets the kept entries before any is solved.
	Prepare func(kept []E)
	// Solve solves one entry; up to Jobs run at once.
	Solve func(E) R
	// Report prints one record to the sink and returns its exit code; it
	// runs on the calling goroutine, in input order.
	Report func(s *Sink, rec R) int
	Jobs   Jobs
}

// Run keeps the entries --id names (res.IDs), solves and reports them to
// the results' output in format, and finishes that output (-o). It returns
// the worst of code, the exit code of the --id names no entry has and
// those Report returned.
func (b Batch[E, R]) Run(ctx context.Context, stdio IO, res Results, format string, code int, entries []E) int {
	kept, missing := KeepIDs(stdio, res.IDs, entries, b.ID)
	sink := NewSink(stdio, res.Output.Redirect(stdio).Out, format)
	defer sink.Out.Flush()
	if b.Prepare != nil {
		b.Prepare(kept)
	}
	solved := SolveEach(ctx, kept, int(b.Jobs), b.ID, b.Solve, func(rec R) int { return b.Report(&sink, rec) })
	sink.Out.Flush()
	return res.Output.Finish(stdio, Worse(code, Worse(missing, solved)))
}
