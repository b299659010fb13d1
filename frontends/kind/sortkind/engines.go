package sortkind

import (
	"context"
	"slices"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/watersort"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The default limits of "sort solve", which compare uses too.
const (
	// DefaultMaxStates bounds the states a search stores (about 150 bytes
	// each at 40 bottles).
	DefaultMaxStates = 20_000_000
	// DefaultMaxMoves is the SAT method's horizon: above the longest
	// optimal plan of the corpus (76 moves).
	DefaultMaxMoves = 100
)

// MethodSAT names the bounded-horizon SAT method.
const MethodSAT = "sat"

// Options are the settings of the methods, as the flags of "sort solve"
// give them.
type Options struct {
	Rule      watersort.Rule
	MaxStates int // the searches: the most states stored; 0: no limit
	// MaxMoves is the SAT method's horizon: past it, its answer is
	// unknown, since it cannot prove a level unsolvable.
	MaxMoves int
	// Backend and Encoding are the SAT method's backend and its encoding
	// beyond the moves.
	Backend  string
	Encoding watersort.SATEncoding
	// Timeouts says the work has a time limit: gophersat, which cannot be
	// stopped, then runs in a child process that the end of the work's
	// context kills.
	Timeouts bool
}

// DefaultOptions are the settings of "sort solve" when no flag changes
// them, which compare uses.
func DefaultOptions() Options {
	return Options{Rule: watersort.Whole, MaxStates: DefaultMaxStates, MaxMoves: DefaultMaxMoves,
		Backend: backends.Gini, Encoding: watersort.DefaultSATEncoding}
}

// Stats are a method's statistics, as the records of "sort solve" print
// them: the search's (states expanded and stored, peak memory) or the SAT
// method's (the start's lower bound, each horizon tried and the formula's
// size at the last one).
type Stats struct {
	kind.SearchStats
	LowerBound *int        `json:"lower_bound,omitempty"`
	Rounds     kind.Rounds `json:"rounds,omitempty"`
	Variables  int         `json:"variables,omitempty"`
	Clauses    int         `json:"clauses,omitempty"`
}

// StatList returns the statistics compare prints: the search's or the SAT
// method's.
func (s Stats) StatList() kind.StatList {
	if s.LowerBound == nil {
		return kind.StatList{{Name: "expanded", Value: s.Expanded}, {Name: "stored", Value: s.Stored}, {Name: "peak_bytes", Value: s.PeakBytes}}
	}
	return kind.StatList{{Name: "lower_bound", Value: *s.LowerBound}, {Name: "horizons", Value: len(s.Rounds)},
		{Name: "variables", Value: s.Variables}, {Name: "clauses", Value: s.Clauses}}
}

// Outcome is what a method found, before its plan is checked.
type Outcome struct {
	// Found is the method's own answer: Solved with Plan, Unsolvable when
	// a search explored every reachable position, Unknown when it
	// stopped.
	Found watersort.Status
	Plan  watersort.Plan
	// Optimal reports that no shorter plan exists (every method but
	// greedy).
	Optimal bool
	Stats   Stats
}

// Method is one way of solving Water Sort levels.
type Method struct {
	Name  string
	Solve func(ctx context.Context, p *watersort.Puzzle, o Options) (Outcome, error)
}

// Methods lists the methods --method chooses from, in the order the
// help names them: the searches, then the SAT method.
func Methods() []Method { return slices.Clone(methods) }

// methods are the methods, made once: Methods gives a copy.
var methods = func() []Method {
	var all []Method
	for _, m := range []watersort.Method{watersort.BFS, watersort.AStar, watersort.Greedy} {
		all = append(all, Method{Name: m.String(), Solve: search(m)})
	}
	return append(all, Method{Name: MethodSAT, Solve: solveSAT})
}()

// MethodNamed returns the method called name, and false when there is
// none.
func MethodNamed(name string) (Method, bool) { return kind.Named(methods, methodName, name) }

// MethodNames lists the names --method takes, in the order of Methods.
func MethodNames() []string { return kind.Names(methods, methodName) }

func methodName(m Method) string { return m.Name }

// Engine is one engine compare runs on Water Sort levels: a method and,
// for sat, a backend and an encoding.
type Engine struct {
	// Name is the engine as compare and --engines call it: "bfs",
	// "sat/gini" (the default encoding), "sat/gini/moves".
	Name     string
	Method   Method
	Backend  string
	Encoding watersort.SATEncoding
}

// Options returns o with the engine's backend and encoding.
func (e Engine) Options(o Options) Options {
	if e.Method.Name == MethodSAT {
		o.Backend, o.Encoding = e.Backend, e.Encoding
	}
	return o
}

// groups are the names beside its own by which --engines picks the
// engine: "sat" and its backend's for a SAT engine.
func (e Engine) groups() []string {
	if e.Method.Name != MethodSAT {
		return nil
	}
	return []string{MethodSAT, e.Backend}
}

// Engines lists the searches and the SAT method on every available
// backend in the default encoding (sat/BACKEND); on gini also in every
// other encoding (sat/gini/ENCODING), which keeps compare's runs few.
func Engines() []Engine {
	var engines []Engine
	for _, m := range Methods() {
		if m.Name != MethodSAT {
			engines = append(engines, Engine{Name: m.Name, Method: m})
			continue
		}
		for _, b := range backends.Available() {
			for i, enc := range watersort.SATEncodings() {
				if i == 0 || b == backends.Gini {
					engines = append(engines, Engine{Name: engineName(MethodSAT+"/"+b, enc), Method: m, Backend: b, Encoding: enc})
				}
			}
		}
	}
	return engines
}

// engineName names the SAT engine on a backend (sat/BACKEND) with an
// encoding: the default keeps the plain name, the others are
// sat/BACKEND/ENCODING.
func engineName(backend string, enc watersort.SATEncoding) string {
	if enc == watersort.DefaultSATEncoding {
		return backend
	}
	return backend + "/" + enc.String()
}

// EngineNames lists the names compare's --engines takes for Water Sort:
// each method, "sat", sat/BACKEND and each backend's own name, and the
// SAT method on gini in each encoding but the default.
func EngineNames() []string {
	names := kind.EngineNames(MethodNames()...)
	for _, enc := range watersort.SATEncodings()[1:] {
		names = append(names, engineName(MethodSAT+"/"+backends.Gini, enc))
	}
	return names
}

// search is native search by method m.
func search(m watersort.Method) func(ctx context.Context, p *watersort.Puzzle, o Options) (Outcome, error) {
	return func(ctx context.Context, p *watersort.Puzzle, o Options) (Outcome, error) {
		res, err := watersort.Solve(ctx, p, watersort.Options{Rule: o.Rule, Method: m, MaxStates: o.MaxStates})
		return Outcome{Found: res.Status, Plan: res.Plan, Optimal: res.Optimal,
			Stats: Stats{SearchStats: kind.SearchStatsOf(res.Stats)}}, err
	}
}

// solveSAT is the bounded-horizon SAT method up to o.MaxMoves moves, with
// native cardinality constraints on gophersat and the totalizer on the
// other backends.
func solveSAT(ctx context.Context, p *watersort.Puzzle, o Options) (Outcome, error) {
	s, err := backends.OpenFor(o.Backend, o.Timeouts)
	if err != nil {
		return Outcome{}, err
	}
	enc := sat.Totalizer
	if o.Backend == backends.Gophersat {
		enc = sat.Native
	}
	res, err := watersort.SolveSAT(ctx, p, s, watersort.SATOptions{Rule: o.Rule, MaxMoves: o.MaxMoves, Encoding: enc, Variant: o.Encoding})
	out := Outcome{Found: res.Status, Plan: res.Plan, Optimal: res.Status == watersort.Solved}
	out.Stats.LowerBound = &res.LowerBound
	out.Stats.Rounds = kind.RoundsOf(res.Rounds)
	if n := len(res.Rounds); n > 0 {
		out.Stats.Variables, out.Stats.Clauses = res.Rounds[n-1].Vars, res.Rounds[n-1].Clauses
	}
	return out, err
}
