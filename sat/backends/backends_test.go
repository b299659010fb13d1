package backends_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
	"github.com/waterworks-solver/waterworks/sat/external"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

func TestMain(m *testing.M) {
	gophersat.ServeIfWorker()
	os.Exit(m.Run())
}

// TestOpenFor checks that gophersat runs in this process only when no
// deadline can end a solve, and that the other backends open as Open does.
func TestOpenFor(t *testing.T) {
	for _, timeouts := range []bool{false, true} {
		s, err := backends.OpenFor("gophersat", timeouts)
		require.NoError(t, err)
		require.IsType(t, &gophersat.Solver{}, s)
		assert.Equal(t, !timeouts, s.(*gophersat.Solver).InProcess, "timeouts %v", timeouts)
		s, err = backends.OpenFor("gini", timeouts)
		require.NoError(t, err)
		assert.IsType(t, &gini.Solver{}, s)
		_, err = backends.OpenFor("minisat", timeouts)
		assert.ErrorIs(t, err, backends.ErrUnknown)
	}
}

func TestOpen(t *testing.T) {
	s, err := backends.Open("gini")
	require.NoError(t, err)
	assert.IsType(t, &gini.Solver{}, s)
	s, err = backends.Open("gophersat")
	require.NoError(t, err)
	assert.IsType(t, &gophersat.Solver{}, s)
	assert.True(t, backends.Supports("gophersat", sat.Native))
	assert.False(t, backends.Supports("gini", sat.Native))
	assert.True(t, backends.Supports("gini", sat.SortingNetwork))

	_, err = backends.Open("minisat")
	assert.ErrorIs(t, err, backends.ErrUnknown)
	_, err = backends.Open("dimacs:")
	assert.ErrorContains(t, err, "empty solver command")
	_, err = backends.Open("dimacs:no-such-solver-here -x")
	assert.ErrorContains(t, err, `program "no-such-solver-here" not found`)

	if _, err := exec.LookPath("cadical"); err == nil {
		s, err = backends.Open("dimacs:cadical -q")
		require.NoError(t, err)
		assert.Equal(t, "cadical -q", s.(*external.Solver).Command())
		assert.Contains(t, backends.Available(), "dimacs:cadical")
	}
	assert.Equal(t, backends.Builtin(), backends.Available()[:2])
}

// TestAgreement runs every available backend with every encoding it takes
// on the same random formulas and checks each count of models over the
// primary variables against brute force. (gophersat runs in this process
// here; its worker is tested in its package and by TestPrepare.)
func TestAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 6 {
		f := sattest.RandomFormula(rng, 5, 6, 3, 3)
		primary := make([]sat.Lit, f.NumVars())
		for v := range primary {
			primary[v] = sat.Pos(v + 1)
		}
		want := len(sattest.Models(f))
		for _, name := range backends.Available() {
			for _, enc := range sat.Encodings() {
				if !backends.Supports(name, enc) {
					continue
				}
				s, err := backends.Prepare(name, f, enc)
				require.NoError(t, err)
				n, all, err := sat.Count(context.Background(), s, primary, 0)
				require.NoError(t, err, "%s/%v", name, enc)
				assert.True(t, all)
				assert.Equal(t, want, n, "formula %d, %s/%v", i, name, enc)
			}
		}
	}
}

func TestTimeoutEveryBackend(t *testing.T) {
	names := backends.Available()
	require.True(t, slices.Contains(names, "gophersat"))
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			open := func() sat.Solver {
				s, err := backends.Open(name)
				require.NoError(t, err)
				return s
			}
			sattest.CheckTimeout(t, open, sattest.Pigeonhole(10))
		})
	}
}

func TestPrepare(t *testing.T) {
	f := sat.NewFormula()
	x := f.NewVars(3)
	f.Exactly(2, x...)
	_, err := backends.Prepare("gini", f, sat.Native)
	assert.ErrorContains(t, err, "takes no linear constraints natively")
	_, err = backends.Prepare("nope", f, sat.Totalizer)
	assert.ErrorIs(t, err, backends.ErrUnknown)
	for _, name := range backends.Builtin() {
		for _, enc := range sat.Encodings() {
			if !backends.Supports(name, enc) {
				continue
			}
			s, err := backends.Prepare(name, f, enc)
			require.NoError(t, err)
			n, all, err := sat.Count(t.Context(), s, x, 0)
			require.NoError(t, err)
			assert.Equal(t, 3, n, "%s/%v", name, enc)
			assert.True(t, all)
		}
	}
}

var long = flag.Bool("long", false, "run the long cross-backend stress test")

// TestBackendsAgree solves random 3-SAT formulas near the threshold, with
// cardinality constraints and assumptions, with gini, gophersat and
// cadical under every encoding, solves each again without and then with
// the assumptions, and checks that all answers agree and every model
// satisfies the formula. -long runs 400 formulas instead of 15.
func TestBackendsAgree(t *testing.T) {
	formulas := 15
	if *long {
		formulas = 400
	}
	names := []string{"gini", "gophersat"}
	if _, err := exec.LookPath("cadical"); err == nil {
		names = append(names, "dimacs:cadical")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for i := range formulas {
		n := 20 + rng.IntN(40)
		f := sattest.Random3SAT(n, 3.8+rng.Float64(), uint64(i))
		for range rng.IntN(4) {
			f.AddLinear(sattest.RandomLinear(rng, n, 12, 3))
		}
		assume := sattest.RandomLits(rng, rng.IntN(4), n)
		first, firstName := sat.Unknown, ""
		for _, name := range names {
			for _, enc := range sat.Encodings() {
				if !backends.Supports(name, enc) {
					continue
				}
				label := name + "/" + enc.String()
				s, err := backends.Prepare(name, f, enc)
				require.NoError(t, err)
				st, err := s.Solve(ctx, assume...)
				require.NoError(t, err, label)
				if st == sat.Sat {
					require.NoError(t, f.Check(s), label)
				}
				_, err = s.Solve(ctx)
				require.NoError(t, err, label)
				again, err := s.Solve(ctx, assume...)
				require.NoError(t, err, label)
				require.Equal(t, st, again, "formula %d, %s: solved again", i, label)
				if firstName == "" {
					first, firstName = st, label
				}
				require.Equal(t, first, st, "formula %d: %s and %s disagree", i, firstName, label)
			}
		}
	}
}
