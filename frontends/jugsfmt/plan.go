package jugsfmt

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"waterworks/models/jugs"
)

// Describe puts action a of puzzle p in words, naming jugs as
// p.JugName does: "Fill J5", "Empty J3", "Pour J5 into J3".
func Describe(p *jugs.Puzzle, a jugs.Action) string {
	switch a.Op {
	case jugs.OpFill:
		return "Fill " + p.JugName(a.Jug)
	case jugs.OpEmpty:
		return "Empty " + p.JugName(a.Jug)
	case jugs.OpPour:
		return "Pour " + p.JugName(a.Jug) + " into " + p.JugName(a.To)
	}
	return a.String()
}

// WritePlan writes plan as a table with one action per line, in words,
// followed by what every jug holds after it; the first row is the start.
// plan must be legal for p (jugs.Check accepts it or it is a prefix of one
// that Check accepts).
//
//	step  action           J3  J5
//	   0  start             0   0
//	   1  Fill J5           0   5
//	   2  Pour J5 into J3   3   2
func WritePlan(w io.Writer, p *jugs.Puzzle, plan jugs.Plan) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(step, action string, s jugs.State) {
		// AlignRight right-aligns every cell; pad the action on the right
		// so it reads left-aligned.
		fmt.Fprintf(tw, "%s\t%s\t", step, action)
		for _, v := range s {
			fmt.Fprintf(tw, "%d\t", v)
		}
		fmt.Fprintln(tw)
	}
	width := len("action")
	for _, a := range plan {
		width = max(width, len(Describe(p, a)))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", width-len(s)) }
	fmt.Fprintf(tw, "step\t%s\t", pad("action"))
	for i := range p.Capacities {
		fmt.Fprintf(tw, "%s\t", p.JugName(i))
	}
	fmt.Fprintln(tw)
	s := p.Start()
	row("0", pad("start"), s)
	for k, a := range plan {
		if !p.Apply(s, a) {
			return fmt.Errorf("step %d (%v) is not legal here", k+1, a)
		}
		row(strconv.Itoa(k+1), pad(Describe(p, a)), s)
	}
	return tw.Flush()
}

// Compact writes plan with jugs numbered from 0, actions separated by
// spaces: "fill(1) pour(1,0) empty(0)". It suits one-line formats like
// CSV.
func Compact(plan jugs.Plan) string {
	parts := make([]string, len(plan))
	for i, a := range plan {
		parts[i] = a.String()
	}
	return strings.Join(parts, " ")
}

// Step is one action as JSON output spells it, jugs numbered from 0:
// {"op":"fill","jug":0}, {"op":"empty","jug":1} or
// {"op":"pour","from":0,"to":1}.
type Step jugs.Action

// Steps converts a plan for JSON output; an empty plan gives an empty,
// non-nil slice so that it encodes as [].
func Steps(plan jugs.Plan) []Step {
	steps := make([]Step, len(plan))
	for i, a := range plan {
		steps[i] = Step(a)
	}
	return steps
}

// Plan converts steps back to a plan.
func Plan(steps []Step) jugs.Plan {
	plan := make(jugs.Plan, len(steps))
	for i, s := range steps {
		plan[i] = jugs.Action(s)
	}
	return plan
}

// stepJSON is the wire form of a Step.
type stepJSON struct {
	Op   string `json:"op"`
	Jug  *int   `json:"jug,omitempty"`
	From *int   `json:"from,omitempty"`
	To   *int   `json:"to,omitempty"`
}

// MarshalJSON writes the step in its wire form.
func (s Step) MarshalJSON() ([]byte, error) {
	w := stepJSON{Op: s.Op.String()}
	switch s.Op {
	case jugs.OpFill, jugs.OpEmpty:
		w.Jug = &s.Jug
	case jugs.OpPour:
		w.From, w.To = &s.Jug, &s.To
	default:
		return nil, fmt.Errorf("jugsfmt: cannot write action with op %v", s.Op)
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a step in its wire form, checking that the fields
// fit the op.
func (s *Step) UnmarshalJSON(data []byte) error {
	var w stepJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	switch {
	case (w.Op == "fill" || w.Op == "empty") && w.Jug != nil && w.From == nil && w.To == nil:
		*s = Step(jugs.Fill(*w.Jug))
		if w.Op == "empty" {
			*s = Step(jugs.Empty(*w.Jug))
		}
	case w.Op == "pour" && w.Jug == nil && w.From != nil && w.To != nil:
		*s = Step(jugs.Pour(*w.From, *w.To))
	default:
		return fmt.Errorf("jugsfmt: bad step %s: want {\"op\":\"fill\"|\"empty\",\"jug\":J} or {\"op\":\"pour\",\"from\":J,\"to\":K}", data)
	}
	return nil
}
