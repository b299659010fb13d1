package clikit

import (
	"context"
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
