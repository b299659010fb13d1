package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The hostile-input suite (issue 18) runs the built program as a child
// process on inputs meant to break it: oversized grids and lines, binary
// data, control characters, duplicate ids, empty input, old Mac line ends,
// puzzles too big for a method. For each it checks the exit code, that the
// message names file:line:col, that the run takes under 5 s and 1 GB at
// its peak, and that no panic or control sequence comes out.
//
// -hostile.bin runs another build (an older one, to measure "before") and
// -hostile.table prints a Markdown table of time, peak memory and exit code
// instead of failing, for BENCHMARKS.md.
var (
	hostileBin   = flag.String("hostile.bin", "", "run the hostile suite against this waterworks binary instead of building one")
	hostileTable = flag.Bool("hostile.table", false, "print a table of the hostile suite's measurements instead of checking them")
	hostileCap   = flag.Duration("hostile.cap", time.Minute, "with -hostile.table, kill a run after this long")
)

// hostileDir holds the small hostile inputs; the large ones are generated.
const hostileDir = "../../testdata/hostile"

// Limits every run must keep.
const (
	maxWall = 5 * time.Second
	maxRSS  = 1 << 30
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// program returns the waterworks binary under test, building it once.
func program(t *testing.T) string {
	t.Helper()
	if *hostileBin != "" {
		return *hostileBin
	}
	buildOnce.Do(func() {
		goCmd, err := exec.LookPath("go")
		if err != nil {
			buildErr = fmt.Errorf("the go command is not on PATH: %w", err)
			return
		}
		dir, err := os.MkdirTemp("", "waterworks-hostile")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "waterworks")
		out, err := exec.Command(goCmd, "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Skipf("cannot build waterworks: %v", buildErr)
	}
	return builtBin
}

// run is one run of the program and what it did.
type run struct {
	stdout, stderr []byte
	exit           int
	wall, cpu      time.Duration
	// maxRSS is the child's peak resident memory from getrusage, in
	// bytes. Linux keeps the peak across execve, and os/exec starts the
	// child in the test process's memory, so it is at least inherited,
	// the test process's own peak when the child started: a figure at
	// that floor says only that the child's peak was no higher.
	maxRSS, inherited int64
	signalled         time.Duration
}

// peakRSS returns the peak resident memory of the process (VmHWM in
// /proc/PID/status, "self" for this one) in bytes, or 0 when unknown.
func peakRSS(pid string) int64 {
	data, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// runProgram runs bin with args in dir, stdin from the named file (or
// empty), and returns what it did. With interrupt set, it asks interrupt
// every few milliseconds whether to send SIGINT now (given the process id)
// and records how long the program took to exit after it. cap kills the
// program once it has used that much CPU time (or ten times as much wall
// time).
func runProgram(t *testing.T, bin, dir string, args []string, stdin string, interrupt func(pid int) bool, cap time.Duration) run {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var r run
	r.inherited = peakRSS("self")
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var sent time.Time
	var poll <-chan time.Time
	if interrupt != nil {
		ticker := time.NewTicker(2 * time.Millisecond)
		defer ticker.Stop()
		poll = ticker.C
	}
	kill := time.After(cap)
	for waiting := true; waiting; {
		select {
		case <-poll:
			if interrupt(cmd.Process.Pid) {
				sent = time.Now()
				cmd.Process.Signal(os.Interrupt)
				poll = nil
			}
		case <-kill:
			// Kill a run that has used cap of CPU time, or ten times cap
			// of wall time: on a loaded machine a run can wait long for a
			// core, and its CPU time is what the limits speak of.
			if used, ok := cpuTime(cmd.Process.Pid); ok && used < cap && time.Since(start) < 10*cap {
				kill = time.After(time.Second)
				break
			}
			cmd.Process.Kill()
			kill = nil
		case <-done:
			waiting = false
		}
	}
	r.wall = time.Since(start)
	if !sent.IsZero() {
		r.signalled = time.Since(sent)
	}
	r.stdout, r.stderr = stdout.Bytes(), stderr.Bytes()
	r.exit = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10 // kilobytes on Linux
		r.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return r
}

// hostileCase is one hostile run: the command line, the input, and what
// must come out.
type hostileCase struct {
	name string
	// args follow the program name; "{in}" stands for the input's path.
	args []string
	// in is a file of testdata/hostile, or the name of a generated input
	// (see generators), or "" for none.
	in string
	// stdin feeds the input on standard input instead of naming it.
	stdin bool
	exit  int
	// msg must match the first line of stderr; "" when stderr may be
	// empty.
	msg string
	// out, when set, must match standard output, and stderr the whole
	// of standard error.
	out, stderr string
	// long marks cases skipped in -short mode.
	long bool
}

// positioned matches the start of a message about an input: file:line:col.
const positioned = `^[^:\s]+:\d+:\d+: `

func hostileCases() []hostileCase {
	return []hostileCase{
		// Limits of size, checked before allocating.
		{name: "1x300000 strip, 100,000 aquariums, JSON", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "strip-300k.jsonl",
			exit: 2, msg: positioned + `field "regions" has an array of more than 1000 elements`},
		{name: "1x2500000 strip, JSON", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "strip-2500k.jsonl",
			exit: 2, msg: positioned + `line is longer than 16777216 bytes`, long: true},
		{name: "2000x2000 text", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "grid-2000.txt",
			exit: 2, msg: positioned + `more than 1000 column clues: grids are at most 1000x1000`, long: true},
		{name: "2000x2000 JSON", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "grid-2000.jsonl",
			exit: 2, msg: positioned + `line is longer than 16777216 bytes`, long: true},
		{name: "2000x2000 task string", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "grid-2000.task",
			exit: 2, msg: positioned + `line is longer than 16777216 bytes`, long: true},
		{name: "2000x2000 pzprv3", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "grid-2000.pzprv3",
			exit: 2, msg: positioned + `2000 rows: grids are at most 1000x1000`, long: true},
		{name: "pzprv3 claiming 2000x2000", args: []string{"aquarium", "count", "{in}"}, in: "pzprv3-claim.pzprv3",
			exit: 2, msg: positioned + `2000 rows: grids are at most 1000x1000`},
		{name: "pzprv3 claiming 999x999 in 24 bytes", args: []string{"aquarium", "count", "{in}"}, in: "pzprv3-cannot-fit.pzprv3",
			exit: 2, msg: positioned + `a 999x999 grid cannot fit in the 24 bytes of this file`},
		{name: "10 MB compact row", args: []string{"aquarium", "count", "{in}"}, in: "long-compact.txt",
			exit: 2, msg: positioned + `line is longer than 65536 bytes`},
		{name: "10 MB spaced row", args: []string{"aquarium", "count", "{in}"}, in: "long-spaced.txt",
			exit: 2, msg: positioned + `line is longer than 65536 bytes`},
		{name: "10 MB comment", args: []string{"aquarium", "solve", "{in}"}, in: "long-comment.txt",
			exit: 2, msg: positioned + `line is longer than 65536 bytes`},
		{name: "10 MB id", args: []string{"aquarium", "count", "{in}"}, in: "long-id.jsonl",
			exit: 2, msg: positioned + `id is 10000000 bytes long; at most 1000 are allowed`},
		{name: "regions of 2.5 million rows", args: []string{"aquarium", "count", "{in}"}, in: "long-regions.jsonl",
			exit: 2, msg: positioned + `field "regions" has an array of more than 1000 elements`},
		{name: "10 MB task string", args: []string{"aquarium", "count", "{in}"}, in: "long.task",
			exit: 2, msg: positioned + `more than 2000 clues: grids are at most 1000x1000`},
		{name: "10 MB URL", args: []string{"aquarium", "count", "{in}"}, in: "long.url",
			exit: 2, msg: positioned + `want "/" after the 4 border digits`},
		{name: "5 million jugs", args: []string{"jugs", "solve", "{in}"}, in: "long-jugs.jsonl",
			exit: 2, msg: positioned + `field "capacities" has an array of more than 1000 elements`},
		{name: "10 MB Water Sort line", args: []string{"sort", "solve", "{in}"}, in: "long-sort.txt",
			exit: 2, msg: positioned + `line is longer than 65536 bytes`},
		{name: "1.7 million bottles", args: []string{"sort", "solve", "{in}"}, in: "long-sort.jsonl",
			exit: 2, msg: positioned + `field "bottles" has an array of more than 1000 elements`},
		{name: "40 MB input", args: []string{"aquarium", "count", "{in}"}, in: "huge.txt",
			exit: 2, msg: positioned + `input is larger than 32 MiB, the most that is read`, long: true},
		{name: "40 MB on standard input", args: []string{"jugs", "solve"}, in: "huge.txt", stdin: true,
			exit: 2, msg: positioned + `input is larger than 32 MiB, the most that is read`, long: true},
		{name: "arrays nested 100 deep", args: []string{"jugs", "solve", "{in}"}, in: "deep.jsonl",
			exit: 2, msg: positioned},

		// The largest grids allowed: model building is linear and stops
		// at the timeout; what cannot fit the memory budget says so.
		// The million free cells have 2^1000000 solutions, so counting
		// them all (--limit 0) cannot end before the timeout; the default
		// limit of 2 is reached in about as long as the timeout, a race a
		// fast machine wins.
		{name: "1000x1000, a million aquariums, count", args: []string{"aquarium", "count", "--limit", "0", "--timeout", "1s", "{in}"}, in: "grid-1000-cells.jsonl",
			exit: 124, msg: `stopped by the timeout`},
		// Puzzles are made in rounds, not planned all at once: a billion
		// of them once allocated 8 GB before the first was made.
		{name: "a billion puzzles to generate", args: []string{"aquarium", "generate", "--size", "4x4", "--count", "1000000000", "--jobs", "1024", "--timeout", "1s"},
			exit: 124, msg: `stopped by the timeout`},
		{name: "1000x1000, column aquariums, count", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "grid-1000-cols.jsonl",
			exit: 124, msg: `stopped by the timeout`},
		{name: "1000x1000 with clues, count", args: []string{"aquarium", "count", "--timeout", "1s", "{in}"}, in: "grid-1000-clues.jsonl",
			exit: 124, msg: `stopped by the timeout`},
		{name: "1000x1000, U-shaped aquariums, pool rule", args: []string{"aquarium", "count", "--rule", "pool", "{in}"}, in: "grid-1000-us.jsonl",
			exit: 124, msg: `memory budget of .* reached at building the CP model of the 1000x1000 grid under the pool rule, mostly the pool rule's levels`},
		{name: "1000x1000 with clues, SAT", args: []string{"aquarium", "count", "--backend", "gini", "--timeout", "1s", "{in}"}, in: "grid-1000-clues.jsonl",
			exit: 124, msg: `stopped by the timeout`},
		// A row of 334 aquariums has an astronomical number of ways to
		// choose short of its clue: the hint's words count only the ways
		// that make it (it once walked the others for hours).
		{name: "1000x1000 with clues, hint", args: []string{"aquarium", "hint", "{in}"}, in: "grid-1000-clues.jsonl",
			exit: 0, out: `^grid-1000:\n  1\. \[sums\] Row 1 needs \d+ more full cells from aquariums A \(3\)`},
		// No rule applies to a million free cells, so the hint probes.
		{name: "1000x1000, a million aquariums, hint", args: []string{"aquarium", "hint", "--timeout", "200ms", "{in}"}, in: "grid-1000-cells.jsonl",
			exit: 124, msg: `stopped by the timeout`},
		{name: "1000x1000 with clues, explain", args: []string{"aquarium", "solve", "--explain", "--timeout", "1s", "{in}"}, in: "grid-1000-clues.jsonl",
			// The deductions found before the timeout come first.
			exit: 124, msg: `^grid-1000: (propagation decided \d+ cells, \d+ cells left|stopped by the timeout)`,
			stderr: `(?m)^grid-1000: stopped by the timeout`},
		{name: "1000x1000 with clues, grade", args: []string{"aquarium", "solve", "--stats", "--timeout", "1s", "{in}"}, in: "grid-1000-clues.jsonl",
			exit: 124, msg: `stopped by the timeout`},
		{name: "1000x1000, render", args: []string{"aquarium", "render", "{in}"}, in: "grid-1000-cells.jsonl",
			exit: 2, msg: `too large a picture`},
		{name: "1000x1000, tight memory budget", args: []string{"aquarium", "count", "--max-memory", "64M", "--timeout", "5s", "{in}"}, in: "grid-1000-clues.jsonl",
			exit: 124, msg: `memory budget of 64 MiB reached at `},

		// Jugs too large for an engine: an input error that names BFS,
		// before anything is allocated.
		{name: "jug of 2^24 by CP", args: []string{"jugs", "solve", "--method", "cp", "{in}"}, in: "jugs-16M.jsonl",
			exit: 2, msg: positioned + `too large for --method cp: jug 1 has capacity 16777216; the CP model holds at most 16777215 .*; use --method bfs`},
		{name: "jug of 2^24 by SAT", args: []string{"jugs", "solve", "--method", "sat", "{in}"}, in: "jugs-16M.jsonl",
			exit: 2, msg: positioned + `too large for --method sat: jug 1 has capacity 16777216; the SAT encoding holds at most 16777215 .*; use --method bfs`},
		{name: "jug of 10^12 by SAT", args: []string{"jugs", "solve", "--method", "sat", "--capacities", "1000000000000,3", "--target", "1"},
			exit: 2, msg: `^flags: too large for --method sat: jug 1 has capacity 1000000000000;`},
		{name: "jug of 10^9 by SAT", args: []string{"jugs", "solve", "--method", "sat", "--capacities", "1000000000,3", "--target", "1"},
			exit: 2, msg: `^flags: too large for --method sat: jug 1 has capacity 1000000000;`},
		{name: "jug of 10^6 by SAT, one step over --max-clauses", args: []string{"jugs", "solve", "--method", "sat", "--encoding", "order", "--capacities", "1000001,5", "--target", "4"},
			exit: 2, msg: `^flags: too large for --method sat: one step of the SAT encoding needs at least 18000060 clauses`},
		{name: "jug of 3x10^6 by SAT without --max-clauses", args: []string{"jugs", "solve", "--method", "sat", "--encoding", "order", "--max-clauses", "0", "--capacities", "3000001,5", "--target", "4"},
			exit: 124, out: `^flags: unknown \(memory budget of .* reached at step 1 of the SAT formula`},
		{name: "jug of 2^24, compare cp and sat", args: []string{"compare", "--engines", "cp,sat", "{in}"}, in: "jugs-16M.jsonl",
			exit: 2, msg: positioned + `too large for engine (sat|cp): jug 1 has capacity 16777216`},
		{name: "jug of 2^24, compare every engine", args: []string{"compare", "--timeout", "1s", "{in}"}, in: "jugs-16M.jsonl",
			exit: 2, msg: positioned + `too large for engine (sat|cp): jug 1 has capacity 16777216`},

		// Tiny unsolvable jug puzzles: proven at once by every method,
		// by conservation (15 states) or by the BFS bound on the horizon
		// (33 states, which no invariant rules out).
		{name: "15-state jugs by BFS", args: []string{"jugs", "solve", "{in}"}, in: "jugs-15-states.jsonl", exit: 1, out: `^fifteen: unsolvable \(`},
		{name: "15-state jugs by SAT", args: []string{"jugs", "solve", "--method", "sat", "{in}"}, in: "jugs-15-states.jsonl", exit: 1, out: `^fifteen: unsolvable \(`},
		{name: "15-state jugs by SAT, --complete=false", args: []string{"jugs", "solve", "--method", "sat", "--complete=false", "{in}"}, in: "jugs-15-states.jsonl",
			exit: 1, out: `^fifteen: unsolvable \(`},
		{name: "15-state jugs by CP", args: []string{"jugs", "solve", "--method", "cp", "{in}"}, in: "jugs-15-states.jsonl", exit: 1, out: `^fifteen: unsolvable \(`},
		{name: "15-state jugs, compare", args: []string{"compare", "{in}"}, in: "jugs-15-states.jsonl", exit: 0, out: `(?m)^fifteen +cp +unsolvable`},
		{name: "33-state jugs by SAT", args: []string{"jugs", "solve", "--method", "sat", "{in}"}, in: "jugs-33-states.jsonl",
			exit: 1, out: `^thirty-three: unsolvable \(every reachable state explored \(33 states\)`},
		{name: "33-state jugs by CP", args: []string{"jugs", "solve", "--method", "cp", "{in}"}, in: "jugs-33-states.jsonl",
			exit: 1, out: `^thirty-three: unsolvable \(every reachable state explored \(33 states\)`},
		{name: "33-state jugs, compare", args: []string{"compare", "{in}"}, in: "jugs-33-states.jsonl", exit: 0, out: `(?m)^thirty-three +sat/gini +unsolvable`},

		// A search's stored states are sized against the budget as the
		// store grows: stopped before its next table would cross it.
		{name: "3x5 tiles by BFS, budget 128M", args: []string{"tiles", "solve", "--method", "bfs", "--max-memory", "128M", "{in}"}, in: "tiles-3x5.txt",
			exit: 124, out: `unknown \(memory budget of 128 MiB reached at \d+ stored states \(about .*\); bfs\)`},
		{name: "40-bottle Water Sort level, budget 128M", args: []string{"sort", "solve", "--max-memory", "128M", "{in}"}, in: "sort-40-bottles.jsonl",
			exit: 124, out: `^forty-e3: unknown \(memory budget of 128 MiB reached at `},

		// Text hygiene: control characters, NUL, invalid UTF-8.
		{name: "escape sequence in a JSON id", args: []string{"aquarium", "solve", "{in}"}, in: "esc-id.jsonl",
			exit: 2, msg: positioned + `id "\\x1b\[2J\\x1b\[31mevil" holds the control character U\+001B`},
		{name: "escape sequence in a text id", args: []string{"aquarium", "solve", "{in}"}, in: "esc-id.txt",
			exit: 2, msg: positioned + `not a text file: control character U\+001B`},
		{name: "escape sequence in a jug id", args: []string{"jugs", "solve", "{in}"}, in: "esc-jugs.jsonl",
			exit: 2, msg: positioned + `id "\\x1b\[2J\\x1b\[31mevil" holds the control character U\+001B`},
		{name: "escape sequence in a colour, JSON", args: []string{"sort", "solve", "{in}"}, in: "esc-sort.jsonl",
			exit: 2, msg: positioned + `bottle 1: colour name "\\x1b\[2J\\x1b\[31mred" holds the control character U\+001B`},
		{name: "escape sequence in a colour, text", args: []string{"sort", "solve", "{in}"}, in: "esc-sort.txt",
			exit: 2, msg: positioned + `not a text file: control character U\+001B`},
		{name: "C1 control character", args: []string{"aquarium", "solve", "{in}"}, in: "c1-control.txt",
			exit: 2, msg: positioned + `not a text file: control character U\+009B`},
		{name: "NUL in a colour, JSON", args: []string{"sort", "solve", "{in}"}, in: "nul-sort.jsonl",
			exit: 2, msg: positioned + `field "[a-z]+" holds a NUL character`},
		{name: "NUL in a colour, text", args: []string{"sort", "solve", "{in}"}, in: "nul-sort.txt",
			exit: 2, msg: positioned + `not a text file: NUL byte`},
		{name: "NUL in a jug id", args: []string{"jugs", "solve", "{in}"}, in: "nul-jugs.jsonl",
			exit: 2, msg: positioned + `field "[a-z]+" holds a NUL character`},
		{name: "NUL in an Aquarium id", args: []string{"aquarium", "count", "{in}"}, in: "nul-aquarium.jsonl",
			exit: 2, msg: positioned + `field "[a-z]+" holds a NUL character`},
		{name: "invalid UTF-8, jugs", args: []string{"jugs", "solve", "{in}"}, in: "utf8-jugs.jsonl",
			exit: 2, msg: positioned + `not UTF-8 text: invalid byte 0xFF`},
		{name: "invalid UTF-8, Water Sort JSON", args: []string{"sort", "solve", "{in}"}, in: "utf8-sort.jsonl",
			exit: 2, msg: positioned + `not UTF-8 text: invalid byte 0xFF`},
		{name: "invalid UTF-8, Water Sort text", args: []string{"sort", "solve", "{in}"}, in: "utf8-sort.txt",
			exit: 2, msg: positioned + `not UTF-8 text: invalid byte 0xFF`},
		{name: "truncated UTF-8, Aquarium", args: []string{"aquarium", "count", "{in}"}, in: "utf8-aquarium.txt",
			exit: 2, msg: positioned + `not UTF-8 text: invalid byte 0xC3`},
		{name: "a PNG given as a puzzle", args: []string{"aquarium", "count", "{in}"}, in: "binary.png",
			exit: 2, msg: positioned + `not UTF-8 text`},
		{name: "a PNG given as jugs", args: []string{"jugs", "solve", "{in}"}, in: "binary.png",
			exit: 2, msg: positioned + `not UTF-8 text`},
		{name: "a file named with an escape sequence", args: []string{"aquarium", "count", "\x1b[2Jmissing.txt"},
			exit: 2, msg: `^"\\x1b\[2Jmissing.txt": no such file or directory`},

		// Duplicate ids are an input error naming both lines.
		{name: "duplicate ids, Aquarium", args: []string{"aquarium", "count", "{in}"}, in: "dup-aquarium.jsonl",
			exit: 2, msg: positioned + `duplicate id "same": line 1 has it too`},
		{name: "duplicate ids, render --id", args: []string{"aquarium", "render", "--id", "same", "{in}"}, in: "dup-aquarium.jsonl",
			exit: 2, msg: positioned + `duplicate id "same": line 1 has it too`},
		{name: "duplicate ids, jugs", args: []string{"jugs", "solve", "{in}"}, in: "dup-jugs.jsonl",
			exit: 2, msg: positioned + `duplicate id "same": line 1 has it too`},
		{name: "duplicate ids, Water Sort", args: []string{"sort", "solve", "{in}"}, in: "dup-sort.jsonl",
			exit: 2, msg: positioned + `duplicate id "same": line 1 has it too`},

		// Empty input is exit 2 for every command.
		{name: "empty, aquarium solve", args: []string{"aquarium", "solve", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, aquarium count", args: []string{"aquarium", "count", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, aquarium check", args: []string{"aquarium", "check", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, aquarium hint", args: []string{"aquarium", "hint", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, aquarium render", args: []string{"aquarium", "render", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, aquarium convert", args: []string{"aquarium", "convert", "--to", "json", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, aquarium encode", args: []string{"aquarium", "encode", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, jugs solve", args: []string{"jugs", "solve", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty stdin, jugs solve", args: []string{"jugs", "solve"}, exit: 2, msg: positioned + `empty input`},
		{name: "blank, jugs solve", args: []string{"jugs", "solve", "{in}"}, in: "blank.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, sort solve", args: []string{"sort", "solve", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty stdin, sort solve", args: []string{"sort", "solve"}, exit: 2, msg: positioned + `empty input`},
		{name: "empty, compare", args: []string{"compare", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, tiles solve", args: []string{"tiles", "solve", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, rush solve", args: []string{"rush", "solve", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},
		{name: "empty, torch solve", args: []string{"torch", "solve", "{in}"}, in: "empty.txt", exit: 2, msg: positioned + `empty input`},

		// Old Mac line ends are line ends.
		{name: "CR-only Aquarium text", args: []string{"aquarium", "count", "{in}"}, in: "cr-aquarium.txt", exit: 0},
		{name: "CR-only Aquarium JSON Lines", args: []string{"aquarium", "count", "{in}"}, in: "cr-aquarium.jsonl", exit: 0},
		{name: "CR-only jugs", args: []string{"jugs", "solve", "{in}"}, in: "cr-jugs.jsonl", exit: 0},
		{name: "CR-only Water Sort", args: []string{"sort", "solve", "{in}"}, in: "cr-sort.txt", exit: 0},
		{name: "byte order mark, jugs", args: []string{"jugs", "solve", "{in}"}, in: "bom-jugs.jsonl", exit: 0},

		// Every error names file:line:col.
		{name: "Water Sort capacity out of range", args: []string{"sort", "solve", "{in}"}, in: "sort-capacity.jsonl",
			exit: 2, msg: positioned + `capacity 99 is missing or outside 1..64`},
		{name: "text grid without rows", args: []string{"aquarium", "count", "{in}"}, in: "no-rows.txt",
			exit: 2, msg: positioned + `the grid has no rows`},
	}
}

// generators write the large inputs, named as hostileCase.in names them,
// straight to their files: the test process must stay small, since a
// child it starts inherits its peak memory (see runProgram).
var generators = map[string]func(b *bufio.Writer){
	"strip-300k.jsonl":  func(b *bufio.Writer) { strip(b, 300_000, 100_000) },
	"strip-2500k.jsonl": func(b *bufio.Writer) { strip(b, 2_500_000, 833_333) },
	"grid-2000.txt": func(b *bufio.Writer) {
		b.WriteString(" ")
		repeat(b, " -", 2000)
		b.WriteString("\n")
		for r := range 2000 {
			b.WriteString("-")
			for c := range 2000 {
				fmt.Fprintf(b, " a%d", r*500+c/4)
			}
			b.WriteByte('\n')
		}
	},
	"grid-2000.jsonl": func(b *bufio.Writer) { gridJSON(b, 2000, func(r, c int) int { return r*500 + c/4 }, nil, nil) },
	"grid-2000.task": func(b *bufio.Writer) {
		repeat(b, "0_", 3999)
		b.WriteString("0;")
		for i := range 2000 * 2000 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i/2000*500 + i%2000/4 + 1))
		}
		b.WriteByte('\n')
	},
	"grid-2000.pzprv3": func(b *bufio.Writer) {
		b.WriteString("pzprv3\naquarium\n2000\n2000\n")
		for range 2000 {
			b.WriteString(strings.Repeat("0 0 0 1 ", 500)[:2*1999] + "\n")
		}
		for range 1999 {
			repeat(b, "1 ", 2000)
			b.WriteString("\n")
		}
		for range 2001 {
			repeat(b, ". ", 2001)
			b.WriteString("\n")
		}
	},
	"long-compact.txt": func(b *bufio.Writer) { b.WriteString("  1 1 1\n1 "); repeat(b, "a", 10_000_000); b.WriteString("\n") },
	"long-spaced.txt":  func(b *bufio.Writer) { b.WriteString("  1 1 1\n1 "); repeat(b, "a ", 5_000_000); b.WriteString("\n") },
	"long-comment.txt": func(b *bufio.Writer) { b.WriteString("#"); repeat(b, "x", 10_000_000); b.WriteString("\n  1\n1 a\n") },
	"long-id.jsonl": func(b *bufio.Writer) {
		b.WriteString(`{"id":"`)
		repeat(b, "x", 10_000_000)
		b.WriteString(`","width":1,"height":1,"regions":[[0]],"cols":[null],"rows":[null]}` + "\n")
	},
	"long-regions.jsonl": func(b *bufio.Writer) {
		b.WriteString(`{"width":1,"height":1,"regions":[`)
		repeat(b, "[0],", 2_500_000)
		b.WriteString(`[0]],"cols":[null],"rows":[null]}` + "\n")
	},
	"long.task": func(b *bufio.Writer) { repeat(b, "1_", 5_000_000); b.WriteString("1;1\n") },
	"long.url": func(b *bufio.Writer) {
		b.WriteString("https://puzz.link/p?aquarium/3/3/")
		repeat(b, "0", 10_000_000)
		b.WriteString("\n")
	},
	"long-jugs.jsonl": func(b *bufio.Writer) {
		b.WriteString(`{"capacities":[`)
		repeat(b, "3,", 5_000_000)
		b.WriteString(`5],"target":4}` + "\n")
	},
	"long-sort.txt": func(b *bufio.Writer) { b.WriteString("capacity 4\n"); repeat(b, "a ", 5_000_000); b.WriteString("\n") },
	"long-sort.jsonl": func(b *bufio.Writer) {
		b.WriteString(`{"id":"x","capacity":4,"bottles":[`)
		repeat(b, `["a"],`, 1_666_666)
		b.WriteString(`["a"]]}` + "\n")
	},
	"huge.txt": func(b *bufio.Writer) {
		repeat(b, "# a comment line of a huge file, which is never read whole\n", 40<<20/59)
	},
	"grid-1000-cells.jsonl": func(b *bufio.Writer) {
		gridJSON(b, 1000, func(r, c int) int { return r*1000 + c }, nil, nil)
	},
	"grid-1000-cols.jsonl": func(b *bufio.Writer) { gridJSON(b, 1000, func(r, c int) int { return c }, nil, nil) },
	// U's two columns wide joined along the bottom row, around a column
	// aquarium each: under the pool rule, a level for every cell of a U.
	"grid-1000-us.jsonl": func(b *bufio.Writer) {
		gridJSON(b, 1000, func(r, c int) int {
			if c%3 == 1 && r < 999 {
				return c/3*2 + 1
			}
			return c / 3 * 2
		}, nil, nil)
	},
	"grid-250-cells.jsonl":  func(b *bufio.Writer) { gridJSON(b, 250, func(r, c int) int { return r*250 + c }, nil, nil) },
	"grid-1000-clues.jsonl": func(b *bufio.Writer) { cluedGrid(b, 1000) },
}

// repeat writes s n times.
func repeat(b *bufio.Writer, s string, n int) {
	for range n {
		b.WriteString(s)
	}
}

// cluedGrid writes an nxn grid of 3x3 aquariums (smaller at the edges)
// with every clue given, taken from a filling where each aquarium holds
// water up to a level of its own, so the puzzle has a solution.
func cluedGrid(b *bufio.Writer, n int) {
	full := func(r, c int) bool {
		top := min(r/3*3+3, n) // the row below the aquarium
		level := (r/3*7 + c/3*13) % 4
		return r >= top-level
	}
	cols, rows := make([]int, n), make([]int, n)
	for r := range n {
		for c := range n {
			if full(r, c) {
				cols[c]++
				rows[r]++
			}
		}
	}
	gridJSON(b, n, func(r, c int) int { return r/3*(n/3+1) + c/3 }, cols, rows)
}

// strip writes a 1xn grid of k aquariums with every clue missing, as
// JSON Lines.
func strip(b *bufio.Writer, n, k int) {
	fmt.Fprintf(b, `{"id":"strip","width":%d,"height":1,"regions":[[`, n)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i * k / n))
	}
	b.WriteString(`]],"cols":[`)
	repeat(b, "null,", n-1)
	b.WriteString(`null],"rows":[null]}` + "\n")
}

// gridJSON writes an nxn grid with the aquariums region gives and the
// clues cols and rows (nil: every clue missing), as JSON Lines.
func gridJSON(b *bufio.Writer, n int, region func(r, c int) int, cols, rows []int) {
	fmt.Fprintf(b, `{"id":"grid-%d","width":%d,"height":%d,"regions":[`, n, n, n)
	for r := range n {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for c := range n {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(region(r, c)))
		}
		b.WriteByte(']')
	}
	list := func(clues []int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = "null"
			if clues != nil {
				s[i] = strconv.Itoa(clues[i])
			}
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	b.WriteString(`],"cols":` + list(cols) + `,"rows":` + list(rows) + "}\n")
}

var (
	genMu  sync.Mutex
	genDir string
	genned = map[string]string{}
)

// input returns the path of a case's input, generating it on first use.
func input(t *testing.T, name string) string {
	t.Helper()
	gen, ok := generators[name]
	if !ok {
		path, err := filepath.Abs(filepath.Join(hostileDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return path
	}
	genMu.Lock()
	defer genMu.Unlock()
	if path, ok := genned[name]; ok {
		return path
	}
	if genDir == "" {
		dir, err := os.MkdirTemp("", "waterworks-hostile-inputs")
		if err != nil {
			t.Fatal(err)
		}
		genDir = dir
	}
	path := filepath.Join(genDir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<16)
	gen(w)
	if err := errors.Join(w.Flush(), f.Close()); err != nil {
		t.Fatal(err)
	}
	genned[name] = path
	return path
}

// overloaded reports whether the machine runs more than twice as many
// processes as it has cores, when wall times say little.
func overloaded() bool { return loadAverage() > 2*float64(runtime.NumCPU()) }

// loadAverage returns the load average over the last minute, or 0 when it
// cannot be read.
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	load, err := strconv.ParseFloat(strings.Fields(string(data))[0], 64)
	if err != nil {
		return 0
	}
	return load
}

var panicText = regexp.MustCompile(`panic:|goroutine \d+ \[|fatal error:|SIGSEGV`)

func TestHostileInputs(t *testing.T) {
	if raceDetector && *hostileBin == "" && !*hostileTable {
		// program builds waterworks without the race detector, so this run
		// would repeat the one without -race exactly, and the detector would
		// see nothing but the harness starting processes.
		t.Skip("runs a binary built without the race detector: the run without -race covers it")
	}
	bin := program(t)
	if *hostileTable {
		fmt.Println("| input | command | time | CPU | peak memory | exit | first line of stderr |")
		fmt.Println("|---|---|---|---|---|---|---|")
	}
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testing.Short() && !*hostileTable {
				t.Skip("a large generated input; skipped in -short mode")
			}
			args := make([]string, len(tc.args))
			var stdin string
			for i, a := range tc.args {
				args[i] = a
				if a == "{in}" {
					args[i] = input(t, tc.in)
				}
			}
			if tc.stdin {
				stdin = input(t, tc.in)
			}
			cap := 2 * maxWall // of CPU time (see runProgram)
			if *hostileTable {
				cap = *hostileCap
			}
			r := runProgram(t, bin, t.TempDir(), args, stdin, nil, cap)
			first, _, _ := strings.Cut(string(r.stderr), "\n")
			if *hostileTable {
				peak := fmt.Sprintf("%d MB", r.maxRSS>>20)
				if r.maxRSS <= r.inherited {
					peak = "≤ " + peak // the test process's own peak (see run.maxRSS)
				}
				fmt.Printf("| %s | `%s` | %.2f s | %.2f s | %s | %d | %s |\n", tc.name, strings.Join(tc.args[:2], " "),
					r.wall.Seconds(), r.cpu.Seconds(), peak, r.exit, strconv.Quote(shorten(first, 90)))
				return
			}
			assertRun(t, tc, r, first)
		})
	}
}

// assertRun checks one run against its case and the suite's limits.
func assertRun(t *testing.T, tc hostileCase, r run, first string) {
	t.Helper()
	if r.exit != tc.exit {
		t.Errorf("exit %d, want %d; stderr:\n%s", r.exit, tc.exit, shorten(string(r.stderr), 2000))
	}
	if tc.msg != "" && !regexp.MustCompile(tc.msg).MatchString(first) {
		t.Errorf("first line of stderr %q does not match %q", shorten(first, 300), tc.msg)
	}
	if tc.stderr != "" && !regexp.MustCompile(tc.stderr).Match(r.stderr) {
		t.Errorf("standard error %q does not match %q", shorten(string(r.stderr), 300), tc.stderr)
	}
	if tc.out != "" && !regexp.MustCompile(tc.out).Match(r.stdout) {
		t.Errorf("standard output %q does not match %q", shorten(string(r.stdout), 300), tc.out)
	}
	if panicText.Match(r.stderr) {
		t.Errorf("panic text on stderr:\n%s", shorten(string(r.stderr), 2000))
	}
	if bytes.IndexByte(r.stdout, 0x1b) >= 0 || bytes.IndexByte(r.stderr, 0x1b) >= 0 {
		t.Errorf("an escape character reached the output")
	}
	if r.maxRSS > maxRSS {
		t.Errorf("peak memory %d MB, more than %d MB", r.maxRSS>>20, maxRSS>>20)
	}
	switch {
	case r.cpu > maxWall:
		t.Errorf("took %v of CPU time, more than %v", r.cpu, maxWall)
	case r.wall <= maxWall:
	case waited(r.wall, r.cpu, maxWall):
		t.Logf("took %v, more than %v, but only %v of CPU time: it waited for a core", r.wall, maxWall, r.cpu)
	default:
		t.Errorf("took %v, more than %v (%v of CPU time)", r.wall, maxWall, r.cpu)
	}
}

// waited reports whether a run that took wall time, limit or more, spent
// most of it waiting for a core rather than working: it used less than
// half of it as CPU time, and took less than ten times limit. The load
// average is no guide: it lags by a minute, and go test runs packages in
// parallel, so CI's own machine is loaded in bursts while this suite
// runs. A run that hangs is killed (runProgram) and fails on its exit
// code.
func waited(wall, cpu, limit time.Duration) bool {
	return cpu < wall/2 && wall < 10*limit
}

// shorten cuts s to at most n bytes for a message.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// TestInterruptModelBuilding sends SIGINT while the program builds the
// model of a 1000x1000 grid, after it has read the input: it must exit 130
// within 300 ms. A first run with a 1 ms timeout measures the CPU time
// that reading takes; the signal goes once the program has used 150 ms of
// CPU more, in model building, which takes about a second of CPU on a
// million cells. CPU time, read from /proc, keeps the moment right on a
// loaded machine; elsewhere the wall time of the first run stands in.
func TestInterruptModelBuilding(t *testing.T) {
	bin := program(t)
	in := input(t, "grid-1000-cells.jsonl")
	dir := t.TempDir()
	read := runProgram(t, bin, dir, []string{"aquarium", "count", "--timeout", "1ms", in}, "", nil, time.Minute)
	if read.exit != 124 {
		t.Fatalf("the reading run exited %d, want 124; stderr:\n%s", read.exit, read.stderr)
	}
	r, atSignal := interruptAt(t, bin, dir, []string{"aquarium", "count", in}, read.cpu+150*time.Millisecond, read.wall+200*time.Millisecond)
	assertStoppedPromptly(t, r, atSignal, "interrupted")
}

// TestInterruptReading sends SIGINT while the program reads a 900x900
// grid in the text format, before any model is built:
// it must exit 130 within 300 ms (the hostile-input target), saying that
// it was interrupted while reading.
func TestInterruptReading(t *testing.T) {
	bin := program(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "grid-900.txt")
	var b strings.Builder
	b.WriteString(strings.TrimSpace(strings.Repeat("- ", 900)) + "\n")
	for r := range 900 {
		b.WriteString("-" + strings.Repeat(" r"+strconv.Itoa(r), 900) + "\n")
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r, atSignal := interruptAt(t, bin, dir, []string{"aquarium", "count", in}, 40*time.Millisecond, 100*time.Millisecond)
	assertStoppedPromptly(t, r, atSignal, "interrupted while reading")
	// Reading the grid takes some 250 ms of CPU in all, under the 300 ms
	// above: a reader that finished before it looked at the signal would
	// still pass there, so the work after the signal is held to less.
	if after := r.cpu - atSignal; atSignal > 0 && after > 100*time.Millisecond {
		t.Errorf("used %v of CPU time after SIGINT while reading, more than 100ms", after)
	}
}

// TestInterruptRender sends SIGINT while render -o draws a 250x250 grid as
// an 8064x8064 PNG (about half a second of CPU): it must exit 130 within
// 300 ms, say that nothing was written, and leave the target as it was.
func TestInterruptRender(t *testing.T) {
	bin := program(t)
	in := input(t, "grid-250-cells.jsonl")
	dir := t.TempDir()
	target := filepath.Join(dir, "picture.png")
	const old = "the picture drawn before"
	if err := os.WriteFile(target, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	// Reading and checking the grid take some 30 ms of CPU.
	r, atSignal := interruptAt(t, bin, dir, []string{"aquarium", "render", "-o", target, in}, 100*time.Millisecond, 300*time.Millisecond)
	assertStoppedPromptly(t, r, atSignal, "interrupted while drawing; nothing written")
	if data, err := os.ReadFile(target); err != nil || string(data) != old {
		t.Errorf("the target holds %q (%v), want it untouched", shorten(string(data), 40), err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %d entries (%v), want the target alone", len(entries), err)
	}
}

// interruptAt runs bin with args in dir and sends SIGINT once the program
// has used cpu of CPU time, read from /proc, which keeps the moment right
// on a loaded machine; without /proc, after wall. It returns the run and
// the CPU time used when the signal went (0 without /proc).
func interruptAt(t *testing.T, bin, dir string, args []string, cpu, wall time.Duration) (run, time.Duration) {
	t.Helper()
	start := time.Now()
	var atSignal time.Duration
	due := func(pid int) bool {
		if used, ok := cpuTime(pid); ok {
			atSignal = used
			return used > cpu
		}
		return time.Since(start) > wall
	}
	return runProgram(t, bin, dir, args, "", due, time.Minute), atSignal
}

// assertStoppedPromptly checks a run interrupted by SIGINT: exit 130, a
// first line of stderr holding say, and an exit within 300 ms. The work
// done after the signal is judged in CPU time, whatever the load; a
// longer wall time is only logged when the program spent it waiting for
// a core (see waited).
func assertStoppedPromptly(t *testing.T, r run, atSignal time.Duration, say string) {
	t.Helper()
	if r.exit != 130 {
		t.Fatalf("exit %d, want 130; stderr:\n%s", r.exit, r.stderr)
	}
	if !bytes.Contains(r.stderr, []byte(say)) {
		t.Errorf("stderr does not say %q:\n%s", say, r.stderr)
	}
	const limit = 300 * time.Millisecond
	after := r.cpu - atSignal
	switch {
	case atSignal > 0 && after > limit:
		t.Errorf("used %v of CPU time after SIGINT, more than %v (exited %v after it)", after, limit, r.signalled)
	case r.signalled <= limit:
		t.Logf("exited %v after SIGINT (%v of CPU time after it)", r.signalled, after)
	case atSignal > 0 && waited(r.signalled, after, limit) || atSignal == 0 && overloaded():
		t.Logf("exited %v after SIGINT, more than %v, but used %v of CPU time after it: it waited for a core", r.signalled, limit, after)
	default:
		t.Errorf("exited %v after SIGINT, more than %v (%v of CPU time after it)", r.signalled, limit, after)
	}
}

// cpuTime returns the CPU time process pid has used so far, from
// /proc/pid/stat (user and system time in clock ticks, assumed 100 a
// second as on every Linux build Go supports).
func cpuTime(pid int) (time.Duration, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command name, which ends with the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, false
	}
	fields := strings.Fields(string(data[i+1:]))
	if len(fields) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}
