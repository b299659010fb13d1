package watersort

import (
	"context"
	"fmt"
	"slices"
	"unsafe"

	"github.com/waterworks-solver/waterworks/models/enumname"
	"github.com/waterworks-solver/waterworks/models/statespace"
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

// methods names the methods as the command line spells them.
var methods = enumname.Table[Method]{Type: "Method", What: "method", Names: []string{BFS: "bfs", AStar: "astar", Greedy: "greedy"}}

// String returns the method's name as the command line spells it.
func (m Method) String() string { return methods.String(m) }

// ParseMethod turns "bfs", "astar" or "greedy" into a Method.
func ParseMethod(s string) (Method, error) { return methods.Parse(s) }

// Options tune Solve. The zero value is breadth-first search under the
// Whole rule without a state limit.
type Options struct {
	Rule   Rule
	Method Method
	// MaxStates stops the search with ErrLimit once more than this many
	// distinct states are stored; 0 means no limit.
	MaxStates int
	// Weight makes Greedy order states by moves made plus Weight times the
	// lower bound instead of by the lower bound alone; 0 means pure greedy.
	// AStar and BFS ignore it.
	Weight int
}

// Status is the outcome of a search: statespace's.
type Status = statespace.Status

// The statuses.
const (
	// Unknown: the search stopped (cancelled, timed out or at its limit)
	// before it could decide.
	Unknown = statespace.Unknown
	// Solved: Result.Plan solves the level.
	Solved = statespace.Solved
	// Unsolvable: every reachable position was explored and none is solved.
	Unsolvable = statespace.Unsolvable
)

// Stats describe the work of a search (statespace's; Stored counts
// canonical states).
type Stats = statespace.Stats

// Result is what Solve found: the Plan solves the level when Status is
// Solved, in the puzzle's own bottle numbering, and Optimal reports that
// no shorter plan exists (BFS and AStar).
type Result = statespace.Result[Move]

// ErrLimit is wrapped by the error of a search that stored more than
// Options.MaxStates states before it could decide.
var ErrLimit = statespace.ErrLimit

// Solve searches for a plan that solves p, with the searches of
// models/statespace. Positions that differ only in bottle order are one
// state, packed into a few words (the canonical form: bottles sorted). It
// returns a Result with Status Solved and a plan, or Unsolvable when the
// whole reachable space holds no solved position. When ctx is done or the
// state limit is reached it returns a Result with Status Unknown, its
// statistics, and ctx.Err() or an error wrapping ErrLimit. An invalid
// puzzle gives the error of Validate.
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
	if opt.Method != BFS && opt.Method != AStar && opt.Method != Greedy {
		return Result{}, fmt.Errorf("unknown method %v", opt.Method)
	}
	// The keys are arrays of words, the fewest that hold the level's
	// packed state: a concrete type per size, so that the search hashes
	// and compares them inline.
	for _, k := range keySizes {
		if start.l.words <= k.words {
			return k.solve(ctx, start, opt)
		}
	}
	return Result{}, fmt.Errorf("a packed state of %d words is over %d", start.l.words, maxKeyWords)
}

// maxKeyWords is the size of the packed state of MaxBottles bottles of
// MaxCapacity units of 8 bits.
const maxKeyWords = MaxBottles * MaxCapacity * 8 / 64

// keySizes lists the key types of solveKeys, narrowest first.
var keySizes = []struct {
	words int
	solve func(context.Context, State, Options) (Result, error)
}{
	{1, solveKeys[[1]uint64]},
	{2, solveKeys[[2]uint64]},
	{3, solveKeys[[3]uint64]},
	{4, solveKeys[[4]uint64]},
	{6, solveKeys[[6]uint64]},
	{8, solveKeys[[8]uint64]},
	{12, solveKeys[[12]uint64]},
	{16, solveKeys[[16]uint64]},
	{32, solveKeys[[32]uint64]},
	{64, solveKeys[[64]uint64]},
	{256, solveKeys[[256]uint64]},
	{maxKeyWords, solveKeys[[maxKeyWords]uint64]},
}

// sortedMove is a move between the bottles of a canonical state, by their
// positions in sorted order.
type sortedMove [2]uint8

// solveKeys runs the search opt asks for over keys of type K.
func solveKeys[K comparable](ctx context.Context, start State, opt Options) (Result, error) {
	sp := newSpace[K](start.l, opt.Rule)
	var first K
	start.l.canonical(start.codes, sp.scratch, sp.words(&first))
	sopts := statespace.Options{MaxStates: opt.MaxStates, Weight: opt.Weight}
	var r statespace.Result[sortedMove]
	var err error
	switch opt.Method {
	case BFS:
		r, err = statespace.BFS[K, sortedMove](ctx, sp, first, sopts)
	case AStar:
		r, err = statespace.AStar[K, sortedMove](ctx, sp, first, sopts)
	default:
		r, err = statespace.Greedy[K, sortedMove](ctx, sp, first, sopts)
	}
	res := Result{Status: r.Status, Cost: r.Cost, Optimal: r.Optimal, Stats: r.Stats}
	if err != nil || r.Status != statespace.Solved {
		return res, err
	}
	if res.Plan, err = replay(start, opt.Rule, r.Plan); err != nil {
		return Result{Status: Unknown, Stats: r.Stats}, err
	}
	return res, nil
}

// replay turns moves between sorted bottles into moves between the
// puzzle's own: before each move the bottles of the position reached are
// sorted by code (stably), and the sorted positions of the move name the
// bottles. Bottles with equal codes are interchangeable, so whichever of
// them a position names reaches the same canonical state.
func replay(start State, rule Rule, moves []sortedMove) (Plan, error) {
	cur := start
	order := make([]int, start.NumBottles())
	plan := make(Plan, 0, len(moves))
	for step, sm := range moves {
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch x, y := cur.codes[a], cur.codes[b]; {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		})
		m := Move{From: order[sm[0]], To: order[sm[1]]}
		next, err := cur.Apply(rule, m)
		if err != nil {
			return nil, fmt.Errorf("internal error: move %d of the plan found: %w", step+1, err)
		}
		plan, cur = append(plan, m), next
	}
	return plan, nil
}

// space is a level seen through canonical keys of type K, an array of
// words (the packed state, zero-padded), for the searches of statespace.
type space[K comparable] struct {
	l       *layout
	exp     *expander // its key aliases next
	n       int       // words of a packed state
	scratch []uint64  // bottles
	codes   []uint64  // bottles
	next    K         // the successor being yielded
	// inside says that Successors runs: next, exp.child and exp.solved
	// describe the successor yielded last.
	inside bool
}

func newSpace[K comparable](l *layout, rule Rule) *space[K] {
	sp := &space[K]{l: l, exp: newExpander(l, rule), n: l.words,
		scratch: make([]uint64, l.bottles), codes: make([]uint64, l.bottles)}
	sp.exp.key = sp.words(&sp.next)
	return sp
}

// words returns the packed state a key holds, as a slice aliasing it.
func (sp *space[K]) words(k *K) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(k)), sp.n)
}

// Successors implements statespace.Space: the expander's successors, each
// with its move between sorted bottles.
func (sp *space[K]) Successors(k K, yield func(sortedMove, K, int) bool) {
	sp.inside = true
	expand(sp.exp, sp.words(&k), &sp.next, yield)
	sp.inside = false
}

// last reports whether k is the successor just generated.
func (sp *space[K]) last(k K) bool { return sp.inside && k == sp.next }

// Goal implements statespace.Space.
func (sp *space[K]) Goal(k K) bool {
	if sp.last(k) {
		return sp.exp.solved
	}
	sp.l.unpack(sp.words(&k), sp.codes)
	return sp.l.solved(sp.codes)
}

// Estimate implements statespace.Estimator: the lower bound of
// layout.lowerBound, admissible and consistent.
func (sp *space[K]) Estimate(k K) int {
	if sp.last(k) {
		return sp.l.lowerBound(sp.exp.child)
	}
	sp.l.unpack(sp.words(&k), sp.codes)
	return sp.l.lowerBound(sp.codes)
}
