package sortcli

import (
	"bufio"
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/models/watersort"
)

// TestEnginePanic solves a level with an engine that panics: exit 2 and
// "internal error, please report" with the level's id, not a crash.
func TestEnginePanic(t *testing.T) {
	levels := sortfmt.Parse("level.txt", []byte("capacity 2\nred blue\nblue red\n-\n"))
	var out, errOut bytes.Buffer
	f := &sortSolveFlags{method: "bfs", engine: sortkind.Method{Name: "bfs",
		Solve: func(context.Context, *watersort.Puzzle, sortkind.Options) (sortkind.Outcome, error) { panic("boom") }}}
	f.Format = clikit.FormatText
	r := &sortReporter{flags: f, stdio: clikit.IO{Out: &out, Err: &errOut}, out: bufio.NewWriter(&out)}
	r.printer = clikit.NewPrinter(f.Format, r.out)
	code := r.solve(context.Background(), levels[0])
	assert.Equal(t, clikit.ExitUsage, code)
	assert.Contains(t, errOut.String(), "level.txt: internal error, please report: level.txt: boom (at github.com/waterworks-solver/waterworks/frontends/cli/sortcli.TestEnginePanic.func1 panic_test.go:")
	assert.NotContains(t, errOut.String(), "goroutine ")
}
