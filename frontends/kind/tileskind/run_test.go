package tileskind

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// board returns the w×h board of tiles, failing t when it is not one.
func board(t *testing.T, w, h int, cells ...int) *tiles.Puzzle {
	t.Helper()
	p, err := tiles.New(w, h, cells)
	require.NoError(t, err)
	return p
}

// method returns a method that gives out and err whatever it is asked.
func method(out Outcome, err error) Method {
	return Method{Name: "fake", Solve: func(context.Context, *tiles.Puzzle, Options) (Outcome, error) { return out, err }}
}

// TestRunJudges gives Run methods with every kind of outcome and checks
// the verdict and compare's answer.
func TestRunJudges(t *testing.T) {
	p := board(t, 2, 2, 3, 2, 1, 0) // six moves from the goal
	odd := board(t, 2, 2, 0, 2, 1, 3)
	bfs, _ := MethodNamed(MethodBFS)
	right := Run(context.Background(), "p", bfs, p, DefaultOptions())
	require.Equal(t, kind.StatusSolved, right.Status, right.Error)
	plan := right.Plan
	require.Len(t, plan, 6)
	boom := Method{Name: "boom", Solve: func(context.Context, *tiles.Puzzle, Options) (Outcome, error) { panic("boom") }}
	exhaust := DefaultOptions()
	exhaust.Exhaust = true
	for _, tc := range []struct {
		name   string
		m      Method
		p      *tiles.Puzzle
		o      Options
		status kind.Status
		words  string
		key    string
	}{
		{"the real BFS", bfs, p, DefaultOptions(), kind.StatusSolved, "optimal 6", "optimal 6"},
		{"the parity, before any search", boom, odd, DefaultOptions(), kind.StatusUnsolvable, "unsolvable (parity)", "unsolvable"},
		{"BFS exhausting the boards", bfs, odd, exhaust, kind.StatusUnsolvable, "unsolvable (12 boards explored)", "unsolvable"},
		{"a plan", method(Outcome{Plan: plan}, nil), p, DefaultOptions(), kind.StatusSolved, "optimal 6", "optimal 6"},
		{"a plan the checker refuses", method(Outcome{Plan: plan[:1]}, nil), p, DefaultOptions(), kind.StatusError, "", ""},
		{"neither plan nor proof", method(Outcome{}, nil), p, DefaultOptions(), kind.StatusError, "", ""},
		{"the horizon", method(Outcome{}, fmt.Errorf("%w: 80", statespace.ErrHorizon)), p, DefaultOptions(), kind.StatusUnknown, "no plan of at most 80 moves", ""},
		{"the state limit", method(Outcome{}, statespace.ErrLimit), p, DefaultOptions(), kind.StatusUnknown, "search limit reached", ""},
		{"a timeout", method(Outcome{Plan: plan[:1]}, context.DeadlineExceeded), p, DefaultOptions(), kind.StatusUnknown, "timed out", ""},
		{"a failure", method(Outcome{}, errors.New("dimacs:kissat: exit status 3")), p, DefaultOptions(), kind.StatusError, "", ""},
		{"a panic", boom, p, DefaultOptions(), kind.StatusError, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), "p", tc.m, tc.p, tc.o)
			a := r.Answer()
			assert.Equal(t, tc.status, r.Status, r.Error)
			assert.Equal(t, tc.status, a.Status)
			assert.Equal(t, tc.words, a.Words)
			assert.Equal(t, tc.key, a.Key)
			assert.Equal(t, tc.status == kind.StatusError, r.Error != "", "an error says why: %q", r.Error)
		})
	}
	r := Run(context.Background(), "p", method(Outcome{Plan: plan[:1]}, nil), p, DefaultOptions())
	assert.Contains(t, r.Error, "internal error: the fake plan failed the check")
	r = Run(context.Background(), "p", boom, p, DefaultOptions())
	var ie *kind.InternalError
	require.ErrorAs(t, r.Err, &ie)
	assert.Equal(t, "p", ie.ID)
}

// TestEnginesAgree runs every engine of compare's list that takes the
// board on random small boards, of both parities: each answer passes
// Run's checks, and the engines agree on the fewest moves or on
// unsolvability, BFS proving by exhaustion what the others know from the
// parity.
func TestEnginesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	opts := DefaultOptions()
	opts.PDBs = NewPatternDBs(NoCache)
	for i := range 10 {
		w, h := 2, 2+i%2
		p := board(t, w, h, rng.Perm(w*h)...)
		var votes []kind.Vote
		for _, e := range Engines() {
			require.True(t, e.Fits(p), e.Name)
			o := e.Options(opts)
			if o.WantsPDB(e.Method.Name, w, h) {
				o.PDBs.Prepare(context.Background(), w, h)
			}
			r := Run(context.Background(), fmt.Sprint(i), e.Method, p, o)
			require.True(t, r.Status.Settled(), "%s on %v: %s %s", e.Name, p.Tiles, r.Status, r.Error)
			votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer()})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "%v: %s", p.Tiles, a.Answers())
	}
}

// TestPatternDBs prepares the databases of the 8 puzzle in a cache and
// reads them back: IDA* then searches with them, and a second Prepare of
// the same size does nothing.
func TestPatternDBs(t *testing.T) {
	dir := t.TempDir()
	dbs := NewPatternDBs(dir)
	_, err := dbs.For(3, 3)
	require.Error(t, err, "none prepared yet")
	info, done := dbs.Prepare(context.Background(), 3, 3)
	require.True(t, done)
	require.NoError(t, info.SaveErr)
	assert.Contains(t, info.Describe(), "built in")
	_, done = dbs.Prepare(context.Background(), 3, 3)
	assert.False(t, done, "once per size")

	again := NewPatternDBs(dir)
	info, done = again.Prepare(context.Background(), 3, 3)
	require.True(t, done)
	assert.Contains(t, info.Describe(), "read from")
	ida, _ := MethodNamed(MethodIDA)
	o := DefaultOptions()
	o.PDBs = again
	far := board(t, 3, 3, 8, 6, 7, 2, 5, 4, 3, 0, 1)
	r := Run(context.Background(), "p", ida, far, o)
	require.Equal(t, kind.StatusSolved, r.Status, r.Error)
	assert.Equal(t, HeuristicPDB, r.Heuristic)
	o.Heuristic = HeuristicManhattan
	manhattan := Run(context.Background(), "p", ida, far, o)
	assert.Equal(t, HeuristicManhattan, manhattan.Heuristic)
	assert.Len(t, r.Plan, len(manhattan.Plan), "both estimates are admissible")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	failed := NewPatternDBs(NoCache)
	_, done = failed.Prepare(cancelled, 4, 4)
	assert.False(t, done)
	r = Run(context.Background(), "p", ida, board(t, 4, 4, 1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), Options{PDBs: failed})
	assert.Equal(t, kind.StatusInterrupted, r.Status, "the build's end is the run's")
	assert.ErrorContains(t, r.Err, "pattern databases")
}
