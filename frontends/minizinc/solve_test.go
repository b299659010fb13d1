package minizinc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queens runs the queens model on data with solver and the flags of req.
func queens(t *testing.T, p *Program, solver, data string, req Request) *Result {
	t.Helper()
	req.Instance = Instance{Model: testdata("queens.mzn"), Data: []string{testdata(data)}}
	req.Solver = solver
	r, err := p.Solve(t.Context(), req)
	require.NoError(t, err)
	require.NoError(t, r.Err())
	return r
}

// TestSolveAllSolutions: every placement of 8 queens, each valid, as many
// as brute force counts, and the search complete.
func TestSolveAllSolutions(t *testing.T) {
	p, std := needGecode(t)
	r := queens(t, p, std, "queens8.dzn", Request{AllSolutions: true})
	assert.Equal(t, AllSolutions, r.Status)
	assert.Equal(t, Satisfy, r.Method)
	assert.Equal(t, countQueens(8), len(r.Solutions))
	seen := map[string]bool{}
	for _, s := range r.Solutions {
		q := ints(t, s.Values["q"])
		assert.True(t, queensValid(q, 8), "%v", q)
		assert.False(t, seen[s.Values["q"].String()], "solution %v twice", q)
		seen[s.Values["q"].String()] = true
		assert.Nil(t, s.Objective)
	}
	assert.NotEmpty(t, r.Statistics["nodes"], "solver statistics (-s)")
}

// TestSolveOneSolution: without -a a satisfaction problem stops at its
// first solution, status Satisfied.
func TestSolveOneSolution(t *testing.T) {
	p, std := needGecode(t)
	r := queens(t, p, std, "queens8.dzn", Request{})
	assert.Equal(t, Satisfied, r.Status)
	require.Len(t, r.Solutions, 1)
	assert.True(t, queensValid(ints(t, r.Best().Values["q"]), 8))
}

// TestSolveUnsatisfiable: three queens cannot be placed, as brute force
// confirms.
func TestSolveUnsatisfiable(t *testing.T) {
	p, std := needGecode(t)
	require.Zero(t, countQueens(3))
	r := queens(t, p, std, "queens3.dzn", Request{})
	assert.Equal(t, Unsatisfiable, r.Status)
	assert.Empty(t, r.Solutions)
}

// The knapsack of testdata/pack.mzn, for the brute-force oracle.
var (
	packWeight   = []int64{3, 4, 2, 5, 1, 6}
	packValue    = []int64{4, 5, 3, 7, -2, 8}
	packCapacity = int64(11)
)

// packOptimum is the best value of testdata/pack.mzn by brute force.
func packOptimum() int64 {
	best := int64(0)
	for set := 0; set < 1<<len(packWeight); set++ {
		w, v := int64(0), int64(0)
		for i := range packWeight {
			if set&(1<<i) != 0 {
				w, v = w+packWeight[i], v+packValue[i]
			}
		}
		if w <= packCapacity {
			best = max(best, v)
		}
	}
	return best
}

// packCheck returns the weight and value of a solution of pack.mzn.
func packCheck(t *testing.T, s *Solution) (weight, value int64) {
	t.Helper()
	take := s.Values["take"]
	require.Equal(t, KindArray, take.Kind)
	require.Len(t, take.Elems, len(packWeight))
	for i, e := range take.Elems {
		require.Equal(t, KindBool, e.Kind)
		if e.Bool {
			weight, value = weight+packWeight[i], value+packValue[i]
		}
	}
	return weight, value
}

// TestSolveOptimum: the optimum brute force finds, proven, with an
// objective that is the solution's own value; with -a each improving
// solution comes, every one better than the last.
func TestSolveOptimum(t *testing.T) {
	p, _ := needGecode(t)
	for _, all := range []bool{false, true} {
		r, err := p.Solve(t.Context(), Request{Instance: Instance{Model: testdata("pack.mzn")}, Solver: "gecode", AllSolutions: all})
		require.NoError(t, err)
		require.NoError(t, r.Err())
		assert.Equal(t, Optimal, r.Status)
		assert.Equal(t, Maximize, r.Method)
		require.NotEmpty(t, r.Solutions)
		for i := range r.Solutions {
			s := &r.Solutions[i]
			w, v := packCheck(t, s)
			assert.LessOrEqual(t, w, packCapacity)
			require.NotNil(t, s.Objective)
			assert.Equal(t, v, *s.Objective)
			if i > 0 {
				assert.True(t, Maximize.Better(v, *r.Solutions[i-1].Objective), "solution %d does not improve", i+1)
			}
		}
		assert.Equal(t, packOptimum(), *r.Best().Objective)
		if all {
			assert.Greater(t, len(r.Solutions), 1, "-a prints the improving solutions")
		}
	}
}

// TestSolveValues reads every kind of value: an enum in a two-dimensional
// array indexed from 0 and 2, a negative number, a set, Booleans and an
// absent optional; and Gecode confirms them when they are handed back as
// data.
func TestSolveValues(t *testing.T) {
	p, std := needGecode(t)
	in := Instance{Model: testdata("values.mzn")}
	r, err := p.Solve(t.Context(), Request{Instance: in, Solver: "gecode"})
	require.NoError(t, err)
	require.NoError(t, r.Err())
	s := r.Best()
	require.NotNil(t, s)
	assert.Equal(t, []string{"grid", "low", "chosen", "flags", "maybe"}, s.Names)
	grid := s.Values["grid"]
	require.Len(t, grid.Elems, 2)
	require.Len(t, grid.Elems[0].Elems, 2)
	assert.Equal(t, Value{Kind: KindEnum, Enum: "Blue"}, grid.Elems[0].Elems[0])
	assert.NotEqual(t, grid.Elems[0].Elems[0].Enum, grid.Elems[1].Elems[1].Enum)
	assert.Equal(t, "-7", s.Values["low"].String())
	assert.Equal(t, "{1, 4}", s.Values["chosen"].String())
	assert.Equal(t, "[true, false, true]", s.Values["flags"].String())
	assert.Equal(t, KindAbsent, s.Values["maybe"].Kind)

	c := Checker{Program: p, Solvers: []string{"gecode", std}}
	check, err := c.Confirm(t.Context(), in, s)
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	s.Set("low", Int(-8))
	check, err = c.Confirm(t.Context(), in, s)
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, check.Reason)
}

// TestSolveCompileError: a model minizinc cannot compile gives status
// Error with minizinc's message, which names the file and the line.
func TestSolveCompileError(t *testing.T) {
	p, _ := needGecode(t)
	r, err := p.Solve(t.Context(), Request{Instance: Instance{Model: testdata("broken.mzn")}, Solver: "gecode"})
	require.NoError(t, err)
	assert.Equal(t, Error, r.Status)
	require.Error(t, r.Err())
	assert.Contains(t, r.Err().Error(), "broken.mzn:2:16")
	assert.Contains(t, r.Err().Error(), "undefined identifier")
}

// TestSolveMissingFiles: a model or data file that is not there is an
// error that names it.
func TestSolveMissingFiles(t *testing.T) {
	p, _ := needGecode(t)
	for _, in := range []Instance{
		{Model: testdata("nothere.mzn")},
		{Model: testdata("queens.mzn"), Data: []string{testdata("nothere.dzn")}},
	} {
		r, err := p.Solve(t.Context(), Request{Instance: in, Solver: "gecode"})
		require.NoError(t, err)
		assert.Equal(t, Error, r.Status)
		assert.Contains(t, r.Err().Error(), "nothere.")
	}
}

// TestSolveTimeLimit: a problem Gecode cannot finish in a second stops at
// the limit by itself, not killed, with its best solution if any.
func TestSolveTimeLimit(t *testing.T) {
	p, std := needGecode(t)
	limit := time.Second
	r, err := p.Solve(t.Context(), Request{Instance: Instance{Model: testdata("golomb.mzn")}, Solver: std, TimeLimit: limit})
	require.NoError(t, err)
	require.NoError(t, r.Err())
	assert.Contains(t, []Status{Satisfied, Unknown}, r.Status)
	assert.False(t, r.Killed)
	assert.Less(t, r.Elapsed, limit+DefaultGrace)
}

// TestGecodeLibraryFallback: Gecode's own library fails to compile a model
// that includes globals.mzn under MiniZinc 2.6 (where it does not, this
// test has nothing to show and skips); a Checker then asks its next
// reference solver.
func TestGecodeLibraryFallback(t *testing.T) {
	p, std := needGecode(t)
	r, err := p.Solve(t.Context(), Request{Instance: Instance{Model: testdata("queens.mzn"), Data: []string{testdata("queens8.dzn")}}, Solver: "gecode"})
	require.NoError(t, err)
	if r.Status != Error {
		t.Skip("skipping: Gecode's own library compiles globals.mzn here")
	}
	good := queens(t, p, std, "queens8.dzn", Request{})
	c := Checker{Program: p, Solvers: []string{"gecode", std}}
	in := Instance{Model: testdata("queens.mzn"), Data: []string{testdata("queens8.dzn")}}
	check, err := c.Confirm(t.Context(), in, good.Best())
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	assert.Equal(t, std, check.Solver)
	c.Solvers = c.Solvers[:1]
	check, err = c.Confirm(t.Context(), in, good.Best())
	require.NoError(t, err)
	assert.Equal(t, Undecided, check.Verdict)
	assert.Contains(t, check.Reason, "every reference solver failed")
}

func TestVersionAndSolvers(t *testing.T) {
	p, std := needGecode(t)
	v, err := p.Version(t.Context())
	require.NoError(t, err)
	assert.True(t, v[0] > 2 || v[0] == 2 && v[1] >= 6, "version %v", v)
	assert.NoError(t, p.CheckSolver(t.Context(), "gecode"))
	assert.NoError(t, p.CheckSolver(t.Context(), std))
	err = p.CheckSolver(t.Context(), "no-such-solver")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"no-such-solver"`)
	err = p.CheckSolver(t.Context(), filepath.Join(t.TempDir(), "none.msc"))
	assert.Error(t, err)
}

// TestFindAbsent: without minizinc on PATH, Find says so.
func TestFindAbsent(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Find()
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrNotFound))
	assert.Contains(t, err.Error(), "minizinc is not installed")
	_, err = FindFznGecode()
	assert.True(t, errors.Is(err, ErrNoFznGecode))
}

func TestRequestRefused(t *testing.T) {
	p := &Program{Path: "/nonexistent/minizinc"}
	for _, req := range []Request{
		{Instance: Instance{Model: "m.mzn"}},
		{Solver: "gecode"},
		{Instance: Instance{Model: "m.mzn"}, Solver: "gecode", TimeLimit: -time.Second},
		{Instance: Instance{Model: "-m.mzn"}, Solver: "gecode"},
	} {
		_, err := p.Solve(context.Background(), req)
		assert.Error(t, err, "%+v", req)
	}
	_, err := p.Solve(context.Background(), Request{Instance: Instance{Model: "m.mzn"}, Solver: "gecode"})
	require.Error(t, err, "a program that is not there")
	assert.Contains(t, err.Error(), "/nonexistent/minizinc")
	_, statErr := os.Stat("/nonexistent/minizinc")
	require.Error(t, statErr)
}
