//go:build unix

package cpuclock

import (
	"syscall"
	"time"
)

// Process returns the user and system CPU time this process has used.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
