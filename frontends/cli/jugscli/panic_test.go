package jugscli

import (
	"bufio"
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

// TestEnginePanic has jugs solve run a method that panics: the user gets
// exit 2 and "internal error, please report" with the puzzle's id and the
// place of the panic, not a crash with a goroutine dump, and in JSON a
// record with status error.
func TestEnginePanic(t *testing.T) {
	panics := jugskind.Method{Name: "panics", Fits: func(*jugs.Puzzle, jugskind.Options) error { return nil },
		Solve: func(context.Context, *jugs.Puzzle, jugskind.Options) (jugskind.Outcome, error) {
			var m map[string]int
			m["boom"]++ // a nil map write: a runtime panic, as a real bug would be
			return jugskind.Outcome{}, nil
		}}
	p, err := jugsfmt.FromSpec(jugsfmt.Spec{Capacities: "3,5", Target: new(4)})
	assert.NoError(t, err)
	for _, format := range []string{"text", "json"} {
		var out, errOut bytes.Buffer
		stdio := clikit.IO{In: bytes.NewReader(nil), Out: &out, Err: &errOut}
		w := bufio.NewWriter(stdio.Out)
		r := &jugsReporter{flags: &jugsSolveFlags{CommonFlags: clikit.CommonFlags{Format: format}, method: "panics"},
			stdio: stdio, out: w, printer: clikit.NewPrinter(format, w), method: panics}
		code := r.solve(context.Background(), jugsfmt.Entry{ID: "flags", Puzzle: p})
		w.Flush()
		assert.Equal(t, clikit.ExitUsage, code, format)
		assert.Contains(t, errOut.String(), "flags: internal error, please report: flags: assignment to entry in nil map (at github.com/waterworks-solver/waterworks/frontends/cli/jugscli.TestEnginePanic.func2 panic_test.go:", format)
		assert.NotContains(t, errOut.String(), "goroutine ", format)
		if format == "json" {
			assert.Contains(t, out.String(), `"status":"error"`)
			assert.Contains(t, out.String(), `"error":"internal error, please report: flags: assignment to entry in nil map`)
		}
	}
}
