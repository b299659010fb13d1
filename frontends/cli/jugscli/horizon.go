package jugscli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The default limits of "jugs solve", which compare uses too.
const (
	defaultMaxStates  = 20_000_000 // bfs, about 1 GB
	defaultMaxSteps   = 100
	defaultMaxClauses = 4_000_000 // sat, about 1 GB
)

// options returns the engine settings of the flags.
func (f *jugsSolveFlags) options() jugsOptions {
	return jugsOptions{maxStates: f.maxStates, maxSteps: f.maxSteps, maxClauses: f.maxClauses, complete: f.complete,
		backend: f.backend, timeouts: f.Timeout > 0}
}

// horizon returns the options of the bounded-horizon engines.
func (o jugsOptions) horizon() jugs.HorizonOptions {
	return jugs.HorizonOptions{MaxSteps: o.maxSteps, Complete: o.complete, MaxClauses: o.maxClauses}
}

// jugsMethodFlags names, for each flag that only some methods read, those
// methods.
var jugsMethodFlags = map[string][]string{
	"max-states":  {"bfs"},
	"max-steps":   {"sat", "cp"},
	"max-clauses": {"sat"},
	"complete":    {"sat", "cp"},
	"backend":     {"sat"},
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
	out := jugsOutcome{solvable: r.Solvable, plan: r.Plan, proof: horizonProof(p, r.HorizonStats), stats: clikit.StatList{
		{Name: "backend", Value: o.backend},
		{Name: "fast_path", Value: r.FastPath},
		{Name: "horizon", Value: r.Horizon},
		{Name: "vars", Value: r.Vars},
		{Name: "clauses", Value: r.Clauses},
		{Name: "solves", Value: r.Solver.Solves},
	}}
	if clikit.ReportsSearch(r.Solver) {
		out.stats = append(out.stats, clikit.Stat{Name: "conflicts", Value: r.Solver.Conflicts})
	}
	rounds := make(roundStats, len(r.Rounds))
	for i, rd := range r.Rounds {
		rounds[i] = roundStat{K: rd.K, MS: clikit.Millis(rd.Time), Clauses: rd.Clauses, Conflicts: rd.Solver.Conflicts}
	}
	out.stats = append(out.stats, clikit.Stat{Name: "rounds", Value: rounds})
	return out, err
}

func solveJugsCP(ctx context.Context, p *jugs.Puzzle, o jugsOptions) (jugsOutcome, error) {
	r, err := jugs.SolveCP(ctx, p, jugs.CPOptions{HorizonOptions: o.horizon()})
	out := jugsOutcome{solvable: r.Solvable, plan: r.Plan, proof: horizonProof(p, r.HorizonStats), stats: clikit.StatList{
		{Name: "fast_path", Value: r.FastPath},
		{Name: "horizon", Value: r.Horizon},
		{Name: "nodes", Value: r.Search.Nodes},
		{Name: "failures", Value: r.Search.Failures},
		{Name: "dead_ends", Value: r.DeadEnds},
	}}
	rounds := make(roundStats, len(r.Rounds))
	for i, rd := range r.Rounds {
		rounds[i] = roundStat{K: rd.K, MS: clikit.Millis(rd.Time), Nodes: rd.Search.Nodes}
	}
	out.stats = append(out.stats, clikit.Stat{Name: "rounds", Value: rounds})
	return out, err
}

// horizonProof says in words how a bounded-horizon engine proved a puzzle
// unsolvable.
func horizonProof(p *jugs.Puzzle, st jugs.HorizonStats) string {
	if st.FastPath {
		return jugs.Impossible(p)
	}
	return fmt.Sprintf("no loop-free path has more than %d steps, and no plan of at most %d reaches the goal",
		st.LongestPath, st.LongestPath)
}

// roundStat is one round k of a bounded-horizon engine: its time and, for
// sat, the clauses and conflicts, for cp the search nodes.
type roundStat struct {
	K         int     `json:"k"`
	MS        float64 `json:"ms"`
	Clauses   int     `json:"clauses,omitempty"`
	Conflicts int64   `json:"conflicts,omitempty"`
	Nodes     int64   `json:"nodes,omitempty"`
}

// roundStats are the rounds of a bounded-horizon engine, in order of k.
type roundStats []roundStat

// String lists the milliseconds of each round, "k:ms" separated by
// commas, for text and CSV statistics.
func (rs roundStats) String() string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = strconv.Itoa(r.K) + ":" + strconv.FormatFloat(r.MS, 'f', 3, 64)
	}
	return strings.Join(parts, ",")
}
