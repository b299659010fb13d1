package sortkind

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// swap is a level of two colours in two bottles of two, and an empty
// bottle: three moves at the fewest.
func swap(t *testing.T) *watersort.Puzzle {
	t.Helper()
	p, err := sortfmt.ParseText("swap", []byte("capacity 2\nred blue\nblue red\n-\n"))
	require.NoError(t, err)
	return p
}

// method returns a method that gives out and err whatever it is asked.
func method(out Outcome, err error) Method {
	return Method{Name: "fake", Solve: func(context.Context, *watersort.Puzzle, Options) (Outcome, error) { return out, err }}
}

// TestRunJudges gives Run methods with every kind of outcome and checks
// the verdict and compare's answer.
func TestRunJudges(t *testing.T) {
	p := swap(t)
	bfs, _ := MethodNamed("bfs")
	right := Run(context.Background(), "p", bfs, p, DefaultOptions())
	require.Equal(t, kind.StatusSolved, right.Status, right.Error)
	plan := right.Plan
	require.Len(t, plan, 3)
	boom := Method{Name: "boom", Solve: func(context.Context, *watersort.Puzzle, Options) (Outcome, error) { panic("boom") }}
	for _, tc := range []struct {
		name   string
		m      Method
		status kind.Status
		words  string
		key    string
	}{
		{"the real BFS", bfs, kind.StatusSolved, "optimal 3", "optimal 3"},
		{"an optimal plan", method(Outcome{Found: watersort.Solved, Plan: plan, Optimal: true}, nil), kind.StatusSolved, "optimal 3", "optimal 3"},
		{"a plan not claimed optimal", method(Outcome{Found: watersort.Solved, Plan: plan}, nil), kind.StatusSolved, "3 moves", ""},
		{"a plan the checker refuses", method(Outcome{Found: watersort.Solved, Plan: plan[:1], Optimal: true}, nil), kind.StatusError, "", ""},
		{"a proof", method(Outcome{Found: watersort.Unsolvable}, nil), kind.StatusUnsolvable, "unsolvable", "unsolvable"},
		{"the state limit", method(Outcome{Stats: Stats{SearchStats: kind.SearchStats{Stored: 9}}}, fmt.Errorf("%w: 9 states", watersort.ErrLimit)), kind.StatusUnknown, "stopped after 9 states", ""},
		{"the horizon", method(Outcome{}, fmt.Errorf("%w: 100", watersort.ErrHorizon)), kind.StatusUnknown, "no plan of at most 100 moves, not a proof of unsolvability", ""},
		{"a timeout", method(Outcome{Found: watersort.Solved, Plan: plan[:1]}, context.DeadlineExceeded), kind.StatusUnknown, "timed out", ""},
		{"a failure", method(Outcome{}, errors.New("dimacs:kissat: exit status 3")), kind.StatusError, "", ""},
		{"a panic", boom, kind.StatusError, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), "p", tc.m, p, DefaultOptions())
			a := r.Answer()
			assert.Equal(t, tc.status, r.Status)
			assert.Equal(t, tc.status, a.Status)
			assert.Equal(t, tc.words, a.Words)
			assert.Equal(t, tc.key, a.Key)
			assert.Equal(t, tc.status == kind.StatusError, r.Error != "", "an error says why: %q", r.Error)
		})
	}
	r := Run(context.Background(), "p", method(Outcome{Found: watersort.Solved, Plan: plan[:1]}, nil), p, DefaultOptions())
	assert.Contains(t, r.Error, "internal error: the fake plan failed the check")
	r = Run(context.Background(), "p", boom, p, DefaultOptions())
	var ie *kind.InternalError
	require.ErrorAs(t, r.Err, &ie)
	assert.Equal(t, "p", ie.ID)
}

// TestEnginesAgree runs every engine of compare's list on random small
// levels: each answer passes Run's checks, and the engines that prove an
// answer agree on the fewest moves or on unsolvability.
func TestEnginesAgree(t *testing.T) {
	for seed := range uint64(8) {
		p, err := watersort.Generate(4, 2+int(seed%2), 1+int(seed%3)/2, seed)
		require.NoError(t, err)
		var votes []kind.Vote
		for _, e := range Engines() {
			r := Run(context.Background(), fmt.Sprint(seed), e.Method, p, e.Options(DefaultOptions()))
			require.NotEqual(t, kind.StatusError, r.Status, "%s on level %d: %s", e.Name, seed, r.Error)
			votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer()})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "level %d: %s", seed, a.Answers())
		assert.NotEmpty(t, a.Keyed, "level %d: some engine proves its answer", seed)
	}
}

func TestEngines(t *testing.T) {
	assert.Equal(t, []string{"bfs", "astar", "greedy", "sat"}, MethodNames())
	_, ok := MethodNamed("dfs")
	assert.False(t, ok)
	names := EngineNames()
	for _, e := range Engines() {
		assert.Contains(t, names, e.Name, "--engines takes every engine by its name")
	}
	assert.Contains(t, names, "sat")
	assert.Contains(t, names, "gini")
}
