package rush

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// fewestMoves returns the fewest moves that solve p, or -1, by a
// breadth-first search written here for the tests alone: states are the
// rows of the board as one string, moves found by scanning the grid.
func fewestMoves(p *Puzzle) int {
	w, h := p.Width, p.Height
	start := strings.Join(p.Rows(), "")
	solved := func(s string) bool {
		row := p.Pieces[0].Row
		return s[row*w+w-1] == 'A'
	}
	dist := map[string]int{start: 0}
	queue := []string{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if solved(s) {
			return dist[s]
		}
		for _, pc := range p.Pieces {
			first, last := strings.IndexByte(s, pc.Label), strings.LastIndexByte(s, pc.Label)
			step := 1
			if pc.Orientation == Vertical {
				step = w
			}
			for _, dir := range []int{-1, 1} {
				g := []byte(s)
				head, tail := last, first // the cell ahead, the cell behind
				if dir < 0 {
					head, tail = first, last
				}
				for {
					nx := head + dir*step
					if nx < 0 || nx >= w*h || (step == 1 && nx/w != head/w) || g[nx] != '.' {
						break
					}
					g[nx], g[tail] = pc.Label, '.'
					head, tail = nx, tail+dir*step
					if _, ok := dist[string(g)]; !ok {
						dist[string(g)] = dist[s] + 1
						queue = append(queue, string(g))
					}
				}
			}
		}
	}
	return -1
}

// randomPuzzle places a primary car and up to n other pieces at random on
// a w×h board, with a wall now and then.
func randomPuzzle(rng *rand.Rand, w, h, n int) *Puzzle {
	p := &Puzzle{Width: w, Height: h}
	used := make([]bool, w*h)
	place := func(pc Piece) bool {
		cells := pc.Cells(w)
		last := cells[len(cells)-1]
		if pc.Orientation == Horizontal && pc.Col+pc.Len > w || pc.Orientation == Vertical && pc.Row+pc.Len > h || last >= w*h {
			return false
		}
		for _, c := range cells {
			if used[c] {
				return false
			}
		}
		for _, c := range cells {
			used[c] = true
		}
		p.Pieces = append(p.Pieces, pc)
		return true
	}
	for !place(Piece{Label: 'A', Row: rng.IntN(h), Col: rng.IntN(w - 1), Len: 2}) {
	}
	for i := 0; i < 4*n && len(p.Pieces) <= n; i++ {
		pc := Piece{Label: byte('A' + len(p.Pieces)), Row: rng.IntN(h), Col: rng.IntN(w), Len: 2 + rng.IntN(2), Orientation: Orientation(rng.IntN(2))}
		place(pc)
	}
	if c := rng.IntN(w * h); rng.IntN(3) == 0 && !used[c] {
		p.Walls = append(p.Walls, c)
	}
	return p
}

// The library's BFS over packed boards and the test's BFS over strings
// agree on random boards, solvable or not; every plan passes Check.
func TestSolveAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	solvable, unsolvable := 0, 0
	for i := range 300 {
		p := randomPuzzle(rng, 4+i%3, 4+i%2, 3+i%6)
		require.NoError(t, p.Validate())
		want := fewestMoves(p)
		for name, solve := range map[string]func(context.Context, *Puzzle, statespace.Options) (Result, error){"bfs": Solve, "astar": SolveAStar} {
			r, err := solve(context.Background(), p, statespace.Options{})
			require.NoError(t, err)
			if want < 0 {
				assert.Equal(t, statespace.Unsolvable, r.Status, "%s: %s", name, p)
				continue
			}
			require.Equal(t, statespace.Solved, r.Status, "%s: %s", name, p)
			assert.NoError(t, Check(p, r.Plan), "%s: %s", name, p)
			assert.Len(t, r.Plan, want, "%s: %s", name, p)
		}
		if want < 0 {
			unsolvable++
		} else {
			solvable++
		}
	}
	assert.Greater(t, solvable, 50)
	assert.Greater(t, unsolvable, 10)
}

// Estimate never overestimates: along the optimal plan of every forty
// level it is at most the moves left, and a move changes it by at most one.
func TestEstimateAdmissible(t *testing.T) {
	for _, p := range testBoards(t, "forty.txt") {
		r, err := Solve(context.Background(), p, statespace.Options{})
		require.NoError(t, err)
		b, err := NewBoard(p)
		require.NoError(t, err)
		k := b.Start()
		for i, m := range r.Plan {
			h := b.Estimate(k)
			require.LessOrEqual(t, h, len(r.Plan)-i)
			k = b.Apply(k, m)
			require.LessOrEqual(t, h-b.Estimate(k), 1)
		}
		assert.Equal(t, 0, b.Estimate(k))
	}
}

// The forty levels and the README's board: every plan passes Check and is
// as short as the test's own BFS says is possible.
func TestForty(t *testing.T) {
	for _, file := range []string{"forty.txt", "readme49.txt"} {
		for i, p := range testBoards(t, file) {
			r, err := Solve(context.Background(), p, statespace.Options{})
			require.NoError(t, err)
			require.Equal(t, statespace.Solved, r.Status)
			require.NoError(t, Check(p, r.Plan))
			assert.Len(t, r.Plan, fewestMoves(p), "%s board %d", file, i+1)
			if file == "readme49.txt" {
				assert.Len(t, r.Plan, 49)
			}
		}
	}
}

// testBoards reads the boards of a file of testdata/rush, one per block,
// with the test's own small reader.
func testBoards(t testing.TB, file string) []*Puzzle {
	data, err := os.ReadFile("../../testdata/rush/" + file)
	require.NoError(t, err)
	var out []*Puzzle
	var rows []string
	flush := func() {
		if len(rows) > 0 {
			out = append(out, boardOf(t, rows...))
		}
		rows = nil
	}
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.TrimSpace(line) == "":
			flush()
		default:
			rows = append(rows, line)
		}
	}
	flush()
	return out
}

// BenchmarkForty solves the 40 levels of fogleman/rush's cmd/forty and the
// README's 49-move board, one after the other.
func BenchmarkForty(b *testing.B) {
	boards := append(testBoards(b, "forty.txt"), testBoards(b, "readme49.txt")...)
	b.ReportAllocs()
	var states int64
	for b.Loop() {
		states = 0
		for _, p := range boards {
			r, err := Solve(context.Background(), p, statespace.Options{})
			if err != nil || r.Status != statespace.Solved {
				b.Fatal(err, r.Status)
			}
			states += r.Stats.Stored
		}
	}
	b.ReportMetric(float64(states), "states/op")
}
