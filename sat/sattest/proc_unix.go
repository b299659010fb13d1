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
// waited-for children.
func cpuTime(t *testing.T) time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err != nil {
			t.Skipf("no getrusage: %v", err)
		}
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total
}
