package clikit

import (
	"context"
	"flag"
	"runtime"
	"sync"
	"sync/atomic"
)

// RunOrdered calls solve for 0, 1, ..., n-1 on up to jobs goroutines (at
// least one) and emit with each result in order of i, as soon as it and
// every result before it are ready, so output stays in input order while
// the work runs in parallel. emit runs on the calling goroutine.
func RunOrdered[R any](n, jobs int, solve func(i int) R, emit func(i int, r R)) {
	results := make([]R, n)
	ready := make([]chan struct{}, n)
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(max(jobs, 1), max(n, 1)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				results[i] = solve(i)
				close(ready[i])
			}
		})
	}
	for i := range n {
		<-ready[i]
		emit(i, results[i])
		var zero R
		results[i] = zero
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
	}, func(_ int, r R) {
		prog.Finish()
		code = Worse(code, report(r))
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

// Count is --jobs for CheckCounts: at least 1.
func (j Jobs) Count() Count { return Count{Name: "jobs", Value: int(j), Min: 1} }

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
