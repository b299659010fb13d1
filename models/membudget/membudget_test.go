package membudget

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseAndFormat(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"1048576", 1 << 20}, {"800M", 800 << 20}, {"800MB", 800 << 20}, {"800MiB", 800 << 20},
		{"1.5G", 3 << 29}, {"2g", 2 << 30}, {" 1 GiB ", 1 << 30}, {"64k", 64 << 10}, {"1T", 1 << 40}, {"512B", 512}, {"512b", 512},
	} {
		got, err := Parse(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, bad := range []string{"", "G", "-1G", "lots", "1.5X", "1e30G"} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
	for n, want := range map[int64]string{0: "0 B", 800: "800 B", 1 << 20: "1 MiB", 3 << 29: "1.5 GiB", 2 << 30: "2 GiB", 1<<30 + 1: "1 GiB"} {
		assert.Equal(t, want, Format(n))
		if n > 0 && want != "1 GiB" {
			back, err := Parse(want)
			require.NoError(t, err)
			assert.Equal(t, n, back, "round trip of %s", want)
		}
	}
}

func TestCheck(t *testing.T) {
	ctx := context.Background()
	require.NoError(t, Check(ctx, 1<<50, "anything"), "no budget, no limit")
	ctx = WithBudget(ctx, 1<<30)
	assert.Equal(t, int64(1<<30), Budget(ctx))
	require.NoError(t, Check(ctx, 1<<30, "exactly the budget"))
	err := Check(ctx, 3<<30, "the pool-rule levels")
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrBudget))
	assert.EqualError(t, err, "memory budget of 1 GiB reached at the pool-rule levels (about 3 GiB)")
}

// TestWatch lets the watch trip on a budget below what the process
// already uses, and checks that the context ends with an *Error as its
// cause, while a generous budget leaves the context alone.
func TestWatch(t *testing.T) {
	ctx, stop := Watch(context.Background(), 1<<10, time.Millisecond)
	defer stop()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the watch did not trip")
	}
	e, ok := Cause(ctx)
	require.True(t, ok)
	assert.Equal(t, int64(1<<10), e.Budget)
	assert.Contains(t, e.Error(), "memory budget of 1 KiB reached at ")
	assert.Contains(t, e.Error(), " in use")

	// A generous budget, watched twenty times on the fake clock of a
	// bubble (testing/synctest), whose Wait returns once the watch has
	// made each check.
	synctest.Test(t, func(t *testing.T) {
		ctx, stop := Watch(context.Background(), 1<<50, time.Millisecond)
		time.Sleep(20 * time.Millisecond) // on the bubble's clock, not the wall's
		synctest.Wait()
		assert.NoError(t, ctx.Err())
		stop()
		assert.Error(t, ctx.Err(), "stop releases the context")
		_, ok := Cause(ctx)
		assert.False(t, ok)
	})
}
