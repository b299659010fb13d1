package serve

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Stat is one statistic of an engine, as the page reads it.
type Stat struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// statsOf converts an engine's statistics for the page.
func statsOf(l kind.StatList) []Stat {
	var out []Stat
	for _, st := range l {
		out = append(out, Stat{Name: st.Name, Value: st.Value})
	}
	return out
}

// result is one engine's run on one puzzle, as the page shows it.
type result struct {
	Engine string  `json:"engine"`
	Status string  `json:"status"`
	Answer string  `json:"answer"` // "unique", "2+ solutions", "unsolvable", "timed out"
	MS     float64 `json:"ms"`
	Stats  []Stat  `json:"stats,omitempty"`
	Error  string  `json:"error,omitempty"`

	key       string // what the engines that settled the question must agree on
	solutions []aquarium.Solution
	exhausted bool
}

// run runs engine e on p under ctx (aquariumkind.Run, which re-checks
// every solution with the independent checker: one that fails makes the
// status an error, never an answer) and puts the result in words.
func run(ctx context.Context, e aquariumkind.Engine, p *aquarium.Puzzle, rule aquarium.Rule, limit int) result {
	res := aquariumkind.Run(ctx, e, aquariumkind.Task{Puzzle: p, Rule: rule, Limit: limit})
	a := res.Answer(limit)
	r := result{Engine: e.Name, Status: string(a.Status), Answer: a.Words, MS: kind.Millis(res.Elapsed), Stats: statsOf(res.Stats),
		key: a.Key, solutions: res.Solutions, exhausted: res.Exhausted}
	if res.Status == kind.StatusError {
		r.Error = res.Err.Error()
	}
	return r
}

// settled reports whether a result is an answer the engines must agree on.
func (r result) settled() bool { return r.key != "" }

// vote is the result's part in the agreement check.
func (r result) vote() kind.Vote {
	return kind.Vote{Engine: r.Engine, Answer: kind.Answer{Status: kind.Status(r.Status), Words: r.Answer, Key: r.key}}
}

// engine returns the engine called name, the CP core for "".
func (s *Server) engine(name string) (aquariumkind.Engine, error) {
	if name == "" {
		return aquariumkind.CP(), nil
	}
	var names []string
	for _, e := range s.cfg.Engines {
		if e.Name == name {
			return e, nil
		}
		names = append(names, e.Name)
	}
	return aquariumkind.Engine{}, badRequest("unknown engine %q (want one of %v)", name, names)
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
		if r.Status == string(kind.StatusUnknown) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
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
