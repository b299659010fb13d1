package tiles

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// The SAT engine agrees with BFS on random small boards and on 8-puzzle
// boards a few moves from the goal (deep ones take the solver seconds).
func TestSATAgreesWithBFS(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	var boards []*Puzzle
	for range 6 {
		boards = append(boards, randomBoard(rng, 2, 3), randomBoard(rng, 3, 2))
	}
	for _, moves := range []int{0, 6, 12, 16} {
		p := Goal(3, 3)
		q, _, err := p.Apply(randomWalk(rng, 3, 3, moves))
		require.NoError(t, err)
		boards = append(boards, q)
	}
	for _, p := range boards {
		bfs, err := SolveBFS(ctx, p, statespace.Options{})
		require.NoError(t, err)
		r, err := SolveSAT(ctx, p, gini.New(), statespace.SATOptions{})
		require.NoError(t, err)
		require.Equal(t, bfs.Status, r.Status, "%v", p)
		if r.Status == statespace.Solved {
			assert.NoError(t, Check(p, r.Plan), "%v", p)
			assert.Len(t, r.Plan, len(bfs.Plan), "%v", p)
			assert.Equal(t, len(bfs.Plan), r.Horizon)
		}
	}
}

// randomWalk returns n random moves of the blank from the goal of a w×h
// board that stay on the board.
func randomWalk(rng *rand.Rand, w, h, n int) Plan {
	var pl Plan
	b := 0
	for len(pl) < n {
		m := Moves[rng.IntN(4)]
		if to, ok := Target(w, h, b, m); ok {
			pl, b = append(pl, m), to
		}
	}
	return pl
}
