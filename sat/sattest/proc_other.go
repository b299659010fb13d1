//go:build !unix

package sattest

import (
	"testing"
	"time"
)

// children is not known on this system.
func children(t *testing.T) []string {
	t.Log("child processes not checked on this system")
	return nil
}

// cpuTime is not known on this system.
func cpuTime(t *testing.T) time.Duration {
	t.Skip("no CPU time on this system")
	return 0
}

// CPUTime is not known on this system.
func CPUTime() (time.Duration, bool) { return 0, false }
