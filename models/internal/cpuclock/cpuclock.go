// Package cpuclock reads the CPU time of this process for benchmarks, which
// report it beside the wall time: on a machine shared with other jobs the
// CPU time per operation does not grow with the load.
package cpuclock

import (
	"testing"
	"time"
)

// Report reports the process's CPU time per iteration since start (a
// Process reading) as cpu-ns/op; it reports nothing where the time cannot
// be read.
func Report(b *testing.B, start time.Duration) {
	if cpu := Process() - start; cpu > 0 && b.N > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
