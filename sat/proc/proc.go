// Package proc runs child processes (external SAT solvers, gophersat
// workers, clingo) so that they really stop when their context ends: each child leads its own process group, and the whole group is
// killed, so a wrapper script's own children die with it.
package proc

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// waitDelay bounds how long Wait waits for the child's I/O after the
// child was killed.
const waitDelay = time.Second

// Command returns a command that runs name with args and is killed, with
// its process group, when ctx ends.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	setGroup(cmd)
	cmd.WaitDelay = waitDelay
	return cmd
}

// maxStderr is how much of the end of a child's standard error Run keeps.
const maxStderr = 4 << 10

// Run runs cmd with stdin as its standard input and returns its standard
// output and the end of its standard error. The three streams go through
// files in dir rather than pipes, so that no copying goroutine has to end
// before Run returns: Run returns as soon as the killed child is reaped.
// When the child ends, whatever is left of its process group is killed
// too, so helpers of a child that crashed do not live on.
func Run(cmd *exec.Cmd, stdin []byte, dir string) (stdout []byte, stderr string, err error) {
	inPath := filepath.Join(dir, "stdin")
	if err := os.WriteFile(inPath, stdin, 0o600); err != nil {
		return nil, "", err
	}
	in, err := os.Open(inPath)
	if err != nil {
		return nil, "", err
	}
	defer in.Close()
	out, err := os.CreateTemp(dir, "stdout")
	if err != nil {
		return nil, "", err
	}
	defer out.Close()
	errFile, err := os.CreateTemp(dir, "stderr")
	if err != nil {
		return nil, "", err
	}
	defer errFile.Close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, errFile
	runErr := cmd.Run()
	killGroup(cmd)
	stdout, err = os.ReadFile(out.Name())
	if err != nil {
		return nil, "", fmt.Errorf("reading the output of %s: %w", cmd.Path, err)
	}
	tail, _ := os.ReadFile(errFile.Name())
	if len(tail) > maxStderr {
		tail = tail[len(tail)-maxStderr:]
	}
	return stdout, string(bytes.TrimSpace(tail)), runErr
}
