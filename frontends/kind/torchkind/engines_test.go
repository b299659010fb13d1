package torchkind

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/models/torch"
)

// TestEnginesAgree runs every engine of compare's list on random small
// torch puzzles, some with a limit too short: each answer passes Run's
// checks, and the engines agree on the least total time or on
// unsolvability.
func TestEnginesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for i := range 12 {
		p := &torch.Puzzle{Capacity: 2 + rng.IntN(2)}
		for range 2 + rng.IntN(3) {
			p.Times = append(p.Times, 1+rng.IntN(10))
		}
		if i%3 == 0 {
			p.Limit = 5 + rng.IntN(15)
		}
		require.NoError(t, p.Validate())
		var votes []kind.Vote
		for _, e := range crossings.Engines(MethodNames()) {
			m, ok := MethodNamed(e.Method)
			require.True(t, ok, e.Method)
			r := Run(context.Background(), fmt.Sprint(i), m, p, e.Options(crossings.DefaultOptions()))
			require.True(t, r.Status.Settled(), "%s on %v: %s %s", e.Name, p, r.Status, r.Error)
			if r.Status == kind.StatusSolved {
				require.Len(t, r.Plan(), len(r.Actions), "every crossing in words")
				total, err := torch.Check(p, r.Actions)
				require.NoError(t, err)
				assert.Equal(t, total, *r.Cost)
			}
			votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer()})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "%v: %s", p, a.Answers())
	}
	assert.Equal(t, []string{"astar", "ucs", "sat"}, MethodNames())
}

// The classic puzzle takes 17 minutes, and its proofs of unsolvability
// under a limit of 16 say why.
func TestClassic(t *testing.T) {
	p := &torch.Puzzle{Times: []int{1, 2, 5, 10}, Capacity: 2}
	for _, m := range Methods() {
		r := Run(context.Background(), "classic", m, p, crossings.DefaultOptions())
		assert.Equal(t, "optimal 17 minutes", r.Answer().Words, m.Name)
	}
	p.Limit = 16
	for _, m := range Methods() {
		r := Run(context.Background(), "classic", m, p, crossings.DefaultOptions())
		assert.Equal(t, kind.StatusUnsolvable, r.Status, m.Name)
		assert.Contains(t, r.Reason, "no plan within the limit of 16 minutes", m.Name)
	}
}
