package jugs

// Breadth-first search over jug states runs on models/statespace: this
// file is only the puzzle's side of it, the packing of states into keys
// and the successors of a key.

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// StoreKind names the structure that remembers the states a search has seen.
type StoreKind string

// The state stores. Auto lets the search choose: Dense when the packed
// state space is small, Hash when packed states fit 64 bits, Wide otherwise.
const (
	StoreAuto  StoreKind = ""
	StoreDense StoreKind = "dense" // one bit per packed state, for small spaces
	StoreHash  StoreKind = "hash"  // open addressing over 64-bit packed states
	StoreWide  StoreKind = "wide"  // byte-string states, for any size
)

// Options tune BFS. The zero value is the default: number theory first,
// then an unlimited search with the store chosen for the puzzle.
type Options struct {
	// MaxStates stops the search with statespace.ErrLimit once it has
	// stored more states than this; 0 means no limit but the library's.
	MaxStates int
	// NoFastPath skips Decide, so even puzzles number theory settles are
	// searched (for tests and benchmarks).
	NoFastPath bool
	// Store picks the state store; StoreAuto lets the search choose.
	Store StoreKind
}

// Result is the answer of BFS: the search's (Status Unsolvable is a proof
// that no plan exists), and how it was reached.
type Result struct {
	statespace.Result[Action]
	// FastPath is true when Decide settled the puzzle and nothing was
	// searched.
	FastPath bool
	// Store is the state store the search used.
	Store StoreKind
}

// Solvable reports whether a plan was found.
func (r Result) Solvable() bool { return r.Status == statespace.Solved }

// BFS searches p breadth first and returns a plan with the fewest actions,
// or proves p unsolvable by exhausting every reachable state. Unless
// opts.NoFastPath is set, Decide first settles what number theory can, so
// an unsolvable two-jug puzzle costs no search at all.
//
// It returns an error wrapping ErrInvalidPuzzle for a malformed puzzle,
// statespace.ErrLimit past opts.MaxStates, and ctx.Err() when ctx ends
// first, with the statistics so far.
func BFS(ctx context.Context, p *Puzzle, opts Options) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if !opts.NoFastPath {
		if solvable, decided := Decide(p); decided && !solvable {
			return Result{Result: statespace.Result[Action]{Status: statespace.Unsolvable, Optimal: true}, FastPath: true}, nil
		}
	}
	sopts := statespace.Options{MaxStates: opts.MaxStates}
	return search(ctx, p, opts.Store, sopts, statespace.BFS[uint64, actionID], statespace.BFS[string, actionID])
}

// actionID is the index of an action in Puzzle.Actions: what the searches
// record per state (two bytes where an Action takes 24).
type actionID uint16

// search runs one of the statespace searches (given for both key types)
// on p with the store kind asked for.
func search(ctx context.Context, p *Puzzle, kind StoreKind, opts statespace.Options,
	packed func(context.Context, statespace.Space[uint64, actionID], uint64, statespace.Options) (statespace.Result[actionID], error),
	wide func(context.Context, statespace.Space[string, actionID], string, statespace.Options) (statespace.Result[actionID], error),
) (Result, error) {
	sp, fits := newPackedSpace(p)
	if kind == StoreAuto {
		switch {
		case fits && sp.size <= statespace.DefaultDenseBits:
			kind = StoreDense
		case fits:
			kind = StoreHash
		default:
			kind = StoreWide
		}
	}
	var r statespace.Result[actionID]
	var err error
	switch kind {
	case StoreDense, StoreHash:
		if !fits {
			return Result{Store: kind}, fmt.Errorf("the %s state store cannot hold the states of %d jugs of capacities %v", kind, len(p.Capacities), p.Capacities)
		}
		opts.Store = statespace.StoreHash
		if kind == StoreDense {
			opts.Store = statespace.StoreDense
		}
		r, err = packed(ctx, sp, sp.pack(p.Initial), opts)
	case StoreWide:
		w := newWideSpace(p)
		opts.Store = statespace.StoreHash
		r, err = wide(ctx, w, w.pack(p.Initial), opts)
	default:
		return Result{}, fmt.Errorf("unknown state store %q", kind)
	}
	out := Result{Result: statespace.Result[Action]{Status: r.Status, Cost: r.Cost, Optimal: r.Optimal, Stats: r.Stats}, Store: kind}
	if r.Plan != nil {
		out.Plan = make([]Action, len(r.Plan))
		for i, id := range r.Plan {
			out.Plan[i] = sp.actions[id]
		}
	}
	return out, err
}

// jugSpace is what both key types share: the puzzle, its actions and the
// state being expanded.
type jugSpace struct {
	p       *Puzzle
	actions []Action
	cur     State
}

// packedSpace is p seen through states packed into one number by mixed
// radix: sum(s[i]·radix[i]) with radix[0] = 1 and radix[i+1] =
// radix[i]·(capacity[i]+1). An action changes the key by a multiple of
// the radixes, so successors are computed without packing. Keys below
// size number the states densely (statespace.Indexer).
type packedSpace struct {
	jugSpace
	radix []uint64
	size  uint64
	// The last successor generated, the action that led to it and the
	// amount it moved, so that Goal need not unpack it.
	lastKey uint64
	lastID  actionID
	lastD   int
	// curSum summarises cur for Goal, set by Successors: for GoalAny the
	// number of jugs holding the target, for GoalTotal the total.
	curSum int
}

// newPackedSpace returns the packed space of p and whether its states fit
// 64 bits.
func newPackedSpace(p *Puzzle) (*packedSpace, bool) {
	sp := &packedSpace{jugSpace: jugSpace{p: p, actions: p.Actions(), cur: make(State, p.NumJugs())},
		radix: make([]uint64, p.NumJugs()), size: 1, lastKey: ^uint64(0)}
	for i, c := range p.Capacities {
		sp.radix[i] = sp.size
		hi, lo := bits.Mul64(sp.size, uint64(c)+1)
		if hi != 0 {
			return sp, false
		}
		sp.size = lo
	}
	return sp, true
}

func (sp *packedSpace) pack(s []int) uint64 {
	var k uint64
	for i, v := range s {
		k += uint64(v) * sp.radix[i]
	}
	return k
}

func (sp *packedSpace) unpack(k uint64, s State) {
	for i, c := range sp.p.Capacities {
		base := uint64(c) + 1
		s[i] = int(k % base)
		k /= base
	}
}

// Successors implements statespace.Space. It runs once per state
// expanded and computes each successor's key from the amount moved alone.
func (sp *packedSpace) Successors(k uint64, yield func(actionID, uint64, int) bool) {
	cur, caps, radix := sp.cur, sp.p.Capacities, sp.radix
	sp.unpack(k, cur)
	sp.curSum = sp.p.goalSum(cur)
	for i, a := range sp.actions {
		var next uint64
		var d int
		switch a.Op {
		case OpFill:
			d = caps[a.Jug] - cur[a.Jug]
			if d == 0 {
				continue
			}
			next = k + uint64(d)*radix[a.Jug]
		case OpEmpty:
			d = cur[a.Jug]
			if d == 0 {
				continue
			}
			next = k - uint64(d)*radix[a.Jug]
		default:
			d = min(cur[a.Jug], caps[a.To]-cur[a.To])
			if d == 0 {
				continue
			}
			next = k - uint64(d)*radix[a.Jug] + uint64(d)*radix[a.To]
		}
		sp.lastKey, sp.lastID, sp.lastD = next, actionID(i), d
		if !yield(actionID(i), next, 1) {
			return
		}
	}
}

// Goal implements statespace.Space. The searches ask about a successor
// right after it is generated, while cur still holds the state it came
// from: then the goal follows from cur's summary and the jugs the action
// changed. Other keys are unpacked.
func (sp *packedSpace) Goal(k uint64) bool {
	if k == sp.lastKey {
		return sp.p.goalAfter(sp.cur, sp.curSum, sp.actions[sp.lastID], sp.lastD)
	}
	s := make(State, sp.p.NumJugs())
	sp.unpack(k, s)
	return sp.p.AtGoal(s)
}

// Index implements statespace.Indexer: packed keys are dense already.
func (sp *packedSpace) Index(k uint64) uint64 { return k }

// Size implements statespace.Indexer.
func (sp *packedSpace) Size() uint64 { return sp.size }

// wideSpace is p seen through states of any size, as byte strings: every
// jug's amount in a fixed number of little-endian bytes, enough for its
// capacity.
type wideSpace struct {
	jugSpace
	widths []int // bytes per jug
	buf    []byte
}

func newWideSpace(p *Puzzle) *wideSpace {
	w := &wideSpace{jugSpace: jugSpace{p: p, actions: p.Actions(), cur: make(State, p.NumJugs())},
		widths: make([]int, p.NumJugs())}
	size := 0
	for i, c := range p.Capacities {
		w.widths[i] = (bits.Len64(uint64(c)) + 7) / 8
		size += w.widths[i]
	}
	w.buf = make([]byte, size)
	return w
}

func (w *wideSpace) pack(s []int) string {
	at := 0
	for i, v := range s {
		for range w.widths[i] {
			w.buf[at] = byte(v)
			v >>= 8
			at++
		}
	}
	return string(w.buf)
}

func (w *wideSpace) unpack(k string, s State) {
	at := 0
	for i := range s {
		v := 0
		for b := range w.widths[i] {
			v |= int(k[at]) << (8 * b)
			at++
		}
		s[i] = v
	}
}

// Successors implements statespace.Space.
func (w *wideSpace) Successors(k string, yield func(actionID, string, int) bool) {
	w.unpack(k, w.cur)
	for i, a := range w.actions {
		if d := w.p.moved(w.cur, a); d > 0 {
			shift(w.cur, a, d)
			next := w.pack(w.cur)
			unshift(w.cur, a, d)
			if !yield(actionID(i), next, 1) {
				return
			}
		}
	}
}

// Goal implements statespace.Space.
func (w *wideSpace) Goal(k string) bool {
	s := make(State, w.p.NumJugs())
	w.unpack(k, s)
	return w.p.AtGoal(s)
}
