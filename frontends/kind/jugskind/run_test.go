package jugskind

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// threeFive is the classic puzzle: jugs of 3 and 5, measure 4 (6 steps).
var threeFive = &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalAny, Target: 4}

// method returns a method that gives out and err whatever it is asked.
func method(out Outcome, err error) Method {
	return Method{Name: "fake", Fits: func(*jugs.Puzzle, Options) error { return nil },
		Solve: func(context.Context, *jugs.Puzzle, Options) (Outcome, error) { return out, err }}
}

// TestRunJudges gives Run methods with every kind of outcome on the classic
// puzzle and checks the verdict and compare's answer.
func TestRunJudges(t *testing.T) {
	bfs, _ := MethodNamed("bfs")
	right := Run(context.Background(), "p", bfs, threeFive, DefaultOptions()).Plan
	require.Len(t, right, 6)
	wrong := jugs.Plan{right[0]}
	tooLarge := method(Outcome{}, nil)
	tooLarge.Fits = func(*jugs.Puzzle, Options) error { return fmt.Errorf("%w: 1000 units", jugs.ErrTooLarge) }
	boom := method(Outcome{}, nil)
	boom.Solve = func(context.Context, *jugs.Puzzle, Options) (Outcome, error) { panic("boom") }
	for _, tc := range []struct {
		name   string
		m      Method
		status kind.Status
		words  string
		key    string
	}{
		{"the real BFS", bfs, kind.StatusSolved, "optimal 6", "optimal 6"},
		{"a plan the checker accepts", method(Outcome{Solvable: true, Plan: right}, nil), kind.StatusSolved, "optimal 6", "optimal 6"},
		{"a plan the checker refuses", method(Outcome{Solvable: true, Plan: wrong}, nil), kind.StatusError, "", ""},
		{"a proof", method(Outcome{Proof: "gcd(3, 6) = 3 does not divide 4"}, nil), kind.StatusUnsolvable, "unsolvable", "unsolvable"},
		{"a horizon passed", method(Outcome{}, fmt.Errorf("%w: no plan of horizon at most 3", statespace.ErrHorizon)), kind.StatusUnknown, "no plan within the horizon: no plan of horizon at most 3", ""},
		{"a state limit", method(Outcome{}, statespace.ErrLimit), kind.StatusUnknown, "search limit reached", ""},
		{"a timeout", method(Outcome{Solvable: true, Plan: wrong}, context.DeadlineExceeded), kind.StatusUnknown, "timed out", ""},
		{"a failure", method(Outcome{}, errors.New("dimacs:kissat: exit status 3")), kind.StatusError, "", ""},
		{"too large", tooLarge, kind.StatusError, "", ""},
		{"a panic", boom, kind.StatusError, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), "p", tc.m, threeFive, DefaultOptions())
			a := r.Answer()
			assert.Equal(t, tc.status, r.Status)
			assert.Equal(t, tc.status, a.Status)
			assert.Equal(t, tc.words, a.Words)
			assert.Equal(t, tc.key, a.Key)
			assert.Equal(t, tc.status == kind.StatusError, r.Error != "", "an error says why: %q", r.Error)
		})
	}
	r := Run(context.Background(), "p", method(Outcome{Solvable: true, Plan: wrong}, nil), threeFive, DefaultOptions())
	assert.Contains(t, r.Error, "internal error: the fake plan failed the check")
	r = Run(context.Background(), "p", boom, threeFive, DefaultOptions())
	var ie *kind.InternalError
	require.ErrorAs(t, r.Err, &ie)
	assert.Equal(t, "p", ie.ID)
	r = Run(context.Background(), "p", tooLarge, threeFive, DefaultOptions())
	assert.ErrorIs(t, r.Err, jugs.ErrTooLarge)
}

// TestEnginesAgree runs every engine of compare's list on random small
// puzzles: each answer passes Run's checks, and the engines agree on the
// fewest steps or on unsolvability.
func TestEnginesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for i := range 12 {
		p := &jugs.Puzzle{Capacities: []int{1 + rng.IntN(7), 1 + rng.IntN(9)}, Tap: true, Goal: jugs.GoalAny}
		p.Initial = make([]int, len(p.Capacities))
		p.Target = rng.IntN(max(p.Capacities[0], p.Capacities[1]) + 1)
		require.NoError(t, p.Validate(), "puzzle %d", i)
		var votes []kind.Vote
		for _, e := range Engines() {
			r := Run(context.Background(), fmt.Sprint(i), e.Method, p, e.Options(DefaultOptions()))
			require.True(t, r.Status.Settled(), "%s on %v: %s %s", e.Name, p.Capacities, r.Status, r.Error)
			votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer()})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "%v to %d: %s", p.Capacities, p.Target, a.Answers())
	}
}

func TestMethods(t *testing.T) {
	assert.Equal(t, []string{"bfs", "cp", "sat"}, MethodNames())
	_, ok := MethodNamed("dfs")
	assert.False(t, ok)
	names := EngineNames()
	assert.Contains(t, names, "sat/gini")
	assert.Contains(t, names, "bfs")
	assert.Contains(t, names, "cp")
}
