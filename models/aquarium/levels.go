package aquarium

import "context"

// CheckEvery is how many blocks or lines the models built on a Layout (the
// CP model, the SAT encoding, the reasoner) handle between two looks at
// their context: a few milliseconds of work at most.
const CheckEvery = 4096

// A Literal is a literal of an encoding that PoolLevels writes into, such
// as a cp.Lit or a sat.Lit.
type Literal[L any] interface {
	Not() L
}

// A LevelEncoder is an encoding, over literals L, that PoolLevels writes
// the pool rule's levels into.
type LevelEncoder[L any] interface {
	// Full returns the literal of "block i is full".
	Full(i int) L
	// Levels returns n new literals for the level of block i, the last
	// standing for "level >= the block's row", each one before it for a
	// row higher: the first for "level >= row-n+1".
	Levels(i, n int) []L
	// Implies adds that a implies b.
	Implies(a, b L)
	// Clause adds the clause of lits; the slice is reused after the call.
	Clause(lits []L)
}

// PoolLevels writes the pool rule's flat surfaces over l's blocks into e,
// the same for every encoding. Each block of a pool that branches gets a
// level h, the top row of its body of water, between the top row of its
// pool and its own row (LevelRows), in order encoding (Levels, and h ≥ v
// implies h ≥ v-1), so that the model stays one of 0..1 variables and
// clauses that conflict learning can explain. A full block and a block
// beneath it are in the same body, so their levels are equal (a block a
// row lower has one more level variable, which must then be false); a
// full block under an empty block of its aquarium is at the surface, so
// its level is its own row. A body with two surfaces at different rows
// then has no level, and fails. It checks ctx every CheckEvery blocks and
// stops with ctx's error.
func PoolLevels[L Literal[L]](ctx context.Context, l *Layout, e LevelEncoder[L]) error {
	rows := l.LevelRows()
	// ge[i][k]: block i's level is at least its row-rows[i]+1+k. Blocks
	// linked above and below share a pool, so the same k means the same
	// row.
	ge := make([][]L, len(l.Blocks))
	for i := range l.Blocks {
		if i%CheckEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		ge[i] = e.Levels(i, rows[i])
		for v := 1; v < len(ge[i]); v++ {
			e.Implies(ge[i][v], ge[i][v-1])
		}
	}
	var buf []L
	clause := func(lits ...L) {
		buf = append(buf[:0], lits...)
		e.Clause(buf)
	}
	for i, below := range l.Below {
		if i%CheckEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		full := e.Full(i)
		for _, j := range below {
			for v := range ge[i] {
				clause(full.Not(), ge[i][v].Not(), ge[j][v])
				clause(full.Not(), ge[i][v], ge[j][v].Not())
			}
			if n := len(ge[j]); n > len(ge[i]) {
				clause(full.Not(), ge[j][n-1].Not())
			}
		}
	}
	for i, above := range l.Above {
		if len(above) == 0 || len(ge[i]) == 0 {
			continue // nothing above it to be empty, or a pool without levels
		}
		// A block under another of a pool that branches is below the
		// pool's top row, so it has a literal for its own row: the last.
		surface := ge[i][len(ge[i])-1]
		for _, u := range above {
			clause(e.Full(i).Not(), e.Full(u), surface)
		}
	}
	return nil
}

// LevelRows returns, for each block, how many level variables the pool
// rule needs for it: one per row from the top of its pool (the blocks that
// Below links join to it, directly or not) down to its own, since water
// in a block rises no higher than its pool's top. A pool that holds one
// block per row has none: its water, a bottom run of a single column of
// blocks, is level by gravity alone. Only a pool that branches (a block
// with two below it or two above it, as a U has) can hold two bodies of
// water whose surfaces must be compared.
func (l *Layout) LevelRows() []int {
	parent := make([]int, len(l.Blocks))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]] // halve the path
			i = parent[i]
		}
		return i
	}
	for i, below := range l.Below {
		for _, j := range below {
			if a, b := find(i), find(j); a != b {
				parent[b] = a
			}
		}
	}
	top := make([]int, len(l.Blocks))
	branches := make([]bool, len(l.Blocks))
	for i := range top {
		top[i] = -1
	}
	for i, b := range l.Blocks {
		r := find(i)
		if top[r] < 0 || b.Row < top[r] {
			top[r] = b.Row
		}
		if len(l.Below[i]) > 1 || i < len(l.Above) && len(l.Above[i]) > 1 {
			branches[r] = true
		}
	}
	rows := make([]int, len(l.Blocks))
	for i, b := range l.Blocks {
		if r := find(i); branches[r] {
			rows[i] = b.Row - top[r]
		}
	}
	return rows
}
