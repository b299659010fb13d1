//go:build !unix

package cpuclock

import "time"

// Process returns 0: the CPU time is not read on this system.
func Process() time.Duration { return 0 }
