package statespace

import (
	"context"
	"fmt"
	"math"
)

// UniformCost searches sp from start in order of cost (Dijkstra's
// algorithm) and returns a cheapest plan, or proves that none exists
// (within opts.MaxCost when set). Errors are as for BFS.
func UniformCost[K comparable, A any](ctx context.Context, sp Space[K, A], start K, opts Options) (Result[A], error) {
	return bestFirst(ctx, sp, start, nil, opts, false)
}

// AStar searches sp from start in order of cost so far plus estimate and
// returns a cheapest plan, or proves that none exists (within
// opts.MaxCost when set). The estimate must be admissible (see
// Estimator); then the first goal taken from the queue is optimal. A state
// reached again more cheaply after it was expanded is expanded again, so
// admissible estimates that are not consistent keep the plan optimal.
// Ties go to the state with the larger cost so far, the one nearer a goal.
// Errors are as for BFS.
func AStar[K comparable, A any](ctx context.Context, sp Estimator[K, A], start K, opts Options) (Result[A], error) {
	return bestFirst(ctx, sp, start, sp.Estimate, opts, false)
}

// Greedy searches sp from start in order of the estimate alone, or of
// cost so far plus opts.Weight times the estimate when opts.Weight is
// positive. It tests states for the goal when they are generated and
// never expands a state twice: it is fast on large puzzles, and its plans
// are valid but not proven cheapest (Result.Optimal is false). When the
// queue runs dry the puzzle is proven unsolvable, as with the other
// searches. Errors are as for BFS.
func Greedy[K comparable, A any](ctx context.Context, sp Estimator[K, A], start K, opts Options) (Result[A], error) {
	return bestFirst(ctx, sp, start, sp.Estimate, opts, true)
}

// maxCost is the largest cost so far a best-first search records.
const maxCost = math.MaxUint32 - 1

// bestFirst is the search of UniformCost (h nil), AStar and Greedy.
func bestFirst[K comparable, A any](ctx context.Context, sp Space[K, A], start K, h func(K) int, opts Options, greedy bool) (Result[A], error) {
	if opts.Store == StoreDense {
		return Result[A]{}, fmt.Errorf("statespace: best-first search needs the numbers of states seen before, which the dense store does not keep")
	}
	opts.Store = StoreHash
	t, err := newTree(ctx, sp, opts, numberAll)
	if err != nil {
		return Result[A]{}, err
	}
	s := &bestFirstSearch[K, A]{tree: t, sp: sp, h: h, greedy: greedy, weight: opts.Weight}
	t.extra = func() int64 { return int64(cap(s.cost))*4 + int64(cap(s.queue.entries))*16 }
	t.root(start)
	s.cost = append(s.cost, 0)
	if sp.Goal(start) {
		return Result[A]{Status: Solved, Plan: []A{}, Optimal: true, Stats: t.finish()}, nil
	}
	s.queue.push(s.priority(0, s.estimate(start)), 0, 0)
	goal, err := s.run(ctx)
	if err != nil {
		return t.stopped(err)
	}
	if goal == noParent {
		return Result[A]{Status: Unsolvable, Optimal: !greedy, Stats: t.finish()}, nil
	}
	return Result[A]{Status: Solved, Plan: t.planTo(goal), Cost: int(s.cost[goal]), Optimal: !greedy, Stats: t.finish()}, nil
}

type bestFirstSearch[K comparable, A any] struct {
	*tree[K, A]
	sp     Space[K, A]
	h      func(K) int // nil: 0
	greedy bool
	weight int
	cost   []uint32 // cheapest known cost from the start, by state
	queue  costQueue
	// The loop's state, kept here so that the callback that runs once
	// per successor captures one pointer: the state being expanded and
	// its cost, and what stopped the expansion.
	cur      uint32
	g        int
	goal     uint32 // noParent until a goal is found
	atMax    bool   // the store is full
	overflow error
}

func (s *bestFirstSearch[K, A]) estimate(k K) int {
	if s.h == nil {
		return 0
	}
	return s.h(k)
}

// priority orders the queue: cost plus estimate, or for Greedy the
// estimate (or cost plus weight times estimate).
func (s *bestFirstSearch[K, A]) priority(g, h int) int {
	switch {
	case !s.greedy:
		return g + h
	case s.weight > 0:
		return g + s.weight*h
	}
	return h
}

// run is the main loop. It returns the goal's number, or noParent when
// the queue runs dry.
func (s *bestFirstSearch[K, A]) run(ctx context.Context) (uint32, error) {
	s.goal = noParent
	// yield records next, reached by a at cost c from the state being
	// expanded, when it is new or now reached more cheaply, and queues it.
	// It returns false to stop the expansion: at a goal (Greedy), a full
	// store or a cost past maxCost.
	yield := func(a A, next K, c int) bool {
		s.stats.Generated++
		ng := s.g + c
		if ng > maxCost {
			s.overflow = fmt.Errorf("statespace: a plan costs more than %d", maxCost)
			return false
		}
		id, added := s.store.add(next)
		var h int
		switch {
		case added:
			s.link(s.cur, a)
			s.cost = append(s.cost, uint32(ng))
			if s.greedy && s.sp.Goal(next) {
				s.goal = id
				return false
			}
			if s.full() {
				s.atMax = true
				return false
			}
			h = s.estimate(next)
		case !s.greedy && uint32(ng) < s.cost[id]:
			s.links[id], s.cost[id] = link[A]{s.cur, a}, uint32(ng)
			h = s.estimate(next)
		default:
			return true
		}
		if s.opts.MaxCost > 0 && ng+h > s.opts.MaxCost {
			return true // stored, but no plan within MaxCost passes it
		}
		s.queue.push(s.priority(ng, h), ng, id)
		return true
	}
	for len(s.queue.entries) > 0 {
		e := s.queue.pop()
		s.cur, s.g = e.id, int(s.cost[e.id])
		if e.cost() != uint32(s.g) {
			continue // a cheaper way to this state was found after e was queued
		}
		if !s.greedy && s.sp.Goal(s.store.key(s.cur)) {
			return s.cur, nil
		}
		if s.stats.Expanded%checkEvery == 0 {
			if err := s.check(ctx); err != nil {
				return noParent, err
			}
		}
		s.stats.Expanded++
		s.sp.Successors(s.store.key(s.cur), yield)
		switch {
		case s.overflow != nil:
			return noParent, s.overflow
		case s.goal != noParent:
			return s.goal, nil
		case s.atMax:
			return noParent, s.stateLimit()
		}
	}
	return noParent, nil
}

// queueEntry is a state in the queue: the priority in the high 32 bits of
// key, then the bitwise complement of the cost so far (so that among equal
// priorities the costlier state, the one nearer a goal, comes first).
type queueEntry struct {
	key uint64
	id  uint32
}

func (e queueEntry) cost() uint32 { return ^uint32(e.key) }

// costQueue is a binary min-heap of queue entries.
type costQueue struct{ entries []queueEntry }

// push queues state id reached at cost g. The cost is kept in the entry so
// that an entry made stale by a cheaper way found later can be told apart.
func (q *costQueue) push(priority, g int, id uint32) {
	p := uint64(min(max(priority, 0), math.MaxUint32))
	q.entries = append(q.entries, queueEntry{id: id, key: p<<32 | uint64(^uint32(g))})
	q.up(len(q.entries) - 1)
}

func (q *costQueue) up(i int) {
	h := q.entries
	for i > 0 {
		p := (i - 1) / 2
		if h[p].key <= h[i].key {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

// pop removes and returns the entry with the least key.
func (q *costQueue) pop() queueEntry {
	h := q.entries
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		least := i
		if l := 2*i + 1; l < len(h) && h[l].key < h[least].key {
			least = l
		}
		if r := 2*i + 2; r < len(h) && h[r].key < h[least].key {
			least = r
		}
		if least == i {
			break
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
	q.entries = h
	return top
}
