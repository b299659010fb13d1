package clikit

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/textsafe"
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

// StopReason says why work under ctx stopped with err, for messages:
// the memory budget it crossed, "stopped by the timeout" or "interrupted".
// It returns "" when neither ctx nor err says the work was stopped.
func StopReason(ctx context.Context, err error) string {
	var be *membudget.Error
	switch {
	case errors.As(err, &be):
		return be.Error()
	}
	if be, ok := membudget.Cause(ctx); ok {
		return be.Error()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "stopped by the timeout"
	case errors.Is(err, context.Canceled), errors.Is(ctx.Err(), context.Canceled):
		return "interrupted"
	}
	return ""
}

// Cause returns err, or the *membudget.Error that stopped the work when
// the memory watch ended work's context: engines return context.Canceled
// then, which must not be taken for an interrupt.
func Cause(work context.Context, err error) error {
	if be, ok := membudget.Cause(work); ok && errors.Is(err, context.Canceled) {
		return be
	}
	return err
}

// Halted reports whether err means the work was stopped before an
// answer (see Stopped, which also says why): by ctx (a timeout, an
// interrupt, the memory watch), by a memory estimate over the budget, or
// by a search limit.
func Halted(err error) bool {
	_, ok := Stopped(err)
	return ok
}

// InternalError is a panic inside an engine, caught so that it reaches the
// user as a message and exit 2 instead of a crash.
type InternalError struct {
	ID    string // the puzzle being solved
	Value any    // what the engine panicked with
	Where string // the function that panicked, with its file and line
}

// internalPrefix starts the message of every InternalError.
const internalPrefix = "internal error, please report: "

// IsInternal reports whether msg is the message of an InternalError, as
// rows and records carry it.
func IsInternal(msg string) bool { return strings.HasPrefix(msg, internalPrefix) }

// Error says "internal error, please report: ..." with the puzzle and
// where the engine failed.
func (e *InternalError) Error() string {
	msg := fmt.Sprintf("%s%v", internalPrefix, e.Value)
	if e.ID != "" {
		msg = fmt.Sprintf("%s%s: %v", internalPrefix, textsafe.Name(e.ID), e.Value)
	}
	if e.Where != "" {
		msg += " (at " + e.Where + ")"
	}
	return msg
}

// Safely calls solve for the puzzle id and turns a panic inside it into
// an *InternalError.
func Safely(id string, solve func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &InternalError{ID: id, Value: v, Where: panicSite()}
		}
	}()
	return solve()
}

// Guard runs do, the work on the puzzle id that returns an exit code, and
// turns a panic inside it into the message of an *InternalError on
// stdio.Err and ExitUsage: the last net under every engine, for panics
// that the engine's own reporting (Safely) does not catch.
func Guard(stdio IO, id string, do func() int) (code int) {
	err := Safely(id, func() error {
		code = do()
		return nil
	})
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks: %v\n", err)
		return ExitUsage
	}
	return code
}

// panicSite returns the function that panicked, with its file and line:
// the first frame below the runtime's panic machinery.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			file := f.File
			if i := strings.LastIndex(file, "/"); i >= 0 {
				file = file[i+1:]
			}
			return fmt.Sprintf("%s %s:%d", f.Function, file, f.Line)
		}
		if !more {
			return ""
		}
	}
}
