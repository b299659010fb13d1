package gini_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	ginilib "github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

func open() sat.Solver { return gini.New() }

func TestProperties(t *testing.T) {
	sattest.CheckSolver(t, context.Background(), open, 200)
}

func TestPropertiesCancellable(t *testing.T) {
	sattest.CheckSolver(t, t.Context(), open, 30)
}

func TestTimeout(t *testing.T) {
	sattest.CheckTimeout(t, open, sattest.Pigeonhole(10))
}

// TestUsableAfterTimeout checks that a solve stopped by its context leaves
// the solver able to answer the next one.
func TestUsableAfterTimeout(t *testing.T) {
	s := gini.New()
	php := sattest.Pigeonhole(10)
	sel := sat.Pos(php.NumVars() + 1) // php holds only when sel is true
	for c := range php.Clauses() {
		s.AddClause(append(append([]sat.Lit{}, c...), sel.Not())...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	st, err := s.Solve(ctx, sel)
	require.Equal(t, sat.Unknown, st)
	require.ErrorIs(t, err, context.DeadlineExceeded)

	st, err = s.Solve(context.Background(), sel.Not())
	require.NoError(t, err)
	assert.Equal(t, sat.Sat, st)
	assert.False(t, s.Value(sel))
}

func TestWhy(t *testing.T) {
	s := gini.New()
	a, b, c := sat.Pos(1), sat.Pos(2), sat.Pos(3)
	s.AddClause(a.Not(), b.Not())
	st, err := s.Solve(context.Background(), a, b, c)
	require.NoError(t, err)
	require.Equal(t, sat.Unsat, st)
	assert.ElementsMatch(t, []sat.Lit{a, b}, s.Why())

	st, err = s.Solve(context.Background(), a)
	require.NoError(t, err)
	require.Equal(t, sat.Sat, st)
	assert.Nil(t, s.Why())
	assert.True(t, s.Value(a))
	assert.False(t, s.Value(b))
	assert.False(t, s.Value(sat.Pos(99)), "a variable gini never saw is false")
	assert.Equal(t, int64(2), s.Stats().Solves)
}

func TestEmptyClauseAndDoneContext(t *testing.T) {
	s := gini.New()
	s.AddClause(1)
	s.AddClause()
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	assert.Equal(t, sat.Unsat, st)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err = gini.New().Solve(ctx)
	assert.Equal(t, sat.Unknown, st)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestGiniResolveAfterUnsat shows the gini bug the Solver works around,
// in a child process because gini exits the program: three pigeons in two
// holes, UNSAT under assumptions with the core [1], then solved again. It
// also shows the repair: a tautology added in between makes gini forget
// the conflict, and the second solve is right.
func TestGiniResolveAfterUnsat(t *testing.T) {
	if mode := os.Getenv("WATERWORKS_GINI_BUG"); mode != "" {
		g := ginilib.New()
		for c := range sattest.Pigeonhole(2).Clauses() {
			for _, l := range c {
				g.Add(z.Dimacs2Lit(int(l)))
			}
			g.Add(z.LitNull)
		}
		g.Assume(z.Dimacs2Lit(1), z.Dimacs2Lit(3), z.Dimacs2Lit(5))
		fmt.Println("first", g.Solve(), g.Why(nil))
		if mode == "repair" {
			g.Add(z.Dimacs2Lit(1))
			g.Add(z.Dimacs2Lit(-1))
			g.Add(z.LitNull)
		}
		fmt.Println("second", g.Solve(), g.Why(nil))
		return
	}
	runGini := func(mode string) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGiniResolveAfterUnsat$")
		cmd.Env = append(os.Environ(), "WATERWORKS_GINI_BUG="+mode)
		out, err := cmd.CombinedOutput()
		t.Logf("gini, %s: %v\n%s", mode, err, out)
		return string(out), err
	}
	out, err := runGini("bug")
	require.Contains(t, out, "first -1 [1]", "UNSAT with a non-empty core")
	fixed := err == nil && strings.Contains(out, "second -1")
	assert.False(t, fixed, "gini no longer has the bug: the repair in Solver may go")
	out, err = runGini("repair")
	require.NoError(t, err)
	assert.Contains(t, out, "second -1 []", "after the repair gini refutes the clauses alone")

	// The Solver answers right, and keeps answering.
	s := gini.New()
	require.NoError(t, sat.Load(s, sattest.Pigeonhole(2)))
	for _, assumptions := range [][]sat.Lit{{1, 3, 5}, nil, {2}, nil} {
		st, err := s.Solve(context.Background(), assumptions...)
		require.NoError(t, err)
		assert.Equal(t, sat.Unsat, st, "assumptions %v", assumptions)
	}
}

// TestResolveAfterUnsatUnderAssumptions: UNSAT under assumptions, then
// SAT without them, then clauses added and solved again.
func TestResolveAfterUnsatUnderAssumptions(t *testing.T) {
	s := gini.New()
	s.AddClause(1, 2)
	s.AddClause(-1, 3)
	st, err := s.Solve(context.Background(), -2, -3)
	require.NoError(t, err)
	require.Equal(t, sat.Unsat, st)
	assert.NotEmpty(t, s.Why())
	st, err = s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, sat.Sat, st)
	s.AddClause(-2)
	st, err = s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, sat.Sat, st)
	assert.True(t, s.Value(1) && s.Value(3) && !s.Value(2))
	st, err = s.Solve(context.Background(), 4, -4)
	require.NoError(t, err)
	require.Equal(t, sat.Unsat, st)
	assert.ElementsMatch(t, []sat.Lit{4, -4}, s.Why())
}
