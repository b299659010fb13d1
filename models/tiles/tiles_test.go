package tiles

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exactDistances returns the distance to the goal of every board of the
// goal's parity class on a w×h board, by a breadth-first search written
// here for the tests alone (boards as strings of tile bytes).
func exactDistances(w, h int) map[string]int {
	goal := make([]byte, w*h)
	for i := range goal {
		goal[i] = byte(i)
	}
	dist := map[string]int{string(goal): 0}
	queue := []string{string(goal)}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		b := 0
		for s[b] != 0 {
			b++
		}
		r, c := b/w, b%w
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= h || nc < 0 || nc >= w {
				continue
			}
			t := []byte(s)
			t[b], t[nr*w+nc] = t[nr*w+nc], 0
			if _, ok := dist[string(t)]; !ok {
				dist[string(t)] = dist[s] + 1
				queue = append(queue, string(t))
			}
		}
	}
	return dist
}

// eightDistances holds the distances of the 8 puzzle, computed once.
var eightDistances = sync.OnceValue(func() map[string]int { return exactDistances(3, 3) })

func puzzleOf(w, h int, s string) *Puzzle {
	p := &Puzzle{Width: w, Height: h, Tiles: make([]int, len(s))}
	for i := range s {
		p.Tiles[i] = int(s[i])
	}
	return p
}

func TestSolvabilityMatchesReachability(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}} {
		w, h := size[0], size[1]
		dist := exactDistances(w, h)
		if w == 3 && h == 3 {
			dist = eightDistances()
		}
		rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
		for range 500 {
			p := Goal(w, h)
			rng.Shuffle(len(p.Tiles), func(i, j int) { p.Tiles[i], p.Tiles[j] = p.Tiles[j], p.Tiles[i] })
			var s []byte
			for _, t := range p.Tiles {
				s = append(s, byte(t))
			}
			_, reachable := dist[string(s)]
			err := p.Solvability()
			assert.Equal(t, reachable, err == nil, "%dx%d %v: %v", w, h, p, err)
			if err != nil {
				assert.ErrorIs(t, err, ErrUnsolvable)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Puzzle
	}{
		{"repeat", Puzzle{Width: 2, Height: 2, Tiles: []int{0, 1, 1, 3}}},
		{"range", Puzzle{Width: 2, Height: 2, Tiles: []int{0, 1, 2, 4}}},
		{"count", Puzzle{Width: 2, Height: 2, Tiles: []int{0, 1, 2}}},
		{"strip", Puzzle{Width: 1, Height: 3, Tiles: []int{0, 1, 2}}},
		{"huge", Puzzle{Width: 9, Height: 9, Tiles: make([]int, 81)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.ErrorIs(t, tc.p.Validate(), ErrInvalidPuzzle)
		})
	}
	assert.NoError(t, Goal(5, 5).Validate())
}

func TestCheck(t *testing.T) {
	p := &Puzzle{Width: 3, Height: 3, Tiles: []int{1, 2, 0, 3, 4, 5, 6, 7, 8}}
	assert.NoError(t, Check(p, Plan{Left, Left}))
	assert.ErrorIs(t, Check(p, Plan{Left}), ErrWrongPlan)
	assert.ErrorIs(t, Check(p, Plan{Right}), ErrWrongPlan)
	assert.ErrorIs(t, Check(p, Plan{Left, Left, Up}), ErrWrongPlan)
	q, slid, err := p.Apply(Plan{Left, Left})
	require.NoError(t, err)
	assert.True(t, q.Solved())
	assert.Equal(t, []int{2, 1}, slid)
}

func TestParsePlan(t *testing.T) {
	pl, err := ParsePlan("ud, L r")
	require.NoError(t, err)
	assert.Equal(t, Plan{Up, Down, Left, Right}, pl)
	assert.Equal(t, "UDLR", pl.String())
	_, err = ParsePlan("UX")
	assert.Error(t, err)
}

// The heuristics never overestimate and change by at most one per move
// (consistency, which IDA* does not need but which catches slips in the
// incremental updates), on every board of the 8 puzzle's solvable half.
func TestHeuristicsAdmissible(t *testing.T) {
	dist := eightDistances()
	db, err := BuildPatternDB(context.Background(), 3, 3, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, 2)
	require.NoError(t, err)
	exactMatches := 0
	for s, d := range dist {
		p := puzzleOf(3, 3, s)
		md, lc := Manhattan(p), LinearConflicts(p)
		require.LessOrEqual(t, md+lc, d, "%v", p)
		require.LessOrEqual(t, db.Lookup(p), d, "%v", p)
		if db.Lookup(p) == d {
			exactMatches++
		}
		assert.Equal(t, 0, (d-md)%2, "Manhattan has the parity of the distance")
	}
	assert.Greater(t, exactMatches, 1000)
}

// A pattern of every tile is no abstraction at all: its table holds the
// exact distances.
func TestPatternDBExactWithAllTiles(t *testing.T) {
	for _, size := range [][2]int{{2, 3}, {3, 2}, {2, 4}} {
		w, h := size[0], size[1]
		var all []int
		for i := 1; i < w*h; i++ {
			all = append(all, i)
		}
		db, err := BuildPatternDB(context.Background(), w, h, [][]int{all}, 1)
		require.NoError(t, err)
		for s, d := range exactDistances(w, h) {
			require.Equal(t, d, db.Lookup(puzzleOf(w, h, s)), "%dx%d %q", w, h, s)
		}
	}
}

func TestPatternDBRejects(t *testing.T) {
	for _, pats := range [][][]int{
		{{1, 2}, {2, 3}},
		{{0, 1}},
		{{9}},
		{{}},
		{{1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		_, err := BuildPatternDB(context.Background(), 3, 3, pats, 1)
		assert.Error(t, err, "%v", pats)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := BuildPatternDB(ctx, 3, 3, [][]int{{1, 2, 3}}, 1)
	assert.True(t, errors.Is(err, context.Canceled))
}
