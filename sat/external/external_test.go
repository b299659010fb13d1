package external_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/external"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

// solvers are the real programs tested when installed (Debian packages
// cadical, minisat, picosat).
var solvers = []string{"cadical", "minisat", "picosat", "kissat"}

func need(t *testing.T, prog string) {
	t.Helper()
	if _, err := exec.LookPath(prog); err != nil {
		t.Skipf("%s is not installed (apt-get install %s)", prog, prog)
	}
}

func TestRealSolvers(t *testing.T) {
	for _, prog := range solvers {
		t.Run(prog, func(t *testing.T) {
			need(t, prog)
			open := func() sat.Solver { return external.New(prog) }
			sattest.CheckSolver(t, context.Background(), open, 10)
		})
	}
}

func TestRealSolversTimeout(t *testing.T) {
	for _, prog := range solvers {
		t.Run(prog, func(t *testing.T) {
			need(t, prog)
			sattest.CheckTimeout(t, func() sat.Solver { return external.New(prog) }, sattest.Pigeonhole(10))
		})
	}
}

func TestStats(t *testing.T) {
	need(t, "cadical")
	s := external.New("cadical")
	require.NoError(t, sat.Load(s, sattest.Pigeonhole(5)))
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	assert.Equal(t, sat.Unsat, st)
	stats := s.Stats()
	assert.Equal(t, int64(1), stats.Solves)
	assert.Positive(t, stats.Conflicts)
	assert.Positive(t, stats.Propagations)
}

func script(name string) string { return filepath.Join("testdata", name) }

// TestMisbehaving checks that wrong or missing answers are errors, never
// answers.
func TestMisbehaving(t *testing.T) {
	tests := []struct {
		script string
		want   string
	}{
		{"liar.sh", "wrong model: sat: clause 1 [-1] is false"},
		{"silent10.sh", "SATISFIABLE without a model"},
		{"disagree.sh", "answer UNSATISFIABLE with exit code 10"},
		{"crash.sh", "no answer (exit code 3): cannot parse"},
		{"no-such-solver", "running"},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			s := external.New(script(tc.script))
			s.AddClause(-1)
			s.AddClause(2, 3)
			st, err := s.Solve(context.Background())
			assert.Equal(t, sat.Unknown, st)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestKilledWithItsGroup(t *testing.T) {
	sattest.CheckTimeout(t, func() sat.Solver { return external.New(script("sleeper.sh")) }, sattest.Pigeonhole(2))
}

func TestPlaceholders(t *testing.T) {
	argsFile := filepath.Join(t.TempDir(), "args")
	t.Setenv("ARGS_FILE", argsFile)
	files := regexp.MustCompile(`/\S*/(problem\.cnf|model\.txt)`)
	for _, tc := range []struct {
		command string
		want    string // the arguments the script saw, files shown by base name
	}{
		{"echoargs.sh -q", "-q problem.cnf"},
		{"echoargs.sh --in={in} x", "--in=problem.cnf x"},
		{"echoargs.sh {in} {out}", "problem.cnf model.txt"},
	} {
		s, err := external.Parse(filepath.Join("testdata", tc.command))
		require.NoError(t, err)
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		assert.Equal(t, sat.Unsat, st)
		args, err := os.ReadFile(argsFile)
		require.NoError(t, err)
		assert.Equal(t, tc.want, files.ReplaceAllString(strings.TrimSpace(string(args)), "$1"), tc.command)
	}
	_, err := external.Parse("  ")
	assert.Error(t, err)
}

// TestSolversReadOurDIMACS feeds each solver a file written by
// sat.WriteDIMACS with name comments before the header, as "aquarium
// encode" will, and checks that it answers and that its model satisfies
// the formula.
func TestSolversReadOurDIMACS(t *testing.T) {
	f := sat.NewFormula()
	x := f.NewNamedVar("cell(r1,c1)")
	y := f.NewNamedVar("cell(r1,c2)")
	z := f.NewNamedVar("a name = with = signs")
	f.AddClause(x, y)
	f.AddClause(y.Not(), z)
	f.Exactly(1, x, y, z)
	cnf := sattest.MustLower(f, sat.Totalizer)
	path := filepath.Join(t.TempDir(), "named.cnf")
	file, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, sat.WriteDIMACS(file, cnf))
	require.NoError(t, file.Close())
	for _, prog := range solvers {
		t.Run(prog, func(t *testing.T) {
			need(t, prog)
			args := []string{path}
			if prog == "minisat" {
				args = append(args, filepath.Join(t.TempDir(), "out"))
			}
			out, _ := exec.Command(prog, args...).Output()
			if prog == "minisat" {
				data, err := os.ReadFile(args[1])
				require.NoError(t, err)
				out = []byte("s SATISFIABLE\nv " + strings.TrimPrefix(string(data), "SAT\n"))
			}
			res, err := sat.ReadResult(bytes.NewReader(out))
			require.NoError(t, err)
			require.Equal(t, sat.Sat, res.Status, "%s", out)
			assert.NoError(t, f.Check(res.Model))
		})
	}
}
