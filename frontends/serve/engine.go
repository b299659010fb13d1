package serve

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/cli/aquariumcli"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
)

// Engine is one way of solving Aquarium puzzles: an entry of compare's
// engine list, which the race runs and /solve can name.
type Engine struct {
	Name string
	// RegionOnly marks an engine that models the region rule alone; it
	// does not run on pool-rule puzzles.
	RegionOnly bool
	// Solve looks for up to limit solutions of a valid puzzle under rule.
	// It returns what it found when ctx ends it, with ctx's error.
	Solve func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error)
}

// Outcome is what an engine found.
type Outcome struct {
	Solutions []aquarium.Solution
	// Exhausted reports that the engine explored every possibility, so
	// Solutions is complete when shorter than the limit.
	Exhausted bool
	// Stats are the engine's statistics, in the order it reports them.
	Stats []Stat
}

// Stat is one statistic of an engine.
type Stat struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// CompareEngines returns compare's list of Aquarium engines, the one
// "waterworks compare" runs: the CP core, clingo when installed, and every
// available SAT backend with every encoding it takes.
func CompareEngines() []Engine {
	var out []Engine
	for _, e := range aquariumcli.Engines() {
		out = append(out, Engine{Name: e.Name, RegionOnly: e.RegionOnly,
			Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
				got, err := e.Solve(ctx, p, rule, limit)
				o := Outcome{Solutions: got.Solutions, Exhausted: got.Exhausted}
				for _, st := range got.Stats {
					o.Stats = append(o.Stats, Stat{Name: st.Name, Value: st.Value})
				}
				return o, err
			}})
	}
	return out
}

// cpEngine is the CP core, the engine of every request but a race.
func cpEngine() Engine {
	return Engine{Name: "cp", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
		res, err := aqcp.SolveCP(ctx, p, rule, limit, cp.Limits{})
		return Outcome{Solutions: res.Solutions, Exhausted: res.Exhausted, Stats: []Stat{
			{"nodes", res.Stats.Nodes}, {"failures", res.Stats.Failures},
			{"propagations", res.Stats.Propagations}, {"depth", res.Stats.MaxDepth},
		}}, err
	}}
}

// Status words of answers, as the command line's JSON spells them.
const (
	statusSolved     = "solved"
	statusUnsolvable = "unsolvable"
	statusUnknown    = "unknown"
	statusError      = "error"
)

// result is one engine's run on one puzzle, with its solutions re-checked.
type result struct {
	Engine string  `json:"engine"`
	Status string  `json:"status"`
	Answer string  `json:"answer"` // "unique", "2+ solutions", "unsolvable", "timed out"
	MS     float64 `json:"ms"`
	Stats  []Stat  `json:"stats,omitempty"`
	Error  string  `json:"error,omitempty"`

	solutions []aquarium.Solution
	exhausted bool
}

// run runs engine e on p under ctx and judges its answer: every solution
// is re-checked by the independent checker, and one that fails makes the
// status an error, never an answer.
func run(ctx context.Context, e Engine, p *aquarium.Puzzle, rule aquarium.Rule, limit int) result {
	start := time.Now()
	out, err := e.Solve(ctx, p, rule, limit)
	r := result{Engine: e.Name, MS: float64(time.Since(start).Microseconds()) / 1000, Stats: out.Stats}
	for i, sol := range out.Solutions {
		if cerr := aquarium.Check(p, sol, rule); cerr != nil {
			r.Status, r.Answer = statusError, "wrong answer"
			r.Error = fmt.Sprintf("solution %d of %s fails the check: %v", i+1, e.Name, cerr)
			return r
		}
	}
	r.solutions, r.exhausted = out.Solutions, out.Exhausted
	n := len(out.Solutions)
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled), errors.Is(err, cp.ErrLimit):
		r.Status, r.Answer = statusUnknown, "timed out"
		if errors.Is(ctx.Err(), context.Canceled) {
			r.Answer = "cancelled"
		}
	case err != nil:
		r.Status, r.Answer, r.Error = statusError, "error", err.Error()
	case n == 0 && out.Exhausted:
		r.Status, r.Answer = statusUnsolvable, "unsolvable"
	case n == 0:
		r.Status, r.Answer = statusUnknown, "gave up"
	case n == 1 && out.Exhausted:
		r.Status, r.Answer = statusSolved, "unique"
	case out.Exhausted && n < limit:
		r.Status, r.Answer = statusSolved, fmt.Sprintf("%d solutions", n)
	default:
		r.Status, r.Answer = statusSolved, fmt.Sprintf("%d+ solutions", n)
	}
	return r
}

// settled reports whether a result is an answer the engines must agree on.
func (r result) settled() bool { return r.Status == statusSolved || r.Status == statusUnsolvable }

// engine returns the engine called name, the CP core for "".
func (s *Server) engine(name string) (Engine, error) {
	if name == "" {
		return cpEngine(), nil
	}
	var names []string
	for _, e := range s.cfg.Engines {
		if e.Name == name {
			return e, nil
		}
		names = append(names, e.Name)
	}
	return Engine{}, badRequest("unknown engine %q (want one of %v)", name, names)
}

// solveRequest asks for solutions of a puzzle.
type solveRequest struct {
	Puzzle *puzzleJSON `json:"puzzle"`
	// Engine names an engine of compare's list; "" is the CP core.
	Engine string `json:"engine"`
	// Limit is how many solutions to look for: 1 (the default) or 2,
	// which decides uniqueness.
	Limit int `json:"limit"`
	// Board asks for pictures of the solutions.
	Board bool `json:"board"`
}

// solveView is the answer of /solve: the engine's result, and its
// solutions as rows of '#' and '.'.
type solveView struct {
	result
	Unique    *bool       `json:"unique,omitempty"`
	Solutions []string    `json:"solutions,omitempty"` // each row-major, '#' and '.'
	Boards    []boardJSON `json:"boards,omitempty"`
	Message   string      `json:"message,omitempty"`
}

// solve answers /solve: it runs the engine the request names.
func (s *Server) solve(ctx context.Context, req *solveRequest, p *aquarium.Puzzle, rule aquarium.Rule) (any, error) {
	if req.Limit == 0 {
		req.Limit = 1
	}
	if req.Limit < 1 || req.Limit > 2 {
		return nil, badRequest("limit %d: want 1 or 2", req.Limit)
	}
	e, err := s.engine(req.Engine)
	if err != nil {
		return nil, err
	}
	return s.busy(func() (any, error) {
		r := run(ctx, e, p, rule, req.Limit)
		v := solveView{result: r}
		if r.Status == statusUnknown && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			v.Message = fmt.Sprintf("stopped at the server's limit of %v per request", s.lim.Deadline)
		}
		if req.Limit == 2 && r.settled() && (len(r.solutions) == 2 || r.exhausted) {
			u := len(r.solutions) == 1
			v.Unique = &u
		}
		for _, sol := range r.solutions {
			v.Solutions = append(v.Solutions, cellString(sol))
			if req.Board {
				b, err := board(p, sol)
				if err != nil {
					return nil, err
				}
				v.Boards = append(v.Boards, b)
			}
		}
		return v, nil
	})
}
