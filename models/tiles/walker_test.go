package tiles

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reflected returns p reflected about its main diagonal, tiles renamed
// accordingly, for the tests (square boards).
func reflected(p *Puzzle) *Puzzle {
	w := p.Width
	mirror := func(c int) int { return c%w*w + c/w }
	q := &Puzzle{Width: w, Height: w, Tiles: make([]int, len(p.Tiles))}
	for c, t := range p.Tiles {
		q.Tiles[mirror(c)] = mirror(t)
	}
	return q
}

// The walker's incremental estimate always equals the estimate computed
// from scratch, along random walks with undos, and Undo restores the board.
func TestWalkerIncremental(t *testing.T) {
	ctx := context.Background()
	dbs := map[[2]int]*PatternDB{}
	for _, c := range []struct {
		w, h int
		pats [][]int
	}{
		{3, 3, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{4, 4, [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}}},
		{4, 3, [][]int{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}},
	} {
		db, err := BuildPatternDB(ctx, c.w, c.h, c.pats, 2)
		require.NoError(t, err)
		dbs[[2]int{c.w, c.h}] = db
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for size, db := range dbs {
		w, h := size[0], size[1]
		for _, db := range []*PatternDB{nil, db} {
			wk, err := NewWalker(Goal(w, h), db)
			require.NoError(t, err)
			var done []Move
			for step := range 3000 {
				if len(done) > 0 && rng.IntN(3) == 0 {
					wk.Undo(done[len(done)-1])
					done = done[:len(done)-1]
				} else {
					acts := wk.Actions(nil)
					m := acts[rng.IntN(len(acts))]
					cost, est := wk.Do(m)
					require.Equal(t, 1, cost)
					require.Equal(t, wk.Estimate(), est)
					done = append(done, m)
				}
				p := wk.Puzzle()
				want := Manhattan(p) + LinearConflicts(p)
				if db != nil {
					want = db.Lookup(p)
					if w == h {
						want = max(want, db.Lookup(reflected(p)))
					}
				}
				require.Equal(t, want, wk.Estimate(), "%dx%d pdb=%v step %d: %v", w, h, db != nil, step, p)
				require.Equal(t, p.Solved(), wk.Goal())
			}
			for len(done) > 0 {
				wk.Undo(done[len(done)-1])
				done = done[:len(done)-1]
			}
			assert.True(t, wk.Goal())
			assert.Equal(t, 0, wk.Estimate())
		}
	}
}

// The reflected lookup stays admissible: on every solvable 8-puzzle board
// it never exceeds the true distance.
func TestReflectionAdmissible(t *testing.T) {
	db, err := BuildPatternDB(context.Background(), 3, 3, [][]int{{1, 2, 3}, {4, 5, 6, 7, 8}}, 2)
	require.NoError(t, err)
	better := 0
	for s, d := range eightDistances() {
		p := puzzleOf(3, 3, s)
		wk, err := NewWalker(p, db)
		require.NoError(t, err)
		require.LessOrEqual(t, wk.Estimate(), d)
		if wk.Estimate() > db.Lookup(p) {
			better++
		}
	}
	assert.Greater(t, better, 10000, "the reflection raises the estimate of many boards")
}

func TestWalkerActions(t *testing.T) {
	wk, err := NewWalker(Goal(3, 3), nil)
	require.NoError(t, err)
	assert.Equal(t, []Move{Down, Right}, wk.Actions(nil))
	wk.Do(Right)
	assert.Equal(t, []Move{Down, Right}, wk.Actions(nil), "Left would undo Right")
	db, err := BuildPatternDB(context.Background(), 3, 3, [][]int{{1, 2, 3}, {4, 5, 6, 7, 8}}, 2)
	require.NoError(t, err)
	_, err = NewWalker(Goal(4, 4), db)
	assert.Error(t, err, "a database of another size")
}
