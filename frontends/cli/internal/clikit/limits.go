package clikit

import (
	"context"
	"flag"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

// memoryFlag is the value of --max-memory in bytes: 0 (the zero value,
// flag not given) for the default budget, -1 for none (written 0).
type memoryFlag int64

// budget returns the budget in bytes the flag stands for, 0 for none.
func (m memoryFlag) budget() int64 {
	switch {
	case m < 0:
		return 0
	case m == 0:
		return defaultBudget()
	}
	return int64(m)
}

func (m *memoryFlag) String() string {
	switch {
	case *m == 0:
		return ""
	case *m < 0:
		return "0"
	}
	return strings.ReplaceAll(membudget.Format(int64(*m)), " ", "")
}

func (m *memoryFlag) Set(s string) error {
	n, err := membudget.Parse(s)
	if err != nil {
		return err
	}
	*m = memoryFlag(n)
	if n == 0 {
		*m = -1
	}
	return nil
}

// watchInterval is how often the memory watch samples the memory in use:
// often enough that allocation between two samples stays far below any
// budget (Go fills fresh memory at a few GB/s at most).
const watchInterval = 10 * time.Millisecond

// RegisterMaxMemory adds --max-memory alone to fs, for commands that take
// no other common flag (Register adds it with the others).
func (f *CommonFlags) RegisterMaxMemory(fs *flag.FlagSet) {
	registerMaxMemory(fs, &f.MaxMemory)
}

// registerMaxMemory adds --max-memory to fs.
func registerMaxMemory(fs *flag.FlagSet, dst *memoryFlag) {
	fs.Var(dst, "max-memory", "memory `budget` of each puzzle's work (e.g. 800M, 1.5G; 0 means none), by default the\n"+
		"smaller of 2G and half the physical memory: estimates are checked against it before\n"+
		"allocating, and work that crosses it stops as a limit (status unknown)")
}

// budgeted derives the context one puzzle's work runs under: with the
// memory budget of --max-memory, which engines check their estimates
// against, and a watch that stops the work, with a *membudget.Error as
// the context's cause, when the process's memory crosses the budget
// anyway. It also sets the Go runtime's soft memory limit to the budget,
// so the collector works harder before the watch has to stop anything.
func budgeted(ctx context.Context, budget int64) (context.Context, context.CancelFunc) {
	if budget <= 0 {
		return context.WithCancel(ctx)
	}
	debug.SetMemoryLimit(budget)
	return membudget.Watch(membudget.WithBudget(ctx, budget), budget, watchInterval)
}

// Guard runs do, the work on the puzzle id that returns an exit code, and
// turns a panic inside it into the message of an *InternalError on
// stdio.Err and ExitUsage: the last net under every engine, for panics
// that the engine's own reporting (Safely) does not catch.
func Guard(stdio IO, id string, do func() int) (code int) {
	err := kind.Safely(id, func() error {
		code = do()
		return nil
	})
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks: %v\n", err)
		return ExitUsage
	}
	return code
}
