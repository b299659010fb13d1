package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

// TestMain lets the test binary run as the program itself, so that tests
// can start it as a real process and send it signals.
func TestMain(m *testing.M) {
	if os.Getenv("WATERWORKS_TEST_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// fakeClingo writes a program called clingo into a new directory and
// returns the directory, for the front of PATH, and the file where each
// run of the program writes the ids of its processes. behaviour is the
// shell code the program runs after that.
func fakeClingo(t *testing.T, behaviour string) (dir, pids string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("needs a POSIX shell")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	dir = t.TempDir()
	pids = filepath.Join(dir, "pids")
	// The program and a child it starts both record their ids, so that a
	// test can check that neither outlives the race.
	script := "#!/bin/sh\necho $$ >> " + pids + "\nsleep 1000 &\necho $! >> " + pids + "\n" + behaviour + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "clingo"), []byte(script), 0o755))
	return dir, pids
}

// hardGrid writes a grown grid that no engine settles within seconds.
func hardGrid(t *testing.T, n int) string {
	t.Helper()
	p, _ := generate.GrownPuzzle(rand.New(rand.NewPCG(3, 1)), n, n, generate.GrownAquariums(n, n), aquarium.RegionRule)
	var b bytes.Buffer
	require.NoError(t, aquariumfmt.Write(&b, aquariumfmt.Document{ID: "hard", HasID: true, Puzzle: p}, aquariumfmt.JSONLines))
	name := filepath.Join(t.TempDir(), "hard.jsonl")
	require.NoError(t, os.WriteFile(name, b.Bytes(), 0o644))
	return name
}

// start returns the program with args and PATH led by dir, started unless
// args asks for JSON (the caller then runs it with Output).
func start(t *testing.T, dir string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "WATERWORKS_TEST_MAIN=1", "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if !slices.Contains(args, "json") {
		require.NoError(t, cmd.Start())
	}
	return cmd, &stderr
}

// exitCode waits for cmd and returns its exit code.
func exitCode(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	require.NoError(t, err)
	return 0
}

// waitForPids waits until the fake clingo has recorded both its processes
// in the file pids (another process's file: there is no event to wait on
// but its content).
func waitForPids(t *testing.T, pids string) []int {
	t.Helper()
	require.Eventually(t, func() bool { return len(readPids(pids)) >= 2 }, 30*time.Second, time.Millisecond,
		"the fake clingo never started")
	return readPids(pids)
}

func readPids(name string) []int {
	data, _ := os.ReadFile(name)
	var ids []int
	for _, f := range strings.Fields(string(data)) {
		if id, err := strconv.Atoi(f); err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// requireGone checks that none of the processes runs: each is gone, or a
// zombie (dead, waiting for whoever adopted it to reap it). A process sent
// SIGKILL runs until the kernel schedules its death, which on a loaded
// machine takes a moment, so each gets up to 5 s to go.
func requireGone(t *testing.T, ids []int) {
	t.Helper()
	for _, id := range ids {
		gone := func() bool {
			state, _ := processState(id)
			return state == "" || state == "Z"
		}
		if !assert.Eventually(t, gone, 5*time.Second, time.Millisecond) {
			_, stat := processState(id)
			t.Errorf("process %d (%s) still runs", id, stat)
		}
	}
}

// processState returns the state of process id as /proc shows it ("R",
// "S", "Z", ...) and its stat line, or "" when it is gone or there is no
// /proc to tell.
func processState(id int) (string, string) {
	if err := syscall.Kill(id, 0); errors.Is(err, syscall.ESRCH) {
		return "", ""
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(id) + "/stat")
	if err != nil {
		return "", "" // gone between the two looks, or no /proc to tell
	}
	// The state follows the parenthesised command name.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) == 0 {
		return "", string(stat)
	}
	return fields[0], string(stat)
}

// TestRaceInterrupted sends SIGINT to a race on a hard grid while the
// (fake) clingo runs: exit 130, and neither clingo nor its child is left.
func TestRaceInterrupted(t *testing.T) {
	dir, pids := fakeClingo(t, "wait")
	cmd, stderr := start(t, dir, "aquarium", "solve", "--backend", "race", "--unique", hardGrid(t, 200))
	ids := waitForPids(t, pids)
	sent := time.Now()
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	assert.Equal(t, 130, exitCode(t, cmd), stderr.String())
	t.Logf("exit %v after SIGINT", time.Since(sent))
	assert.Contains(t, stderr.String(), "interrupted")
	requireGone(t, ids)
}

// TestRaceTimeout runs a race on a hard grid under --timeout: exit 124,
// the puzzle's record written within 300 ms of the timeout (its ms field
// times the work from the moment the timeout starts to count), and no
// child left. A shared machine may slow one run down, so the time is the
// best of three. Under the race detector the time is not checked: the
// program is the test binary, instrumented, several times slower.
func TestRaceTimeout(t *testing.T) {
	dir, pids := fakeClingo(t, "wait")
	grid := hardGrid(t, 200)
	const timeout = 300 * time.Millisecond
	best := time.Hour
	for range 3 {
		require.NoError(t, os.WriteFile(pids, nil, 0o644))
		cmd, stderr := start(t, dir, "aquarium", "count", "--backend", "race", "--format", "json", "--timeout", timeout.String(), grid)
		out, err := cmd.Output()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit)
		require.Equal(t, 124, exit.ExitCode(), stderr.String())
		requireGone(t, readPids(pids))
		var rec struct {
			Status string
			MS     float64
		}
		require.NoError(t, json.Unmarshal(out, &rec), "%s", out)
		assert.Equal(t, "unknown", rec.Status)
		best = min(best, time.Duration(rec.MS*float64(time.Millisecond)))
		if best < timeout+300*time.Millisecond {
			break
		}
	}
	t.Logf("best run: %v with --timeout %v", best, timeout)
	if raceDetector {
		t.Logf("the time is not checked under the race detector")
		return
	}
	assert.Less(t, best, timeout+300*time.Millisecond)
}

// TestRaceClingoCrashes makes clingo crash at once: the race still
// answers, right, and leaves nothing behind.
func TestRaceClingoCrashes(t *testing.T) {
	dir, pids := fakeClingo(t, "kill -SEGV $$")
	grid := filepath.Join("..", "..", "testdata", "aquarium", "6x6-easy.txt")
	cmd, stderr := start(t, dir, "aquarium", "solve", "--backend", "race", "--unique", "--stats", grid)
	assert.Equal(t, 0, exitCode(t, cmd), stderr.String())
	assert.Contains(t, stderr.String(), "winner=")
	requireGone(t, readPids(pids))
}
