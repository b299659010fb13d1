package tiles

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// randomBoard shuffles the tiles of a w×h board; half the boards it draws
// are unsolvable.
func randomBoard(rng *rand.Rand, w, h int) *Puzzle {
	p := Goal(w, h)
	rng.Shuffle(len(p.Tiles), func(i, j int) { p.Tiles[i], p.Tiles[j] = p.Tiles[j], p.Tiles[i] })
	return p
}

// IDA* under both heuristics and BFS agree on random 8-puzzle and 2×4
// boards: the same status, plans of the same length that the checker
// accepts, and that length is the true distance.
func TestEnginesAgree(t *testing.T) {
	ctx := context.Background()
	db, err := BuildPatternDB(ctx, 3, 3, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, 2)
	require.NoError(t, err)
	dist := eightDistances()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 40 {
		w, h := 3, 3
		if i%4 == 3 {
			w, h = 2, 4
		}
		p := randomBoard(rng, w, h)
		bfs, err := SolveBFS(ctx, p, statespace.Options{})
		require.NoError(t, err)
		engines := map[string]Result{"bfs": bfs}
		engines["ida-md"], err = SolveIDA(ctx, p, nil)
		require.NoError(t, err)
		if w == 3 {
			engines["ida-pdb"], err = SolveIDA(ctx, p, db)
			require.NoError(t, err)
		}
		solvable := p.Solvability() == nil
		for name, r := range engines {
			if !solvable {
				assert.Equal(t, statespace.Unsolvable, r.Status, "%s on %v", name, p)
				continue
			}
			require.Equal(t, statespace.Solved, r.Status, "%s on %v", name, p)
			require.NoError(t, Check(p, r.Plan), "%s on %v", name, p)
			assert.Len(t, r.Plan, len(bfs.Plan), "%s on %v", name, p)
		}
		if solvable && w == 3 {
			var s []byte
			for _, t := range p.Tiles {
				s = append(s, byte(t))
			}
			assert.Equal(t, dist[string(s)], len(bfs.Plan))
		}
		if !solvable {
			// BFS proved it by exhausting the reachable half.
			assert.Equal(t, int64(halfFactorial(p.Cells())), bfs.Stats.Stored, "%v", p)
		}
	}
}

// halfFactorial returns n!/2, the number of boards of n cells in one
// parity class.
func halfFactorial(n int) int {
	f := 1
	for i := 3; i <= n; i++ {
		f *= i
	}
	return f
}

// Easy Korf instances (the ones Korf's IDA* with Manhattan distance solved
// in under a million nodes) under Manhattan with linear conflicts, with
// their published lengths.
func TestKorfEasy(t *testing.T) {
	for _, c := range []struct {
		tiles   []int
		optimal int
	}{
		{[]int{14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15}, 45}, // korf-12
		{[]int{0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15}, 42}, // korf-79
	} {
		p, err := New(4, 4, c.tiles)
		require.NoError(t, err)
		r, err := SolveIDA(context.Background(), p, nil)
		require.NoError(t, err)
		require.Equal(t, statespace.Solved, r.Status)
		assert.NoError(t, Check(p, r.Plan))
		assert.Len(t, r.Plan, c.optimal)
	}
}
