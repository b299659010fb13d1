//go:build unix

package minizinc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeMinizinc writes a program that acts as a minizinc that ignores its
// time limit: it prints one solution, starts a child that sleeps (as
// minizinc starts the solver) and writes the child's process id to the
// file it returns, then sleeps itself.
func fakeMinizinc(t *testing.T) (*Program, string) {
	t.Helper()
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	script := "#!/bin/sh\n" +
		`echo '{"type": "solution", "output": {"json": {"x": 1}}}'` + "\n" +
		"sleep 60 &\n" +
		"echo $! > " + pidFile + "\n" +
		"sleep 60\n"
	path := filepath.Join(dir, "minizinc")
	require.NoError(t, os.WriteFile(path, []byte(script), 0o755))
	return &Program{Path: path}, pidFile
}

// waitGone waits up to a few seconds for the process in pidFile to end.
func waitGone(t *testing.T, pidFile string) {
	t.Helper()
	data, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	require.NoError(t, err)
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("the child %d outlived the kill", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSolveKillsAtLimit: a minizinc that does not stop at its time limit
// is killed after the grace, with the solver it started; what it printed
// before counts.
func TestSolveKillsAtLimit(t *testing.T) {
	p, pidFile := fakeMinizinc(t)
	start := time.Now()
	r, err := p.Solve(t.Context(), Request{Instance: Instance{Model: "m.mzn"}, Solver: "fake",
		TimeLimit: 300 * time.Millisecond, Grace: 300 * time.Millisecond})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 3*time.Second)
	assert.True(t, r.Killed)
	assert.Equal(t, Satisfied, r.Status)
	assert.Len(t, r.Solutions, 1)
	waitGone(t, pidFile)
}

// TestSolveInterrupted: when the context ends, Solve kills minizinc and
// its solver and returns the context's error with what was printed.
func TestSolveInterrupted(t *testing.T) {
	p, pidFile := fakeMinizinc(t)
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	r, err := p.Solve(ctx, Request{Instance: Instance{Model: "m.mzn"}, Solver: "fake"})
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
	assert.Less(t, time.Since(start), 3*time.Second)
	require.NotNil(t, r)
	assert.False(t, r.Killed, "killed by the context, not by the limit")
	assert.Len(t, r.Solutions, 1)
	waitGone(t, pidFile)
}
