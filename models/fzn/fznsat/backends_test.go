package fznsat_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

func TestMain(m *testing.M) {
	backends.ServeIfWorker() // gophersat under a deadline runs in a worker
	os.Exit(m.Run())
}

// backendModels are testdata models small enough to solve with a
// process per solve.
var backendModels = []string{
	"check/bools.fzn", "check/element.fzn", "check/jobshop.fzn", "check/knapsack.fzn",
	"check/queens.fzn", "check/sendmore.fzn", "check/globals-graph.fzn", "check/globals-sched.fzn",
	"good/objective.fzn", "good/vars.fzn", "minizinc/knapsack-std.fzn",
}

// backendLimit is how many solutions of a satisfaction problem each
// backend looks for.
const backendLimit = 12

// TestBackends solves models with gophersat (its linear constraints
// lowered to clauses, and given natively) and with the external solvers
// that are installed, and compares the outcomes with gini's.
func TestBackends(t *testing.T) {
	type backend struct {
		name string
		enc  sat.Encoding
	}
	list := []backend{{backends.Gophersat, sat.Auto}, {backends.Gophersat, sat.Native}}
	for _, prog := range []string{"cadical", "minisat", "picosat"} {
		if _, err := exec.LookPath(prog); err == nil {
			list = append(list, backend{backends.DIMACS + prog, sat.Auto})
		} else {
			t.Logf("%s is not installed: not tried", prog)
		}
	}
	for _, name := range backendModels {
		t.Run(name, func(t *testing.T) {
			m := parseFile(t, filepath.Join(testdata, name))
			want, err := solveUpTo(t, m, gini.New(), fznsat.DefaultOptions(), backendLimit)
			require.NoError(t, err)
			for _, b := range list {
				s, err := backends.Open(b.name)
				require.NoError(t, err)
				opts := fznsat.DefaultOptions()
				opts.Linear = b.enc
				got, err := solveUpTo(t, m, s, opts, backendLimit)
				require.NoError(t, err, "%s, %v", b.name, b.enc)
				want.agrees(t, got, b.name+" "+b.enc.String())
			}
		})
	}
}

// TestNativeNeedsLinearAdder checks that a formula with linear
// constraints kept whole is refused by a backend that cannot take them.
func TestNativeNeedsLinearAdder(t *testing.T) {
	m := parseFile(t, filepath.Join(testdata, "check/knapsack.fzn"))
	opts := fznsat.DefaultOptions()
	opts.Linear = sat.Native
	_, err := solveUpTo(t, m, gini.New(), opts, 1)
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "natively"), "%v", err)
}
