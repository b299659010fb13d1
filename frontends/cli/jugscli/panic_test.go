package jugscli

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/models/jugs"
)

// TestEnginePanic runs jugs solve with an engine that panics: the user
// gets exit 2 and "internal error, please report" with the puzzle's id and
// the place of the panic, not a crash with a goroutine dump, and in JSON a
// record with status error.
func TestEnginePanic(t *testing.T) {
	jugsMethods["panics"] = func(context.Context, *jugs.Puzzle, jugsOptions) (jugsOutcome, error) {
		var m map[string]int
		m["boom"]++ // a nil map write: a runtime panic, as a real bug would be
		return jugsOutcome{}, nil
	}
	defer delete(jugsMethods, "panics")
	for _, format := range []string{"text", "json"} {
		var out, errOut bytes.Buffer
		stdio := clikit.IO{In: bytes.NewReader(nil), Out: &out, Err: &errOut}
		code := Command().Sub[0].Run(context.Background(), stdio, []string{"--method", "panics", "--format", format, "--capacities", "3,5", "--target", "4"})
		assert.Equal(t, clikit.ExitUsage, code, format)
		assert.Contains(t, errOut.String(), "flags: internal error, please report: flags: assignment to entry in nil map (at github.com/waterworks-solver/waterworks/frontends/cli/jugscli.TestEnginePanic.func1 panic_test.go:", format)
		assert.NotContains(t, errOut.String(), "goroutine ", format)
		if format == "json" {
			assert.Contains(t, out.String(), `"status":"error"`)
			assert.Contains(t, out.String(), `"error":"internal error, please report: flags: assignment to entry in nil map`)
		}
	}
}
