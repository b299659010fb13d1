package statespace

import (
	"context"
	"fmt"
	"math"
	"time"
	"unsafe"

	"github.com/waterworks-solver/waterworks/cp/progress"
)

// Walker is a puzzle state that IDAStar changes in place: it applies an
// action and takes it back, so that the search holds only the current
// path. Actions, Do and Undo run once per node, so they should not
// allocate; a Walker usually keeps what it needs to undo a move (the
// previous blank position, a stack of removed values) itself.
type Walker[A any] interface {
	// Estimate returns an admissible estimate of the cost from the current
	// state to a goal (0 at a goal). IDAStar calls it once, at the start.
	Estimate() int
	// Goal reports whether the current state is a goal. IDAStar asks only
	// where the estimate is 0: an admissible estimate is 0 at every goal.
	Goal() bool
	// Actions appends the actions worth trying from the current state to
	// dst and returns it. It may leave out actions that cannot shorten a
	// plan, such as the one undoing the previous action.
	Actions(dst []A) []A
	// Do applies a, one of the actions Actions just listed, and returns
	// its cost (at least 1) and the estimate of the state it leads to.
	Do(a A) (cost, estimate int)
	// Undo takes back a, the last action done.
	Undo(a A)
}

// IDAStar runs iterative-deepening A* from the current state of w: a
// depth-first search that abandons paths whose cost plus estimate passes
// a threshold, repeated with the threshold raised to the least value that
// passed it, until a goal is reached. With an admissible estimate the
// first plan found is a cheapest one. It stores no states, so it reaches
// puzzles whose states would not fit in memory, at the price of visiting
// states again along different paths.
//
// The search ends Unsolvable when an iteration meets no path that passes
// its threshold (the tree of paths is finite and holds no goal; with
// cycles among the actions this never happens), or when the threshold
// passes opts.MaxCost. It checks ctx every 65,536 nodes and returns ctx's
// error with the statistics so far. w is left in the state it started in.
// Stats.Expanded counts the nodes visited over all iterations,
// Stats.Iterations the thresholds tried; nothing is stored.
func IDAStar[A any](ctx context.Context, w Walker[A], opts Options) (Result[A], error) {
	s := &idaSearch[A]{w: w, ctx: ctx, began: time.Now()}
	h := w.Estimate()
	for s.bound = h; ; s.bound = s.next {
		if opts.MaxCost > 0 && s.bound > opts.MaxCost {
			return s.result(Unsolvable), nil
		}
		s.stats.Iterations++
		s.next = math.MaxInt
		found := s.dfs(0, h, 0)
		if s.err != nil {
			return s.result(Unknown), s.err
		}
		if found {
			r := s.result(Solved)
			r.Plan, r.Cost = append([]A{}, s.path...), s.cost
			return r, nil
		}
		if s.next == math.MaxInt {
			return s.result(Unsolvable), nil
		}
	}
}

type idaSearch[A any] struct {
	w     Walker[A]
	ctx   context.Context
	bound int   // the threshold of this iteration
	next  int   // the least cost plus estimate that passed it
	path  []A   // the actions from the start to the current node
	bufs  [][]A // bufs[d]: the actions of the node at depth d
	cost  int   // the cost of path when a goal is found
	err   error
	stats Stats
	began time.Time
}

func (s *idaSearch[A]) result(st Status) Result[A] {
	s.stats.Time = time.Since(s.began)
	var a A
	s.stats.PeakBytes = int64(cap(s.path)) * int64(unsafe.Sizeof(a))
	for _, b := range s.bufs {
		s.stats.PeakBytes += int64(cap(b)) * int64(unsafe.Sizeof(a))
	}
	return Result[A]{Status: st, Optimal: true, Stats: s.stats}
}

// dfs searches below the current node, reached at cost g with estimate h
// at depth d, and reports whether it found a goal (leaving path and cost
// set).
func (s *idaSearch[A]) dfs(g, h, d int) bool {
	s.stats.Expanded++
	if h == 0 && s.w.Goal() {
		s.cost = g
		return true
	}
	if s.stats.Expanded&(1<<16-1) == 0 {
		progress.From(s.ctx).AddNodes(1 << 16)
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false
		}
	}
	if d == len(s.bufs) {
		s.bufs = append(s.bufs, nil)
	}
	acts := s.w.Actions(s.bufs[d][:0])
	s.bufs[d] = acts
	for _, a := range acts {
		c, h2 := s.w.Do(a)
		s.stats.Generated++
		if c < 1 {
			s.w.Undo(a)
			s.err = fmt.Errorf("statespace: IDAStar needs action costs of at least 1; an action cost %d", c)
			return false
		}
		if f := g + c + h2; f > s.bound {
			s.next = min(s.next, f)
			s.w.Undo(a)
			continue
		}
		s.path = append(s.path, a)
		found := s.dfs(g+c, h2, d+1)
		s.w.Undo(a)
		if found {
			return true
		}
		s.path = s.path[:len(s.path)-1]
		if s.err != nil {
			return false
		}
	}
	return false
}
