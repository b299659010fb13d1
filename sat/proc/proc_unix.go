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
