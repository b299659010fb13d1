//go:build !unix

package minizinc

import "os/exec"

// stopGently leaves the cancellation proc.Command set up, which kills
// minizinc alone.
func stopGently(cmd *exec.Cmd) {}
