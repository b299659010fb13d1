package fzncli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/fzn/cli")

var (
	testdata = filepath.Join("..", "..", "..", "testdata", "fzn")
	cliDir   = filepath.Join(testdata, "cli")
)

// syncBuffer is a buffer that the engine's goroutines may write while a
// test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// runFzn runs "waterworks fzn args" under ctx with stdin, and returns its
// exit code, standard output and standard error.
func runFzn(ctx context.Context, stdin string, stderr *syncBuffer, args ...string) (int, string) {
	var out syncBuffer
	code := run(ctx, clikit.IO{In: strings.NewReader(stdin), Out: &out, Err: stderr}, args)
	return code, out.String()
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test -update creates it")
	assert.Equal(t, string(want), got, "differs from %s (go test -update rewrites it)", path)
}

// TestGolden keeps the output of models whose answer is unique, and the
// messages of bad input, in golden files (testdata/fzn/cli/*.golden): the
// exit code, standard output and standard error.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"sendmore", []string{filepath.Join(testdata, "check", "sendmore.fzn")}},
		{"sendmore-all", []string{"-a", filepath.Join(testdata, "check", "sendmore.fzn")}},
		{"pigeons", []string{filepath.Join(cliDir, "pigeons.fzn")}},
		{"pigeons-gecode", []string{"--backend", "gecode", filepath.Join(cliDir, "pigeons.fzn")}},
		{"float-var", []string{filepath.Join(testdata, "bad", "float-var.fzn")}},
		{"set-var", []string{filepath.Join(testdata, "bad", "set-var.fzn")}},
		{"syntax", []string{filepath.Join(testdata, "bad", "syntax-semicolon.fzn")}},
		{"empty", []string{filepath.Join(testdata, "bad", "empty.fzn")}},
		{"missing", []string{filepath.Join(cliDir, "no-such.fzn")}},
		{"two-files", []string{"a.fzn", "b.fzn"}},
		{"negative-n", []string{"-n", "-1", "a.fzn"}},
		{"time-is-up", []string{"-t", "-20", filepath.Join(cliDir, "pigeons.fzn")}},
		{"time-beyond-limit", []string{"-t", "9223372036854775807", filepath.Join(cliDir, "pigeons.fzn")}},
		{"unknown-backend", []string{"--backend", "sat:gimi", "a.fzn"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasSuffix(tc.name, "-gecode") && !hasGecode() {
				t.Skip("fzn-gecode is not installed")
			}
			var stderr syncBuffer
			code, out := runFzn(context.Background(), "", &stderr, tc.args...)
			got := fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", code, out, filepath.ToSlash(stderr.String()))
			golden(t, filepath.Join(cliDir, tc.name+".golden"), got)
		})
	}
}

func hasGecode() bool {
	_, err := os.Stat("/usr/bin/fzn-gecode")
	return err == nil
}

// gridSolutions counts, by brute force, the grids of grid.fzn: a 2x3 grid
// of values 1..6 increasing along rows and columns.
func gridSolutions() int {
	n := 0
	var g [6]int
	var walk func(i int)
	walk = func(i int) {
		if i == 6 {
			if g[0] < g[1] && g[1] < g[2] && g[3] < g[4] && g[4] < g[5] && g[0] < g[3] && g[1] < g[4] && g[2] < g[5] {
				n++
			}
			return
		}
		for v := 1; v <= 6; v++ {
			g[i] = v
			walk(i + 1)
		}
	}
	walk(0)
	return n
}

// TestAllSolutions: -a prints every solution of grid.fzn, as many as
// brute force counts, each once and each a grid of the puzzle (its 2-d
// output array read back), then "==========".
func TestAllSolutions(t *testing.T) {
	path := filepath.Join(cliDir, "grid.fzn")
	want := gridSolutions()
	require.Equal(t, 50, want)
	m := readModel(t, path)
	for _, backend := range []string{"sat:gini", "sat:gophersat", "gecode", "race"} {
		t.Run(backend, func(t *testing.T) {
			if backend == "gecode" && !hasGecode() {
				t.Skip("fzn-gecode is not installed")
			}
			var stderr syncBuffer
			code, out := runFzn(context.Background(), "", &stderr, "-a", "--backend", backend, path)
			require.Equal(t, 0, code, stderr.String())
			got, err := fznfmt.ReadOutput("stdout", strings.NewReader(out), m)
			require.NoError(t, err, out)
			assert.Equal(t, fznfmt.StatusComplete, got.Status)
			seen := map[string]bool{}
			for _, s := range got.Solutions {
				g := []int64{s["a11"], s["a12"], s["a13"], s["a21"], s["a22"], s["a23"]}
				key := fmt.Sprint(g)
				assert.False(t, seen[key], "printed twice: %v", g)
				seen[key] = true
				assert.True(t, g[0] < g[1] && g[1] < g[2] && g[3] < g[4] && g[4] < g[5] && g[0] < g[3] && g[1] < g[4] && g[2] < g[5], "%v", g)
				assert.Equal(t, g[5] == 6, s["corner"] == 1, "%v", s)
			}
			assert.Len(t, seen, want)
		})
	}
}

func readModel(t *testing.T, path string) *fzn.Model {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	m, err := fznfmt.Parse(context.Background(), path, bytes.NewReader(data))
	require.NoError(t, err)
	return m
}

// TestLimitAndStdin: -n stops after that many solutions, without the
// closing line; the model may come on standard input.
func TestLimitAndStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(cliDir, "grid.fzn"))
	require.NoError(t, err)
	var stderr syncBuffer
	code, out := runFzn(context.Background(), string(data), &stderr, "-n", "3", "-")
	require.Equal(t, 0, code, stderr.String())
	assert.Equal(t, 3, strings.Count(out, fznfmt.Separator+"\n"))
	assert.NotContains(t, out, "==========")
}

// TestIntermediate: -i asks an optimisation for every improving solution,
// and leaves a satisfaction problem at one.
func TestIntermediate(t *testing.T) {
	var stderr syncBuffer
	code, out := runFzn(context.Background(), "", &stderr, "-i", filepath.Join(cliDir, "grid.fzn"))
	require.Equal(t, 0, code, stderr.String())
	assert.Equal(t, 1, strings.Count(out, fznfmt.Separator+"\n"), out)
	assert.NotContains(t, out, "==========")

	path := filepath.Join(testdata, "check", "knapsack.fzn")
	m := readModel(t, path)
	code, out = runFzn(context.Background(), "", &stderr, "-i", "--backend", "sat:gini", path)
	require.Equal(t, 0, code, stderr.String())
	got, err := fznfmt.ReadOutput("stdout", strings.NewReader(out), m)
	require.NoError(t, err)
	code, all := runFzn(context.Background(), "", &stderr, "-a", "--backend", "sat:gini", path)
	require.Equal(t, 0, code, stderr.String())
	assert.Equal(t, all, out, "-i is -a for optimisation")
	assert.Greater(t, len(got.Solutions), 1, "the SAT route improves step by step")
	assert.Equal(t, fznfmt.StatusComplete, got.Status)
}

// TestStats: -s adds a block of statistics that MiniZinc reads, with the
// number of solutions and the objective.
func TestStats(t *testing.T) {
	path := filepath.Join(testdata, "check", "knapsack.fzn")
	var stderr syncBuffer
	code, out := runFzn(context.Background(), "", &stderr, "-s", path)
	require.Equal(t, 0, code, stderr.String())
	got, err := fznfmt.ReadOutput("stdout", strings.NewReader(out), readModel(t, path))
	require.NoError(t, err)
	stats := map[string]string{}
	for _, s := range got.Stats {
		stats[s.Name] = fmt.Sprint(s.Value)
	}
	assert.Equal(t, "69", stats["objective"], out)
	assert.Contains(t, stats, "solveTime")
	assert.Contains(t, stats, "solutions")
	assert.Equal(t, fznfmt.StatusComplete, got.Status)
	assert.Len(t, got.Solutions, 1, "without -a, the best solution alone")
}

// hardModel writes n pigeons in n holes, pairwise in different holes, and
// asks for the fewest holes: the SAT route finds the first solution, with
// every hole, at once, and the proof that fewer will not do is the
// pigeonhole principle, which takes a SAT solver exponential time (for
// n = 14, far longer than a test). (The CP core, which tries the fewest
// holes first, finds no solution soon: the tests that need one run
// sat:gini.) With unsat, it asks for n pigeons in n-1 holes
// instead.
func hardModel(t *testing.T, n int, unsat bool) string {
	t.Helper()
	var b strings.Builder
	holes := n
	if unsat {
		holes--
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "var 1..%d: p%d :: output_var;\n", holes, i)
	}
	fmt.Fprintf(&b, "var 1..%d: used :: output_var;\n", holes)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "constraint int_le(p%d, used);\n", i)
		for j := i + 1; j <= n; j++ {
			fmt.Fprintf(&b, "constraint int_ne(p%d, p%d);\n", i, j)
		}
	}
	if unsat {
		b.WriteString("solve satisfy;\n")
	} else {
		b.WriteString("solve minimize used;\n")
	}
	path := filepath.Join(t.TempDir(), "hard.fzn")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

// TestTimeLimit: -t stops the search; the best solution found is printed,
// without "==========", or "=====UNKNOWN=====" when there is none, and
// the exit code is 0, as minizinc wants.
func TestTimeLimit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		unsat bool
		want  string
	}{
		{"best solution", false, "used = 14;\n" + fznfmt.Separator + "\n"},
		{"unknown", true, "=====UNKNOWN=====\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := hardModel(t, 14, tc.unsat)
			var stderr syncBuffer
			start := time.Now()
			code, out := runFzn(context.Background(), "", &stderr, "--backend", "sat:gini", "-t", "300", path)
			assert.Less(t, time.Since(start), 20*time.Second, "stops soon after the limit")
			assert.Equal(t, 0, code, stderr.String())
			assert.True(t, strings.HasSuffix(out, tc.want), out)
			assert.NotContains(t, out, "==========")
		})
	}
}

// ledModel is hardModel's optimisation led by its search annotation to
// every pigeon in its own hole, highest first: each engine finds the
// solution with every hole in its first descent, and none proves in a
// test's time that fewer holes will not do.
func ledModel(t *testing.T, n int) string {
	t.Helper()
	data, err := os.ReadFile(hardModel(t, n, false))
	require.NoError(t, err)
	var pigeons []string
	for i := 1; i <= n; i++ {
		pigeons = append(pigeons, fmt.Sprintf("p%d", i))
	}
	led := fmt.Sprintf("solve :: int_search([%s], input_order, indomain_max, complete) minimize used;\n", strings.Join(pigeons, ", "))
	src := strings.Replace(string(data), "solve minimize used;\n", led, 1)
	path := filepath.Join(t.TempDir(), "led.fzn")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	return path
}

// TestTimeLimitPrintsBestOfEachEngine: whichever engine runs, the best
// solution found before -t is printed, not dropped. (The CP engines hand
// out an optimisation's best when their search has stopped, which is
// after the time is up.)
func TestTimeLimitPrintsBestOfEachEngine(t *testing.T) {
	path := ledModel(t, 14)
	for _, engine := range []string{"cp-learn", "cp", "sat:gini"} {
		t.Run(engine, func(t *testing.T) {
			var stderr syncBuffer
			code, out := runFzn(context.Background(), "", &stderr, "--backend", engine, "-t", "300", path)
			assert.Equal(t, 0, code, stderr.String())
			assert.True(t, strings.HasSuffix(out, "used = 14;\n"+fznfmt.Separator+"\n"), out)
			assert.NotContains(t, out, "==========")
		})
	}
}

// TestInterruptPrintsBest: an interrupt (the end of the command's
// context) while an optimisation holds its best solution back prints that
// solution at once, and the command exits 130.
func TestInterruptPrintsBest(t *testing.T) {
	path := hardModel(t, 14, false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	done := make(chan struct{})
	var code int
	var out string
	go func() {
		defer close(done)
		code, out = runFzn(ctx, "", &stderr, "--backend", "sat:gini", "-v", path)
	}()
	giveUp := time.After(2 * time.Minute)
	for !strings.Contains(stderr.String(), "found a solution") {
		select {
		case <-done:
			t.Fatalf("ended before an interrupt: %s", stderr.String())
		case <-giveUp:
			cancel()
			<-done
			t.Fatalf("no solution in 2 minutes: %s", stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	<-done
	assert.Equal(t, clikit.ExitInterrupted, code)
	assert.Equal(t, 1, strings.Count(out, fznfmt.Separator+"\n"), out)
	assert.True(t, strings.HasSuffix(out, "used = 14;\n"+fznfmt.Separator+"\n"), out)
}
