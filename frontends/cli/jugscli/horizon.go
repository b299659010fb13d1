package jugscli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The default limits of "jugs solve", which compare uses too.
const (
	defaultMaxStates  = 20_000_000 // bfs, about 1 GB
	defaultMaxSteps   = 100
	defaultMaxClauses = 4_000_000 // sat, about 1 GB
	// exploreStates is how many reachable states sat and cp count before
	// their first horizon with --complete: when every reachable state fits, the depth of
	// the breadth-first search bounds the horizon, so small unsolvable
	// puzzles are proven at once (a few milliseconds at most).
	exploreStates = 100_000
)

// options returns the engine settings of the flags.
func (f *jugsSolveFlags) options() jugsOptions {
	enc, _ := jugs.ParseEncoding(f.encoding) // checked when the flags were parsed
	return jugsOptions{maxStates: f.maxStates, maxSteps: f.maxSteps, maxClauses: f.maxClauses, complete: f.complete,
		backend: f.backend, encoding: enc, timeouts: f.Timeout > 0}
}

// horizon returns the options of the bounded-horizon engines.
func (o jugsOptions) horizon() jugs.HorizonOptions {
	h := jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: o.maxSteps, Complete: o.complete, MaxClauses: o.maxClauses},
		Encoding: o.encoding}
	if o.complete {
		h.ExploreStates = exploreStates
	}
	return h
}

// jugsMethodFlags names, for each flag that only some methods read, those
// methods.
var jugsMethodFlags = map[string][]string{
	"max-states":  {"bfs"},
	"max-steps":   {"sat", "cp"},
	"max-clauses": {"sat"},
	"complete":    {"sat", "cp"},
	"backend":     {"sat"},
	"encoding":    {"sat"},
}

// checkJugsMethodFlags refuses a flag given to a method that does not read
// it, and an unknown SAT backend; set holds the flags given.
func checkJugsMethodFlags(method, backend string, set map[string]bool) error {
	for name, methods := range jugsMethodFlags {
		if set[name] && !clikit.Contains(methods, method) {
			return fmt.Errorf("--%s applies to --method %s, not %s", name, strings.Join(methods, " or "), method)
		}
	}
	if method != "sat" {
		return nil
	}
	if _, err := backends.Open(backend); err != nil {
		if errors.Is(err, backends.ErrUnknown) {
			return clikit.UnknownBackend(backend, append(backends.Builtin(), backends.DIMACS+"CMD"))
		}
		return err
	}
	return nil
}

func solveJugsSAT(ctx context.Context, p *jugs.Puzzle, o jugsOptions) (jugsOutcome, error) {
	s, err := backends.OpenFor(o.backend, o.timeouts)
	if err != nil {
		return jugsOutcome{}, err
	}
	r, err := jugs.SolveSAT(ctx, p, s, o.horizon())
	t := r.Totals()
	out := jugsOutcome{solvable: r.Solvable(), plan: r.Plan, proof: horizonProof(p, r), stats: kind.StatList{
		{Name: "backend", Value: o.backend},
		{Name: "encoding", Value: o.encoding.For(p).String()},
		{Name: "fast_path", Value: r.FastPath},
		{Name: "horizon", Value: r.Horizon},
		{Name: "vars", Value: t.Vars},
		{Name: "clauses", Value: t.Clauses},
		{Name: "solves", Value: t.SAT.Solves},
	}}
	if kind.ReportsSearch(t.SAT) {
		out.stats = append(out.stats, kind.Stat{Name: "conflicts", Value: t.SAT.Conflicts})
	}
	out.stats = append(out.stats, kind.Stat{Name: "rounds", Value: kind.RoundsOf(r.Rounds)})
	return out, err
}

func solveJugsCP(ctx context.Context, p *jugs.Puzzle, o jugsOptions) (jugsOutcome, error) {
	r, err := jugs.SolveCP(ctx, p, jugs.CPOptions{HorizonOptions: o.horizon()})
	t := r.Totals()
	out := jugsOutcome{solvable: r.Solvable(), plan: r.Plan, proof: horizonProof(p, r), stats: kind.StatList{
		{Name: "fast_path", Value: r.FastPath},
		{Name: "horizon", Value: r.Horizon},
		{Name: "nodes", Value: t.CP.Nodes},
		{Name: "failures", Value: t.CP.Failures},
		{Name: "dead_ends", Value: r.DeadEnds},
		{Name: "rounds", Value: kind.RoundsOf(r.Rounds)},
	}}
	return out, err
}

// horizonProof says in words how a bounded-horizon engine proved a puzzle
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
