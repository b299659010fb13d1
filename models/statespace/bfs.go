package statespace

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unsafe"

	"github.com/waterworks-solver/waterworks/cp/progress"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

// noParent marks the start in parent links.
const noParent = ^uint32(0)

// checkEvery is how many expansions pass between looks at the context and
// the memory estimate.
const checkEvery = 1024

// tree is what the searches that store states share: the store of seen
// keys, numbered in order of discovery, and for every state but the start
// the state it was reached from and the action that reached it.
type tree[K comparable, A any] struct {
	store keyStore[K]
	// links holds, by state number, how each state was reached.
	links []link[A]
	opts  Options
	limit int // most states to store
	stats Stats
	began time.Duration // clock() when the search began
	// extra returns the bytes a search holds besides the tree (costs, the
	// queue).
	extra func() int64
	// budget is the memory budget of the context (membudget), 0 for none;
	// nextCheck is the number of stored states at which full next looks
	// further (see full), and over the error that stopped it.
	budget    int64
	nextCheck int
	over      error
	// reported is how many of stats.Expanded the context's progress
	// meter was told of.
	reported int64
}

func newTree[K comparable, A any](ctx context.Context, sp Space[K, A], opts Options, want numbering) (*tree[K, A], error) {
	t := new(tree[K, A])
	if err := t.init(ctx, sp, opts, want); err != nil {
		return nil, err
	}
	return t, nil
}

// init makes t an empty tree for a search of sp (see newTree); it fills
// in a tree in place so that the breadth-first loop can hold its own.
func (t *tree[K, A]) init(ctx context.Context, sp Space[K, A], opts Options, want numbering) error {
	*t = tree[K, A]{opts: opts, limit: maxStored, began: clock(), budget: membudget.Budget(ctx)}
	if err := initStore(&t.store, sp, opts, want); err != nil {
		return err
	}
	if opts.MaxStates > 0 {
		t.limit = min(t.limit, opts.MaxStates)
	}
	if t.budget == 0 && opts.MaxBytes == 0 {
		t.nextCheck = t.limit + 1 // no memory to watch: full looks at the count alone
	}
	return nil
}

// root stores the start.
func (t *tree[K, A]) root(start K) {
	t.store.add(start)
	// The links start with room for a few states, as most searches of a
	// few states are over before append would have grown them past 16.
	t.links = append(make([]link[A], 0, 16), link[A]{parent: noParent})
}

// link records how the state just added was reached.
func (t *tree[K, A]) link(from uint32, a A) {
	if len(t.links) == cap(t.links) && len(t.links) < doubleLinksBelow {
		// append grows a slice past 256 elements by a quarter, which on
		// the way to a few thousand states copies the links five times
		// over; doubled, they are copied about once.
		t.links = slices.Grow(t.links, len(t.links))
	}
	t.links = append(t.links, link[A]{from, a})
}

// link is how a state was reached: from the state numbered parent
// (noParent for a start) by the action via. The two share one slice so
// that recording a state is one append.
type link[A any] struct {
	parent uint32
	via    A
}

// doubleLinksBelow is the number of states up to which link doubles the
// links' room; past it, append's smaller steps waste less memory.
const doubleLinksBelow = 1 << 20

// full reports whether the search must stop storing states: the store
// holds more than allowed, or the memory the search would hold at its next
// growth is past Options.MaxBytes or the budget (then over says so). It
// is called after every state stored, so it is one comparison until the
// store reaches nextCheck, the least of the state limit and the point of
// the next memory estimate (see overBudget): before each growth of the
// store's table, and after every eighth more states.
func (t *tree[K, A]) full() bool {
	if t.store.len() < t.nextCheck {
		return false
	}
	return t.fullSlow()
}

func (t *tree[K, A]) fullSlow() bool {
	if t.store.len() > t.limit {
		return true
	}
	t.over = t.overBudget()
	return t.over != nil
}

// overBudget estimates the memory the search will hold until the next
// estimate: what it holds now (bytes), plus a new table when the store's
// next key grows it, the arena's chunks for the keys to come, and new
// arrays for the parent links and actions when appending outgrows them,
// as the old ones stay alive while copied. It returns the error past
// Options.MaxBytes or the budget, or sets the next estimate's point and
// returns nil.
func (t *tree[K, A]) overBudget() error {
	n := t.store.len()
	step := max(n/8, 1<<chunkBits)
	need := t.bytes() + t.store.keys.growth(step)
	growAt, growBytes := t.store.nextGrowth()
	if growAt <= n {
		need += growBytes
	}
	if c := cap(t.links); len(t.links)+step > c {
		need += int64(appendGrowth(c)) * int64(unsafe.Sizeof(link[A]{}))
	}
	switch {
	case t.opts.MaxBytes > 0 && need > t.opts.MaxBytes:
		return fmt.Errorf("%w: at %d states the search would hold about %d bytes, more than %d", ErrLimit, n, need, t.opts.MaxBytes)
	case t.budget > 0 && withSlack(need) > t.budget:
		return &membudget.Error{Budget: t.budget, At: fmt.Sprintf("%d stored states", n), Need: withSlack(need)}
	}
	t.nextCheck = min(n+step, t.limit+1)
	if growAt > n {
		t.nextCheck = min(t.nextCheck, growAt)
	}
	return nil
}

func (t *tree[K, A]) bytes() int64 {
	b := t.store.bytes() + int64(cap(t.links))*int64(unsafe.Sizeof(link[A]{}))
	if t.extra != nil {
		b += t.extra()
	}
	return b
}

// check looks at the context and the memory limit.
func (t *tree[K, A]) check(ctx context.Context) error {
	progress.From(ctx).AddNodes(t.stats.Expanded - t.reported)
	t.reported = t.stats.Expanded
	if err := ctx.Err(); err != nil {
		return err
	}
	if t.opts.MaxBytes > 0 {
		if b := t.bytes(); b > t.opts.MaxBytes {
			return fmt.Errorf("%w: the search holds about %d bytes, more than %d", ErrLimit, b, t.opts.MaxBytes)
		}
	}
	return nil
}

// epoch is a time with a monotonic clock reading, taken once.
var epoch = time.Now()

// clock returns the monotonic time since epoch. Reading it is about a
// third of the cost of time.Now, which reads the wall clock too (29
// against 74 ns here), and a search of a few states reads it twice.
func clock() time.Duration { return time.Since(epoch) }

// withSlack returns the memory the process needs while the search's
// structures hold need bytes: half as much again, as the garbage collector
// lets the heap grow past the live data and a table or array left behind
// by a growth is returned to the system only later. With the Go memory
// limit set to the budget and no slack, BFS on a 3x5 sliding-tile board
// crossed a budget of 300 MiB (the process's watch stopped it) while its
// estimate, next growth included, was 241 MB.
func withSlack(need int64) int64 { return need + need/2 }

// appendGrowth is about the capacity the links get when they outgrow c:
// twice c below doubleLinksBelow (see link), and past it append's: a
// quarter more and 192 (runtime.growslice, before rounding to a size
// class).
func appendGrowth(c int) int {
	if c < doubleLinksBelow {
		return max(2*c, 8)
	}
	return c + (c+3*256)/4
}

// stateLimit is the error of a full store (see full).
func (t *tree[K, A]) stateLimit() error {
	if t.over != nil {
		return t.over
	}
	return fmt.Errorf("%w: more than %d states", ErrLimit, t.limit)
}

// finish fills in the statistics the loops do not keep themselves.
func (t *tree[K, A]) finish() Stats {
	t.stats.Stored = int64(t.store.len())
	t.stats.PeakBytes = t.bytes()
	t.stats.Time = clock() - t.began
	return t.stats
}

// planTo returns the actions from the start to state goal, read backwards
// along the parent links.
func (t *tree[K, A]) planTo(goal uint32) []A {
	n := 0
	for id := goal; t.links[id].parent != noParent; id = t.links[id].parent {
		n++
	}
	plan := make([]A, n)
	for id := goal; t.links[id].parent != noParent; id = t.links[id].parent {
		n--
		plan[n] = t.links[id].via
	}
	return plan
}

// stopped returns the result of a search stopped by err.
func (t *tree[K, A]) stopped(err error) (Result[A], error) {
	return Result[A]{Status: Unknown, Stats: t.finish()}, err
}

// BFS searches sp breadth first from start and returns a plan with the
// fewest actions (action costs are ignored: each counts 1, and so does
// Result.Cost), or proves that none exists by exhausting every state
// reachable from start (within opts.MaxCost actions when set). A state is
// tested for the goal when it is first generated, which is safe because
// every state at distance d is expanded before any at distance d+1.
//
// It returns ErrLimit past opts.MaxStates or opts.MaxBytes and ctx's error
// when ctx ends first, each with a Result whose Status is Unknown and
// whose statistics cover the work done.
func BFS[K comparable, A any](ctx context.Context, sp Space[K, A], start K, opts Options) (Result[A], error) {
	t, err := newLayerLoop(ctx, sp, opts, true)
	if err != nil {
		return Result[A]{}, err
	}
	t.root(start)
	if sp.Goal(start) {
		return Result[A]{Status: Solved, Plan: []A{}, Optimal: true, Stats: t.finish()}, nil
	}
	goal, err := t.layers(ctx)
	if err != nil {
		return t.stopped(err)
	}
	if goal == noParent {
		return Result[A]{Status: Unsolvable, Optimal: true, Stats: t.finish()}, nil
	}
	plan := t.planTo(goal)
	return Result[A]{Status: Solved, Plan: plan, Cost: len(plan), Optimal: true, Stats: t.finish()}, nil
}

// layers expands the stored states in order of their numbers, which is
// breadth-first order, until (when goals is set) a new state is a goal
// (its number is returned), every state is expanded (noParent), or a limit
// stops it. Stats.Iterations ends as the number of the deepest layer
// stored.
func (l *layerLoop[K, A]) layers(ctx context.Context) (uint32, error) {
	t, sp := &l.tree, l.sp
	yield := func(a A, next K, _ int) bool {
		l.stats.Generated++
		if _, added := l.store.add(next); !added {
			return true
		}
		l.link(l.cur, a)
		if l.goals && l.sp.Goal(next) {
			l.goal = uint32(l.store.len() - 1)
			return false
		}
		if l.full() {
			l.atMax = true
			return false
		}
		return true
	}
	layerEnd := 1 // states before layerEnd are at depth <= Iterations
	for id := 0; id < t.store.len(); id++ {
		if id == layerEnd {
			t.stats.Iterations++
			layerEnd = t.store.len()
		}
		if t.opts.MaxCost > 0 && t.stats.Iterations >= t.opts.MaxCost {
			break
		}
		if id%checkEvery == 0 {
			if err := t.check(ctx); err != nil {
				return noParent, err
			}
		}
		l.cur = uint32(id)
		t.stats.Expanded++
		sp.Successors(t.store.key(l.cur), yield)
		switch {
		case l.goal != noParent:
			return l.goal, nil
		case l.atMax:
			return noParent, t.stateLimit()
		}
	}
	return noParent, nil
}

// layerLoop is a breadth-first search: its tree, and what layers'
// callback needs, behind one pointer (the callback runs once per successor
// generated, and a closure loads every variable it captures each time it
// is called); one object, as a search of a few states pays mostly for
// allocation. The callback stores a
// successor reached from cur if it is new, and stops the expansion at a
// goal (when goals is set) or a full store.
type layerLoop[K comparable, A any] struct {
	tree[K, A]
	sp    Space[K, A]
	goals bool
	cur   uint32 // the state being expanded
	goal  uint32 // the goal found, or noParent
	atMax bool   // the store is full
}

// newLayerLoop returns a breadth-first search of sp that stops at a goal
// when goals is set.
func newLayerLoop[K comparable, A any](ctx context.Context, sp Space[K, A], opts Options, goals bool) (*layerLoop[K, A], error) {
	l := &layerLoop[K, A]{sp: sp, goals: goals, goal: noParent}
	if err := l.tree.init(ctx, sp, opts, numberNew); err != nil {
		return nil, err
	}
	return l, nil
}

// Reach describes the states reachable from a start.
type Reach struct {
	// States counts them, the start included.
	States int64
	// Depth is the largest number of actions a shortest path from the
	// start to one of them needs: no fewest-actions plan is longer.
	Depth int
	Stats
}

// Explore visits every state reachable from start breadth first, without
// looking for a goal, and counts them. A fewest-actions plan from start,
// if any, has at most Reach.Depth actions; bounded-horizon engines can
// take that as their HorizonOptions.Bound. Errors are as for BFS.
func Explore[K comparable, A any](ctx context.Context, sp Space[K, A], start K, opts Options) (Reach, error) {
	t, err := newLayerLoop(ctx, sp, opts, false)
	if err != nil {
		return Reach{}, err
	}
	t.root(start)
	_, err = t.layers(ctx)
	st := t.finish()
	return Reach{States: st.Stored, Depth: st.Iterations, Stats: st}, err
}

// ExploreBound visits the states reachable from start breadth first
// (Explore, within opts' limits) and returns a HorizonOptions.Bound for a
// bounded-horizon engine: the depth of the farthest state, but at least 1
// (a plan with the fewest actions, if any, is no longer), and what was
// reached. With that bound, refuting every horizon up to it proves the
// puzzle unsolvable at once when its reachable space is small. It returns
// Explore's error (ErrLimit when the states do not all fit opts).
func ExploreBound[K comparable, A any](ctx context.Context, sp Space[K, A], start K, opts Options) (int, Reach, error) {
	r, err := Explore(ctx, sp, start, opts)
	if err != nil {
		return 0, r, err
	}
	return max(r.Depth, 1), r, nil
}
