package torch

import (
	"context"
	"math/bits"
	"slices"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Bridge is the search domain of a puzzle for the state-space library. A
// state's key is a word: bit i set when person i is across, bit n (n the
// number of people) set when the torch is. Every group of 1..Capacity
// people on the torch's side may cross, at the pace of its slowest member.
type Bridge struct {
	times []int
	cap   int
	n     int
	all   uint64 // the bits of the people
	// bySpeed lists the people slowest first, for Estimate.
	bySpeed []int
	fastest int
}

// Bridge numbers its states densely (statespace.Indexer, found by type
// assertion), and estimates for A*.
var (
	_ statespace.Indexer[uint64]             = (*Bridge)(nil)
	_ statespace.Estimator[uint64, Crossing] = (*Bridge)(nil)
)

// NewBridge returns the search domain of p, or p's validation error.
func NewBridge(p *Puzzle) (*Bridge, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := len(p.Times)
	b := &Bridge{times: slices.Clone(p.Times), cap: p.Capacity, n: n, all: 1<<n - 1}
	b.bySpeed = make([]int, n)
	for i := range b.bySpeed {
		b.bySpeed[i] = i
	}
	slices.SortStableFunc(b.bySpeed, func(i, j int) int { return b.times[j] - b.times[i] })
	b.fastest = b.times[b.bySpeed[n-1]]
	return b, nil
}

// Start returns the key of the start: everyone and the torch on the start
// side.
func (b *Bridge) Start() uint64 { return 0 }

// Goal reports whether everyone is across.
func (b *Bridge) Goal(k uint64) bool { return k&b.all == b.all }

// Index implements statespace.Indexer: keys are dense.
func (b *Bridge) Index(k uint64) uint64 { return k }

// Size implements statespace.Indexer.
func (b *Bridge) Size() uint64 { return 1 << (b.n + 1) }

// Successors lists every group that can cross from the torch's side.
func (b *Bridge) Successors(k uint64, yield func(Crossing, uint64, int) bool) {
	torch := uint64(1) << b.n
	back := k&torch != 0
	side := ^k & b.all
	if back {
		side = k & b.all
	}
	var members [MaxPeople]int
	m := 0
	for s := side; s != 0; s &= s - 1 {
		members[m] = bits.TrailingZeros64(s)
		m++
	}
	// Groups as increasing index lists, by recursion over the members.
	// Their People share one slab per call, so that a state's successors
	// cost one allocation rather than one each.
	var group [MaxPeople]int
	slab := make([]int, 0, groupInts(m, b.cap))
	var rec func(from, size int, mask uint64, slowest int) bool
	rec = func(from, size int, mask uint64, slowest int) bool {
		if size > 0 {
			slab = append(slab, group[:size]...)
			c := Crossing{People: slab[len(slab)-size : len(slab) : len(slab)], Back: back}
			if !yield(c, (k^mask)^torch, slowest) {
				return false
			}
		}
		if size == b.cap {
			return true
		}
		for i := from; i < m; i++ {
			p := members[i]
			group[size] = p
			if !rec(i+1, size+1, mask|1<<p, max(slowest, b.times[p])) {
				return false
			}
		}
		return true
	}
	rec(0, 0, 0, 0)
}

// groupInts returns the indices the groups of 1..c of m people hold in
// all: the sum over sizes s of s times m choose s.
func groupInts(m, c int) int {
	total, choose := 0, 1 // choose: m choose s
	for s := 1; s <= min(c, m); s++ {
		choose = choose * (m - s + 1) / s
		total += s * choose
	}
	return total
}

// Estimate implements statespace.Estimator with an admissible bound on the
// time still needed. Each of the m people on the start side crosses
// forward at least once, at most Capacity at a time, so the forward walks
// take at least the sum of every Capacity-th of their times, slowest
// first; and between forward walks someone returns, at least as slowly
// as the fastest person: once before each forward walk when the torch is
// across, and ceil((m-1)/(Capacity-1))-1 times otherwise.
func (b *Bridge) Estimate(k uint64) int {
	left := ^k & b.all
	m := bits.OnesCount64(left)
	if m == 0 {
		return 0
	}
	forward, seen := 0, 0
	for _, p := range b.bySpeed {
		if left&(1<<p) == 0 {
			continue
		}
		if seen%b.cap == 0 {
			forward += b.times[p]
		}
		seen++
	}
	if b.cap == 1 {
		return forward
	}
	var returns int
	if k&(1<<b.n) != 0 {
		returns = (m + b.cap - 2) / (b.cap - 1)
	} else {
		returns = (m-1+b.cap-2)/(b.cap-1) - 1
	}
	return forward + max(returns, 0)*b.fastest
}

// Result is the answer of a search.
type Result = statespace.Result[Crossing]

// Solve finds a plan of least total time for p by the state-space
// library's uniform-cost search, or proves that none exists (within
// p.Limit when set) by exhausting the states that could lead to one. The
// limit becomes opts.MaxCost unless opts sets a smaller one.
func Solve(ctx context.Context, p *Puzzle, opts statespace.Options) (Result, error) {
	b, err := NewBridge(p)
	if err != nil {
		return Result{}, err
	}
	return statespace.UniformCost(ctx, b, b.Start(), withLimit(p, opts))
}

// SolveAStar is Solve by the library's A* under Estimate: the same least
// time, from fewer states.
func SolveAStar(ctx context.Context, p *Puzzle, opts statespace.Options) (Result, error) {
	b, err := NewBridge(p)
	if err != nil {
		return Result{}, err
	}
	return statespace.AStar(ctx, b, b.Start(), withLimit(p, opts))
}

func withLimit(p *Puzzle, opts statespace.Options) statespace.Options {
	if p.Limit > 0 && (opts.MaxCost == 0 || p.Limit < opts.MaxCost) {
		opts.MaxCost = p.Limit
	}
	return opts
}
