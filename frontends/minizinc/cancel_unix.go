//go:build unix

package minizinc

import (
	"os/exec"
	"syscall"
	"time"
)

// stopDelay is how long minizinc gets to stop after SIGTERM before it is
// killed: it passes the signal on to its solver, which runs in a process
// group of its own, escalates to SIGKILL within half a second, and prints
// what it has.
const stopDelay = 3 * time.Second

// stopGently makes the cancellation of cmd (which leads its own process
// group, as proc.Command makes it) send SIGTERM to that group rather than
// SIGKILL, so that minizinc stops its solver, which a SIGKILL to
// minizinc's group would leave running; Wait kills what is left after
// stopDelay.
func stopGently(cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	}
	cmd.WaitDelay = stopDelay
}
