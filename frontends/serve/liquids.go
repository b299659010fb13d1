package serve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// This file holds the pour puzzles proper: water jugs and Water Sort.
// Their pictures are vessels (see drawVessels), whose layers of liquid
// the page moves from one vessel to another.

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
	bfs, _ := jugskind.MethodNamed("bfs")
	opts := jugskind.DefaultOptions()
	opts.MaxStates = lim.maxStates
	res := jugskind.Run(ctx, v.ID, bfs, p, opts)
	v.Stats = pickStats(res.Stats, "fast_path", "expanded", "stored")
	if err := judgePlan(&v, lim, res.Judged, "No plan reaches the goal", func() string {
		return fmt.Sprintf("Solved in %d steps, the fewest possible (breadth-first search); the plan passes the checker.", len(res.Plan))
	}); err != nil {
		return v, err
	}
	v.Optimal = v.Status == kind.StatusSolved
	state := p.Start()
	err := drawPlan(&v, solvedPlan(v, res.Plan), func() string { return drawVessels(jugVessels(p, state)) }, func(a jugs.Action) (string, error) {
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
	p, err := level(&v, name, sortfmt.Parse(name, data), index,
		func(l sortfmt.Level) (string, *watersort.Puzzle, error) { return l.ID, l.Puzzle, l.Err })
	if err != nil {
		return v, err
	}
	astar, _ := sortkind.MethodNamed(watersort.AStar.String())
	opts := sortkind.DefaultOptions()
	opts.MaxStates = lim.maxStates
	rule := opts.Rule
	res := sortkind.Run(ctx, v.ID, astar, p, opts)
	v.Stats = []Stat{{"expanded", res.Stats.Expanded}, {"stored", res.Stats.Stored}}
	if err := judgePlan(&v, lim, res.Judged, "No plan sorts the level", func() string {
		return fmt.Sprintf("Solved in %d moves (A*, %s rule), the fewest possible; the plan passes the checker.", len(res.Plan), rule)
	}); err != nil {
		return v, err
	}
	v.Optimal = v.Status == kind.StatusSolved && res.Optimal
	state, err := p.Start()
	if err != nil {
		return v, inputError(err)
	}
	err = drawPlan(&v, solvedPlan(v, res.Plan), func() string { return drawVessels(bottleVessels(p, state)) }, func(m watersort.Move) (string, error) {
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
