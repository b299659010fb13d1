package river

import (
	"context"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Banks is the search domain of a puzzle for the state-space library. A
// state's key is a mixed-radix number: the boat's bank (0 near, 1 far)
// plus twice the sum over kinds of the count on the far bank times the
// kind's place value, so keys are dense (an Indexer).
type Banks struct {
	p     *Puzzle
	place []uint64 // place[k]: the place value of kind k, times 2
	size  uint64
}

// Banks numbers its states densely (statespace.Indexer, found by type
// assertion).
var _ statespace.Indexer[uint64] = (*Banks)(nil)

// NewBanks returns the search domain of p, or p's validation error.
func NewBanks(p *Puzzle) (*Banks, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	b := &Banks{p: p, place: make([]uint64, len(p.Kinds))}
	v := uint64(2)
	for i, k := range p.Kinds {
		b.place[i] = v
		v *= uint64(k.Count + 1)
	}
	b.size = v
	return b, nil
}

// Start returns the key of the start: everything on the near bank.
func (b *Banks) Start() uint64 { return 0 }

// Goal reports whether everything is on the far bank.
func (b *Banks) Goal(k uint64) bool { return k == b.size-1 }

// Index implements statespace.Indexer.
func (b *Banks) Index(k uint64) uint64 { return k }

// Size implements statespace.Indexer.
func (b *Banks) Size() uint64 { return b.size }

// Far returns the counts on the far bank in the state of k, and whether
// the boat is there.
func (b *Banks) Far(k uint64) (far []int, boatFar bool) {
	far = make([]int, len(b.place))
	for i := range b.place {
		far[i] = int(k / b.place[i] % uint64(b.p.Kinds[i].Count+1))
	}
	return far, k&1 == 1
}

// Successors lists every load the boat can take from its bank that
// leaves both banks (and, with InBoat, the boat) within the rules.
func (b *Banks) Successors(k uint64, yield func(Trip, uint64, int) bool) {
	far, back := b.Far(k)
	n := len(far)
	side := make([]int, n) // what the boat's bank holds
	for i, c := range far {
		side[i] = c
		if !back {
			side[i] = b.p.Kinds[i].Count - c
		}
	}
	load := make([]int, n)
	near := make([]int, n)
	var rec func(i, total int, rower bool) bool
	rec = func(i, total int, rower bool) bool {
		if i == n {
			if total == 0 || !rower {
				return true
			}
			return b.try(k, far, near, load, back, yield)
		}
		for v := 0; v <= side[i] && total+v <= b.p.Capacity; v++ {
			load[i] = v
			if !rec(i+1, total+v, rower || v > 0 && b.p.Kinds[i].Rows) {
				return false
			}
		}
		load[i] = 0
		return true
	}
	rec(0, 0, false)
}

// try yields the trip of load when the rules allow it.
func (b *Banks) try(k uint64, far, near, load []int, back bool, yield func(Trip, uint64, int) bool) bool {
	if b.p.InBoat && b.p.broken(load) != "" {
		return true
	}
	next := k ^ 1
	after := make([]int, len(far))
	for i, v := range load {
		if back {
			after[i] = far[i] - v
			next -= uint64(v) * b.place[i]
		} else {
			after[i] = far[i] + v
			next += uint64(v) * b.place[i]
		}
		near[i] = b.p.Kinds[i].Count - after[i]
	}
	if b.p.broken(after) != "" || b.p.broken(near) != "" {
		return true
	}
	return yield(Trip{Load: append([]int(nil), load...), Back: back}, next, 1)
}

// Result is the answer of a search.
type Result = statespace.Result[Trip]

// Solve finds a plan with the fewest crossings for p by the state-space
// library's breadth-first search, or proves that none exists by
// exhausting the states reachable from the start.
func Solve(ctx context.Context, p *Puzzle, opts statespace.Options) (Result, error) {
	b, err := NewBanks(p)
	if err != nil {
		return Result{}, err
	}
	return statespace.BFS(ctx, b, b.Start(), opts)
}
