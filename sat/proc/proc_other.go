//go:build !unix

package proc

import "os/exec"

// setGroup leaves the default cancellation, which kills the child alone.
func setGroup(cmd *exec.Cmd) {}

// killGroup does nothing: without process groups there is nothing to find.
func killGroup(cmd *exec.Cmd) {}
