//go:build unix

package proc

import (
	"os/exec"
	"syscall"
)

// setGroup makes the child lead a new process group and makes
// cancellation kill that group.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killGroup kills what is left of the process group of a child that has
// ended: the helpers it started, which outlive it when it dies on its own
// (a crash) rather than by cancellation.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH when none is left
	}
}
