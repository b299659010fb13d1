package jugs

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// ErrStateLimit is returned when a search would store more states than
// Options.MaxStates allows.
var ErrStateLimit = errors.New("state limit reached")

// Options tune BFS. The zero value is the default: number theory first,
// then an unlimited search with the store chosen for the puzzle.
type Options struct {
	// MaxStates stops the search with ErrStateLimit once it has stored more
	// states than this; 0 means no limit but the one of 32-bit state
	// numbers, about 2.1 billion.
	MaxStates int
	// NoFastPath skips Decide, so even puzzles number theory settles are
	// searched (for tests and benchmarks).
	NoFastPath bool
	// Store picks the state store; StoreAuto lets the search choose.
	Store StoreKind
}

// Stats describe the work of one search.
type Stats struct {
	// FastPath is true when Decide settled the puzzle and nothing was
	// searched.
	FastPath bool
	// Store is the state store the search used.
	Store StoreKind
	// Expanded counts states whose successors were generated.
	Expanded int
	// Generated counts successors generated: legal actions tried.
	Generated int
	// Stored counts distinct states recorded, the start included.
	Stored int
}

// Result is the answer of a search.
type Result struct {
	// Solvable reports whether some plan reaches the goal. When false, the
	// puzzle is proven unsolvable.
	Solvable bool
	// Plan has the fewest actions of all plans when Solvable.
	Plan Plan
	Stats
}

// BFS searches p breadth first and returns a plan with the fewest actions,
// or proves p unsolvable by exhausting every reachable state. Unless
// opts.NoFastPath is set, Decide first settles what number theory can, so
// an unsolvable two-jug puzzle costs no search at all.
//
// It returns an error wrapping ErrInvalidPuzzle for a malformed puzzle,
// ErrStateLimit past opts.MaxStates, and ctx.Err() when ctx ends first.
func BFS(ctx context.Context, p *Puzzle, opts Options) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if !opts.NoFastPath {
		if solvable, decided := Decide(p); decided && !solvable {
			return Result{Stats: Stats{FastPath: true}}, nil
		}
	}
	store, kind, ok := newStore(p, opts.Store)
	if !ok {
		return Result{}, fmt.Errorf("the %s state store cannot hold the states of %d jugs of capacities %v", kind, len(p.Capacities), p.Capacities)
	}
	limit := math.MaxInt32 // state numbers are int32 parent links
	if opts.MaxStates > 0 {
		limit = min(limit, opts.MaxStates)
	}
	s := &search{p: p, limit: limit, store: store, actions: p.Actions()}
	s.stats.Store = kind
	return s.run(ctx)
}

// search is the state of one breadth-first search. States are numbered by
// the store in the order they were found, which is also the queue order;
// parent and via record, for every state but the start, the state it was
// found from and the index in actions of the action that led to it.
type search struct {
	p       *Puzzle
	limit   int // most states to store
	store   stateStore
	actions []Action
	parent  []int32
	via     []uint16
	stats   Stats
}

// checkEvery is how many expansions pass between looks at the context.
const checkEvery = 1024

func (s *search) run(ctx context.Context) (Result, error) {
	cur := s.p.Start()
	s.store.add(cur)
	s.parent, s.via = append(s.parent, -1), append(s.via, 0)
	if s.p.AtGoal(cur) {
		return s.solved(0), nil
	}
	done := ctx.Done()
	for id := 0; id < s.store.len(); id++ {
		if id%checkEvery == 0 {
			select {
			case <-done:
				s.finish()
				return Result{Stats: s.stats}, ctx.Err()
			default:
			}
		}
		s.store.load(id, cur)
		s.stats.Expanded++
		for ai, a := range s.actions {
			d := s.p.moved(cur, a)
			if d == 0 {
				continue
			}
			s.stats.Generated++
			shift(cur, a, d)
			if s.store.add(cur) {
				s.parent = append(s.parent, int32(id))
				s.via = append(s.via, uint16(ai))
				if s.p.AtGoal(cur) {
					return s.solved(s.store.len() - 1), nil
				}
				if s.store.len() > s.limit {
					s.finish()
					return Result{Stats: s.stats}, fmt.Errorf("%w: more than %d states", ErrStateLimit, s.limit)
				}
			}
			unshift(cur, a, d)
		}
	}
	s.finish()
	return Result{Stats: s.stats}, nil
}

// finish fills in the statistics the loop does not keep itself.
func (s *search) finish() { s.stats.Stored = s.store.len() }

// solved returns the plan that reaches state number goal, read backwards
// along the parent links.
func (s *search) solved(goal int) Result {
	s.finish()
	steps := 0
	for id := goal; s.parent[id] >= 0; id = int(s.parent[id]) {
		steps++
	}
	plan := make(Plan, steps)
	for id := goal; s.parent[id] >= 0; id = int(s.parent[id]) {
		steps--
		plan[steps] = s.actions[s.via[id]]
	}
	return Result{Solvable: true, Plan: plan, Stats: s.stats}
}
