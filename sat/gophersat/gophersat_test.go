package gophersat_test

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

// TestMain lets this test binary serve as its own gophersat worker.
func TestMain(m *testing.M) {
	gophersat.ServeIfWorker()
	os.Exit(m.Run())
}

func open() sat.Solver { return gophersat.New() }

// TestPropertiesInProcess solves under a context that cannot end, so in
// this process.
func TestPropertiesInProcess(t *testing.T) {
	sattest.CheckSolver(t, context.Background(), open, 200)
}

// TestPropertiesWorker solves under a context that can end, so in a child
// process: fewer cases, each one starts a process.
func TestPropertiesWorker(t *testing.T) {
	sattest.CheckSolver(t, t.Context(), open, 3)
}

func TestTimeout(t *testing.T) {
	sattest.CheckTimeout(t, open, sattest.Pigeonhole(10))
}

func TestTimeoutNative(t *testing.T) {
	// The pigeonhole with its at-most-one constraints kept native.
	f := sat.NewFormula()
	const holes = 10
	in := make([][]sat.Lit, holes+1)
	for p := range in {
		in[p] = f.NewVars(holes)
		f.AddClause(in[p]...)
	}
	for h := range holes {
		col := make([]sat.Lit, len(in))
		for p := range in {
			col[p] = in[p][h]
		}
		f.AtMost(1, col...)
	}
	sattest.CheckTimeout(t, open, f)
}

func TestUsableAfterTimeout(t *testing.T) {
	s := gophersat.New()
	require.NoError(t, sat.Load(s, sattest.Pigeonhole(10)))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	st, err := s.Solve(ctx)
	assert.Equal(t, sat.Unknown, st)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	// Assuming pigeons 0 and 1 both in hole 0 contradicts an at-most-one
	// clause: unit propagation proves it.
	st, err = s.Solve(t.Context(), 1, 11)
	require.NoError(t, err)
	assert.Equal(t, sat.Unsat, st)
}

func TestNativeWeighted(t *testing.T) {
	for _, ctx := range []context.Context{context.Background(), t.Context()} {
		s := gophersat.New()
		// 3a + 2b + 2c = 4 has the one model ~a, b, c.
		s.AddLinear(sat.Linear{Terms: []sat.Term{{Lit: 1, Weight: 3}, {Lit: 2, Weight: 2}, {Lit: 3, Weight: 2}}, Op: sat.Exactly, K: 4})
		st, err := s.Solve(ctx)
		require.NoError(t, err)
		require.Equal(t, sat.Sat, st)
		assert.Equal(t, []bool{false, true, true}, []bool{s.Value(1), s.Value(2), s.Value(3)})
		st, err = s.Solve(ctx, 1)
		require.NoError(t, err)
		assert.Equal(t, sat.Unsat, st)
		assert.Equal(t, int64(2), s.Stats().Solves)
	}
}

// TestCardinalityAfterUnit: gophersat's cardinality parser takes one true
// literal for as many as the bound needs. At most one of x1, x2, x3 with
// x1 false and x2, x3 true is unsatisfiable.
func TestCardinalityAfterUnit(t *testing.T) {
	for _, ctx := range []context.Context{context.Background(), t.Context()} {
		s := gophersat.New()
		s.AddLinear(sat.Card(sat.AtMost, 1, 1, 2, 3))
		s.AddClause(-1)
		s.AddClause(2)
		s.AddClause(3)
		st, err := s.Solve(ctx)
		require.NoError(t, err)
		assert.Equal(t, sat.Unsat, st)
	}
}

// TestInProcessReturnsOnTime: with InProcess, a Solve returns when its
// context ends (the abandoned search may go on), and the Solver stays
// usable. The next search waits for the abandoned one, which holds
// gophersat's lock, so the formula takes about 30 times the deadline and
// no more: pigeonhole(8) takes gophersat 1.5 s of CPU, past the 1 s this
// test allows; pigeonhole(9) held it 265 s in a run at load 20.
func TestInProcessReturnsOnTime(t *testing.T) {
	s := &gophersat.Solver{InProcess: true}
	require.NoError(t, sat.Load(s, sattest.Pigeonhole(8)))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	st, err := s.Solve(ctx)
	assert.Less(t, time.Since(start), time.Second)
	assert.Equal(t, sat.Unknown, st)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	st, err = s.Solve(t.Context(), 1, 10)
	require.NoError(t, err)
	assert.Equal(t, sat.Unsat, st)
}

// TestInProcessConcurrent: solvers in different goroutines of one process
// give the answers they give alone. Gophersat learns through a
// package-level buffer, so without the lock around its searches they
// corrupt each other (panics "index out of range", seen with torch solve
// --jobs 2; go test -race reports the race at once).
func TestInProcessConcurrent(t *testing.T) {
	solveOne := func(f *sat.Formula) (sat.Status, error) {
		s := &gophersat.Solver{InProcess: true}
		if err := sat.Load(s, f); err != nil {
			return sat.Unknown, err
		}
		return s.Solve(context.Background())
	}
	formulas := make([]*sat.Formula, 16)
	want := make([]sat.Status, len(formulas))
	for i := range formulas {
		formulas[i] = sattest.Random3SAT(120, 4.26, uint64(i))
		st, err := solveOne(formulas[i])
		require.NoError(t, err)
		want[i] = st
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := g; i < len(formulas); i += 4 {
				st, err := solveOne(formulas[i])
				if err != nil || st != want[i] {
					t.Errorf("formula %d: %v, %v; alone %v", i, st, err, want[i])
				}
			}
		})
	}
	wg.Wait()
}
