//go:build !unix

package cli

import "os/exec"

// killGroupOnCancel leaves cmd as it is: without process groups, ending
// the context kills the process alone.
func killGroupOnCancel(cmd *exec.Cmd) {}
