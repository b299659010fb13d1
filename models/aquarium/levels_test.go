package aquarium_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// lit is a literal of a clauseSet, as in DIMACS: variable v is v or -v.
type lit int

// Not returns the negation of l.
func (l lit) Not() lit { return -l }

// clauseSet is an aquarium.LevelEncoder that keeps the clauses, over the
// blocks' variables 1..len(Blocks) and the level variables after them.
type clauseSet struct {
	vars    int
	clauses [][]lit
}

func (c *clauseSet) Full(i int) lit { return lit(i + 1) }

func (c *clauseSet) Levels(i, n int) []lit {
	ls := make([]lit, n)
	for v := range ls {
		c.vars++
		ls[v] = lit(c.vars)
	}
	return ls
}

func (c *clauseSet) Implies(a, b lit) { c.clauses = append(c.clauses, []lit{a.Not(), b}) }

func (c *clauseSet) Clause(lits []lit) { c.clauses = append(c.clauses, slices.Clone(lits)) }

// satisfiable reports whether some values of the level variables satisfy
// every clause once the blocks are fixed by full, by backtracking.
func (c *clauseSet) satisfiable(blocks int, full func(b int) bool) bool {
	value := make([]int8, c.vars+1) // 0 unset, 1 true, -1 false
	for b := range blocks {
		value[b+1] = -1
		if full(b) {
			value[b+1] = 1
		}
	}
	falsified := func() bool {
		for _, cl := range c.clauses {
			dead := true
			for _, l := range cl {
				v := value[max(l, -l)]
				if v == 0 || (v == 1) == (l > 0) {
					dead = false
					break
				}
			}
			if dead {
				return true
			}
		}
		return false
	}
	var search func(v int) bool
	search = func(v int) bool {
		if falsified() {
			return false
		}
		if v > c.vars {
			return true
		}
		for _, x := range []int8{1, -1} {
			value[v] = x
			if search(v + 1) {
				return true
			}
		}
		value[v] = 0
		return false
	}
	return search(blocks + 1)
}

// TestPoolLevelsAgreeWithCheck checks the pool rule's level clauses on
// small random grids without clues, of random aquariums (U-shapes and
// separate pieces galore): a filling of the blocks that keeps gravity has
// levels that satisfy the clauses exactly when the independent checker
// accepts it under the pool rule.
func TestPoolLevelsAgreeWithCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	kept, refused := 0, 0
	for range 200 {
		w, h := 1+rng.IntN(4), 1+rng.IntN(4)
		p := &aquarium.Puzzle{Width: w, Height: h, Regions: make([]int, w*h), Rows: make([]int, h), Cols: make([]int, w)}
		ids := map[int]int{} // dense aquarium ids, in order of appearance
		k := 1 + rng.IntN(3)
		for i := range p.Regions {
			a := rng.IntN(k)
			if _, ok := ids[a]; !ok {
				ids[a] = len(ids)
			}
			p.Regions[i] = ids[a]
		}
		for i := range p.Rows {
			p.Rows[i] = aquarium.NoClue
		}
		for i := range p.Cols {
			p.Cols[i] = aquarium.NoClue
		}
		l := aquarium.NewLayout(p, aquarium.PoolRule)
		c := &clauseSet{vars: len(l.Blocks)}
		require.NoError(t, aquarium.PoolLevels(context.Background(), l, c))
		for bits := range 1 << len(l.Blocks) {
			full := func(b int) bool { return bits>>b&1 == 1 }
			gravity := true
			for i, below := range l.Below {
				for _, j := range below {
					gravity = gravity && (!full(i) || full(j))
				}
			}
			if !gravity {
				continue
			}
			got := c.satisfiable(len(l.Blocks), full)
			s := l.Solution(p, full)
			err := aquarium.Check(p, s, aquarium.PoolRule)
			require.Equal(t, err == nil, got, "regions %v (%dx%d), filling\n%s\nCheck: %v", p.Regions, w, h, s, err)
			if got {
				kept++
			} else {
				refused++
			}
		}
	}
	t.Logf("%d fillings that keep gravity: %d have levels, %d do not", kept+refused, kept, refused)
	require.Positive(t, refused, "no filling needed the levels: the test proves nothing")
}

// TestPoolLevelsStops checks that PoolLevels ends with the context's error
// when the context is done.
func TestPoolLevelsStops(t *testing.T) {
	p := &aquarium.Puzzle{Width: 2, Height: 2, Regions: []int{0, 0, 0, 0},
		Rows: []int{aquarium.NoClue, aquarium.NoClue}, Cols: []int{aquarium.NoClue, aquarium.NoClue}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := aquarium.PoolLevels(ctx, aquarium.NewLayout(p, aquarium.PoolRule), &clauseSet{vars: 2})
	require.ErrorIs(t, err, context.Canceled)
}

// TestLevelRows checks how many level variables each cell's block gets
// under the pool rule: a row each from its pool's top down to its own in a
// pool that branches, none in a pool of one block per row, whether a
// column, a staircase or one piece of an aquarium in two.
func TestLevelRows(t *testing.T) {
	for _, tc := range []struct {
		name    string
		regions []int
		rows    []int // by cell
	}{
		{"a U around a column", []int{
			0, 1, 0,
			0, 1, 0,
			0, 0, 0,
		}, []int{
			0, 0, 0,
			1, 0, 1,
			2, 2, 2,
		}},
		{"a block over two legs, the legs around a column", []int{
			0, 0, 0,
			0, 1, 0,
			0, 1, 0,
		}, []int{
			0, 0, 0,
			1, 0, 1,
			2, 0, 2,
		}},
		{"an aquarium in two pieces, a staircase", []int{
			0, 1, 1,
			1, 1, 0,
			1, 1, 0,
		}, []int{
			0, 0, 0,
			0, 0, 0,
			0, 0, 0,
		}},
		{"a U whose arms start lower than its aquarium's top", []int{
			1, 0, 1,
			0, 1, 0,
			0, 0, 0,
		}, []int{
			0, 0, 0,
			0, 0, 0,
			1, 1, 1,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &aquarium.Puzzle{Width: 3, Height: 3, Regions: tc.regions,
				Cols: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue},
				Rows: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue}}
			l := aquarium.NewLayout(p, aquarium.PoolRule)
			rows := l.LevelRows()
			got := make([]int, len(tc.regions))
			for cell, b := range l.CellBlock {
				got[cell] = rows[b]
			}
			require.Equal(t, tc.rows, got)
		})
	}
}
