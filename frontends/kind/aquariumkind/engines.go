package aquariumkind

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// Solver looks for up to limit solutions (0: all) of a valid puzzle under
// rule. When ctx ends it returns what it found, with ctx's error.
type Solver func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error)

// Outcome is what an engine found.
type Outcome struct {
	// Solutions are not checked: Run checks each before it counts.
	Solutions []aquarium.Solution
	// Exhausted reports that the engine explored every possibility, so
	// Solutions is complete when shorter than the limit.
	Exhausted bool
	// Stats are the engine's statistics, in the order it reports them.
	Stats kind.StatList
}

// Engine is one way of solving Aquarium puzzles.
type Engine struct {
	// Name is the engine as compare, --engines and the page call it:
	// "cp", "clingo", "gini/totalizer", "dimacs:cadical/sortnet", "race".
	Name string
	// Backend is the --backend that picks it ("gini"), which --engines
	// also takes for the backend with all its encodings.
	Backend string
	// RegionOnly marks an engine that models the region rule alone
	// (clingo's answer-set program); it sits out pool-rule puzzles.
	RegionOnly bool
	Solve      Solver
}

// Takes reports whether the engine models rule.
func (e Engine) Takes(rule aquarium.Rule) bool { return !e.RegionOnly || rule == aquarium.RegionRule }

// The engines that are not SAT backends.
const (
	CPBackend     = "cp"
	ClingoBackend = aqasp.Clingo
	// RaceBackend runs several engines at once on the same puzzle; the
	// first complete answer wins (see Open).
	RaceBackend = "race"
)

// BackendNames lists the engines --backend chooses from.
func BackendNames() []string {
	return []string{CPBackend, backends.Gini, backends.Gophersat, backends.DIMACS + "CMD", ClingoBackend, RaceBackend, MiniZincPrefix + "SOLVER"}
}

// Options pick an engine as --backend and --encoding do.
type Options struct {
	// Backend is cp, clingo, race, minizinc:SOLVER, or a SAT backend:
	// gini, gophersat or dimacs:CMD.
	Backend string
	// Encoding is how a SAT backend gets the row and column counts (see
	// sat.Encodings); "" is the backend's best: native constraints for
	// gophersat, the auto encoding for the others.
	Encoding string
	// Timeouts says the work has a time limit: gophersat, which cannot be
	// stopped, then runs in a child process that the end of the work's
	// context kills (the program must call backends.ServeIfWorker first).
	// Without, it runs in this process, which an interrupt ends anyway.
	Timeouts bool
}

// Open returns the engine the options name. An unknown backend is an
// error that wraps backends.ErrUnknown; minizinc:SOLVER where minizinc or
// the solver is missing, one that wraps ErrUnavailable.
func Open(o Options) (Engine, error) {
	switch solver, isMiniZinc := strings.CutPrefix(o.Backend, MiniZincPrefix); {
	case isMiniZinc && o.Encoding != "":
		return Engine{}, fmt.Errorf("--encoding applies to SAT backends, not %s", o.Backend)
	case isMiniZinc:
		if err := MiniZincAvailable(context.Background(), solver); err != nil {
			return Engine{}, err
		}
		return MiniZinc(solver), nil
	}
	switch {
	case o.Backend != CPBackend && o.Backend != ClingoBackend && o.Backend != RaceBackend:
		return openSAT(o)
	case o.Encoding != "":
		return Engine{}, fmt.Errorf("--encoding applies to SAT backends, not %s", o.Backend)
	case o.Backend == CPBackend:
		return CP(), nil
	case o.Backend == ClingoBackend && !aqasp.Available():
		return Engine{}, fmt.Errorf("backend clingo: program not found (Debian package gringo)")
	case o.Backend == ClingoBackend:
		return clingo(), nil
	}
	engines, err := raceEngines(runtime.NumCPU())
	if err != nil {
		return Engine{}, err
	}
	return Engine{Name: RaceBackend, Backend: RaceBackend, Solve: race(engines)}, nil
}

// openSAT returns the SAT backend the options name, on the Aquarium SAT
// encoding with its linear constraints written by the options' encoding.
func openSAT(o Options) (Engine, error) {
	if _, err := backends.Open(o.Backend); err != nil {
		return Engine{}, err
	}
	enc := sat.Auto
	if o.Backend == backends.Gophersat {
		enc = sat.Native
	}
	name := o.Backend
	if o.Encoding != "" {
		var err error
		if enc, err = sat.ParseEncoding(o.Encoding); err != nil {
			return Engine{}, err
		}
		name += "/" + enc.String()
	}
	if !backends.Supports(o.Backend, enc) {
		return Engine{}, fmt.Errorf("backend %s does not take the %v encoding", o.Backend, enc)
	}
	open := func() (sat.Solver, error) { return backends.OpenFor(o.Backend, o.Timeouts) }
	return Engine{Name: name, Backend: o.Backend, Solve: solveSAT(open, enc)}, nil
}

// Engines lists compare's engines, which the web page's race runs too: the
// CP core, clingo when it is installed, and every available SAT backend
// with every encoding it takes. timeouts is as for Options.
func Engines(timeouts bool) []Engine {
	engines := []Engine{CP()}
	if aqasp.Available() {
		engines = append(engines, clingo())
	}
	for _, b := range backends.Available() {
		for _, enc := range sat.Encodings() {
			if backends.Supports(b, enc) {
				open := func() (sat.Solver, error) { return backends.OpenFor(b, timeouts) }
				engines = append(engines, Engine{Name: b + "/" + enc.String(), Backend: b, Solve: solveSAT(open, enc)})
			}
		}
	}
	return engines
}

// EngineNames lists the names --engines takes for Aquarium: each engine's,
// and each backend's for all its encodings.
func EngineNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, e := range Engines(false) {
		for _, name := range []string{e.Name, e.Backend} {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	return names
}

// CP is the CP core, the engine of every command and request that names
// none.
func CP() Engine { return Engine{Name: CPBackend, Backend: CPBackend, Solve: SolveCP} }

// clingo is clingo's engine, when aqasp.Available says it is installed.
func clingo() Engine {
	return Engine{Name: ClingoBackend, Backend: ClingoBackend, RegionOnly: true, Solve: solveClingo}
}

// SolveCP is the CP core's Solver.
func SolveCP(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
	res, err := aqcp.SolveCP(ctx, p, rule, limit, cp.Limits{})
	return Outcome{Solutions: res.Solutions, Exhausted: res.Exhausted, Stats: CPStats(res.Stats)}, err
}

// CPStats are the CP core's statistics, in the order the engines report
// them.
func CPStats(s cp.Stats) kind.StatList {
	return kind.StatList{
		{Name: "nodes", Value: s.Nodes},
		{Name: "failures", Value: s.Failures},
		{Name: "propagations", Value: s.Propagations},
		{Name: "depth", Value: s.MaxDepth},
	}
}

// solveClingo is clingo's engine (aqasp.Solve).
func solveClingo(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
	res, err := aqasp.Solve(ctx, p, rule, limit)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Solutions: res.Solutions, Exhausted: res.Exhausted,
		Stats: kind.StatList{{Name: "models", Value: res.Models}, {Name: "clingo_seconds", Value: res.Seconds}}}, nil
}

// solveSAT returns the engine that encodes a puzzle with enc and
// enumerates its solutions with a SAT solver that open makes.
func solveSAT(open func() (sat.Solver, error), enc sat.Encoding) Solver {
	return func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
		m, err := aqsat.EncodeSATContext(ctx, p, rule)
		if err != nil {
			return Outcome{}, err
		}
		// Encoding and loading a big puzzle take a while before the
		// solver's own deadline checks: check the context in between.
		f, err := m.Formula.LowerContext(ctx, enc)
		if err != nil {
			return Outcome{}, err
		}
		s, err := open()
		if err != nil {
			return Outcome{}, err
		}
		if err := sat.LoadContext(ctx, s, f); err != nil {
			return Outcome{}, err
		}
		sols, exhausted, err := m.Solutions(ctx, s, limit)
		stats := kind.StatList{
			{Name: "encoding", Value: enc.String()},
			{Name: "variables", Value: f.NumVars()},
			{Name: "clauses", Value: f.NumClauses()},
			{Name: "linears", Value: f.NumLinears()},
		}
		return Outcome{Solutions: sols, Exhausted: exhausted, Stats: append(stats, satStats(s)...)}, err
	}
}

// satStats are a SAT solver's own statistics: its solves, and its search
// when it counts it (kind.ReportsSearch).
func satStats(s sat.Solver) kind.StatList {
	r, ok := s.(sat.StatsReporter)
	if !ok {
		return nil
	}
	st := r.Stats()
	stats := kind.StatList{{Name: "solves", Value: st.Solves}}
	if kind.ReportsSearch(st) {
		stats = append(stats, kind.Stat{Name: "conflicts", Value: st.Conflicts},
			kind.Stat{Name: "decisions", Value: st.Decisions}, kind.Stat{Name: "propagations", Value: st.Propagations})
	}
	return stats
}
