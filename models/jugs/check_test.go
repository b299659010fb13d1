package jugs

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestCheckAcceptsValidPlans(t *testing.T) {
	tests := []struct {
		name string
		p    *Puzzle
		plan Plan
	}{
		{"any", &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4},
			Plan{Fill(1), Pour(1, 0), Empty(0), Pour(1, 0), Fill(1), Pour(1, 0)}},
		{"total", &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: GoalTotal, Target: 7},
			Plan{Fill(1), Pour(1, 0), Empty(0), Pour(1, 0), Fill(1)}},
		{"state", &Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: GoalState, GoalState: []int{4, 4, DontCare}},
			Plan{Pour(0, 1), Pour(1, 2), Pour(2, 0), Pour(1, 2), Pour(0, 1), Pour(1, 2), Pour(2, 0)}},
		{"start meets the goal", &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 4}, Tap: true, Target: 4}, nil},
	}
	for _, tt := range tests {
		assert.NoError(t, Check(tt.p, tt.plan), tt.name)
	}
}

func TestCheckRejects(t *testing.T) {
	tap := &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}
	noTap := &Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Target: 4}
	total := &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: GoalTotal, Target: 7}
	state := &Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: GoalState, GoalState: []int{4, 4, DontCare}}
	tests := []struct {
		name string
		p    *Puzzle
		plan Plan
		want string
	}{
		{"fill without a tap", noTap, Plan{Fill(1)}, "step 1 (fill(1)): the puzzle has no tap"},
		{"empty without a tap", noTap, Plan{Pour(0, 1), Empty(1)}, "step 2 (empty(1)): the puzzle has no tap"},
		{"pour into itself", tap, Plan{Fill(0), Pour(0, 0)}, "step 2 (pour(0,0)): a jug cannot pour into itself"},
		{"no such jug to fill", tap, Plan{Fill(2)}, "there is no jug 3"},
		{"negative jug", tap, Plan{Empty(-1)}, "there is no jug 0"},
		{"no such destination", tap, Plan{Fill(0), Pour(0, 2)}, "there is no jug 3"},
		{"unknown op", tap, Plan{{Op: 0, Jug: 0}}, "unknown action"},
		{"fill names a destination", tap, Plan{{Op: OpFill, Jug: 0, To: 1}}, "names one jug"},
		{"fill a full jug", tap, Plan{Fill(1), Fill(1)}, "jug 2 (capacity 5) is already full"},
		{"empty an empty jug", tap, Plan{Empty(0)}, "jug 1 (capacity 3) is already empty"},
		{"pour from an empty jug", tap, Plan{Pour(0, 1)}, "jug 1 (capacity 3) is empty"},
		{"pour into a full jug", tap, Plan{Fill(0), Fill(1), Pour(0, 1)}, "jug 2 (capacity 5) is full"},
		{"any goal missed", tap, Plan{Fill(1), Pour(1, 0)}, "after 2 steps the jugs hold (3, 2): no jug holds 4"},
		{"empty plan misses", tap, nil, "after 0 steps the jugs hold (0, 0)"},
		{"total goal missed", total, Plan{Fill(1)}, "5 in all, not 7"},
		{"state goal missed", state, Plan{Pour(0, 1)}, "jug 1 (capacity 8) should hold 4"},
		{"invalid puzzle", &Puzzle{Capacities: []int{3}, Initial: []int{4}}, nil, "invalid puzzle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.p, tt.plan)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			if !strings.Contains(tt.name, "invalid") {
				assert.ErrorIs(t, err, ErrWrongPlan)
			}
		})
	}
}

// TestCheckAgreesWithTransitions plays random action sequences through the
// transition system (Apply, AtGoal) and through Check, two independent
// readings of the rules, and asks them to agree on every prefix.
func TestCheckAgreesWithTransitions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPuzzle(t, 4, 6)
		var plan Plan
		s := p.Start()
		alphabet := p.Actions()
		for range rapid.IntRange(0, 12).Draw(t, "steps") {
			var a Action
			if len(alphabet) > 0 && rapid.IntRange(0, 9).Draw(t, "malformed") > 0 {
				a = rapid.SampledFrom(alphabet).Draw(t, "action")
			} else {
				a = Action{
					Op:  Op(rapid.IntRange(0, 4).Draw(t, "op")),
					Jug: rapid.IntRange(-1, len(p.Capacities)).Draw(t, "jug"),
					To:  rapid.IntRange(-1, len(p.Capacities)).Draw(t, "to"),
				}
			}
			plan = append(plan, a)
			legal := p.Apply(s, a)
			err := Check(p, plan)
			stepErr := err != nil && strings.Contains(err.Error(), "step ")
			if legal == stepErr {
				t.Fatalf("Apply says legal=%v, Check says %v, for %v on %+v", legal, err, plan, p)
			}
			if !legal {
				return
			}
			if p.AtGoal(s) != (err == nil) {
				t.Fatalf("AtGoal(%v)=%v, Check says %v, for %v on %+v", s, p.AtGoal(s), err, plan, p)
			}
		}
	})
}

// genPuzzle draws a valid puzzle with up to maxJugs jugs of capacity up to
// maxCap, any goal.
func genPuzzle(t *rapid.T, maxJugs, maxCap int) *Puzzle {
	n := rapid.IntRange(1, maxJugs).Draw(t, "jugs")
	p := &Puzzle{Tap: rapid.Bool().Draw(t, "tap"), Goal: Goal(rapid.IntRange(0, 2).Draw(t, "goal"))}
	for range n {
		c := rapid.IntRange(1, maxCap).Draw(t, "capacity")
		p.Capacities = append(p.Capacities, c)
		p.Initial = append(p.Initial, rapid.IntRange(0, c).Draw(t, "initial"))
	}
	switch p.Goal {
	case GoalAny:
		p.Target = rapid.IntRange(0, slices.Max(p.Capacities)).Draw(t, "target")
	case GoalTotal:
		sum := 0
		for _, c := range p.Capacities {
			sum += c
		}
		p.Target = rapid.IntRange(0, sum).Draw(t, "target")
	case GoalState:
		for _, c := range p.Capacities {
			p.GoalState = append(p.GoalState, rapid.IntRange(DontCare, c).Draw(t, "want"))
		}
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("generated an invalid puzzle: %v", err)
	}
	return p
}
