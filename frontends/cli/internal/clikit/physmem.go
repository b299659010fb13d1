package clikit

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
)

// defaultBudgetCap is the most --max-memory defaults to.
const defaultBudgetCap = 2 << 30

// defaultBudget returns the default of --max-memory: the smaller of 2 GiB
// and half the memory the process may have (the machine's, or its
// container's when that is less), or 2 GiB when that is unknown.
func defaultBudget() int64 {
	if m := physicalMemory(); m > 0 {
		return min(defaultBudgetCap, m/2)
	}
	return defaultBudgetCap
}

// physicalMemory returns the memory the process may have on Linux: the
// machine's total (/proc/meminfo), or a cgroup's limit when lower. It
// returns 0 when it cannot tell.
func physicalMemory() int64 {
	total := memInfoTotal()
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(data)), 10, 64)
		if err == nil && n > 0 && (total == 0 || n < total) {
			total = n // "max" (no limit) does not parse
		}
	}
	return total
}

// memInfoTotal returns MemTotal from /proc/meminfo in bytes, or 0.
func memInfoTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
