package clikit

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp/progress"
)

// lockedBuffer is a terminal stand-in written by the drawing goroutine and
// read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProgressNotOnAPipe: when standard error is not a terminal there is
// no progress, the streams are left alone and nothing is written.
func TestProgressNotOnAPipe(t *testing.T) {
	var errOut bytes.Buffer
	stdio := IO{Err: &errOut, Out: &bytes.Buffer{}}
	ctx, got, p := StartProgress(context.Background(), stdio)
	assert.Nil(t, p)
	assert.Nil(t, ProgressFrom(ctx))
	assert.Nil(t, progress.From(ctx), "engines count nothing")
	assert.Same(t, &errOut, got.Err)
	p.AddTotal(3) // a nil Progress does nothing
	p.Begin("x")
	p.Finish()
	p.Stop()
	assert.Empty(t, errOut.String())
}

// TestProgressLine: on a terminal the line says the puzzles done out of the
// total, the puzzle, the engine, the phase, the nodes the engines counted
// through the context and the time; it is drawn first after ProgressDelay
// and then once every ProgressEvery; it is erased before anything else is
// written to the terminal, redrawn after, and erased at the end. The test
// runs in a bubble (testing/synctest), on its fake clock: every drawing
// is the ticker's, at its exact time.
func TestProgressLine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		term := &lockedBuffer{}
		out := &lockedBuffer{}
		ctx, stdio, p := StartProgress(context.Background(), IO{Err: term, Out: out, ErrIsTerminal: true, OutIsTerminal: true})
		require.NotNil(t, p)
		defer p.Stop()
		p.AddTotal(3)
		p.Finish()
		p.Begin("a.txt:2")
		p.SetEngine("cp")
		progress.From(ctx).AddNodes(12345)
		progress.From(ctx).SetPhase("probing")
		advance(ProgressDelay - time.Nanosecond)
		assert.Empty(t, term.String(), "nothing before ProgressDelay")
		advance(time.Nanosecond)
		assert.Equal(t, "1/3  a.txt:2  cp  probing  12,345 nodes  300ms", term.String())

		advance(5 * ProgressEvery)
		assert.Equal(t, 6, strings.Count(term.String(), "nodes"), "one drawing every ProgressEvery")
		assert.False(t, strings.Contains(term.String(), "\n"), "one line, redrawn in place")

		_, err := stdio.Out.Write([]byte("result\n"))
		require.NoError(t, err)
		assert.True(t, strings.HasSuffix(term.String(), "\r\x1b[K"), "erased before the result is written")
		assert.Equal(t, "result\n", out.String(), "results stay clean")
		_, err = stdio.Err.Write([]byte("a note\n"))
		require.NoError(t, err)
		assert.True(t, strings.HasSuffix(term.String(), "a note\n"), "a note is written after the erasing, not into the line")
		advance(ProgressEvery)
		assert.True(t, strings.HasSuffix(term.String(), "a note\n1/3  a.txt:2  cp  probing  12,345 nodes  900ms"), "redrawn after")

		p.Stop()
		assert.True(t, strings.HasSuffix(term.String(), "\r\x1b[K"), "erased at the end")
		end := term.String()
		advance(2 * ProgressEvery)
		assert.Equal(t, end, term.String(), "nothing drawn after Stop")
		p.Stop() // a second Stop does nothing
	})
}

// TestProgressQuiet: a command that says nothing of its work (serve, help)
// or ends within ProgressDelay draws nothing (on the fake clock of a
// bubble, as TestProgressLine).
func TestProgressQuiet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		term := &lockedBuffer{}
		_, _, p := StartProgress(context.Background(), IO{Err: term, Out: &bytes.Buffer{}, ErrIsTerminal: true})
		advance(ProgressDelay + 2*ProgressEvery)
		p.Stop()
		assert.Empty(t, term.String(), "no command said what it works on")

		term = &lockedBuffer{}
		_, _, p = StartProgress(context.Background(), IO{Err: term, Out: &bytes.Buffer{}, ErrIsTerminal: true})
		p.AddTotal(1)
		advance(ProgressDelay - ProgressEvery)
		p.Finish()
		p.Stop()
		assert.Empty(t, term.String(), "a quick command draws nothing")
	})
}

// TestProgressWidth: the line is cut to the terminal's width.
func TestProgressWidth(t *testing.T) {
	p := &Progress{width: 20, meter: &progress.Meter{}, began: time.Now(), total: 2}
	p.item = strings.Repeat("x", 100)
	assert.Len(t, []rune(p.lineLocked(time.Now())), 19)
}

// advance moves the fake clock of the test's bubble (testing/synctest) on
// by d, and lets every goroutine of the bubble run until it blocks: the
// ticks due by then are drawn.
func advance(d time.Duration) {
	time.Sleep(d)
	synctest.Wait()
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567"} {
		assert.Equal(t, want, thousands(n))
	}
}
