package aquariumkind

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// answers returns an engine that gives out and err whatever it is asked.
func answers(out Outcome, err error) Engine {
	return Engine{Name: "fake", Solve: func(context.Context, *aquarium.Puzzle, aquarium.Rule, int) (Outcome, error) { return out, err }}
}

// TestRunJudges gives Run engines with every kind of outcome on raceGrid,
// which has two solutions, and checks the status, the words and the key.
func TestRunJudges(t *testing.T) {
	left, right := raceSolution("#.", "#."), raceSolution(".#", ".#")
	wrong := raceSolution("##", "##")
	boom := Engine{Name: "boom", Solve: func(context.Context, *aquarium.Puzzle, aquarium.Rule, int) (Outcome, error) { panic("boom") }}
	for _, tc := range []struct {
		name   string
		e      Engine
		limit  int
		status kind.Status
		words  string
		key    bool
		found  int
	}{
		{"both, at the limit", answers(Outcome{Solutions: []aquarium.Solution{left, right}}, nil), 2, kind.StatusSolved, "2+ solutions", true, 2},
		{"both, the proof of no more", answers(Outcome{Solutions: []aquarium.Solution{left, right}, Exhausted: true}, nil), 3, kind.StatusSolved, "2 solutions", true, 2},
		{"both, counting all", answers(Outcome{Solutions: []aquarium.Solution{left, right}, Exhausted: true}, nil), 0, kind.StatusSolved, "2 solutions", true, 2},
		{"one and the proof", answers(Outcome{Solutions: []aquarium.Solution{left}, Exhausted: true}, nil), 2, kind.StatusSolved, "unique", true, 1},
		{"one, at the limit", answers(Outcome{Solutions: []aquarium.Solution{left}}, nil), 1, kind.StatusSolved, "1+ solutions", true, 1},
		{"none and the proof", answers(Outcome{Exhausted: true}, nil), 2, kind.StatusUnsolvable, "unsolvable", true, 0},
		{"none, no proof", answers(Outcome{}, nil), 2, kind.StatusUnknown, "gave up", false, 0},
		{"a timeout keeps what it found", answers(Outcome{Solutions: []aquarium.Solution{left}}, context.DeadlineExceeded), 2, kind.StatusUnknown, "timed out", false, 1},
		{"an interrupt", answers(Outcome{}, context.Canceled), 2, kind.StatusInterrupted, "interrupted", false, 0},
		{"a failure", answers(Outcome{Exhausted: true}, errors.New("dimacs:kissat: exit status 3")), 2, kind.StatusError, "error", false, 0},
		{"a wrong solution", answers(Outcome{Solutions: []aquarium.Solution{left, wrong}, Exhausted: true}, nil), 2, kind.StatusError, "wrong answer", false, 0},
		{"a wrong solution at a timeout", answers(Outcome{Solutions: []aquarium.Solution{wrong}}, context.DeadlineExceeded), 2, kind.StatusError, "wrong answer", false, 0},
		{"a panic", boom, 2, kind.StatusError, "error", false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), tc.e, Task{ID: "grid", Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: tc.limit})
			a := r.Answer(tc.limit)
			assert.Equal(t, tc.status, r.Status)
			assert.Equal(t, tc.status, a.Status)
			assert.Equal(t, tc.words, a.Words)
			assert.Equal(t, tc.key, a.Key != "", "key %q", a.Key)
			assert.Len(t, r.Solutions, tc.found)
			assert.Equal(t, tc.status == kind.StatusError, r.Err != nil && !r.End.Stopped(), "an error says why: %v", r.Err)
		})
	}
	r := Run(context.Background(), boom, Task{ID: "grid", Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: 2})
	var ie *kind.InternalError
	require.ErrorAs(t, r.Err, &ie)
	assert.Equal(t, "grid", ie.ID)
	r = Run(context.Background(), answers(Outcome{Solutions: []aquarium.Solution{wrong}}, nil), Task{Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: 2})
	assert.ErrorIs(t, r.Err, aquarium.ErrWrongSolution)
	assert.Contains(t, r.Err.Error(), "internal error: solution 1 of fake fails the check")
}

// TestEnginesAgree runs every engine of compare's list on random small
// puzzles of both rules: each answer passes Run's checks, and the engines
// that answer agree on the count of solutions.
func TestEnginesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	engines := Engines(false)
	for i := range 12 {
		rule := []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule}[i%2]
		p, _ := generate.RandomPuzzle(rng, 2+rng.IntN(3), 2+rng.IntN(3), 1+rng.IntN(4), rule, rng.Float64()*0.6)
		var votes []kind.Vote
		for _, e := range engines {
			if !e.Takes(rule) {
				continue
			}
			r := Run(context.Background(), e, Task{ID: strconv.Itoa(i), Puzzle: p, Rule: rule})
			require.True(t, r.Status.Settled(), "%s on puzzle %d (%v): %s %v", e.Name, i, rule, r.Status, r.Err)
			votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer(0)})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "puzzle %d (%v): %s", i, rule, a.Answers())
		assert.Len(t, a.Keyed, len(votes))
	}
}

func TestOpen(t *testing.T) {
	e, err := Open(Options{Backend: "gini", Encoding: "totalizer"})
	require.NoError(t, err)
	assert.Equal(t, "gini/totalizer", e.Name)
	assert.Equal(t, "gini", e.Backend)
	e, err = Open(Options{Backend: "gini"})
	require.NoError(t, err)
	assert.Equal(t, "gini", e.Name)
	_, err = Open(Options{Backend: "abacus"})
	assert.ErrorIs(t, err, backends.ErrUnknown)
	_, err = Open(Options{Backend: "cp", Encoding: "totalizer"})
	assert.ErrorContains(t, err, "--encoding applies to SAT backends, not cp")
	_, err = Open(Options{Backend: "gini", Encoding: "sideways"})
	assert.Error(t, err)
	for _, name := range BackendNames() {
		if name == backends.DIMACS+"CMD" || name == MiniZincPrefix+"SOLVER" || name == ClingoBackend && !aqasp.Available() {
			continue
		}
		e, err := Open(Options{Backend: name})
		require.NoError(t, err, name)
		r := Run(context.Background(), e, Task{Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: 2})
		assert.Equal(t, "2+ solutions", r.Answer(2).Words, name)
	}
}

func TestDetect(t *testing.T) {
	small, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "aquarium", "small.jsonl"))
	require.NoError(t, err)
	text, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "aquarium", "6x6-easy.txt"))
	require.NoError(t, err)
	for _, tc := range []struct {
		data string
		want bool
	}{
		{string(small), true},
		{string(text), true},
		{`{"id": "j", "capacities": [3, 5], "target": 4}`, false},
		{`{"id": "r", "regions": "a mistake the reader reports"}`, true},
		{"capacity 2\nred blue\nblue red\n-\n", false},
		{"", false},
	} {
		assert.Equal(t, tc.want, Detect([]byte(tc.data)), "%.40q", tc.data)
	}
}
