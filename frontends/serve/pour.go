package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// A planKind is a kind of puzzle solved by a plan of actions over states
// (pour puzzles, and the other state-space puzzles: sliding tiles, Rush
// Hour, the torch and river crossings):
// it reads its puzzles, solves one, re-checks the plan with the puzzle's
// independent checker, and draws every state along the plan. The page
// knows nothing of the kinds: it steps through the pictures, and animates
// between two of them by moving the shapes that share an id. A new kind
// of such puzzle plugs in by adding an entry to planKinds.
type planKind struct {
	name  string // as the page and the command line call it
	title string
	// detect reports whether an input holds puzzles of this kind.
	detect func(data []byte) bool
	// solve reads the puzzles of data (named name in messages) and solves
	// the one at index.
	solve func(ctx context.Context, lim planLimits, name string, data []byte, index int) (planView, error)
}

// planLimits bound the search of a plan.
type planLimits struct {
	maxStates int
}

// options are the state-space search options the limits allow.
func (lim planLimits) options() statespace.Options {
	return statespace.Options{MaxStates: lim.maxStates}
}

// stopped says that a search reached the limits.
func (lim planLimits) stopped() string {
	return fmt.Sprintf("stopped after %d states; the command line takes larger searches", lim.maxStates)
}

// searchStats are the statistics of a state-space search the page shows.
func searchStats(st statespace.Stats) []Stat {
	return []Stat{{"expanded", st.Expanded}, {"stored", st.Stored}}
}

// planStates bounds the states a search stores for the page: about
// 150 MB of Water Sort positions at worst.
const planStates = 1_000_000

func planKinds() []planKind {
	return []planKind{
		{name: "jugs", title: "Water jugs", detect: isJugsInput, solve: solveJugs},
		{name: "rush", title: "Rush Hour", detect: isRushInput, solve: solveRush},
		{name: "tiles", title: "Sliding tiles", detect: isTilesInput, solve: solveTiles},
		{name: "torch", title: "Torch and bridge", detect: isTorchInput, solve: solveTorch},
		{name: "river", title: "River crossing", detect: isRiverInput, solve: solveRiver},
		{name: "sort", title: "Water Sort", detect: func([]byte) bool { return true }, solve: solveSort},
	}
}

// planView is a solved pour puzzle: the plan, with a picture of every
// state along it.
type planView struct {
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	Status string `json:"status"` // solved, unsolvable, unknown
	Method string `json:"method"`
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
	var kind *planKind
	var names []string
	for _, k := range planKinds() {
		names = append(names, k.name)
		if kind == nil && (req.Kind == k.name || req.Kind == "" && k.detect(data)) {
			kind = &k
		}
	}
	if kind == nil {
		return nil, badRequest("unknown kind %q (want %s)", req.Kind, strings.Join(names, ", "))
	}
	if req.Index < 0 {
		return nil, badRequest("no puzzle %d", req.Index)
	}
	return s.busy(func() (any, error) {
		start := time.Now()
		v, err := kind.solve(ctx, planLimits{maxStates: planStates}, name, data, req.Index)
		if err != nil {
			if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				return nil, s.stopped(ctx, err, "solving")
			}
			return nil, err
		}
		v.Kind, v.MS = kind.name, float64(time.Since(start).Microseconds())/1000
		return v, nil
	})
}

// pick returns the index-th of n puzzles, or the error for a missing one.
func pick(name string, n, index int) error {
	if index >= n {
		return badRequest("%s holds %d puzzles; there is no puzzle %d", name, n, index+1)
	}
	return nil
}

// level picks the index-th of the levels a reader returned, which say
// their id and what is wrong with them, and notes the count and the id.
func level[L any](v *planView, name string, levels []L, index int, describe func(L) (string, error)) (L, error) {
	var zero L
	v.Count = len(levels)
	if err := pick(name, len(levels), index); err != nil {
		return zero, err
	}
	id, err := describe(levels[index])
	if err != nil {
		return zero, inputError(err)
	}
	v.ID = id
	return levels[index], nil
}

// firstReads reports whether a reader found at least one puzzle and read
// the first without a problem; describe gives a puzzle's id and problem.
func firstReads[L any](levels []L, describe func(L) (string, error)) bool {
	if len(levels) == 0 {
		return false
	}
	_, err := describe(levels[0])
	return err == nil
}

// isJugsInput reports whether data holds jug puzzles: corpus JSON Lines
// with capacities, or the command line's flags (--capacities ...).
func isJugsInput(data []byte) bool {
	t := bytes.TrimSpace(data)
	if bytes.HasPrefix(t, []byte("--capacities")) || bytes.HasPrefix(t, []byte("-capacities")) {
		return true
	}
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	line, _, _ := bytes.Cut(t, []byte("\n"))
	var fields map[string]json.RawMessage
	if json.Unmarshal(line, &fields) != nil {
		return false
	}
	_, ok := fields["capacities"]
	return ok
}

// jugsFlags reads a puzzle given as the flags of "jugs solve":
// "--capacities 3,5 --target 4".
func jugsFlags(name string, data []byte) (*jugs.Puzzle, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var spec jugsfmt.Spec
	var target int
	fs.StringVar(&spec.Capacities, "capacities", "", "")
	fs.StringVar(&spec.Initial, "initial", "", "")
	fs.BoolVar(&spec.NoTap, "no-tap", false, "")
	fs.StringVar(&spec.Goal, "goal", "", "")
	fs.IntVar(&target, "target", 0, "")
	fs.StringVar(&spec.GoalState, "goal-state", "", "")
	if err := fs.Parse(strings.Fields(string(data))); err != nil {
		return nil, inputError(inputerr.New(name, 1, 0, "%v", err))
	}
	if fs.NArg() > 0 {
		return nil, inputError(inputerr.New(name, 1, 0, "unexpected %q: give the puzzle as flags only", fs.Arg(0)))
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "target" {
			spec.Target = &target
		}
	})
	p, err := jugsfmt.FromSpec(spec)
	if err != nil {
		return nil, inputError(inputerr.New(name, 1, 0, "%v", err))
	}
	return p, nil
}

func solveJugs(ctx context.Context, lim planLimits, name string, data []byte, index int) (planView, error) {
	var p *jugs.Puzzle
	v := planView{ID: name, Index: index, Count: 1, Method: "bfs"}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '-' {
		var err error
		if p, err = jugsFlags(name, data); err != nil {
			return v, err
		}
	} else {
		entries, err := jugsfmt.Parse(name, data)
		if len(entries) == 0 {
			if err == nil {
				err = badRequest("%s: no jug puzzle", name)
			}
			return v, inputError(err)
		}
		if err := pick(name, len(entries), index); err != nil {
			return v, err
		}
		v.Count, v.ID, p = len(entries), entries[index].ID, entries[index].Puzzle
	}
	res, err := jugs.BFS(ctx, p, jugs.Options{MaxStates: lim.maxStates})
	v.Stats = append([]Stat{{"fast_path", res.FastPath}}, searchStats(res.Stats)...)
	switch {
	case errors.Is(err, statespace.ErrLimit):
		v.Status, v.Message = statusUnknown, lim.stopped()
	case err != nil:
		return v, err
	case !res.Solvable():
		v.Status, v.Message = statusUnsolvable, "No plan reaches the goal: all reachable states were searched."
		if res.FastPath {
			v.Message = "No plan reaches the goal: " + jugs.Impossible(p) + "."
		}
	default:
		if err := jugs.Check(p, res.Plan); err != nil {
			return v, fmt.Errorf("the plan found fails the check: %w", err)
		}
		v.Status, v.Optimal = statusSolved, true
		v.Message = fmt.Sprintf("Solved in %d steps, the fewest possible (breadth-first search); the plan passes the checker.", len(res.Plan))
	}
	state := p.Start()
	err = drawPlan(&v, res.Plan, func() string { return drawVessels(jugVessels(p, state)) }, func(a jugs.Action) (string, error) {
		if !p.Apply(state, a) {
			return "", fmt.Errorf("step %v does not apply", a)
		}
		return jugsfmt.Describe(p, a), nil
	})
	return v, err
}

func jugVessels(p *jugs.Puzzle, s jugs.State) []vessel {
	vs := make([]vessel, p.NumJugs())
	for i, c := range p.Capacities {
		vs[i] = vessel{label: p.JugName(i), note: fmt.Sprintf("%d of %d", s[i], c), capacity: c}
		if s[i] > 0 {
			vs[i].layers = []layer{{colour: waterBlue, name: "water", amount: s[i]}}
		}
	}
	return vs
}

func solveSort(ctx context.Context, lim planLimits, name string, data []byte, index int) (planView, error) {
	v := planView{ID: name, Index: index, Method: "astar"}
	lv, err := level(&v, name, sortfmt.Parse(name, data), index,
		func(l sortfmt.Level) (string, error) { return l.ID, l.Err })
	if err != nil {
		return v, err
	}
	p, rule := lv.Puzzle, watersort.Whole
	res, err := watersort.Solve(ctx, p, watersort.Options{Rule: rule, Method: watersort.AStar, MaxStates: lim.maxStates})
	v.Stats = searchStats(res.Stats)
	switch {
	case errors.Is(err, watersort.ErrLimit):
		v.Status, v.Message = statusUnknown, lim.stopped()
	case err != nil:
		return v, err
	case res.Status == watersort.Unsolvable:
		v.Status, v.Message = statusUnsolvable, "No plan sorts the level: all reachable positions were searched."
	default:
		if err := watersort.Check(p, rule, res.Plan); err != nil {
			return v, fmt.Errorf("the plan found fails the check: %w", err)
		}
		v.Status, v.Optimal = statusSolved, res.Optimal
		v.Message = fmt.Sprintf("Solved in %d moves (A*, whole rule), the fewest possible; the plan passes the checker.", len(res.Plan))
	}
	state, err := p.Start()
	if err != nil {
		return v, inputError(err)
	}
	err = drawPlan(&v, res.Plan, func() string { return drawVessels(bottleVessels(p, state)) }, func(m watersort.Move) (string, error) {
		next, err := state.Apply(rule, m)
		if err != nil {
			return "", err
		}
		state = next
		return fmt.Sprintf("pour bottle %d into bottle %d", m.From+1, m.To+1), nil
	})
	return v, err
}

func bottleVessels(p *watersort.Puzzle, s watersort.State) []vessel {
	vs := make([]vessel, s.NumBottles())
	for i := range vs {
		vs[i] = vessel{label: fmt.Sprint(i + 1), capacity: s.Capacity()}
		for _, c := range s.Bottle(i) {
			top := len(vs[i].layers) - 1
			if top >= 0 && vs[i].layers[top].id == c {
				vs[i].layers[top].amount++
				continue
			}
			vs[i].layers = append(vs[i].layers, layer{id: c, colour: colourFor(p.ColorName(c), c), name: p.ColorName(c), amount: 1})
		}
	}
	return vs
}
