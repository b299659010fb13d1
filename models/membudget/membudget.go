// Package membudget keeps a solve within a memory budget. The budget
// travels in the context, so any engine, however deep, can check an
// estimate against it before it allocates (Check), and Watch stops the
// work through the context when the memory the process uses crosses it
// anyway. Either way the work ends with an *Error, which the command line
// reports as a limit (exit 124) instead of the process dying out of memory.
//
// The package knows no puzzle and no engine.
package membudget

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// Error reports that work would take, or took, more memory than the
// budget allows.
type Error struct {
	Budget int64  // the budget, in bytes
	At     string // what crossed it: "the pool-rule levels of the CP model", "1,000,000 stored states"
	Need   int64  // the estimate or the use that crossed it, in bytes; 0 when unknown
}

// Error says "memory budget of 1 GiB reached at ..., about 3.2 GiB
// needed".
func (e *Error) Error() string {
	msg := "memory budget of " + Format(e.Budget) + " reached at " + e.At
	if e.Need > 0 {
		msg += " (about " + Format(e.Need) + ")"
	}
	return msg
}

// Is makes errors.Is(err, ErrBudget) true for every *Error.
func (e *Error) Is(target error) bool { return target == ErrBudget }

// ErrBudget matches every *Error under errors.Is.
var ErrBudget = errors.New("memory budget reached")

type budgetKey struct{}

// WithBudget returns a context carrying a budget of n bytes; n <= 0 means
// no budget.
func WithBudget(ctx context.Context, n int64) context.Context {
	return context.WithValue(ctx, budgetKey{}, n)
}

// Budget returns the budget ctx carries, in bytes, or 0 when it carries
// none.
func Budget(ctx context.Context) int64 {
	n, _ := ctx.Value(budgetKey{}).(int64)
	return max(n, 0)
}

// Check returns an *Error when need bytes exceed the budget ctx carries,
// naming what needs them; otherwise, and when ctx carries no budget, nil.
func Check(ctx context.Context, need int64, at string) error {
	if b := Budget(ctx); b > 0 && need > b {
		return &Error{Budget: b, At: at, Need: need}
	}
	return nil
}

// Cause returns the *Error that stopped ctx, if Watch stopped it.
func Cause(ctx context.Context) (*Error, bool) {
	var e *Error
	ok := errors.As(context.Cause(ctx), &e)
	return e, ok
}

// InUse returns the memory the Go runtime holds from the operating
// system and has not returned: the figure that grows into an out-of-memory
// kill, and the one runtime/debug.SetMemoryLimit bounds.
func InUse() int64 {
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(samples)
	return int64(samples[0].Value.Uint64()) - int64(samples[1].Value.Uint64())
}

// Watch returns a context that ends, with an *Error as its cause, once the
// memory in use (InUse) exceeds budget, checked every interval; and a
// function that stops the watch and releases the context. A budget of 0 or
// less watches nothing. Watch stops work that checks its context; it
// cannot stop a single allocation, which is what Check is for.
func Watch(ctx context.Context, budget int64, interval time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	if budget <= 0 {
		return ctx, func() { cancel(nil) }
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				if use := InUse(); use > budget {
					cancel(&Error{Budget: budget, At: Format(use) + " in use", Need: 0})
					return
				}
			}
		}
	}()
	return ctx, func() {
		close(done)
		cancel(nil)
	}
}

// units are the binary multiples Parse reads and Format writes.
var units = []struct {
	suffix string
	size   int64
}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}}

// Format writes n bytes with a binary unit and up to one decimal: "512
// MiB", "1.5 GiB", "800 B".
func Format(n int64) string {
	for _, u := range units {
		if n >= u.size {
			v := float64(n) / float64(u.size)
			s := strconv.FormatFloat(v, 'f', 1, 64)
			return strings.TrimSuffix(s, ".0") + " " + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + " B"
}

// Parse reads a size such as "1.5GiB", "800M", "2G" or "1048576": a
// number, possibly with a fraction, and an optional unit K, M, G or T
// (multiples of 1024, written alone or followed by "iB" or "B") or B.
func Parse(s string) (int64, error) {
	num, mult := splitUnit(strings.TrimSpace(s))
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v < 0 || v*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("%q is not a size (want a number of bytes with an optional unit, such as 1.5G or 800M)", s)
	}
	return int64(v * float64(mult)), nil
}

// splitUnit splits a size into its number and the multiple its unit
// stands for.
func splitUnit(s string) (string, int64) {
	upper := strings.ToUpper(s)
	for _, u := range units {
		letter := u.suffix[:1]
		for _, suffix := range []string{letter + "IB", letter + "B", letter} {
			if strings.HasSuffix(upper, suffix) {
				return strings.TrimSpace(s[:len(s)-len(suffix)]), u.size
			}
		}
	}
	return strings.TrimSpace(strings.TrimSuffix(upper, "B")), 1
}
