package aquariumcli

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// TestEnginePanic gives search a backend that panics, and eachOf a command
// that panics after its engine: both reach the user as "internal error,
// please report" with the puzzle's id and exit 2, not as a crash.
func TestEnginePanic(t *testing.T) {
	docs, err := aquariumfmt.Read("p.txt", []byte("  1 1\n1 ab\n1 ab\n"))
	require.NoError(t, err)
	panics := aquariumkind.Engine{Name: "test", Solve: func(context.Context, *aquarium.Puzzle, aquarium.Rule, int) (aquariumkind.Outcome, error) {
		panic("boom")
	}}
	var out, errOut bytes.Buffer
	r := newAquariumRun(clikit.IO{Out: &out, Err: &errOut}, clikit.FormatText, false)
	f := &aquariumFlags{backend: "test"}
	rec, _ := r.search(context.Background(), f, panics, docs[0], 1)
	assert.Equal(t, kind.StatusError, rec.Status)
	assert.Contains(t, rec.Error, "internal error, please report: p.txt: boom (at github.com/waterworks-solver/waterworks/frontends/cli/aquariumcli.TestEnginePanic.func1 panic_test.go:")
	assert.Equal(t, clikit.ExitUsage, clikit.ExitCode(context.Background(), rec.Status))

	code := r.eachOf(context.Background(), []clikit.Input{{Name: "p.txt", Data: []byte("  1 1\n1 ab\n1 ab\n")}}, func(aquariumfmt.Document) int {
		var grid []int
		return grid[3] // an index out of range, as a real bug would be
	})
	assert.Equal(t, clikit.ExitUsage, code)
	assert.Contains(t, errOut.String(), "waterworks: internal error, please report: p.txt: runtime error: index out of range [3] with length 0")
	assert.NotContains(t, errOut.String(), "goroutine ")
}
