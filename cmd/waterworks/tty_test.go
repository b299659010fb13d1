package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
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

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ttyProgram is the program started on a pseudo-terminal: standard input
// and standard error are the terminal, standard output a buffer, so that
// what is drawn for people and what is written for scripts can be told
// apart.
type ttyProgram struct {
	cmd  *exec.Cmd
	ptmx *os.File      // the terminal's other end: what the program drew
	out  *bytes.Buffer // standard output
	seen syncBuffer    // what the terminal showed so far
	done chan struct{} // closed when the terminal is closed
}

// startOnTTY starts the program with args on a new pseudo-terminal, as the
// leader of its session with the terminal as its controlling terminal, so
// that typing Ctrl-C on it interrupts the program.
func startOnTTY(t *testing.T, args ...string) *ttyProgram {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("pseudo-terminals are POSIX")
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	p := &ttyProgram{ptmx: ptmx, out: &bytes.Buffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(os.Args[0], args...)
	p.cmd.Env = append(os.Environ(), "WATERWORKS_TEST_MAIN=1", "TERM=xterm")
	p.cmd.Stdin, p.cmd.Stderr, p.cmd.Stdout = tty, tty, p.out
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	require.NoError(t, p.cmd.Start())
	tty.Close()
	go func() {
		defer close(p.done)
		r := bufio.NewReader(ptmx)
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			p.seen.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
		ptmx.Close()
	})
	return p
}

// terminal returns what the terminal has shown so far.
func (p *ttyProgram) terminal() string { return p.seen.String() }

// waitFor waits until the terminal shows want, or fails after d.
func (p *ttyProgram) waitFor(t *testing.T, want string, d time.Duration) {
	t.Helper()
	p.seen.await(t, d, "the terminal shows "+strconv.Quote(want), func(shown string) bool { return strings.Contains(shown, want) })
}

// wait waits for the program to end, at most d, and for the terminal to
// show all it wrote, and returns its exit code and how long the program
// took to end from the call.
func (p *ttyProgram) wait(t *testing.T, d time.Duration) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	ended := make(chan error, 1)
	go func() { ended <- p.cmd.Wait() }()
	select {
	case <-ended:
	case <-time.After(d):
		p.cmd.Process.Kill()
		<-ended // Wait has returned, so the cleanup does not call it again
		t.Fatalf("the program did not end within %v; the terminal showed %q", d, p.terminal())
	}
	took := time.Since(start)
	// The terminal closes once the program is gone and its last output
	// has been read; what it wrote last is then in p.seen.
	select {
	case <-p.done:
	case <-time.After(2 * time.Second):
	}
	return p.cmd.ProcessState.ExitCode(), took
}

// TestInterruptWhileReadingTerminal: a command that waits for puzzles on a
// terminal says so, and Ctrl-C (typed, or SIGINT, or SIGTERM) ends it at
// once with exit 130, for every command that reads puzzles.
func TestInterruptWhileReadingTerminal(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		stop func(p *ttyProgram) error
	}{
		{"aquarium solve, Ctrl-C typed", []string{"aquarium", "solve"}, func(p *ttyProgram) error { _, err := p.ptmx.Write([]byte{3}); return err }},
		{"aquarium solve, SIGINT", []string{"aquarium", "solve"}, func(p *ttyProgram) error { return p.cmd.Process.Signal(os.Interrupt) }},
		{"aquarium solve, SIGTERM", []string{"aquarium", "solve"}, func(p *ttyProgram) error { return p.cmd.Process.Signal(syscall.SIGTERM) }},
		{"jugs solve", []string{"jugs", "solve"}, func(p *ttyProgram) error { return p.cmd.Process.Signal(os.Interrupt) }},
		{"sort solve", []string{"sort", "solve", "-"}, func(p *ttyProgram) error { return p.cmd.Process.Signal(os.Interrupt) }},
		{"compare", []string{"compare", "-"}, func(p *ttyProgram) error { return p.cmd.Process.Signal(os.Interrupt) }},
		{"aquarium count --format json", []string{"aquarium", "count", "--format", "json"}, func(p *ttyProgram) error { return p.cmd.Process.Signal(os.Interrupt) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := startOnTTY(t, tc.args...)
			p.waitFor(t, "reading puzzles from standard input (Ctrl-D to end)", 30*time.Second)
			require.NoError(t, tc.stop(p))
			code, took := p.wait(t, 10*time.Second)
			assert.Equal(t, 130, code, p.terminal())
			assert.Less(t, took, 2*time.Second, "promptly")
			assert.NotContains(t, p.terminal(), "context canceled", "no Go error strings")
			assert.Contains(t, p.terminal(), "-: interrupted while reading", "says why it ends")
		})
	}
}

// TestInterruptWhileReadingPipe: a pipe that stays open blocks the same
// way, without the notice (no one types into a pipe), and a signal ends it.
func TestInterruptWhileReadingPipe(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are POSIX")
	}
	cmd := exec.Command(os.Args[0], "aquarium", "solve")
	cmd.Env = append(os.Environ(), "WATERWORKS_TEST_MAIN=1")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	defer stdin.Close()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	waitReadingStdin(t, cmd.Process.Pid)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	start := time.Now()
	code := exitCode(t, cmd)
	assert.Equal(t, 130, code, stderr.String())
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.NotContains(t, stderr.String(), "Ctrl-D")
	assert.Equal(t, "-: interrupted while reading\n", stderr.String())
}

// readSyscall is the number of the read system call, by architecture.
var readSyscall = map[string]string{"amd64": "0", "arm64": "63", "386": "3", "riscv64": "63", "loong64": "63"}

// waitReadingStdin waits until a thread of the process pid is blocked in
// a read of its standard input, as /proc/PID/task/*/syscall shows it
// ("0 0x0 ..." on amd64: read on file 0), or skips the test where /proc
// cannot show it.
func waitReadingStdin(t *testing.T, pid int) {
	t.Helper()
	nr, ok := readSyscall[runtime.GOARCH]
	tasks := fmt.Sprintf("/proc/%d/task", pid)
	if _, err := os.Stat(tasks); err != nil || !ok {
		t.Skipf("cannot see whether the program blocks on its read here (%s on %s)", tasks, runtime.GOARCH)
	}
	reading := func() bool {
		files, _ := filepath.Glob(tasks + "/*/syscall")
		for _, f := range files {
			data, err := os.ReadFile(f)
			if fields := strings.Fields(string(data)); err == nil && len(fields) > 1 && fields[0] == nr && fields[1] == "0x0" {
				return true
			}
		}
		return false
	}
	require.Eventually(t, reading, 30*time.Second, time.Millisecond, "the program blocks on its read of standard input")
}

// TestTTYEndOfInput: Ctrl-D on the terminal ends the input, and the
// puzzle typed is solved.
func TestTTYEndOfInput(t *testing.T) {
	p := startOnTTY(t, "aquarium", "count", "--limit", "0")
	p.waitFor(t, "Ctrl-D to end", 30*time.Second)
	_, err := io.WriteString(p.ptmx, "1 1\n1 a b\n1 c d\n\x04")
	require.NoError(t, err)
	code, _ := p.wait(t, 30*time.Second)
	assert.Equal(t, 0, code, p.terminal())
	assert.Equal(t, "-: 2 solutions\n", p.out.String())
}

// progressCases are long runs whose progress a person should see: a search
// stopped by its timeout, compare, logic-only reasoning and generate. want
// is what the progress line must show, codes the exit codes it may end
// with (the CP core may solve the grid before the timeout).
func progressCases(t *testing.T) []struct {
	name  string
	args  []string
	want  []string
	codes []int
} {
	hard := hardGrid(t, 200)
	return []struct {
		name  string
		args  []string
		want  []string
		codes []int
	}{
		{"solve", []string{"aquarium", "solve", "--unique", "--timeout", "1s", hard}, []string{"0/1  hard  cp  "}, []int{0, 124}},
		{"compare", []string{"compare", "--engines", "cp", "--timeout", "1s", hard}, []string{"hard  cp  "}, []int{0, 124}},
		{"logic-only", []string{"aquarium", "solve", "--logic-only", "--timeout", "1s", hard}, []string{"0/1  hard  logic  "}, []int{124}}, // probing, or nested probing on a fast machine
		{"generate", []string{"aquarium", "generate", "--size", "150x150", "--layout", "random", "--all-clues", "--count", "2"}, []string{"/2  gen-150x150-1-", "generate"}, []int{0}},
	}
}

// TestProgressOnTerminal: on a terminal a long run draws its progress on
// standard error, in place, and erases it at the end; standard output,
// for scripts, holds no trace of it.
func TestProgressOnTerminal(t *testing.T) {
	for _, tc := range progressCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			if raceDetector && (tc.name == "generate" || tc.name == "solve") {
				// The program is the test binary, instrumented: at load
				// 35 two 150x150 grids took over two minutes (a smaller
				// one is done before any progress shows), and the solve
				// met its 1 s timeout before probing began.
				t.Skip("too slow under the race detector; run without -race")
			}
			p := startOnTTY(t, tc.args...)
			for _, want := range tc.want {
				p.waitFor(t, want, 60*time.Second)
			}
			code, _ := p.wait(t, 120*time.Second)
			assert.Contains(t, tc.codes, code, p.terminal())
			shown := p.terminal()
			last := strings.LastIndex(shown, tc.want[0])
			assert.Contains(t, shown[last:], "\r\x1b[K", "the line is erased at the end")
			assert.NotContains(t, p.out.String(), "\x1b", "standard output stays clean")
			assert.NotContains(t, p.out.String(), "\r", "standard output stays clean")
		})
	}
}

// TestNoProgressOnPipe: the same runs with standard error on a pipe draw
// nothing, so scripts and CI logs stay clean.
func TestNoProgressOnPipe(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX only")
	}
	for _, tc := range progressCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "generate" {
				// The others stop at 1 s; two seconds of generating show
				// that nothing is drawn (the first line would come after
				// ProgressDelay) as well as the whole run, which takes
				// minutes under the race detector.
				tc.args = append(slices.Clone(tc.args), "--timeout", "2s")
				tc.codes = []int{0, 124}
			}
			cmd := exec.Command(os.Args[0], tc.args...)
			cmd.Env = append(os.Environ(), "WATERWORKS_TEST_MAIN=1", "TERM=xterm")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			assert.Contains(t, tc.codes, exitCode(t, cmd), stderr.String())
			for _, s := range []string{stdout.String(), stderr.String()} {
				assert.NotContains(t, s, "\x1b")
				assert.NotContains(t, s, "\r")
				assert.NotContains(t, s, " nodes  ")
			}
		})
	}
}
