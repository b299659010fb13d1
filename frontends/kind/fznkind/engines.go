package fznkind

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
	"github.com/waterworks-solver/waterworks/models/fzn/fznsat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// Options say what an engine is to look for in a model, as the standard
// flags of a FlatZinc solver do.
type Options struct {
	// All asks a satisfaction problem for every solution, and an
	// optimisation for every improving one (-a).
	All bool
	// Limit stops after this many solutions (-n); 0 is no limit beyond
	// what All says (one solution of a satisfaction problem without it).
	Limit int
	// Free lets the engine ignore the search annotations (-f).
	Free bool
	// Seed seeds what the engine draws at random (-r).
	Seed uint64
	// Timeouts says that the run's context may end by a deadline, not
	// only by an interrupt that ends the program (see backends.OpenFor).
	Timeouts bool
}

// A Solver solves one model under ctx, handing each solution to
// onSolution as it finds it (for optimisation, each improving one), and
// returns how the search ended. When ctx ends, it returns promptly, with
// the solutions found so far handed out.
type Solver func(ctx context.Context, m *fzn.Model, o Options, onSolution func(fzn.Solution)) (fzn.Result, error)

// Engine is a FlatZinc engine by name.
type Engine struct {
	// Name is what --backend and compare's --engines call it: "sat:gini",
	// "gecode", "race".
	Name string
	// Group is the group --engines may name it by ("sat"), or "".
	Group string
	Solve Solver
	// Seeded reports whether the engine heeds Options.Seed.
	Seeded bool
	// Members names the engines a race runs, in order (its statistic
	// raceWinner is an index into them); nil for other engines.
	Members []string
}

// Engine names that are not a SAT backend's.
const (
	CPName      = "cp"
	CPLearnName = "cp-learn"
	GecodeName  = "gecode"
	RaceName    = "race"
	satPrefix   = "sat:"
)

// DefaultEngine is the engine "waterworks fzn" runs without --backend:
// the CP core with fzncp's default engine.
var DefaultEngine = cpName(fzncp.DefaultEngine)

// Engines lists the engines compare runs, in order: the CP core plain
// and with learning, a SAT engine for every available backend, then
// gecode when fzn-gecode is installed.
func Engines() []Engine {
	engines := []Engine{CP(fzncp.Plain), CP(fzncp.Learning)}
	for _, b := range backends.Available() {
		engines = append(engines, SAT(b))
	}
	if _, err := minizinc.FindFznGecode(); err == nil {
		engines = append(engines, Gecode())
	}
	return engines
}

// EngineNames lists the names compare's --engines takes for FlatZinc:
// every engine's own and its group's.
func EngineNames() []string {
	var names []string
	for _, e := range Engines() {
		names = append(names, e.Name)
	}
	for _, group := range []string{"cp", "sat"} {
		if !slices.Contains(names, group) { // the engine cp is its group's name too
			names = append(names, group)
		}
	}
	return names
}

// cpName is the name of the CP engine e.
func cpName(e fzncp.Engine) string {
	if e == fzncp.Learning {
		return CPLearnName
	}
	return CPName
}

// CP returns the engine that builds the model on the CP core with fzncp
// and searches it with e: cp (Plain) or cp-learn (Learning, conflict
// learning over integer domains).
func CP(e fzncp.Engine) Engine {
	return Engine{Name: cpName(e), Group: "cp", Seeded: true, Solve: func(ctx context.Context, m *fzn.Model, o Options, onSolution func(fzn.Solution)) (fzn.Result, error) {
		built, err := fzncp.Build(ctx, m, fzncp.Options{})
		if err != nil {
			if ctx.Err() != nil {
				return fzn.Result{}, nil // stopped while building: the status says so
			}
			return fzn.Result{}, err
		}
		return fzncp.Solve(ctx, built, fzncp.SolveOptions{All: o.All, MaxSolutions: o.Limit, Free: o.Free, Seed: o.Seed, Engine: e}, onSolution)
	}}
}

// SAT returns the engine that encodes the model with fznsat and solves
// it with the SAT backend called backend (a name backends.Open takes).
func SAT(backend string) Engine {
	return Engine{Name: satPrefix + backend, Group: "sat", Solve: func(ctx context.Context, m *fzn.Model, o Options, onSolution func(fzn.Solution)) (fzn.Result, error) {
		s, err := backends.OpenFor(backend, o.Timeouts)
		if err != nil {
			return fzn.Result{}, err
		}
		return fznsat.Solve(ctx, m, s, fznsat.SolveOptions{All: o.All, Limit: o.Limit}, onSolution)
	}}
}

// ErrUnsupported is wrapped by the error of an engine that cannot take a
// model: a constraint it does not know. (fzncp's and fznsat's own errors
// wrap their ErrUnsupported; IsUnsupported knows all three.)
var ErrUnsupported = errors.New("the engine does not support the model")

// IsUnsupported reports whether err says that an engine cannot take a
// model, rather than that it failed on it.
func IsUnsupported(err error) bool {
	return errors.Is(err, ErrUnsupported) || errors.Is(err, fznsat.ErrUnsupported) || errors.Is(err, fzncp.ErrUnsupported)
}

// ErrUnknownEngine is wrapped by the error of Open for a name that names
// no engine.
var ErrUnknownEngine = errors.New("unknown engine")

// Names lists the names Open takes that are not of a SAT backend's own
// form: the available engines and race.
func Names() []string {
	return append(kind.Names(Engines(), func(e Engine) string { return e.Name }), RaceName)
}

// Open returns the engine called name: one of Engines (cp, cp-learn),
// "sat:BACKEND" for
// any backend backends.Open takes (sat:dimacs:kissat), gecode (an error
// when fzn-gecode is not installed), or race, the race of RaceEngines
// for the number of cores.
func Open(name string) (Engine, error) {
	switch {
	case name == CPName:
		return CP(fzncp.Plain), nil
	case name == CPLearnName:
		return CP(fzncp.Learning), nil
	case name == RaceName:
		return Race(RaceEngines(runtime.GOMAXPROCS(0))...), nil
	case name == GecodeName:
		if _, err := minizinc.FindFznGecode(); err != nil {
			return Engine{}, err
		}
		return Gecode(), nil
	case strings.HasPrefix(name, satPrefix):
		backend := strings.TrimPrefix(name, satPrefix)
		if _, err := backends.Open(backend); err != nil {
			return Engine{}, fmt.Errorf("%s: %w", name, err)
		}
		return SAT(backend), nil
	}
	return Engine{}, fmt.Errorf("%w %q", ErrUnknownEngine, name)
}

// RaceEngines returns the engines a race on n cores runs: the first n of
// the race's list, and at least two. The list puts different approaches
// first, since they win on different models: the CP core with learning
// (the strongest alone), the CP core's plain search, the SAT route on
// gini, the SAT route on gophersat.
func RaceEngines(n int) []Engine {
	list := []Engine{CP(fzncp.Learning), CP(fzncp.Plain), SAT(backends.Gini), SAT(backends.Gophersat)}
	return list[:min(len(list), max(n, 2))]
}
