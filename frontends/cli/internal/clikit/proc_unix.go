//go:build unix

package clikit

import (
	"os/exec"
	"syscall"
)

// KillGroupOnCancel makes cmd start a process group of its own and kill
// the whole group when its context ends, so no helper process it starts
// keeps working.
func KillGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
