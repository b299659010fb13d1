package statespace

import (
	"errors"
	"time"

	"github.com/waterworks-solver/waterworks/models/enumname"
)

// Space is a puzzle seen from its keys: every key stands for one state,
// holding all of it, so that the search can keep keys alone.
type Space[K comparable, A any] interface {
	// Successors calls yield for each action legal in the state of k,
	// with the key of the state it leads to and its cost (1 for puzzles
	// whose actions all count the same; costs are never negative), until
	// yield returns false. The search may call Successors again from
	// within yield's caller only after Successors returned.
	Successors(k K, yield func(a A, next K, cost int) bool)
	// Goal reports whether the state of k is a goal.
	Goal(k K) bool
}

// Estimator is a Space that can estimate the cost still needed from a
// state to a goal. For AStar the estimate must be admissible: never more
// than the cost of the cheapest plan from that state, and 0 at goals.
// Consistent estimates (never dropping by more than an action's cost)
// expand each state once; admissible ones that are not consistent may
// make AStar expand a state again, and still give optimal plans.
type Estimator[K comparable, A any] interface {
	Space[K, A]
	// Estimate returns a lower bound on the cost from k to a goal.
	Estimate(k K) int
}

// ReverseSpace is a Space that can also list the states an action leads
// from, for Bidirectional.
type ReverseSpace[K comparable, A any] interface {
	Space[K, A]
	// Predecessors calls yield for each state prev and action a such that
	// a, legal in prev, leads to k, with its cost, until yield returns
	// false.
	Predecessors(k K, yield func(a A, prev K, cost int) bool)
}

// Hasher may be implemented by a Space to hash its own keys. Without it
// the searches hash integer keys and arrays of integers by multiplication
// and other keys with hash/maphash.
type Hasher[K comparable] interface {
	Hash(k K) uint64
}

// Indexer may be implemented by a Space whose keys are numbered densely:
// Index maps every key to a distinct number below Size. When Size is at
// most Options.DenseBits the searches remember seen keys in a bitmap of
// Size bits instead of a hash table.
type Indexer[K comparable] interface {
	Index(k K) uint64
	Size() uint64
}

// StoreKind names how a search remembers the keys it has seen.
type StoreKind uint8

// The stores. StoreAuto picks the bitmap for an Indexer whose size is at
// most Options.DenseBits, and the hash table otherwise.
const (
	StoreAuto  StoreKind = iota
	StoreHash            // an open-addressing hash table
	StoreDense           // a bitmap indexed by Indexer.Index
)

// storeKinds names the stores.
var storeKinds = enumname.Table[StoreKind]{Type: "StoreKind", Names: []string{StoreAuto: "auto", StoreHash: "hash", StoreDense: "dense"}}

// String returns the store's name: "auto", "hash" or "dense".
func (k StoreKind) String() string { return storeKinds.String(k) }

// DefaultDenseBits is the largest key space StoreAuto keeps as a bitmap
// when Options.DenseBits is 0: 2^24 bits are 2 MiB, zeroed in little time
// even when few of its keys are reachable.
const DefaultDenseBits = 1 << 24

// Options set the limits of a search and tune it. The zero value searches
// without limits other than the context's and 2^32-1 stored states.
type Options struct {
	// MaxStates stops the search with ErrLimit once it has stored more
	// states than this; 0 means no limit.
	MaxStates int
	// MaxBytes stops the search with ErrLimit once the estimate of the
	// memory its own structures hold (Stats.PeakBytes) passes this; 0
	// means no limit.
	MaxBytes int64
	// MaxCost, when positive, bounds the cost of the plans searched for
	// (for BFS, their number of actions): states that cannot be reached
	// within it are not stored, and Unsolvable then means that no plan
	// costs at most MaxCost.
	MaxCost int
	// Weight makes Greedy order states by cost so far plus Weight times
	// the estimate, instead of by the estimate alone. Other searches
	// ignore it.
	Weight int
	// Store picks the store of seen keys; StoreDense needs an Indexer.
	Store StoreKind
	// DenseBits is the largest Indexer.Size that StoreAuto keeps as a
	// bitmap; 0 means DefaultDenseBits.
	DenseBits uint64
}

// Status is the outcome of a search.
type Status uint8

const (
	// Unknown: the search stopped (a limit, a cancelled context) before
	// it could decide.
	Unknown Status = iota
	// Solved: Result.Plan reaches a goal.
	Solved
	// Unsolvable: no plan exists (within Options.MaxCost when set), proven
	// by exhausting the states that could lead to one.
	Unsolvable
)

// statuses names the statuses as the command line prints them.
var statuses = enumname.Table[Status]{Type: "Status", Names: []string{Unknown: "unknown", Solved: "solved", Unsolvable: "unsolvable"}}

// String returns "unknown", "solved" or "unsolvable", as the command line
// prints it.
func (s Status) String() string { return statuses.String(s) }

// Stats describe the work of a search. Every search fills the fields that
// apply to it.
type Stats struct {
	// Expanded counts states whose successors were generated.
	Expanded int64
	// Generated counts the successors generated (legal actions tried).
	Generated int64
	// Stored counts the distinct states stored, the start included (IDA*
	// stores none).
	Stored int64
	// PeakBytes estimates the memory the search's own structures held at
	// their largest: stored keys, the table that finds them, parent links,
	// actions, costs and the queue.
	PeakBytes int64
	// Iterations counts IDA*'s cost thresholds and Bidirectional's layers.
	Iterations int
	// Time is the wall time of the search.
	Time time.Duration
}

// Add returns the field-wise sum of s and t, with the larger PeakBytes.
func (s Stats) Add(t Stats) Stats {
	return Stats{
		Expanded:   s.Expanded + t.Expanded,
		Generated:  s.Generated + t.Generated,
		Stored:     s.Stored + t.Stored,
		PeakBytes:  max(s.PeakBytes, t.PeakBytes),
		Iterations: s.Iterations + t.Iterations,
		Time:       s.Time + t.Time,
	}
}

// Result is the answer of a search.
type Result[A any] struct {
	Status Status
	// Plan holds the actions from the start to a goal when Status is
	// Solved (empty when the start is a goal).
	Plan []A
	// Cost is the sum of the plan's action costs.
	Cost int
	// Optimal reports that no cheaper plan exists: true for every search
	// but Greedy.
	Optimal bool
	Stats   Stats
}

// ErrLimit is wrapped by the error of a search that reached
// Options.MaxStates or Options.MaxBytes before it could decide.
var ErrLimit = errors.New("search limit reached")
