package clikit

import (
	"context"
	"fmt"
	"io"
	"sync"
)

// StdinNotice is what a command says on standard error when it starts
// reading puzzles from a terminal, where a person may not know it waits.
const StdinNotice = "reading puzzles from standard input (Ctrl-D to end)"

// CancelableStdin returns stdio with In read so that a read blocked on it
// (a terminal, a pipe that stays open) ends with ctx's error as soon as
// ctx is done: Ctrl-C then stops a command that waits for input. When
// stdio.InIsTerminal, the first read says StdinNotice on stdio.Err. No
// reading starts before a command reads.
func CancelableStdin(ctx context.Context, stdio IO) IO {
	if stdio.In == nil {
		return stdio
	}
	r := &ctxReader{ctx: ctx, r: stdio.In}
	if stdio.InIsTerminal {
		errOut := stdio.Err
		r.notice = func() { fmt.Fprintln(errOut, StdinNotice) }
	}
	stdio.In = r
	return stdio
}

// ctxReader reads r in a goroutine of its own, so that Read can give up
// when ctx is done while the goroutine stays blocked.
type ctxReader struct {
	ctx    context.Context
	r      io.Reader
	notice func() // called once, before the first read
	once   sync.Once
	chunks chan chunk
	rest   []byte // what the last chunk had beyond what Read took
	err    error  // the error that ends the stream, once reached
}

type chunk struct {
	data []byte
	err  error
}

func (c *ctxReader) start() {
	if c.notice != nil {
		c.notice()
	}
	c.chunks = make(chan chunk)
	go func() {
		for {
			buf := make([]byte, 64<<10)
			n, err := c.r.Read(buf)
			select {
			case c.chunks <- chunk{buf[:n], err}:
			case <-c.ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
}

// Read reads what the goroutine read, or returns ctx's error once ctx is
// done.
func (c *ctxReader) Read(p []byte) (int, error) {
	c.once.Do(c.start)
	for len(c.rest) == 0 {
		if c.err != nil {
			return 0, c.err
		}
		select {
		case ch := <-c.chunks:
			c.rest, c.err = ch.data, ch.err
		case <-c.ctx.Done():
			c.err = c.ctx.Err()
		}
	}
	n := copy(p, c.rest)
	c.rest = c.rest[n:]
	return n, nil
}
