package rushkind

import (
	"context"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/rush"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// The methods.
const (
	MethodBFS   = "bfs"
	MethodAStar = "astar"
)

// DefaultMaxStates is the default of --max-states: the most boards a
// search stores.
const DefaultMaxStates = 50_000_000

// Options are the settings of the methods, as the flags of "rush solve"
// give them.
type Options struct {
	MaxStates int // the most boards stored; 0: no limit
}

// DefaultOptions are the settings of "rush solve" when no flag changes
// them, which compare uses.
func DefaultOptions() Options { return Options{MaxStates: DefaultMaxStates} }

// Outcome is what a method found, before its plan is checked.
type Outcome struct {
	// Found is the search's own answer: Solved with Plan, Unsolvable when
	// it explored every reachable board, Unknown when it stopped.
	Found statespace.Status
	Plan  rush.Plan
	Stats kind.SearchStats
}

// Method is one way of solving Rush Hour boards for the fewest moves; each
// is also an engine of compare, by the same name.
type Method struct {
	Name  string
	Solve func(ctx context.Context, p *rush.Puzzle, o Options) (Outcome, error)
}

// Methods lists the methods --method chooses from and compare runs:
// breadth-first search and A* (counting the pieces in the way).
func Methods() []Method { return slices.Clone(methods) }

// methods are the methods, made once: Methods gives a copy.
var methods = []Method{{Name: MethodBFS, Solve: search(rush.Solve)}, {Name: MethodAStar, Solve: search(rush.SolveAStar)}}

// MethodNamed returns the method called name, and false when there is
// none.
func MethodNamed(name string) (Method, bool) { return kind.Named(methods, methodName, name) }

// MethodNames lists the names --method and compare's --engines take.
func MethodNames() []string { return kind.Names(methods, methodName) }

func methodName(m Method) string { return m.Name }

// search is a method of one search of the state-space library.
func search(run func(context.Context, *rush.Puzzle, statespace.Options) (rush.Result, error)) func(context.Context, *rush.Puzzle, Options) (Outcome, error) {
	return func(ctx context.Context, p *rush.Puzzle, o Options) (Outcome, error) {
		r, err := run(ctx, p, statespace.Options{MaxStates: o.MaxStates})
		return Outcome{Found: r.Status, Plan: r.Plan, Stats: kind.SearchStatsOf(r.Stats)}, err
	}
}

// Result is one method's run on one board, judged.
type Result struct {
	// Outcome is what the method found; its Plan has passed rush.Check
	// when the status is solved.
	Outcome
	// Judged holds the verdict and the method's error: a stop, the state
	// limit, a failure, or a panic.
	kind.Judged
}

// Run runs the method on the board p (named id in messages) under ctx
// and judges the outcome with kind.PlanSearch, so that a plan counts only
// once rush.Check accepts it. A panic in the method is an error.
func Run(ctx context.Context, id string, m Method, p *rush.Puzzle, o Options) Result {
	var r Result
	r.Judged = kind.Time(id, func() (err error) {
		r.Outcome, err = m.Solve(ctx, p, o)
		return err
	})
	search := kind.PlanSearch{Method: m.Name, Err: r.Err, NoPlan: r.Found == statespace.Unsolvable,
		Proof: fmt.Sprintf("all %d reachable boards explored", r.Stats.Stored)}
	if r.Found == statespace.Solved {
		search.Check = func() error { return rush.Check(p, r.Plan) }
	}
	r.Verdict = search.Verdict(ctx)
	return r
}

// Answer says the result as compare shows it: "optimal 49", on which both
// methods must agree, "unsolvable", or why it stopped. An error has no
// words: its message says it.
func (r Result) Answer() kind.Answer {
	switch r.Status {
	case kind.StatusSolved:
		return kind.Optimal(len(r.Plan))
	case kind.StatusUnsolvable:
		return kind.Unsolvable("unsolvable")
	}
	return kind.Answer{Status: r.Status, Words: r.Reason}
}
