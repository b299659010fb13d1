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
	t.extra = func() int64 { return int64(cap(s.cost))*4 + s.queue.bytes() }
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
	for s.queue.len() > 0 {
		id, cost := s.queue.pop()
		s.cur, s.g = id, int(s.cost[id])
		if cost != uint32(s.g) {
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

// costQueue is a binary min-heap of queued states, by priority, and among
// equal priorities the costlier state (the one nearer a goal) first. The
// cost is kept in the entry so that an entry made stale by a cheaper way
// found later can be told apart.
//
// While every priority and cost pushed fits 16 bits, an entry is one word,
// priority<<48 | (0xffff-cost)<<32 | state, and ids is nil: the heap moves
// half the bytes (this is what the hand-written Water Sort loop did). The
// first push that does not fit widens the heap: a key becomes
// priority<<32 | ^cost, with the state in ids at the same place. Both
// orders agree on priority and cost, so the heap stays a heap.
type costQueue struct {
	keys []uint64
	ids  []uint32 // nil while the entries are packed
}

const packedMax = 1<<16 - 1

func (q *costQueue) len() int { return len(q.keys) }

func (q *costQueue) bytes() int64 { return int64(cap(q.keys))*8 + int64(cap(q.ids))*4 }

// push queues state id reached at cost g.
func (q *costQueue) push(priority, g int, id uint32) {
	p := uint64(min(max(priority, 0), math.MaxUint32))
	if q.ids == nil && (p > packedMax || g > packedMax) {
		q.widen()
	}
	if q.ids == nil {
		q.keys = append(q.keys, p<<48|uint64(packedMax-g)<<32|uint64(id))
	} else {
		q.keys = append(q.keys, p<<32|uint64(^uint32(g)))
		q.ids = append(q.ids, id)
	}
	q.up(len(q.keys) - 1)
}

// widen turns packed entries into wide ones.
func (q *costQueue) widen() {
	q.ids = make([]uint32, len(q.keys), max(cap(q.keys), 8))
	for i, e := range q.keys {
		q.ids[i] = uint32(e)
		q.keys[i] = e>>48<<32 | uint64(^uint32(packedMax-(e>>32&packedMax)))
	}
}

// pop removes the first entry and returns its state and cost.
func (q *costQueue) pop() (id, cost uint32) {
	e := q.keys[0]
	if q.ids == nil {
		id, cost = uint32(e), packedMax-uint32(e>>32&packedMax)
	} else {
		id, cost = q.ids[0], ^uint32(e)
	}
	last := len(q.keys) - 1
	q.swap(0, last)
	q.keys = q.keys[:last]
	if q.ids != nil {
		q.ids = q.ids[:last]
	}
	q.down(0)
	return id, cost
}

func (q *costQueue) swap(i, j int) {
	q.keys[i], q.keys[j] = q.keys[j], q.keys[i]
	if q.ids != nil {
		q.ids[i], q.ids[j] = q.ids[j], q.ids[i]
	}
}

func (q *costQueue) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if q.keys[p] <= q.keys[i] {
			break
		}
		q.swap(p, i)
		i = p
	}
}

func (q *costQueue) down(i int) {
	h := q.keys
	for {
		least := i
		if l := 2*i + 1; l < len(h) && h[l] < h[least] {
			least = l
		}
		if r := 2*i + 2; r < len(h) && h[r] < h[least] {
			least = r
		}
		if least == i {
			return
		}
		q.swap(i, least)
		i = least
	}
}
