// Package crossings is what the crossing puzzles' kinds, torchkind (a
// torch over a bridge) and riverkind (a boat over a river), share on the
// layer beneath the frontends (see package kind): both solve their
// puzzles by a search of the state-space library or by its SAT horizon,
// with the same options; Run replays every plan with the puzzle's own
// checker before it counts, judges the outcome, and words the plan; and
// compare runs the same engines on both.
//
// A crossing kind supplies its Methods and its Rules (its checker, the
// words of a plan, the unit of its cost), and its Run is this package's
// Run with them.
package crossings

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The methods; a kind offers some of them.
const (
	MethodBFS   = "bfs"
	MethodUCS   = "ucs"
	MethodAStar = "astar"
	MethodSAT   = "sat"
)

// DefaultMaxStates is the default of --max-states: the most states a
// search stores.
const DefaultMaxStates = 50_000_000

// Options are the settings of the methods, as the flags of "torch solve"
// and "river solve" give them.
type Options struct {
	MaxStates int // the searches: the most states stored; 0: no limit
	// MaxSteps is the SAT method's horizon (and the river's BFS's): past
	// it, the answer is unknown; 0: no limit.
	MaxSteps int
	Backend  string // sat: the SAT backend
	// Timeouts says the work has a time limit: gophersat, which cannot be
	// stopped, then runs in a child process that the end of the work's
	// context kills.
	Timeouts bool
}

// DefaultOptions are the settings of the solve commands when no flag
// changes them, which compare uses.
func DefaultOptions() Options { return Options{MaxStates: DefaultMaxStates, Backend: backends.Gini} }

// Step is one crossing of a plan as the records print it.
type Step struct {
	// Op is "cross" (from the start side) or "return".
	Op string `json:"op"`
	// People lists the torch's walkers, from 0.
	People []int `json:"people,omitempty"`
	// Minutes is a torch crossing's time.
	Minutes int `json:"minutes,omitempty"`
	// Carry counts the river's items in the boat, by name.
	Carry map[string]int `json:"carry,omitempty"`
	// Words is the step as text prints it.
	Words string `json:"-"`
}

// Stats are a method's statistics: the search's, or the SAT horizons'
// (for the torch, a horizon is a time budget in minutes).
type Stats struct {
	Expanded  int64       `json:"expanded,omitempty"`
	Generated int64       `json:"generated,omitempty"`
	Stored    int64       `json:"stored,omitempty"`
	PeakBytes int64       `json:"peak_bytes,omitempty"`
	Rounds    kind.Rounds `json:"rounds,omitempty"`
}

// SearchStats converts a search's statistics.
func SearchStats(s statespace.Stats) Stats {
	return Stats{Expanded: s.Expanded, Generated: s.Generated, Stored: s.Stored, PeakBytes: s.PeakBytes}
}

// HorizonStats converts the SAT horizons' records.
func HorizonStats(rounds []statespace.Round) Stats {
	return Stats{Rounds: kind.RoundsOf(rounds)}
}

// StatList returns the statistics compare prints: the horizons' or the
// search's.
func (s Stats) StatList() kind.StatList {
	if n := len(s.Rounds); n > 0 {
		return kind.StatList{{Name: "horizons", Value: n}, {Name: "variables", Value: s.Rounds[n-1].Vars}, {Name: "clauses", Value: s.Rounds[n-1].Clauses}}
	}
	return kind.StatList{{Name: "expanded", Value: s.Expanded}, {Name: "stored", Value: s.Stored}}
}

// Found is what a method found on a puzzle with actions of type A, before
// its plan is checked.
type Found[A any] struct {
	// Status is the method's own answer: Solved with Plan, Unsolvable
	// with Proof, Unknown when it stopped.
	Status statespace.Status
	Plan   []A
	// Proof says how the method proved that there is no plan.
	Proof string
	Stats Stats
}

// Method is one way of solving crossing puzzles of type P, with actions
// of type A.
type Method[P, A any] struct {
	Name  string
	Solve func(ctx context.Context, p P, o Options) (Found[A], error)
}

// Rules is what Run needs of a crossing kind beside its methods.
type Rules[P, A any] struct {
	// Unit names the cost of a plan ("minutes"), "" when every crossing
	// counts one.
	Unit string
	// Check replays a plan with the puzzle's independent checker and
	// returns its cost (with a Unit).
	Check func(p P, plan []A) (cost int, err error)
	// Steps words a plan and gives each crossing's JSON.
	Steps func(p P, plan []A) []Step
}

// Outcome is what a method found, its plan checked.
type Outcome struct {
	// Crossings counts the plan's crossings when the status is solved.
	Crossings int
	// Cost is the plan's total cost, when the kind has a Unit.
	Cost *int
	Unit string
	// Proof says how the method proved that there is no plan.
	Proof string
	Stats Stats
	// words words the plan (Plan); nil without one.
	words func() []Step
}

// Plan returns the plan in words and JSON when the status is solved, nil
// otherwise. It words the plan on each call: a frontend that draws the
// plan itself (the web page, from Result.Actions) need not.
func (o Outcome) Plan() []Step {
	if o.words == nil {
		return nil
	}
	return o.words()
}

// Report is one method's run on one puzzle, judged, without the
// puzzle's own actions: what the command line prints and compare weighs.
type Report struct {
	Outcome
	// Judged holds the verdict and the method's error: a stop, the state
	// limit, the horizon passed, a failure, or a panic.
	kind.Judged
}

// Result is one method's run on one puzzle with actions of type A,
// judged.
type Result[A any] struct {
	Report
	// Actions is the plan when the status is solved, checked: what
	// Outcome.Plan says in words.
	Actions []A
}

// Run runs the method on the puzzle p (named id in messages) under ctx
// and judges the outcome: the horizon passed is unknown, worded here; the
// rest is kind.PlanSearch's, so that a plan counts only once the kind's
// checker accepts it. A panic in the method is an error.
func Run[P, A any](ctx context.Context, id string, m Method[P, A], rules Rules[P, A], p P, o Options) Result[A] {
	var found Found[A]
	var r Result[A]
	r.Judged = kind.Time(id, func() (err error) {
		found, err = m.Solve(ctx, p, o)
		return err
	})
	r.Unit, r.Proof, r.Stats = rules.Unit, found.Proof, found.Stats
	if errors.Is(r.Err, statespace.ErrHorizon) {
		r.Verdict = kind.Verdict{Status: kind.StatusUnknown, Reason: fmt.Sprintf("no plan within --max-steps %d", o.MaxSteps)}
		return r
	}
	search := kind.PlanSearch{Method: m.Name, Err: r.Err, NoPlan: found.Status == statespace.Unsolvable, Proof: found.Proof}
	var cost int
	if found.Status == statespace.Solved {
		search.Check = func() (err error) {
			cost, err = rules.Check(p, found.Plan)
			return err
		}
	}
	r.Verdict = search.Verdict(ctx)
	if r.Status == kind.StatusSolved {
		r.Actions, r.Crossings = found.Plan, len(found.Plan)
		r.words = func() []Step { return rules.Steps(p, found.Plan) }
		if rules.Unit != "" {
			r.Cost = &cost
		}
	}
	return r
}

// Answer says the result as compare shows it: the optimum, "optimal 17
// minutes" where plans have a cost, else "optimal 7 crossings", on which
// every engine must agree; "unsolvable (how)", which agree whatever the
// proof; or why it stopped. An error has no words: its message says it.
func (r Report) Answer() kind.Answer {
	switch r.Status {
	case kind.StatusSolved:
		words := fmt.Sprintf("optimal %d crossings", r.Crossings)
		if r.Cost != nil {
			words = fmt.Sprintf("optimal %d %s", *r.Cost, r.Unit)
		}
		return kind.Answer{Status: r.Status, Words: words, Key: words}
	case kind.StatusUnsolvable:
		return kind.Unsolvable("unsolvable (" + r.Reason + ")")
	}
	return kind.Answer{Status: r.Status, Words: r.Reason}
}

// Engine is one engine compare runs on crossing puzzles: a method and,
// for sat, a backend.
type Engine struct {
	// Name is the engine as compare and --engines call it: "astar",
	// "sat/gini".
	Name    string
	Method  string
	Backend string
}

// Options returns o with the engine's backend.
func (e Engine) Options(o Options) Options {
	if e.Backend != "" {
		o.Backend = e.Backend
	}
	return o
}

// groups are the names beside its own by which --engines picks the
// engine: "sat" and its backend's for a SAT engine.
func (e Engine) groups() []string {
	if e.Method != MethodSAT {
		return nil
	}
	return []string{MethodSAT, e.Backend}
}

// Engines lists the methods called names, the SAT method once per
// available backend (sat/BACKEND).
func Engines(names []string) []Engine {
	var out []Engine
	for _, m := range names {
		if m != MethodSAT {
			out = append(out, Engine{Name: m, Method: m})
			continue
		}
		for _, b := range backends.Available() {
			out = append(out, Engine{Name: MethodSAT + "/" + b, Method: MethodSAT, Backend: b})
		}
	}
	return out
}
