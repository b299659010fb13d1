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

// TestSolveInterruptStopsSolver: when the context ends, minizinc is asked
// to stop (SIGTERM) rather than killed, so that it stops its solver, which
// runs in a process group of its own; a SIGKILL to minizinc would leave
// the solver running. The solver here is a script that ignores its time
// limit and writes the process id of the child it waits for.
func TestSolveInterruptStopsSolver(t *testing.T) {
	p, err := Find()
	if err != nil {
		t.Skip("skipping: " + err.Error())
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "solver.pid")
	exe := filepath.Join(dir, "solver.sh")
	script := "#!/bin/sh\nsleep 60 &\necho $! > " + pidFile + "\nwait\n"
	require.NoError(t, os.WriteFile(exe, []byte(script), 0o755))
	msc, err := SolverConfig{ID: "org.test.sleeper", Name: "sleeper", Version: "1", Executable: exe}.WriteFile(dir)
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() { // cancel once the solver runs
		for range 200 {
			if _, err := os.Stat(pidFile); err == nil {
				time.Sleep(100 * time.Millisecond)
				cancel()
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		cancel()
	}()
	start := time.Now()
	_, err = p.Solve(ctx, Request{Instance: Instance{Model: testdata("pack.mzn")}, Solver: msc})
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
	assert.Less(t, time.Since(start), 15*time.Second)
	waitGone(t, pidFile)
}
