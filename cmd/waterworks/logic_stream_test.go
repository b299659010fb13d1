package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
)

// deepGrid is a generated 30x30 puzzle (aquarium generate --size 30x30
// --seed 1) that reasoning to depth 2 leaves far from solved and depth 3
// takes minutes over; it returns its name and its solution, found by the
// CP model (the puzzle is unique). The search takes 4 s of CPU, minutes
// under the race detector, so the tests that ask share one.
func deepGrid(t *testing.T) (string, aquarium.Solution) {
	t.Helper()
	const name = "../../testdata/deep/30x30-seed1.txt"
	deep.once.Do(func() { deep.sol, deep.err = solveUnique(name) })
	require.NoError(t, deep.err)
	return name, deep.sol
}

// deep holds deepGrid's solution, found once.
var deep struct {
	once sync.Once
	sol  aquarium.Solution
	err  error
}

// solveUnique reads the puzzle in the text file name and returns its
// solution, checked, when it has exactly one.
func solveUnique(name string) (aquarium.Solution, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return aquarium.Solution{}, err
	}
	doc, err := aquariumfmt.ParseText(name, data)
	if err != nil {
		return aquarium.Solution{}, err
	}
	m, err := aqcp.NewModel(doc.Puzzle, doc.Rule)
	if err != nil {
		return aquarium.Solution{}, err
	}
	res, err := m.Search(context.Background(), 2, cp.Limits{})
	switch {
	case err != nil:
		return aquarium.Solution{}, err
	case len(res.Solutions) != 1:
		return aquarium.Solution{}, fmt.Errorf("%s: %d solutions, want one", name, len(res.Solutions))
	}
	return res.Solutions[0], aquarium.Check(doc.Puzzle, res.Solutions[0], doc.Rule)
}

// self is the program with args, run from the test binary.
func self(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "WATERWORKS_TEST_MAIN=1")
	return cmd
}

// syncBuffer is written by a copying goroutine and read by the test,
// which can wait for what it writes (await).
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	// changed, made when someone waits, is closed at the next write.
	changed chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.changed != nil {
		close(s.changed)
		s.changed = nil
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// next returns what was written so far and a channel closed at the next
// write.
func (s *syncBuffer) next() (string, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.changed == nil {
		s.changed = make(chan struct{})
	}
	return s.b.String(), s.changed
}

// await waits until cond holds of what was written, looking again at each
// write, or fails after d saying what it waited for.
func (s *syncBuffer) await(t *testing.T, d time.Duration, what string, cond func(written string) bool) {
	t.Helper()
	deadline := time.After(d)
	for {
		written, changed := s.next()
		if cond(written) {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("never: %s; written: %q", what, s.String())
		}
	}
}

// startStreaming starts the program with stdout and stderr read as they
// come.
func startStreaming(t *testing.T, args ...string) (*exec.Cmd, *syncBuffer, *syncBuffer) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("signals are POSIX")
	}
	cmd := self(args...)
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, &stdout, &stderr
}

var hintLine = regexp.MustCompile(`(?m)^  (\d+)\. \[`)

// TestHintStreamsAndKeepsOnInterrupt: hint --steps 0 prints each
// deduction as it is found, and Ctrl-C keeps those printed, says how many
// and exits 130.
func TestHintStreamsAndKeepsOnInterrupt(t *testing.T) {
	name, _ := deepGrid(t)
	cmd, stdout, stderr := startStreaming(t, "aquarium", "hint", "--steps", "0", name)
	stdout.await(t, 60*time.Second, "two hints printed while the program runs", func(out string) bool {
		return len(hintLine.FindAllString(out, -1)) >= 2
	})
	require.Nil(t, cmd.ProcessState, "still running: the hints came as they were found")
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	assert.Equal(t, 130, exitCode(t, cmd), stderr.String())
	out := stdout.String()
	nums := hintLine.FindAllStringSubmatch(out, -1)
	for i, m := range nums {
		assert.Equal(t, strings.TrimSpace(m[1]), strconv.Itoa(i+1), "numbered in order")
	}
	assert.True(t, strings.HasPrefix(out, "gen-30x30-1-0:\n"), out)
	assert.Equal(t, len(nums), countMatches(stderr.String(), `interrupted after (\d+) hints`), "says how many")
	assert.Regexp(t, `: interrupted after \d+ hints\n$`, stderr.String())
	assert.NotContains(t, stderr.String(), "context canceled")
}

// TestLogicOnlyDepthBudget: without --depth, --logic-only stops at depth 2
// on a grid that needs more, says so and how to go deeper, and prints the
// steps it took on stderr as it found them; the partial grid agrees with
// the solution.
func TestLogicOnlyDepthBudget(t *testing.T) {
	name, sol := deepGrid(t)
	cmd := self("aquarium", "solve", "--logic-only", name)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	assert.Equal(t, 124, exitCode(t, cmd), stderr.String())
	assert.Regexp(t, `(?m)^.*: propagation decided \d+ cells, \d+ cells left$`, stderr.String())
	assert.Regexp(t, `(?m)^.*: nested probing \(depth 2\) decided \d+ cells?, \d+ cells left$`, stderr.String())
	assert.Regexp(t, `stopped at depth 2 with \d+ cells undecided; --depth 3 to go deeper\n$`, stderr.String())
	checkPartial(t, stdout.Bytes(), sol)
}

// TestLogicOnlyKeepsOnInterrupt: Ctrl-C during --logic-only --depth 3
// (minutes of nested probing) prints the grid as far as reasoning went,
// which agrees with the solution, and exits 130.
func TestLogicOnlyKeepsOnInterrupt(t *testing.T) {
	name, sol := deepGrid(t)
	cmd, stdout, stderr := startStreaming(t, "aquarium", "solve", "--logic-only", "--depth", "3", name)
	stderr.await(t, 60*time.Second, "probing to have decided cells", func(errOut string) bool {
		return strings.Contains(errOut, "probing decided")
	})
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	assert.Equal(t, 130, exitCode(t, cmd), stderr.String())
	assert.Regexp(t, `: interrupted with \d+ cells undecided\n$`, stderr.String())
	open := checkPartial(t, []byte(stdout.String()), sol)
	assert.Less(t, open, 900, "what reasoning decided before the interrupt is kept")
}

// checkPartial reads the grid printed and checks that every decided cell
// agrees with the solution; it returns the cells left open.
func checkPartial(t *testing.T, out []byte, sol aquarium.Solution) int {
	t.Helper()
	doc, err := aquariumfmt.ParseText("stdout", out)
	require.NoError(t, err, string(out))
	require.True(t, doc.HasSolution(), "the partial grid is printed")
	open := 0
	for i, c := range doc.Solution.Cells {
		if c == aquarium.Unknown {
			open++
			continue
		}
		require.Equal(t, sol.Cells[i], c, "cell %d", i)
	}
	assert.Positive(t, open, "stopped short")
	return open
}

// countMatches returns the number the first group of pattern matches in s,
// or -1.
func countMatches(s, pattern string) int {
	m := regexp.MustCompile(pattern).FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return -1
	}
	return n
}
