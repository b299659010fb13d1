package watersort

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Method is a search strategy.
type Method uint8

const (
	// BFS is breadth-first search: the first solution found has the fewest
	// moves.
	BFS Method = iota
	// AStar is A* with an admissible, consistent lower bound: its plans have
	// the fewest moves too, and it usually stores far fewer states than BFS.
	AStar
	// Greedy is best-first search on the lower bound alone (weighted by
	// Options.Weight when set): fast on big levels, with valid plans that are
	// not proven shortest.
	Greedy
)

// String returns the method's name as the command line spells it.
func (m Method) String() string {
	switch m {
	case BFS:
		return "bfs"
	case AStar:
		return "astar"
	case Greedy:
		return "greedy"
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// ParseMethod turns "bfs", "astar" or "greedy" into a Method.
func ParseMethod(s string) (Method, error) {
	for _, m := range []Method{BFS, AStar, Greedy} {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown method %q (want bfs, astar or greedy)", s)
}

// Options tune Solve. The zero value is breadth-first search under the
// Whole rule without a state limit.
type Options struct {
	Rule   Rule
	Method Method
	// MaxStates stops the search with ErrLimit once this many distinct
	// states are stored; 0 means no limit.
	MaxStates int
	// Weight makes Greedy order states by moves made plus Weight times the
	// lower bound instead of by the lower bound alone; 0 means pure greedy.
	// AStar and BFS ignore it.
	Weight int
}

// Status is the outcome of a search.
type Status uint8

const (
	// Unknown: the search stopped (cancelled, timed out or at its limit)
	// before it could decide.
	Unknown Status = iota
	// Solved: Result.Plan solves the level.
	Solved
	// Unsolvable: every reachable position was explored and none is solved.
	Unsolvable
)

// String returns the status as the command line spells it.
func (s Status) String() string {
	switch s {
	case Unknown:
		return "unknown"
	case Solved:
		return "solved"
	case Unsolvable:
		return "unsolvable"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Stats describe the work of a search.
type Stats struct {
	Expanded int64 // states whose moves were generated
	Stored   int64 // distinct canonical states stored
	// PeakBytes estimates the memory the search's own structures held at
	// their largest: packed states, hash table, parents, depths and queue.
	PeakBytes int64
}

// Result is what Solve found.
type Result struct {
	Status Status
	// Plan solves the level when Status is Solved, in the puzzle's own
	// bottle numbering.
	Plan Plan
	// Optimal reports that no shorter plan exists (BFS and AStar).
	Optimal bool
	Stats   Stats
}

// ErrLimit is returned when Options.MaxStates states were stored before the
// search could decide.
var ErrLimit = errors.New("state limit reached")

// Solve searches for a plan that solves p. Positions that differ only in
// bottle order are one state, packed into a few words. It returns a Result
// with Status Solved and a plan, or Unsolvable when the whole reachable
// space holds no solved position. When ctx is done or the state limit is
// reached it returns a Result with Status Unknown, its statistics, and
// ctx.Err() or ErrLimit. An invalid puzzle gives the error of Validate.
//
// Colour symmetry is not used: renaming colours maps the game onto itself,
// so states equal up to a renaming could be merged soundly, but from one
// starting position such pairs are rare: measured by colour refinement over
// whole reachable spaces, the 34,883 states of Generate(30, 4, 2, 1) fall in
// 34,873 classes and the 91,508 of Generate(40, 4, 2, 2) in 91,508 (under
// Whole); only small levels near their solved states merge noticeably
// (22,567 states in 14,000 to 16,150 classes at 12 bottles). A canonical
// colour labelling per state would cost more than it saves where it matters.
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	start, err := p.Start()
	if err != nil {
		return Result{}, err
	}
	if opt.Rule != Whole && opt.Rule != Fits {
		return Result{}, fmt.Errorf("unknown rule %v", opt.Rule)
	}
	s := &searcher{
		ctx:   ctx,
		opt:   opt,
		l:     start.l,
		start: start,
		set:   newStateSet(start.l.words),
		exp:   newExpander(start.l, opt.Rule),
	}
	var res Result
	switch opt.Method {
	case BFS:
		res, err = s.bfs()
	case AStar, Greedy:
		res, err = s.bestFirst()
	default:
		return Result{}, fmt.Errorf("unknown method %v", opt.Method)
	}
	res.Stats = s.stats()
	return res, err
}

// noParent marks the start state in the parent slice.
const noParent = ^uint32(0)

// searcher holds the state of one search.
type searcher struct {
	ctx      context.Context
	opt      Options
	l        *layout
	start    State
	set      *stateSet
	exp      *expander
	parent   []uint32 // parent[i] is the state whose move reached state i
	depth    []uint16 // best known moves to state i (best-first search only)
	queue    priorityQueue
	expanded int64
}

func (s *searcher) stats() Stats {
	return Stats{
		Expanded:  s.expanded,
		Stored:    int64(s.set.len()),
		PeakBytes: s.set.bytes() + int64(cap(s.parent))*4 + int64(cap(s.depth))*2 + int64(cap(s.queue))*8,
	}
}

// interrupted checks the context every so often and the state limit.
func (s *searcher) interrupted() error {
	if s.expanded&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return err
		}
	}
	if s.opt.MaxStates > 0 && s.set.len() >= s.opt.MaxStates {
		return ErrLimit
	}
	return nil
}

// insertStart stores the start state and reports whether it is solved.
func (s *searcher) insertStart() bool {
	key := make([]uint64, s.l.words)
	s.l.canonical(s.start.codes, make([]uint64, s.l.bottles), key)
	s.set.insert(key)
	s.parent = append(s.parent, noParent)
	return s.start.Solved()
}

// bfs explores states in order of distance from the start. The arena of the
// state set is the queue: states are stored in the order they are reached.
// A solved state is recognised when it is generated, which is safe because
// every state at distance d is expanded before any at distance d+1.
func (s *searcher) bfs() (Result, error) {
	if s.insertStart() {
		return Result{Status: Solved, Plan: Plan{}, Optimal: true}, nil
	}
	goal := noParent
	for head := uint32(0); int(head) < s.set.len() && goal == noParent; head++ {
		if err := s.interrupted(); err != nil {
			return Result{}, err
		}
		s.expanded++
		s.exp.expand(s.set.at(head), func(_, key []uint64, solved bool) bool {
			idx, added := s.set.insert(key)
			if !added {
				return true
			}
			s.parent = append(s.parent, head)
			if solved {
				goal = idx
				return false
			}
			return true
		})
	}
	if goal == noParent {
		return Result{Status: Unsolvable}, nil
	}
	return s.solution(goal, true)
}

// bestFirst runs A* (Method AStar) or greedy best-first search (Greedy)
// with the lower bound of layout.lowerBound.
//
// A* pops states by f = g + h, ties to the deeper state, and tests for the
// goal when a state is popped: with a consistent h the first solved state
// popped has the fewest moves, and a closed state is never improved, so
// each state is expanded once. Greedy tests when a state is generated and
// never reopens a state; its plans are valid but not proven shortest.
// Both explore until the queue runs dry, so an empty queue proves the level
// unsolvable.
func (s *searcher) bestFirst() (Result, error) {
	greedy := s.opt.Method == Greedy
	if s.insertStart() {
		return Result{Status: Solved, Plan: Plan{}, Optimal: true}, nil
	}
	s.depth = append(s.depth, 0)
	priority := func(g, h int) int {
		switch {
		case !greedy:
			return g + h
		case s.opt.Weight > 0:
			return g + s.opt.Weight*h
		}
		return h
	}
	s.queue.push(priority(0, s.l.lowerBound(s.start.codes)), 0, 0)
	goal := noParent
	for len(s.queue) > 0 && goal == noParent {
		g, idx := s.queue.pop()
		if g != int(s.depth[idx]) {
			continue // a shorter way to idx was found after this entry was queued
		}
		if !greedy && s.isSolved(idx) {
			goal = idx
			break
		}
		if err := s.interrupted(); err != nil {
			return Result{}, err
		}
		s.expanded++
		ng := g + 1
		if ng > maxDepth {
			return Result{}, fmt.Errorf("plan longer than %d moves", maxDepth)
		}
		s.exp.expand(s.set.at(idx), func(child, key []uint64, solved bool) bool {
			cidx, added := s.set.insert(key)
			switch {
			case added:
				s.parent = append(s.parent, idx)
				s.depth = append(s.depth, uint16(ng))
				if greedy && solved {
					goal = cidx
					return false
				}
			case !greedy && ng < int(s.depth[cidx]):
				s.parent[cidx] = idx
				s.depth[cidx] = uint16(ng)
			default:
				return true
			}
			s.queue.push(priority(ng, s.l.lowerBound(child)), ng, cidx)
			return true
		})
	}
	if goal == noParent {
		return Result{Status: Unsolvable}, nil
	}
	return s.solution(goal, !greedy)
}

const maxDepth = 1<<16 - 1

func (s *searcher) isSolved(idx uint32) bool {
	codes := s.exp.codes // scratch: expand unpacks into it afresh
	s.l.unpack(s.set.at(idx), codes)
	return s.l.solved(codes)
}

// solution follows the parents from goal back to the start and turns the
// chain of canonical states into moves between the puzzle's own bottles.
func (s *searcher) solution(goal uint32, optimal bool) (Result, error) {
	var chain [][]uint64
	for i := goal; i != noParent; i = s.parent[i] {
		chain = append(chain, s.set.at(i))
	}
	slices.Reverse(chain)
	plan, err := s.replay(chain[1:])
	if err != nil {
		return Result{}, err
	}
	return Result{Status: Solved, Plan: plan, Optimal: optimal}, nil
}

// replay finds, for each canonical state of chain in turn, a legal move of
// the labelled position that reaches it, and plays it.
func (s *searcher) replay(chain [][]uint64) (Plan, error) {
	cur := s.start
	scratch := make([]uint64, s.l.bottles)
	key := make([]uint64, s.l.words)
	plan := make(Plan, 0, len(chain))
next:
	for step, want := range chain {
		for _, m := range cur.Moves(s.opt.Rule) {
			after, err := cur.Apply(s.opt.Rule, m)
			if err != nil {
				return nil, err
			}
			s.l.canonical(after.codes, scratch, key)
			if slices.Equal(key, want) {
				plan = append(plan, m)
				cur = after
				continue next
			}
		}
		return nil, fmt.Errorf("internal error: no move reaches the state after step %d", step+1)
	}
	return plan, nil
}

// priorityQueue is a binary min-heap of entries packed into one word:
// priority in the top 16 bits, then the bitwise complement of the depth (so
// that among equal priorities the deeper state comes first), then the
// state index.
type priorityQueue []uint64

func (q *priorityQueue) push(priority, depth int, idx uint32) {
	priority = min(priority, maxDepth)
	*q = append(*q, uint64(priority)<<48|uint64(maxDepth-depth)<<32|uint64(idx))
	h := *q
	for i := len(h) - 1; i > 0; {
		up := (i - 1) / 2
		if h[up] <= h[i] {
			break
		}
		h[up], h[i] = h[i], h[up]
		i = up
	}
}

// pop removes the entry with the least priority and returns its depth and
// state index.
func (q *priorityQueue) pop() (int, uint32) {
	h := *q
	e := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		least := i
		if l := 2*i + 1; l < len(h) && h[l] < h[least] {
			least = l
		}
		if r := 2*i + 2; r < len(h) && h[r] < h[least] {
			least = r
		}
		if least == i {
			break
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
	*q = h
	return maxDepth - int(e>>32&maxDepth), uint32(e)
}
