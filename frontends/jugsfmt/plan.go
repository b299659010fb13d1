package jugsfmt

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/jugs"
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
// Columns are right-aligned and two spaces apart, the action column reads
// left-aligned, and a jug's column is wide enough for its capacity. plan
// must be legal for p: WritePlan stops with an error at the first illegal
// step.
//
//	step  action           J3  J5
//	   0  start             0   0
//	   1  Fill J5           0   5
//	   2  Pour J5 into J3   3   2
func WritePlan(w io.Writer, p *jugs.Puzzle, plan jugs.Plan) error {
	const gap = 2
	words := make([]string, p.NumActions()) // by action index
	actionWidth := len("action")
	for i, a := range p.Actions() {
		words[i] = Describe(p, a)
	}
	for _, a := range plan {
		if i := p.ActionIndex(a); i >= 0 {
			actionWidth = max(actionWidth, len(words[i]))
		}
	}
	stepWidth := max(len("step"), len(strconv.Itoa(len(plan))))
	jugWidth := make([]int, len(p.Capacities))
	for i, c := range p.Capacities {
		jugWidth[i] = max(len(p.JugName(i)), len(strconv.Itoa(c)))
	}
	spaces := strings.Repeat(" ", gap+max(stepWidth, actionWidth, slices.Max(jugWidth)))
	var line, num []byte
	right := func(width int, text []byte) {
		line = append(line, spaces[:gap+width-len(text)]...)
		line = append(line, text...)
	}
	left := func(width int, text string) {
		line = append(line, spaces[:gap]...)
		line = append(line, text...)
		line = append(line, spaces[:width-len(text)]...)
	}
	flush := func() error {
		line = append(line, '\n')
		_, err := w.Write(line)
		line = line[:0]
		return err
	}
	row := func(step int, action string, s jugs.State) error {
		num = strconv.AppendInt(num[:0], int64(step), 10)
		right(stepWidth, num)
		left(actionWidth, action)
		for i, v := range s {
			num = strconv.AppendInt(num[:0], int64(v), 10)
			right(jugWidth[i], num)
		}
		return flush()
	}
	right(stepWidth, []byte("step"))
	left(actionWidth, "action")
	for i := range p.Capacities {
		right(jugWidth[i], []byte(p.JugName(i)))
	}
	if err := flush(); err != nil {
		return err
	}
	s := p.Start()
	if err := row(0, "start", s); err != nil {
		return err
	}
	for k, a := range plan {
		if !p.Apply(s, a) {
			return fmt.Errorf("step %d (%v) is not legal here", k+1, a)
		}
		if err := row(k+1, words[p.ActionIndex(a)], s); err != nil {
			return err
		}
	}
	return nil
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

// Steps is a plan as JSON output spells it: a list of Step.
type Steps []Step

// StepsOf converts a plan for JSON output; an empty plan gives an empty,
// non-nil list, which encodes as [] where a nil one encodes as null.
func StepsOf(plan jugs.Plan) Steps {
	steps := make(Steps, len(plan))
	for i, a := range plan {
		steps[i] = Step(a)
	}
	return steps
}

// Plan converts steps back to a plan.
func (steps Steps) Plan() jugs.Plan {
	plan := make(jugs.Plan, len(steps))
	for i, s := range steps {
		plan[i] = jugs.Action(s)
	}
	return plan
}

// MarshalJSON writes the steps in one pass, without reflection: plans run
// to hundreds of thousands of steps.
func (steps Steps) MarshalJSON() ([]byte, error) {
	if steps == nil {
		return []byte("null"), nil
	}
	buf := make([]byte, 0, 24*len(steps)+2)
	buf = append(buf, '[')
	for i, s := range steps {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = s.appendJSON(buf); err != nil {
			return nil, err
		}
	}
	return append(buf, ']'), nil
}

// MarshalJSON writes the step in its wire form.
func (s Step) MarshalJSON() ([]byte, error) { return s.appendJSON(nil) }

func (s Step) appendJSON(buf []byte) ([]byte, error) {
	switch s.Op {
	case jugs.OpFill, jugs.OpEmpty:
		buf = append(buf, `{"op":"`...)
		buf = append(buf, s.Op.String()...)
		buf = append(buf, `","jug":`...)
		buf = strconv.AppendInt(buf, int64(s.Jug), 10)
	case jugs.OpPour:
		buf = append(buf, `{"op":"pour","from":`...)
		buf = strconv.AppendInt(buf, int64(s.Jug), 10)
		buf = append(buf, `,"to":`...)
		buf = strconv.AppendInt(buf, int64(s.To), 10)
	default:
		return nil, fmt.Errorf("jugsfmt: cannot write action with op %v", s.Op)
	}
	return append(buf, '}'), nil
}

// stepJSON is the wire form of a Step, for reading.
type stepJSON struct {
	Op   string `json:"op"`
	Jug  *int   `json:"jug"`
	From *int   `json:"from"`
	To   *int   `json:"to"`
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
