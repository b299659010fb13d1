package kind

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/membudget"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

func TestEnded(t *testing.T) {
	budget := &membudget.Error{Budget: 1 << 30, At: "1,000 stored states"}
	watched, stopWatch := context.WithCancelCause(context.Background())
	stopWatch(budget) // as membudget.Watch ends work that crosses the budget
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	plain := errors.New("the SAT solver crashed")
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		err    error
		stop   Stop
		status Status
		reason string
	}{
		{"answered", context.Background(), nil, Done, "", ""},
		{"failed on its own", context.Background(), plain, Done, "", ""},
		{"failed on its own, under a cancelled context", cancelled, plain, Done, "", ""},
		{"deadline", context.Background(), context.DeadlineExceeded, TimedOut, StatusUnknown, "timed out"},
		{"wrapped deadline", context.Background(), fmt.Errorf("round 3: %w", context.DeadlineExceeded), TimedOut, StatusUnknown, "timed out"},
		{"interrupt", cancelled, context.Canceled, Interrupted, StatusInterrupted, "interrupted"},
		{"interrupt without a context", nil, context.Canceled, Interrupted, StatusInterrupted, "interrupted"},
		{"the memory watch", watched, context.Canceled, OverBudget, StatusUnknown, budget.Error()},
		{"the memory watch, wrapped", watched, fmt.Errorf("solving: %w", context.Canceled), OverBudget, StatusUnknown, budget.Error()},
		{"an estimate over the budget", context.Background(), budget, OverBudget, StatusUnknown, budget.Error()},
		{"a state limit", context.Background(), fmt.Errorf("bfs: %w", statespace.ErrLimit), AtLimit, StatusUnknown, "bfs: search limit reached"},
		{"a formula limit", context.Background(), statespace.ErrFormulaLimit, AtLimit, StatusUnknown, "formula limit reached"},
		{"a CP limit", context.Background(), cp.ErrLimit, AtLimit, StatusUnknown, "cp: search limit reached"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Ended(tc.ctx, tc.err)
			assert.Equal(t, tc.stop, e.Stop)
			assert.Equal(t, tc.stop != Done, e.Stopped())
			assert.Equal(t, tc.status, e.Status())
			assert.Equal(t, tc.reason, e.Reason())
			if tc.stop == OverBudget {
				assert.ErrorIs(t, e.Err, membudget.ErrBudget, "the budget's error, not the context's")
			}
		})
	}
}

func TestVerdict(t *testing.T) {
	pass := func() error { return nil }
	refuse := func() error { return errors.New("step 3 pours from an empty jug") }
	for _, tc := range []struct {
		name string
		s    PlanSearch
		want Verdict
	}{
		{"a plan the checker accepts", PlanSearch{Method: "bfs", Check: pass}, Verdict{Status: StatusSolved}},
		{"a plan the checker refuses", PlanSearch{Method: "bfs", Check: refuse},
			Verdict{Status: StatusError, Error: "internal error: the bfs plan failed the check: step 3 pours from an empty jug"}},
		{"a proof", PlanSearch{Method: "bfs", NoPlan: true, Proof: "all 12 reachable states explored"},
			Verdict{Status: StatusUnsolvable, Reason: "all 12 reachable states explored"}},
		{"neither", PlanSearch{Method: "astar"},
			Verdict{Status: StatusError, Error: "internal error: astar ended with neither a plan nor a proof that there is none"}},
		{"a timeout beats a plan", PlanSearch{Method: "sat", Err: context.DeadlineExceeded, Check: refuse},
			Verdict{Status: StatusUnknown, Reason: "timed out"}},
		{"an interrupt", PlanSearch{Method: "sat", Err: context.Canceled}, Verdict{Status: StatusInterrupted, Reason: "interrupted"}},
		{"a limit", PlanSearch{Method: "bfs", Err: statespace.ErrLimit}, Verdict{Status: StatusUnknown, Reason: "search limit reached"}},
		{"a failure", PlanSearch{Method: "sat", Err: errors.New("dimacs:kissat: exit status 3"), NoPlan: true},
			Verdict{Status: StatusError, Error: "dimacs:kissat: exit status 3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.s.Verdict(context.Background()))
		})
	}
}
