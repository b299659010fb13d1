package fznkind

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// checkDir holds small models of every sort: satisfaction, optimisation,
// globals; stdDir the same compiled with MiniZinc's standard library,
// which Gecode runs too.
var (
	checkDir = filepath.Join("..", "..", "..", "testdata", "fzn", "check")
	stdDir   = filepath.Join("..", "..", "..", "testdata", "fzn", "minizinc")
)

// fewSolutions are the satisfaction models of stdDir whose solutions are
// few enough to enumerate in a test.
var fewSolutions = []string{"bools-std", "element-std", "queens-std", "sendmore-std"}

func readModel(t testing.TB, path string) *fzn.Model {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	m, err := Read(context.Background(), path, data)
	require.NoError(t, err)
	return m
}

func readText(t testing.TB, text string) *fzn.Model {
	t.Helper()
	m, err := Read(context.Background(), "test.fzn", []byte(text))
	require.NoError(t, err)
	return m
}

// fake is an engine that hands out the solutions given, then returns
// status (after waiting for ctx to end when block is set).
func fake(name string, sols []fzn.Solution, status fzn.Status, block bool) Engine {
	return Engine{Name: name, Solve: func(ctx context.Context, m *fzn.Model, o Options, on func(fzn.Solution)) (fzn.Result, error) {
		for _, s := range sols {
			on(s)
		}
		if block {
			<-ctx.Done()
			return fzn.Result{Status: unfinished(len(sols))}, nil
		}
		r := fzn.Result{Status: status, Solutions: len(sols)}
		if len(sols) > 0 && m.Solve.Method != fzn.Satisfy {
			r.Objective, _ = fzn.Objective(m, sols[len(sols)-1])
		}
		return r, nil
	}}
}

// collect returns an onSolution that keeps what it gets.
func collect() (*[]fzn.Solution, func(fzn.Solution)) {
	var mu sync.Mutex
	var got []fzn.Solution
	return &got, func(s fzn.Solution) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, s)
	}
}

const pairModel = `var 1..3: x :: output_var;
var 1..3: y :: output_var;
constraint int_lt(x, y);
solve satisfy;
`

const minModel = `var 1..5: x :: output_var;
var 1..5: y;
constraint int_lin_le([1,1],[x,y],6);
constraint int_lin_le([-1,-1],[x,y],-4);
solve minimize x;
`

func TestRunNeverHandsOutAWrongSolution(t *testing.T) {
	m := readText(t, pairModel)
	good, bad := fzn.Solution{"x": 1, "y": 2}, fzn.Solution{"x": 2, "y": 2}
	got, on := collect()
	r := Run(context.Background(), fake("liar", []fzn.Solution{good, bad, {"x": 1, "y": 3}}, fzn.AllSolutions, false),
		"pair", m, Options{All: true}, on)
	assert.Equal(t, []fzn.Solution{good}, *got, "the wrong solution and all after it are held back")
	assert.Equal(t, kind.StatusError, r.Status)
	assert.ErrorIs(t, r.Err, ErrWrongAnswer)
	assert.Equal(t, "wrong answer", r.Answer(Options{All: true}).Words)
}

func TestRunJudgesClaims(t *testing.T) {
	pair, min := readText(t, pairModel), readText(t, minModel)
	for _, tc := range []struct {
		name   string
		m      *fzn.Model
		sols   []fzn.Solution
		status fzn.Status
		want   kind.Status
		words  string
	}{
		{"satisfiable", pair, []fzn.Solution{{"x": 1, "y": 3}}, fzn.Satisfied, kind.StatusSolved, "satisfiable"},
		{"unsatisfiable", pair, nil, fzn.Unsatisfiable, kind.StatusUnsolvable, "unsatisfiable"},
		{"no solutions at all", pair, nil, fzn.AllSolutions, kind.StatusUnsolvable, "unsatisfiable"},
		{"unsatisfiable after a solution", pair, []fzn.Solution{{"x": 1, "y": 3}}, fzn.Unsatisfiable, kind.StatusError, "wrong answer"},
		{"optimum without a solution", min, nil, fzn.Optimal, kind.StatusError, "wrong answer"},
		{"optimal", min, []fzn.Solution{{"x": 3, "y": 1}, {"x": 1, "y": 3}}, fzn.Optimal, kind.StatusSolved, "optimal 1"},
		{"not proven", min, []fzn.Solution{{"x": 3, "y": 1}}, fzn.Satisfied, kind.StatusSolved, "best 3 (not proven)"},
		{"gave up", pair, nil, fzn.Unknown, kind.StatusUnknown, "gave up"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), fake("f", tc.sols, tc.status, false), tc.name, tc.m, Options{}, nil)
			assert.Equal(t, tc.want, r.Status, "%v", r.Err)
			assert.Equal(t, tc.words, r.Answer(Options{}).Words)
		})
	}
}

func TestRunHandsOutOnlyImprovements(t *testing.T) {
	m := readText(t, minModel)
	got, on := collect()
	sols := []fzn.Solution{{"x": 3, "y": 1}, {"x": 4, "y": 1}, {"x": 3, "y": 2}, {"x": 2, "y": 2}}
	r := Run(context.Background(), fake("f", sols, fzn.Satisfied, false), "min", m, Options{All: true}, on)
	assert.Equal(t, []fzn.Solution{sols[0], sols[3]}, *got)
	assert.Equal(t, int64(2), r.Objective)
	assert.Equal(t, 2, r.Solutions)
}

func TestRunStoppedKeepsItsSolutions(t *testing.T) {
	m := readText(t, minModel)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r := Run(ctx, fake("slow", []fzn.Solution{{"x": 3, "y": 1}}, fzn.Satisfied, true), "min", m, Options{}, nil)
	assert.Equal(t, kind.StatusSolved, r.Status)
	assert.Equal(t, kind.TimedOut, r.End.Stop)
	assert.Equal(t, fzn.Satisfied, r.Result.Status)

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	r = Run(ctx, fake("slow", nil, fzn.Unknown, true), "min", m, Options{}, nil)
	assert.Equal(t, kind.StatusInterrupted, r.Status)
}

func TestRunCatchesAPanic(t *testing.T) {
	m := readText(t, pairModel)
	e := Engine{Name: "boom", Solve: func(context.Context, *fzn.Model, Options, func(fzn.Solution)) (fzn.Result, error) {
		panic("boom")
	}}
	r := Run(context.Background(), e, "pair", m, Options{}, nil)
	assert.Equal(t, kind.StatusError, r.Status)
	var ie *kind.InternalError
	assert.ErrorAs(t, r.Err, &ie)
}

// TestEnginesAgree runs every engine on the models of testdata/fzn/check:
// each solution passes the check (Run sees to it), and the engines that
// settle a model agree on its answer; with -a, on how many solutions a
// satisfaction problem has.
func TestEnginesAgree(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(stdDir, "*-std.fzn"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	var engines []Engine
	for _, e := range Engines() {
		if !strings.HasPrefix(e.Name, satPrefix+"dimacs:") { // fznsat's own tests run those
			engines = append(engines, e)
		}
	}
	engines = append(engines, Race(RaceEngines(2)...))
	for _, path := range paths {
		m := readModel(t, path)
		for _, o := range []Options{{}, {All: true}} {
			name := strings.TrimSuffix(filepath.Base(path), ".fzn")
			if o.All && !slices.Contains(fewSolutions, name) {
				continue
			}
			if o.All {
				name += "/all"
			}
			t.Run(name, func(t *testing.T) {
				var votes []kind.Vote
				for _, e := range engines {
					if o.All && e.Name == GecodeName {
						continue // it enumerates the values of every variable, not of the outputs
					}
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					r := Run(ctx, e, name, m, o, nil)
					cancel()
					if IsUnsupported(r.Err) {
						t.Logf("%s cannot take it: %v", e.Name, r.Err)
						continue
					}
					require.NotEqual(t, kind.StatusError, r.Status, "%s: %v", e.Name, r.Err)
					votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer(o)})
				}
				a := kind.Agree(votes)
				assert.True(t, a.Agree, a.Answers())
				assert.NotEmpty(t, a.Keyed)
			})
		}
	}
}

func TestRaceHandsOutEachSolutionOnce(t *testing.T) {
	m := readText(t, pairModel)
	all := []fzn.Solution{{"x": 1, "y": 2}, {"x": 1, "y": 3}, {"x": 2, "y": 3}}
	got, on := collect()
	reversed := slices.Clone(all)
	slices.Reverse(reversed)
	e := Race(fake("a", all[:2], fzn.Satisfied, true), fake("b", reversed, fzn.AllSolutions, false))
	r := Run(context.Background(), e, "pair", m, Options{All: true}, on)
	assert.Equal(t, kind.StatusSolved, r.Status)
	assert.Equal(t, fzn.AllSolutions, r.Result.Status)
	assert.Len(t, *got, 3)
	assert.Equal(t, "3 solutions", r.Answer(Options{All: true}).Words)
}

func TestRaceRefusesABeatenOptimum(t *testing.T) {
	m := readText(t, minModel)
	goodDone := make(chan struct{})
	good := fake("good", []fzn.Solution{{"x": 1, "y": 3}}, fzn.Satisfied, false)
	liar := fake("liar", []fzn.Solution{{"x": 2, "y": 3}}, fzn.Optimal, false)
	e := Race(Engine{Name: "good", Solve: func(ctx context.Context, m *fzn.Model, o Options, on func(fzn.Solution)) (fzn.Result, error) {
		defer close(goodDone)
		return good.Solve(ctx, m, o, on)
	}}, Engine{Name: "liar", Solve: func(ctx context.Context, m *fzn.Model, o Options, on func(fzn.Solution)) (fzn.Result, error) {
		<-goodDone // the better solution is out before the claim
		return liar.Solve(ctx, m, o, on)
	}})
	r := Run(context.Background(), e, "min", m, Options{}, nil)
	assert.Equal(t, kind.StatusError, r.Status)
	assert.ErrorIs(t, r.Err, ErrWrongAnswer)
}

func TestRaceFailsWhenEveryEngineFails(t *testing.T) {
	m := readText(t, pairModel)
	failing := Engine{Name: "failing", Solve: func(context.Context, *fzn.Model, Options, func(fzn.Solution)) (fzn.Result, error) {
		return fzn.Result{}, errors.New("no")
	}}
	r := Run(context.Background(), Race(failing, failing), "pair", m, Options{}, nil)
	assert.Equal(t, kind.StatusError, r.Status)
	assert.ErrorContains(t, r.Err, "every engine failed")
}
