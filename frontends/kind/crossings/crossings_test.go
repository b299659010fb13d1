package crossings

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// The puzzle of these tests is a number of minutes to spend exactly, and
// a plan is the minutes of each crossing.
var costed = Rules[int, int]{
	Unit: "minutes",
	Check: func(target int, plan []int) (int, error) {
		total := 0
		for _, m := range plan {
			total += m
		}
		if total != target {
			return total, fmt.Errorf("the plan takes %d minutes, not %d", total, target)
		}
		return total, nil
	},
	Steps: func(_ int, plan []int) []Step {
		steps := make([]Step, len(plan))
		for i, m := range plan {
			steps[i] = Step{Op: "cross", Minutes: m, Words: fmt.Sprintf("%d minutes", m)}
		}
		return steps
	},
}

// method returns a method that gives found and err whatever it is asked.
func method(found Found[int], err error) Method[int, int] {
	return Method[int, int]{Name: "fake", Solve: func(context.Context, int, Options) (Found[int], error) { return found, err }}
}

// TestRunJudges gives Run methods with every kind of outcome and checks
// the verdict, the plan in words and compare's answer, with a cost and
// without.
func TestRunJudges(t *testing.T) {
	uncosted := costed
	uncosted.Unit = ""
	boom := Method[int, int]{Name: "boom", Solve: func(context.Context, int, Options) (Found[int], error) { panic("boom") }}
	solved := Found[int]{Status: statespace.Solved, Plan: []int{2, 1, 10, 2, 2}}
	for _, tc := range []struct {
		name   string
		m      Method[int, int]
		rules  Rules[int, int]
		status kind.Status
		words  string
		key    string
	}{
		{"a plan with a cost", method(solved, nil), costed, kind.StatusSolved, "optimal 17 minutes", "optimal 17 minutes"},
		{"a plan of crossings", method(solved, nil), uncosted, kind.StatusSolved, "optimal 5 crossings", "optimal 5 crossings"},
		{"a plan the checker refuses", method(Found[int]{Status: statespace.Solved, Plan: []int{2}}, nil), costed, kind.StatusError, "", ""},
		{"a proof", method(Found[int]{Status: statespace.Unsolvable, Proof: "no plan: all 9 states explored"}, nil), costed,
			kind.StatusUnsolvable, "unsolvable (no plan: all 9 states explored)", "unsolvable"},
		{"the horizon", method(Found[int]{}, fmt.Errorf("%w: 9", statespace.ErrHorizon)), costed, kind.StatusUnknown, "no plan within --max-steps 4", ""},
		{"the state limit", method(Found[int]{}, statespace.ErrLimit), costed, kind.StatusUnknown, "search limit reached", ""},
		{"a timeout", method(solved, context.DeadlineExceeded), costed, kind.StatusUnknown, "timed out", ""},
		{"a failure", method(Found[int]{}, errors.New("out of luck")), costed, kind.StatusError, "", ""},
		{"a panic", boom, costed, kind.StatusError, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Run(context.Background(), "p", tc.m, tc.rules, 17, Options{MaxSteps: 4})
			a := r.Answer()
			assert.Equal(t, tc.status, r.Status, r.Error)
			assert.Equal(t, tc.status, a.Status)
			assert.Equal(t, tc.words, a.Words)
			assert.Equal(t, tc.key, a.Key)
			assert.Equal(t, tc.status == kind.StatusError, r.Error != "", "an error says why: %q", r.Error)
			if tc.status != kind.StatusSolved {
				assert.Nil(t, r.Actions, "no plan but a checked one")
				assert.Nil(t, r.Plan())
			}
		})
	}
	r := Run(context.Background(), "p", method(solved, nil), costed, 17, Options{})
	assert.Equal(t, solved.Plan, r.Actions)
	require.Len(t, r.Plan(), 5)
	assert.Equal(t, 5, r.Crossings)
	assert.Equal(t, "10 minutes", r.Plan()[2].Words)
	require.NotNil(t, r.Cost)
	assert.Equal(t, 17, *r.Cost)
	r = Run(context.Background(), "p", method(Found[int]{Status: statespace.Solved, Plan: []int{2}}, nil), costed, 17, Options{})
	assert.Contains(t, r.Error, "internal error: the fake plan failed the check: the plan takes 2 minutes, not 17")
}

func TestEngines(t *testing.T) {
	engines := Engines([]string{MethodAStar, MethodSAT})
	require.GreaterOrEqual(t, len(engines), 3, "astar, and sat on gini and gophersat at least")
	assert.Equal(t, Engine{Name: "astar", Method: MethodAStar}, engines[0])
	for _, e := range engines[1:] {
		assert.Equal(t, MethodSAT, e.Method)
		assert.Equal(t, "sat/"+e.Backend, e.Name)
		assert.Equal(t, e.Backend, e.Options(DefaultOptions()).Backend)
	}
	assert.Equal(t, DefaultOptions().Backend, engines[0].Options(DefaultOptions()).Backend, "a search keeps the options' backend")
	assert.False(t, strings.Contains(fmt.Sprint(Engines([]string{MethodBFS})), "sat"))
}
