package jugskind

import (
	"context"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The default limits of "jugs solve", which compare uses too.
const (
	DefaultMaxStates  = 20_000_000 // bfs, about 1 GB
	DefaultMaxSteps   = 100
	DefaultMaxClauses = 4_000_000 // sat, about 1 GB
	// exploreStates is how many reachable states sat and cp count before
	// their first horizon with Complete: when every reachable state fits,
	// the depth of the breadth-first search bounds the horizon, so small
	// unsolvable puzzles are proven at once (a few milliseconds at most).
	exploreStates = 100_000
)

// Options are the settings of the methods, as the flags of "jugs solve"
// give them.
type Options struct {
	MaxStates  int  // bfs: the most states it stores; 0: no limit
	MaxSteps   int  // sat and cp: the horizon; 0: no limit
	MaxClauses int  // sat: the formula's size; 0: no limit
	Complete   bool // sat and cp: prove unsolvability by the reachable states and the longest path
	// Backend and Encoding are the SAT method's backend and how its
	// formula holds an amount of water.
	Backend  string
	Encoding jugs.Encoding
	// Timeouts says the work has a time limit: gophersat, which cannot be
	// stopped, then runs in a child process that the end of the work's
	// context kills.
	Timeouts bool
}

// DefaultOptions are the settings of "jugs solve" when no flag changes
// them, which compare uses.
func DefaultOptions() Options {
	enc, _ := jugs.ParseEncoding(jugs.EncodingNames()[0])
	return Options{MaxStates: DefaultMaxStates, MaxSteps: DefaultMaxSteps, MaxClauses: DefaultMaxClauses,
		Complete: true, Backend: backends.Gini, Encoding: enc}
}

// horizon returns the options of the bounded-horizon methods.
func (o Options) horizon() jugs.HorizonOptions {
	h := jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: o.MaxSteps, Complete: o.Complete, MaxClauses: o.MaxClauses},
		Encoding: o.Encoding}
	if o.Complete {
		h.ExploreStates = exploreStates
	}
	return h
}

// Outcome is what a method found.
type Outcome struct {
	// Solvable reports that Plan, not yet checked, reaches the goal;
	// otherwise the method proved that no plan does, and Proof says how.
	Solvable bool
	Plan     jugs.Plan
	Proof    string
	// Stats are the method's statistics, in the order it reports them.
	Stats kind.StatList
}

// Method is one way of solving jug puzzles: a plan with the fewest
// actions, or the proof that there is none.
type Method struct {
	Name string
	// Fits says whether the method can take a puzzle at all, before it
	// runs: the encodings of sat and cp hold an amount as one value per
	// unit of water, BFS as a number. Its error wraps jugs.ErrTooLarge.
	Fits  func(p *jugs.Puzzle, o Options) error
	Solve func(ctx context.Context, p *jugs.Puzzle, o Options) (Outcome, error)
}

// Methods lists the methods --method chooses from, by name.
func Methods() []Method { return slices.Clone(methods) }

// methods are the methods, made once: Methods gives a copy.
var methods = []Method{
	{Name: "bfs", Fits: func(*jugs.Puzzle, Options) error { return nil }, Solve: solveBFS},
	{Name: "cp", Fits: func(p *jugs.Puzzle, _ Options) error { return jugs.FitsCP(p) }, Solve: solveCP},
	{Name: "sat", Fits: func(p *jugs.Puzzle, o Options) error { return jugs.FitsSAT(p, o.horizon()) }, Solve: solveSAT},
}

// MethodNamed returns the method called name, and false when there is
// none.
func MethodNamed(name string) (Method, bool) { return kind.Named(methods, methodName, name) }

// MethodNames lists the names --method takes, sorted.
func MethodNames() []string { return slices.Sorted(slices.Values(kind.Names(methods, methodName))) }

func methodName(m Method) string { return m.Name }

// Engine is one engine compare runs on jug puzzles: a method and, for
// sat, a backend and an encoding.
type Engine struct {
	// Name is the engine as compare and --engines call it: "bfs", "cp",
	// "sat/gini" (the default encoding), "sat/gini/binary".
	Name     string
	Method   Method
	Backend  string
	Encoding jugs.Encoding
}

// Options returns o with the engine's backend and encoding.
func (e Engine) Options(o Options) Options {
	if e.Method.Name == "sat" {
		o.Backend, o.Encoding = e.Backend, e.Encoding
	}
	return o
}

// Engines lists BFS, the CP core, and SAT on every available backend in
// every encoding: sat/BACKEND is the default encoding, sat/BACKEND/ENCODING
// the others.
func Engines() []Engine {
	bfs, _ := MethodNamed("bfs")
	satMethod, _ := MethodNamed("sat")
	cpMethod, _ := MethodNamed("cp")
	engines := []Engine{{Name: "bfs", Method: bfs}}
	for _, b := range backends.Available() {
		for i, name := range jugs.EncodingNames() {
			enc, _ := jugs.ParseEncoding(name) // a name it lists
			e := Engine{Name: "sat/" + b, Method: satMethod, Backend: b, Encoding: enc}
			if i > 0 {
				e.Name += "/" + name
			}
			engines = append(engines, e)
		}
	}
	return append(engines, Engine{Name: "cp", Method: cpMethod})
}

// EngineNames lists the names --engines takes for jug puzzles: "sat" for
// every SAT engine, and each engine's own name.
func EngineNames() []string {
	names := []string{"sat"}
	for _, e := range Engines() {
		names = append(names, e.Name)
	}
	return names
}

func solveBFS(ctx context.Context, p *jugs.Puzzle, o Options) (Outcome, error) {
	r, err := jugs.BFS(ctx, p, jugs.Options{MaxStates: o.MaxStates})
	out := Outcome{Solvable: r.Solvable(), Plan: r.Plan, Stats: kind.StatList{
		{Name: "fast_path", Value: r.FastPath},
		{Name: "store", Value: string(r.Store)},
		{Name: "expanded", Value: r.Stats.Expanded},
		{Name: "generated", Value: r.Stats.Generated},
		{Name: "stored", Value: r.Stats.Stored},
	}}
	if r.FastPath {
		out.Proof = jugs.Impossible(p)
	} else {
		out.Proof = fmt.Sprintf("every reachable state explored (%d states)", r.Stats.Stored)
	}
	return out, err
}

func solveSAT(ctx context.Context, p *jugs.Puzzle, o Options) (Outcome, error) {
	s, err := backends.OpenFor(o.Backend, o.Timeouts)
	if err != nil {
		return Outcome{}, err
	}
	r, err := jugs.SolveSAT(ctx, p, s, o.horizon())
	t := r.Totals()
	out := Outcome{Solvable: r.Solvable(), Plan: r.Plan, Proof: horizonProof(p, r), Stats: kind.StatList{
		{Name: "backend", Value: o.Backend},
		{Name: "encoding", Value: o.Encoding.For(p).String()},
		{Name: "fast_path", Value: r.FastPath},
		{Name: "horizon", Value: r.Horizon},
		{Name: "vars", Value: t.Vars},
		{Name: "clauses", Value: t.Clauses},
		{Name: "solves", Value: t.SAT.Solves},
	}}
	if kind.ReportsSearch(t.SAT) {
		out.Stats = append(out.Stats, kind.Stat{Name: "conflicts", Value: t.SAT.Conflicts})
	}
	out.Stats = append(out.Stats, kind.Stat{Name: "rounds", Value: kind.RoundsOf(r.Rounds)})
	return out, err
}

func solveCP(ctx context.Context, p *jugs.Puzzle, o Options) (Outcome, error) {
	r, err := jugs.SolveCP(ctx, p, jugs.CPOptions{HorizonOptions: o.horizon()})
	t := r.Totals()
	out := Outcome{Solvable: r.Solvable(), Plan: r.Plan, Proof: horizonProof(p, r), Stats: kind.StatList{
		{Name: "fast_path", Value: r.FastPath},
		{Name: "horizon", Value: r.Horizon},
		{Name: "nodes", Value: t.CP.Nodes},
		{Name: "failures", Value: t.CP.Failures},
		{Name: "dead_ends", Value: r.DeadEnds},
		{Name: "rounds", Value: kind.RoundsOf(r.Rounds)},
	}}
	return out, err
}

// horizonProof says in words how a bounded-horizon method proved a puzzle
// unsolvable.
func horizonProof(p *jugs.Puzzle, r jugs.HorizonResult) string {
	switch {
	case r.FastPath:
		return jugs.Impossible(p)
	case r.Proof == statespace.ProofBound:
		return fmt.Sprintf("every reachable state explored (%d states); horizon bound from BFS: no shortest path is longer than %d steps, and no plan of at most %d reaches the goal",
			r.Reachable, r.LongestPath, r.LongestPath)
	}
	return fmt.Sprintf("no loop-free path has more than %d steps, and no plan of at most %d reaches the goal",
		r.LongestPath, r.LongestPath)
}
