package jugsfmt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/jugs"
)

// Spec describes a puzzle as the command line gives it. Lists are
// comma-separated whole numbers ("3,5").
type Spec struct {
	Capacities string // required
	Initial    string // all jugs empty when ""
	NoTap      bool
	Goal       string // "any" when ""; "state" when "" and GoalState is set
	Target     *int   // required by "any" and "total"
	GoalState  string // one amount per jug, "-" for any amount ("4,-,0")
}

// FromSpec builds and validates the puzzle s describes.
func FromSpec(s Spec) (*jugs.Puzzle, error) {
	caps, err := ParseAmounts(s.Capacities, false)
	if err != nil {
		return nil, fmt.Errorf("capacities: %w", err)
	}
	p := &jugs.Puzzle{Capacities: caps, Tap: !s.NoTap}
	if s.Initial == "" {
		p.Initial = make([]int, len(caps))
	} else if p.Initial, err = ParseAmounts(s.Initial, false); err != nil {
		return nil, fmt.Errorf("initial: %w", err)
	}
	goal := s.Goal
	if goal == "" {
		goal = jugs.GoalAny.String()
		if s.GoalState != "" {
			goal = jugs.GoalState.String()
		}
	}
	if p.Goal, err = jugs.ParseGoal(goal); err != nil {
		return nil, err
	}
	switch {
	case p.Goal == jugs.GoalState && s.GoalState == "":
		return nil, fmt.Errorf("goal state needs the wanted amounts (e.g. 4,-,0)")
	case p.Goal != jugs.GoalState && s.GoalState != "":
		return nil, fmt.Errorf("goal %v takes a target, not a goal state", p.Goal)
	case p.Goal != jugs.GoalState && s.Target == nil:
		return nil, fmt.Errorf("goal %v needs a target", p.Goal)
	case p.Goal == jugs.GoalState && s.Target != nil:
		return nil, fmt.Errorf("goal state takes the wanted amounts, not a target")
	}
	if s.Target != nil {
		p.Target = *s.Target
	}
	if s.GoalState != "" {
		if p.GoalState, err = ParseAmounts(s.GoalState, true); err != nil {
			return nil, fmt.Errorf("goal state: %w", err)
		}
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseAmounts reads a comma-separated list of whole numbers such as
// "3,5". With dontCare, an entry "-" stands for jugs.DontCare.
func ParseAmounts(s string, dontCare bool) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty list")
	}
	parts := strings.Split(s, ",")
	amounts := make([]int, len(parts))
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if dontCare && part == "-" {
			amounts[i] = jugs.DontCare
			continue
		}
		v, err := strconv.Atoi(part)
		if err != nil || v < 0 {
			want := "a whole number"
			if dontCare {
				want += " or -"
			}
			return nil, fmt.Errorf("entry %d is %q, want %s", i+1, part, want)
		}
		amounts[i] = v
	}
	return amounts, nil
}

// FormatAmounts writes amounts as ParseAmounts reads them, with "-" for
// jugs.DontCare.
func FormatAmounts(amounts []int) string {
	parts := make([]string, len(amounts))
	for i, v := range amounts {
		parts[i] = "-"
		if v != jugs.DontCare {
			parts[i] = strconv.Itoa(v)
		}
	}
	return strings.Join(parts, ",")
}
