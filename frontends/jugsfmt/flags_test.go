package jugsfmt

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/jugs"
)

func TestFromSpec(t *testing.T) {
	four, minus := 4, -1
	tests := []struct {
		name string
		spec Spec
		want *jugs.Puzzle
		err  string
	}{
		{"defaults", Spec{Capacities: "3,5", Target: &four},
			&jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}, ""},
		{"spaces and no tap", Spec{Capacities: " 8, 5 ,3", Initial: "8,0,0", NoTap: true, Goal: "total", Target: &four},
			&jugs.Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalTotal, Target: 4}, ""},
		{"goal state implied", Spec{Capacities: "8,5,3", Initial: "8,0,0", NoTap: true, GoalState: "4,-,0"},
			&jugs.Puzzle{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, jugs.DontCare, 0}}, ""},
		{"goal state explicit", Spec{Capacities: "3,5", Goal: "state", GoalState: "-,4"},
			&jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalState, GoalState: []int{jugs.DontCare, 4}}, ""},
		{"no capacities", Spec{Target: &four}, nil, "capacities: empty list"},
		{"bad capacity", Spec{Capacities: "3,x", Target: &four}, nil, `capacities: entry 2 is "x", want a whole number`},
		{"negative capacity", Spec{Capacities: "3,-5", Target: &four}, nil, `capacities: entry 2 is "-5"`},
		{"zero capacity", Spec{Capacities: "3,0", Target: &four}, nil, "jug 2 has capacity 0"},
		{"don't care in capacities", Spec{Capacities: "3,-", Target: &four}, nil, `entry 2 is "-", want a whole number`},
		{"bad initial", Spec{Capacities: "3,5", Initial: "0,,0", Target: &four}, nil, `initial: entry 2 is ""`},
		{"initial above capacity", Spec{Capacities: "3,5", Initial: "4,0", Target: &four}, nil, "jug 1 starts with 4, outside 0..3"},
		{"initial length", Spec{Capacities: "3,5", Initial: "0", Target: &four}, nil, "1 initial amounts for 2 jugs"},
		{"no target", Spec{Capacities: "3,5"}, nil, "goal any needs a target"},
		{"negative target", Spec{Capacities: "3,5", Target: &minus}, nil, "negative target -1"},
		{"unknown goal", Spec{Capacities: "3,5", Goal: "all", Target: &four}, nil, `unknown goal "all"`},
		{"state without amounts", Spec{Capacities: "3,5", Goal: "state"}, nil, "goal state needs the wanted amounts"},
		{"state with target", Spec{Capacities: "3,5", GoalState: "1,-", Target: &four}, nil, "not a target"},
		{"any with goal state", Spec{Capacities: "3,5", Goal: "any", GoalState: "1,-", Target: &four}, nil, "goal any takes a target, not a goal state"},
		{"goal state length", Spec{Capacities: "3,5", GoalState: "1"}, nil, "goal state has 1 entries for 2 jugs"},
		{"goal state bad entry", Spec{Capacities: "3,5", GoalState: "1,?"}, nil, `goal state: entry 2 is "?", want a whole number or -`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := FromSpec(tt.spec)
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, p)
		})
	}
}

func TestFormatAmountsRoundTrip(t *testing.T) {
	for _, s := range []string{"0", "3,5", "4,-,0", "-,-"} {
		amounts, err := ParseAmounts(s, true)
		require.NoError(t, err)
		assert.Equal(t, s, FormatAmounts(amounts))
	}
}
