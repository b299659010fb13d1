//go:build !unix

package clikit

import "os/exec"

// KillGroupOnCancel leaves cmd as it is: without process groups, ending
// the context kills the process alone.
func KillGroupOnCancel(cmd *exec.Cmd) {}
