//go:build unix

package sattest

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// children lists the child processes of this process from /proc.
func children(t *testing.T) []string {
	tasks, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil || len(tasks) == 0 {
		t.Log("no /proc: child processes not checked")
		return nil
	}
	var kids []string
	for _, task := range tasks {
		data, err := os.ReadFile(task)
		if err != nil {
			continue
		}
		kids = append(kids, strings.Fields(string(data))...)
	}
	return kids
}

// cpuTime returns the user and system CPU time of this process and its
// waited-for children, and skips t where it is not known.
func cpuTime(t *testing.T) time.Duration {
	d, ok := CPUTime()
	if !ok {
		t.Skip("no getrusage")
	}
	return d
}

// CPUTime returns the user and system CPU time of this process and of its
// children that have been waited for, and whether the system tells it: on
// a shared machine it measures work better than the wall clock, and it
// counts the work of external solvers run as children.
func CPUTime() (time.Duration, bool) {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err != nil {
			return 0, false
		}
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total, true
}
