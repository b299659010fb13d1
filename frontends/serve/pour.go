package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/kinds"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// A planKind is a kind of puzzle solved by a plan of actions over states
// (pour puzzles, and the other state-space puzzles: sliding tiles, Rush
// Hour, the torch and river crossings):
// it reads its puzzles, solves one, re-checks the plan with the puzzle's
// independent checker, and draws every state along the plan. The page
// knows nothing of the kinds: it steps through the pictures, and animates
// between two of them by moving the shapes that share an id. A new kind
// of such puzzle plugs in by adding an entry to planKinds; one solved by a
// single state-space search states only what differs, in a searchKind.
type planKind struct {
	// Kind names the kind as the page and the command line call it, and
	// tells its inputs apart (kinds.Detect).
	kind.Kind
	// solve reads the puzzles of data (named name in messages) and solves
	// the one at index.
	solve func(ctx context.Context, lim planLimits, name string, data []byte, index int) (planView, error)
}

// planLimits bound the search of a plan.
type planLimits struct {
	maxStates int
}

// stopped says that a search reached the limits.
func (lim planLimits) stopped() string {
	return fmt.Sprintf("stopped after %d states; the command line takes larger searches", lim.maxStates)
}

// planStates bounds the states a search stores for the page: about
// 150 MB of Water Sort positions at worst.
const planStates = 1_000_000

// planKinds lists the kinds the page solves plans of, in the order of
// kinds.All, which detection follows.
func planKinds() []planKind {
	solvers := map[string]func(ctx context.Context, lim planLimits, name string, data []byte, index int) (planView, error){
		"jugs": solveJugs, "rush": rushKind.solve, "tiles": tilesKind.solve,
		"torch": torchKind.solve, "river": riverKind.solve, "sort": solveSort,
	}
	var out []planKind
	for _, k := range kinds.All() {
		if solve, ok := solvers[k.Name]; ok {
			out = append(out, planKind{Kind: k, solve: solve})
		}
	}
	return out
}

// planView is a solved pour puzzle: the plan, with a picture of every
// state along it.
type planView struct {
	Kind   string      `json:"kind"`
	ID     string      `json:"id"`
	Status kind.Status `json:"status"` // solved, unsolvable, unknown
	Method string      `json:"method"`
	// Optimal reports that no shorter plan exists.
	Optimal bool   `json:"optimal"`
	Message string `json:"message"`
	// Steps holds the start and then the state after each action.
	Steps []stepView `json:"steps"`
	Count int        `json:"count"` // puzzles in the input
	Index int        `json:"index"`
	MS    float64    `json:"ms"`
	Stats []Stat     `json:"stats,omitempty"`
}

// stepView is one state of a plan: the action that led to it ("" for the
// start) and its picture.
type stepView struct {
	Action string `json:"action"`
	SVG    string `json:"svg"`
}

// drawPlan fills v.Steps as the page shows a plan: the start, drawn by
// draw, then for each action of plan the words move gives for it, once
// move has played it on the state draw reads, with the drawing after it.
// It stops with move's error, keeping the steps drawn so far.
func drawPlan[A any](v *planView, plan []A, draw func() string, move func(A) (string, error)) error {
	v.Steps = append(v.Steps, stepView{SVG: draw()})
	for _, a := range plan {
		words, err := move(a)
		if err != nil {
			return err
		}
		v.Steps = append(v.Steps, stepView{Action: words, SVG: draw()})
	}
	return nil
}

// judgePlan fills in a plan's status and message from a kind's judged
// run of an engine (which counts a plan only once the puzzle's checker
// has accepted it): solved words a plan, and noPlan leads the proof that
// there is none ("" when the proof says it: "no plan: ..."). The page's state limit makes the status unknown; any
// other stop or failure fails the request with the run's error (pour
// answers 503 or 504 for the end of the request's context), and so does
// a plan the checker refused, a bug.
func judgePlan(v *planView, lim planLimits, run kind.Judged, noPlan string, solved func() string) error {
	switch {
	case errors.Is(run.Err, statespace.ErrLimit):
		v.Status, v.Message = kind.StatusUnknown, lim.stopped()
		return nil
	case run.Err != nil:
		return run.Err
	case run.Status == kind.StatusError:
		return errors.New(run.Error)
	case run.Status == kind.StatusSolved:
		v.Message = solved()
	case run.Status == kind.StatusUnsolvable && noPlan == "":
		v.Message = capital(run.Reason) + "."
	case run.Status == kind.StatusUnsolvable:
		v.Message = noPlan + ": " + run.Reason + "."
	default:
		v.Message = run.Reason
	}
	v.Status = run.Status
	return nil
}

// capital returns s with its first letter a capital.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pickStats picks the statistics called names from an engine's, for the
// page, in their order.
func pickStats(l kind.StatList, names ...string) []Stat {
	var out []Stat
	for _, st := range l {
		if slices.Contains(names, st.Name) {
			out = append(out, Stat{Name: st.Name, Value: st.Value})
		}
	}
	return out
}

// searchKind is a plan puzzle solved by one engine of its kind, with
// puzzles of type P and actions of type A. Its solve runs the steps such
// kinds share (read the puzzle, run the engine, judge the outcome, draw
// the plan) and these fields say what differs.
type searchKind[P, A any] struct {
	method string
	// read reads the puzzles of data (named name in messages) and returns
	// the one at index, noting in v their count and its id (see level).
	read func(v *planView, name string, data []byte, index int) (P, error)
	// run runs the kind's engine on p (named id) within the page's
	// limits: the kind's Run, which re-checks a plan with the puzzle's
	// independent checker. It returns the plan, the statistics the page
	// shows and the judged run.
	run func(ctx context.Context, id string, p P, lim planLimits) ([]A, []Stat, kind.Judged)
	// noPlan leads the kind's proof that a puzzle has no plan.
	noPlan string
	// solved words a plan found, once the checker has accepted it.
	solved func(p P, plan []A) string
	// play starts the drawing of a plan at p: draw draws the current
	// state, and move plays an action on it and words the action.
	play func(p P) (draw func() string, move func(A) (string, error))
}

// solve reads the puzzle at index of data, solves it, and draws its plan.
func (k searchKind[P, A]) solve(ctx context.Context, lim planLimits, name string, data []byte, index int) (planView, error) {
	v := planView{ID: name, Index: index, Method: k.method, Optimal: true}
	p, err := k.read(&v, name, data, index)
	if err != nil {
		return v, err
	}
	plan, stats, run := k.run(ctx, v.ID, p, lim)
	v.Stats = stats
	if err := judgePlan(&v, lim, run, k.noPlan, func() string { return k.solved(p, plan) }); err != nil {
		return v, err
	}
	draw, move := k.play(p)
	err = drawPlan(&v, solvedPlan(v, plan), draw, move)
	return v, err
}

// solvedPlan is the plan to draw: the plan found for a solved puzzle,
// none for another (a search stopped short may leave a partial one).
func solvedPlan[A any](v planView, plan []A) []A {
	if v.Status != kind.StatusSolved {
		return nil
	}
	return plan
}

// pourRequest asks to solve a pour puzzle pasted or named on the command
// line.
type pourRequest struct {
	Text  string `json:"text"`
	File  *int   `json:"file"`
	Kind  string `json:"kind"` // "" tells the kind from the content
	Index int    `json:"index"`
}

func (s *Server) pour(ctx context.Context, body []byte) (any, error) {
	var req pourRequest
	name, data, err := s.decodeInput(body, &req, &req.Text, &req.File)
	if err != nil {
		return nil, err
	}
	k, err := pourKind(req.Kind, data)
	if err != nil {
		return nil, err
	}
	if req.Index < 0 {
		return nil, badRequest("no puzzle %d", req.Index)
	}
	return s.busy(func() (any, error) {
		start := time.Now()
		v, err := k.solve(ctx, planLimits{maxStates: planStates}, name, data, req.Index)
		if err != nil {
			return nil, s.stopped(ctx, err, "solving")
		}
		v.Kind, v.MS = k.Name, kind.Millis(time.Since(start))
		return v, nil
	})
}

// pourKind returns the kind called name, or for "" the kind of data as
// kinds.Detect tells it among the kinds the page solves. Data that none of
// them accepts goes to Water Sort, whose reader takes the most and then
// says what is wrong.
func pourKind(name string, data []byte) (planKind, error) {
	all := planKinds()
	list := make([]kind.Kind, len(all))
	for i, k := range all {
		list[i] = k.Kind
	}
	if name == "" {
		name = "sort"
		if found, ok := kinds.Detect(list, data); ok {
			name = found.Name
		}
	}
	i := slices.IndexFunc(all, func(k planKind) bool { return k.Name == name })
	if i < 0 {
		return planKind{}, badRequest("unknown kind %q (want %s)", name, strings.Join(kinds.Names(list), ", "))
	}
	return all[i], nil
}

// pick returns the index-th of n puzzles, or the error for a missing one.
func pick(name string, n, index int) error {
	if index >= n {
		return badRequest("%s holds %d puzzles; there is no puzzle %d", name, n, index+1)
	}
	return nil
}

// level picks the index-th of the levels a reader returned and returns
// its puzzle, noting in v the count and its id; describe gives a level's
// id, its puzzle, and what is wrong with it.
func level[L, P any](v *planView, name string, levels []L, index int, describe func(L) (string, P, error)) (P, error) {
	var zero P
	v.Count = len(levels)
	if err := pick(name, len(levels), index); err != nil {
		return zero, err
	}
	id, p, err := describe(levels[index])
	if err != nil {
		return zero, inputError(err)
	}
	v.ID = id
	return p, nil
}

// fromLevels is the read of a kind whose reader, parse, returns levels:
// it picks one with level.
func fromLevels[L, P any](parse func(name string, data []byte) []L, describe func(L) (string, P, error)) func(*planView, string, []byte, int) (P, error) {
	return func(v *planView, name string, data []byte, index int) (P, error) {
		return level(v, name, parse(name, data), index, describe)
	}
}
