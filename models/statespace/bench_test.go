package statespace

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eight is the 8 puzzle as a Walker: tiles on a 3x3 board, the blank
// moving up, down, left or right, the Manhattan distance as the estimate,
// kept up to date move by move. It is the toy on which IDAStar's speed per
// node is measured: expanding a node costs a few table lookups, so what
// the library adds shows.
type eight struct {
	board [9]uint8 // tile at each cell, 0 the blank
	blank int
	h     int
	last  []uint8 // moves done, to skip undoing the previous one
}

// moves by direction: up, down, left, right; opposite[d] undoes d.
var (
	delta    = [4]int{-3, 3, -1, 1}
	opposite = [4]uint8{1, 0, 3, 2}
	// legal[cell] lists the directions the blank can take from cell.
	legal [9][]uint8
	// manhattan[tile][cell] is tile's distance from its goal cell.
	manhattan [9][9]int
)

func init() {
	for c := range 9 {
		r, col := c/3, c%3
		for d, ok := range [4]bool{r > 0, r < 2, col > 0, col < 2} {
			if ok {
				legal[c] = append(legal[c], uint8(d))
			}
		}
		for tile := 1; tile < 9; tile++ {
			manhattan[tile][c] = abs(r-tile/3) + abs(col-tile%3)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// scrambled returns the goal board (blank at cell 0, tile t at cell t)
// after n random moves of the blank.
func scrambled(r *rand.Rand, n int) *eight {
	e := &eight{board: [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}}
	for range n {
		ds := legal[e.blank]
		e.move(ds[r.IntN(len(ds))])
	}
	e.h = 0
	for c, t := range e.board {
		if t != 0 {
			e.h += manhattan[t][c]
		}
	}
	return e
}

// move slides the blank in direction d and returns the change of the
// estimate.
func (e *eight) move(d uint8) int {
	to := e.blank + delta[d]
	t := e.board[to]
	e.board[e.blank], e.board[to] = t, 0
	change := manhattan[t][e.blank] - manhattan[t][to]
	e.blank = to
	return change
}

func (e *eight) Estimate() int { return e.h }
func (e *eight) Goal() bool    { return e.board == [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8} }

func (e *eight) Actions(dst []uint8) []uint8 {
	for _, d := range legal[e.blank] {
		if n := len(e.last); n == 0 || d != opposite[e.last[n-1]] {
			dst = append(dst, d)
		}
	}
	return dst
}

func (e *eight) Do(d uint8) (int, int) {
	e.h += e.move(d)
	e.last = append(e.last, d)
	return 1, e.h
}

func (e *eight) Undo(d uint8) {
	e.h += e.move(opposite[d])
	e.last = e.last[:len(e.last)-1]
}

// eightInstances are deep scrambles with optimal plans of 20 to 26 moves.
func eightInstances() []*eight {
	r := rand.New(rand.NewPCG(8, 8))
	var es []*eight
	for range 4 {
		es = append(es, scrambled(r, 200))
	}
	return es
}

func TestIDAStarOnTheEightPuzzle(t *testing.T) {
	for _, e := range eightInstances() {
		start := e.board
		res, err := IDAStar(context.Background(), e, Options{})
		require.NoError(t, err)
		require.Equal(t, Solved, res.Status)
		assert.Equal(t, start, e.board, "IDAStar restores the board")
		// Replay, and compare the length with the inline search below.
		for _, d := range res.Plan {
			e.Do(d)
		}
		assert.True(t, e.Goal())
		for i := len(res.Plan) - 1; i >= 0; i-- {
			e.Undo(res.Plan[i])
		}
		cost, _ := inlineIDA(e)
		assert.Equal(t, cost, res.Cost)
	}
}

// inlineIDA is IDA* written for eight alone, without the library's
// interfaces, as the yardstick of BenchmarkIDAStar. It returns the
// optimal cost and the nodes visited.
func inlineIDA(e *eight) (int, int64) {
	var nodes int64
	var dfs func(g, bound int, last uint8) (int, bool)
	dfs = func(g, bound int, last uint8) (int, bool) {
		nodes++
		if f := g + e.h; f > bound {
			return f, false
		}
		if e.h == 0 {
			return g, true
		}
		next := int(^uint(0) >> 1)
		for _, d := range legal[e.blank] {
			if last < 4 && d == opposite[last] {
				continue
			}
			change := e.move(d)
			e.h += change
			f, found := dfs(g+1, bound, d)
			e.h -= change
			e.move(opposite[d])
			if found {
				return f, true
			}
			next = min(next, f)
		}
		return next, false
	}
	for bound := e.h; ; {
		f, found := dfs(0, bound, 4)
		if found {
			return f, nodes
		}
		bound = f
	}
}

// BenchmarkIDAStar measures nodes per second on the 8 puzzle, through the
// library and inline (which also counts the nodes cut at the threshold,
// so its rate is a little flattered).
func BenchmarkIDAStar(b *testing.B) {
	es := eightInstances()
	b.Run("impl=library", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int64
		began := time.Now()
		for b.Loop() {
			for _, e := range es {
				res, err := IDAStar(context.Background(), e, Options{})
				if err != nil || res.Status != Solved {
					b.Fatal(err, res.Status)
				}
				nodes += res.Stats.Generated
			}
		}
		b.ReportMetric(float64(nodes)/time.Since(began).Seconds()/1e6, "Mnodes/s")
	})
	b.Run("impl=inline", func(b *testing.B) {
		b.ReportAllocs()
		var nodes int64
		began := time.Now()
		for b.Loop() {
			for _, e := range es {
				_, n := inlineIDA(e)
				nodes += n
			}
		}
		b.ReportMetric(float64(nodes)/time.Since(began).Seconds()/1e6, "Mnodes/s")
	})
}
