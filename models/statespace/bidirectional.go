package statespace

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"
)

// Bidirectional searches breadth first from start and, through
// Predecessors, back from the goal states at once, one whole layer at a
// time on the side whose last layer is smaller, until the two meet. It
// returns a plan with the fewest actions (action costs are ignored, as in
// BFS), or proves that none exists when either side runs out of states.
// On puzzles whose states branch evenly it stores about the square root of
// what BFS stores.
//
// goals must list every goal state; sp.Goal is not consulted. Errors are
// as for BFS; opts.MaxStates counts the states of both sides, and
// Stats.Iterations the layers expanded.
func Bidirectional[K comparable, A any](ctx context.Context, sp ReverseSpace[K, A], start K, goals []K, opts Options) (Result[A], error) {
	if opts.Store == StoreDense {
		return Result[A]{}, fmt.Errorf("statespace: bidirectional search needs the numbers of states seen before, which the dense store does not keep")
	}
	opts.Store = StoreHash
	began := time.Now()
	b := &bidirSearch[K, A]{sp: sp, best: math.MaxInt}
	for i := range b.sides {
		t, err := newTree(ctx, sp, opts, numberAll)
		if err != nil {
			return Result[A]{}, err
		}
		t.budget /= 2 // the sides share it
		b.sides[i] = side[K, A]{tree: t, layers: []int{0}}
	}
	fw, bw := &b.sides[0], &b.sides[1]
	fw.root(start)
	for _, g := range goals {
		if _, added := bw.store.add(g); added {
			bw.links = append(bw.links, link[A]{parent: noParent})
		}
	}
	fw.layers = append(fw.layers, 1)
	bw.layers = append(bw.layers, bw.store.len())
	if _, ok := bw.store.find(start); ok {
		return b.result(Solved, nil, began), nil
	}
	for b.best == math.MaxInt {
		if bw.store.len() == 0 {
			return b.result(Unsolvable, nil, began), nil
		}
		which := 0
		if bw.lastLayer() < fw.lastLayer() {
			which = 1
		}
		grew, err := b.expandLayer(ctx, which)
		if err != nil {
			r := b.result(Unknown, nil, began)
			return r, err
		}
		if !grew && b.best == math.MaxInt {
			return b.result(Unsolvable, nil, began), nil
		}
	}
	return b.result(Solved, b.plan(), began), nil
}

// side is one of the two searches: its tree and where each of its layers
// starts (layers[d] is the number of the first state at depth d; the last
// entry is the end of the deepest layer).
type side[K comparable, A any] struct {
	*tree[K, A]
	layers []int
}

func (s *side[K, A]) lastLayer() int { return s.layers[len(s.layers)-1] - s.layers[len(s.layers)-2] }

// depth returns the layer of state id.
func (s *side[K, A]) depth(id uint32) int {
	return sort.SearchInts(s.layers, int(id)+1) - 1
}

type bidirSearch[K comparable, A any] struct {
	sp    ReverseSpace[K, A]
	sides [2]side[K, A] // forward, backward
	// The best meeting so far: the forward state fw, the action a from it
	// to the backward state bw, and the plan's length.
	best   int
	fw, bw uint32
	a      A
}

// expandLayer expands the last layer of side which (0 forward, 1
// backward) and reports whether it added states.
func (b *bidirSearch[K, A]) expandLayer(ctx context.Context, which int) (bool, error) {
	me, other := &b.sides[which], &b.sides[1-which]
	from, to := me.layers[len(me.layers)-2], me.layers[len(me.layers)-1]
	d := len(me.layers) - 2
	var cur uint32
	full := false
	yield := func(a A, next K, _ int) bool {
		me.stats.Generated++
		if oid, ok := other.store.find(next); ok {
			if total := d + 1 + other.depth(oid); total < b.best {
				b.best, b.a = total, a
				if which == 0 {
					b.fw, b.bw = cur, oid
				} else {
					b.fw, b.bw = oid, cur
				}
			}
		}
		if _, added := me.store.add(next); added {
			me.link(cur, a)
			if me.store.len()+other.store.len() > me.limit || me.full() {
				full = true
				return false
			}
		}
		return true
	}
	for id := from; id < to; id++ {
		if id%checkEvery == 0 {
			if err := me.check(ctx); err != nil {
				return false, err
			}
		}
		cur = uint32(id)
		me.stats.Expanded++
		if which == 0 {
			b.sp.Successors(me.store.key(cur), yield)
		} else {
			b.sp.Predecessors(me.store.key(cur), yield)
		}
		if full {
			return false, me.stateLimit()
		}
	}
	me.stats.Iterations++
	me.layers = append(me.layers, me.store.len())
	return me.store.len() > to, nil
}

// plan joins the forward path to the meeting, its action, and the
// backward path from the meeting to a goal.
func (b *bidirSearch[K, A]) plan() []A {
	fw, bw := &b.sides[0], &b.sides[1]
	plan := append(fw.planTo(b.fw), b.a)
	for id := b.bw; bw.links[id].parent != noParent; id = bw.links[id].parent {
		plan = append(plan, bw.links[id].via)
	}
	return slices.Clip(plan)
}

func (b *bidirSearch[K, A]) result(st Status, plan []A, began time.Time) Result[A] {
	s := b.sides[0].finish().Add(b.sides[1].finish())
	s.PeakBytes = b.sides[0].stats.PeakBytes + b.sides[1].stats.PeakBytes
	s.Time = time.Since(began)
	if st == Solved && plan == nil {
		plan = []A{}
	}
	return Result[A]{Status: st, Plan: plan, Cost: len(plan), Optimal: true, Stats: s}
}
