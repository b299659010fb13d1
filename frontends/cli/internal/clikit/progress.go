package clikit

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/waterworks-solver/waterworks/cp/progress"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
)

// Progress draws one line on standard error, when it is a terminal, saying
// how far a command has gone: the puzzles done out of the total, the one
// at work, its engine and phase, the nodes the engines went through (read
// from a progress.Meter that travels in the context) and the time elapsed.
// The line is redrawn at most ProgressEvery, first after ProgressDelay (a
// quick command draws nothing), erased before anything else is written to
// the terminal and erased at the end. When standard error is not a
// terminal there is no Progress: a nil *Progress does nothing, so scripts
// and CI logs stay clean.
type Progress struct {
	mu      sync.Mutex
	err     io.Writer
	width   int // the terminal's width in columns
	meter   *progress.Meter
	began   time.Time
	active  bool // a command said what it works on: drawing may start
	total   int  // puzzles to do, 0 when unknown
	done    int
	item    string // the puzzle at work
	engine  string
	drawn   bool // the line is on the terminal
	stop    chan struct{}
	stopped chan struct{}
}

// ProgressEvery is the shortest time between two drawings of the line, and
// ProgressDelay the time before the first.
const (
	ProgressEvery = 100 * time.Millisecond
	ProgressDelay = 300 * time.Millisecond
)

// StartProgress returns the Progress of a command run with stdio, and
// stdio with its terminal streams wrapped so that what they write first
// erases the line; ctx carries the Progress and its meter to the command
// and the engines (ProgressFrom, progress.From). When stdio.Err is not a
// terminal it returns a nil Progress and stdio and ctx unchanged. Stop
// ends the drawing.
func StartProgress(ctx context.Context, stdio IO) (context.Context, IO, *Progress) {
	if !stdio.ErrIsTerminal {
		return ctx, stdio, nil
	}
	p := &Progress{err: stdio.Err, width: 80, meter: &progress.Meter{}, began: time.Now(),
		stop: make(chan struct{}), stopped: make(chan struct{})}
	if f, ok := stdio.Err.(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			p.width = w
		}
	}
	stdio.Err = &erasingWriter{p: p, w: stdio.Err}
	if stdio.OutIsTerminal {
		stdio.Out = &erasingWriter{p: p, w: stdio.Out}
	}
	go p.loop()
	ctx = context.WithValue(ctx, progressKey{}, p)
	return progress.WithMeter(ctx, p.meter), stdio, p
}

type progressKey struct{}

// ProgressFrom returns the Progress ctx carries, or nil (which does
// nothing) when standard error is not a terminal.
func ProgressFrom(ctx context.Context) *Progress {
	p, _ := ctx.Value(progressKey{}).(*Progress)
	return p
}

// AddTotal adds n to the puzzles the command works through (none said:
// unknown), as it learns of them, and starts the drawing.
func (p *Progress) AddTotal(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total += n
	p.active = true
}

// Begin says which puzzle is at work, and starts the drawing.
func (p *Progress) Begin(item string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.item, p.active = textsafe.Name(item), true
}

// Finish counts one puzzle done.
func (p *Progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
}

// SetEngine names the engine at work ("" for none).
func (p *Progress) SetEngine(name string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.engine = name
	p.meter.SetPhase("")
}

// Stop erases the line and stops drawing it; a second Stop does nothing.
func (p *Progress) Stop() {
	if p == nil {
		return
	}
	select {
	case <-p.stop:
		return
	default:
	}
	close(p.stop)
	<-p.stopped
	p.mu.Lock()
	defer p.mu.Unlock()
	p.eraseLocked()
}

func (p *Progress) loop() {
	defer close(p.stopped)
	tick := time.NewTicker(ProgressEvery)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case now := <-tick.C:
			p.mu.Lock()
			if p.active && now.Sub(p.began) >= ProgressDelay {
				p.eraseLocked()
				io.WriteString(p.err, p.lineLocked(now))
				p.drawn = true
			}
			p.mu.Unlock()
		}
	}
}

// lineLocked is the line to draw at now, cut to the terminal's width.
func (p *Progress) lineLocked(now time.Time) string {
	var parts []string
	switch {
	case p.total > 0:
		parts = append(parts, fmt.Sprintf("%d/%d", min(p.done, p.total), p.total))
	case p.done > 0:
		parts = append(parts, fmt.Sprintf("%d done", p.done))
	}
	for _, s := range []string{p.item, p.engine, p.meter.Phase()} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if n := p.meter.Nodes(); n > 0 {
		parts = append(parts, thousands(n)+" nodes")
	}
	parts = append(parts, now.Sub(p.began).Truncate(100*time.Millisecond).String())
	line := []rune(strings.Join(parts, "  "))
	if len(line) > p.width-1 {
		line = line[:max(p.width-1, 0)]
	}
	return string(line)
}

// eraseLocked takes the line off the terminal, when it is drawn.
func (p *Progress) eraseLocked() {
	if p.drawn {
		io.WriteString(p.err, "\r\x1b[K")
		p.drawn = false
	}
}

// erasingWriter erases the progress line before writing to the terminal,
// so that what a command writes never mixes with it.
type erasingWriter struct {
	p *Progress
	w io.Writer
}

func (e *erasingWriter) Write(b []byte) (int, error) {
	e.p.mu.Lock()
	defer e.p.mu.Unlock()
	e.p.eraseLocked()
	return e.w.Write(b)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
