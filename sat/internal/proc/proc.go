// Package proc starts the child processes of the SAT backends (external
// solvers, gophersat workers) so that they really stop when their context
// ends: each child leads its own process group, and the whole group is
// killed, so a wrapper script's own children die with it.
package proc

import (
	"bytes"
	"context"
	"os/exec"
	"time"
)

// waitDelay bounds how long Wait waits for the child's output pipes after
// the child was killed (a grandchild that escaped the group may hold them).
const waitDelay = time.Second

// Command returns a command that runs name with args and is killed, with
// its process group, when ctx ends.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	setGroup(cmd)
	cmd.WaitDelay = waitDelay
	return cmd
}

// TailBuffer keeps the last bytes written to it, for error messages built
// from a child's standard error.
type TailBuffer struct {
	buf []byte
	max int
}

// NewTailBuffer returns a buffer that keeps the last n bytes.
func NewTailBuffer(n int) *TailBuffer { return &TailBuffer{max: n} }

// Write implements io.Writer.
func (t *TailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// String returns the kept bytes, trimmed of surrounding white space.
func (t *TailBuffer) String() string { return string(bytes.TrimSpace(t.buf)) }
