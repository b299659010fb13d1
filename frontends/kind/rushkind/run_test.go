package rushkind

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
	"github.com/waterworks-solver/waterworks/models/rush"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// boards reads the boards of text, failing t on a bad one.
func boards(t *testing.T, text string) []*rush.Puzzle {
	t.Helper()
	var out []*rush.Puzzle
	for _, lv := range rushfmt.Parse("test", []byte(text)) {
		require.NoError(t, lv.Err)
		out = append(out, lv.Puzzle)
	}
	return out
}

// method returns a method that gives out and err whatever it is asked.
func method(out Outcome, err error) Method {
	return Method{Name: "fake", Solve: func(context.Context, *rush.Puzzle, Options) (Outcome, error) { return out, err }}
}

// TestRunJudges gives Run methods with every kind of outcome and checks
// the verdict and compare's answer.
func TestRunJudges(t *testing.T) {
	p := boards(t, "....\nAA.B\n...B\n....\n")[0]
	walled := boards(t, "....\nAAx.\n....\n")[0]
	bfs, _ := MethodNamed(MethodBFS)
	right := Run(context.Background(), "p", bfs, p, DefaultOptions())
	require.Equal(t, kind.StatusSolved, right.Status, right.Error)
	plan := right.Plan
	require.Len(t, plan, 2)
	boom := Method{Name: "boom", Solve: func(context.Context, *rush.Puzzle, Options) (Outcome, error) { panic("boom") }}
	for _, tc := range []struct {
		name   string
		m      Method
		p      *rush.Puzzle
		status kind.Status
		words  string
		key    string
	}{
		{"the real BFS", bfs, p, kind.StatusSolved, "optimal 2", "optimal 2"},
		{"a wall in the way", bfs, walled, kind.StatusUnsolvable, "unsolvable", "unsolvable"},
		{"a plan", method(Outcome{Found: statespace.Solved, Plan: plan}, nil), p, kind.StatusSolved, "optimal 2", "optimal 2"},
		{"a plan the checker refuses", method(Outcome{Found: statespace.Solved, Plan: plan[1:]}, nil), p, kind.StatusError, "", ""},
		{"the state limit", method(Outcome{}, statespace.ErrLimit), p, kind.StatusUnknown, "search limit reached", ""},
		{"a timeout", method(Outcome{Found: statespace.Solved, Plan: plan[1:]}, context.DeadlineExceeded), p, kind.StatusUnknown, "timed out", ""},
		{"a failure", method(Outcome{}, errors.New("out of luck")), p, kind.StatusError, "", ""},
		{"a panic", boom, p, kind.StatusError, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), "p", tc.m, tc.p, DefaultOptions())
			a := r.Answer()
			assert.Equal(t, tc.status, r.Status, r.Error)
			assert.Equal(t, tc.status, a.Status)
			assert.Equal(t, tc.words, a.Words)
			assert.Equal(t, tc.key, a.Key)
			assert.Equal(t, tc.status == kind.StatusError, r.Error != "", "an error says why: %q", r.Error)
		})
	}
	r := Run(context.Background(), "p", method(Outcome{Found: statespace.Solved, Plan: plan[1:]}, nil), p, DefaultOptions())
	assert.Contains(t, r.Error, "internal error: the fake plan failed the check")
	r = Run(context.Background(), "walled", bfs, walled, DefaultOptions())
	assert.Regexp(t, `^all \d+ reachable boards explored$`, r.Reason)
}

// TestMethodsAgree runs both methods on the first of fogleman/rush's forty
// levels: each plan passes Run's check, and both find the fewest moves.
func TestMethodsAgree(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/rush/forty.txt")
	require.NoError(t, err)
	levels := boards(t, string(data))
	for i, p := range levels[:10] {
		var votes []kind.Vote
		for _, m := range Methods() {
			r := Run(context.Background(), "forty", m, p, DefaultOptions())
			require.Equal(t, kind.StatusSolved, r.Status, "%s on level %d: %s", m.Name, i+1, r.Error)
			votes = append(votes, kind.Vote{Engine: m.Name, Answer: r.Answer()})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "level %d: %s", i+1, a.Answers())
	}
	assert.Equal(t, []string{"bfs", "astar"}, MethodNames())
}
