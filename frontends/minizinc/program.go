package minizinc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"time"

	"github.com/waterworks-solver/waterworks/sat/proc"
)

// ErrNotFound is the error Find returns when there is no minizinc program.
var ErrNotFound = errors.New("minizinc is not installed: no program minizinc on PATH " +
	"(install MiniZinc 2.6 or later, e.g. apt-get install minizinc, or put its bin directory on PATH)")

// A Program is an installed minizinc program.
type Program struct {
	// Path is the program's path.
	Path string
	// Env holds extra environment variables (NAME=value) for every run,
	// such as MZN_SOLVER_PATH.
	Env []string
}

// Find returns the minizinc program on PATH, or an error that wraps
// ErrNotFound.
func Find() (*Program, error) {
	path, err := exec.LookPath("minizinc")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	return &Program{Path: path}, nil
}

var versionRE = regexp.MustCompile(`version (\d+)\.(\d+)\.(\d+)`)

// Version returns minizinc's version as major, minor and patch numbers.
func (p *Program) Version(ctx context.Context) ([3]int, error) {
	out, err := p.output(ctx, 30*time.Second, "--version")
	if err != nil {
		return [3]int{}, err
	}
	m := versionRE.FindStringSubmatch(out)
	if m == nil {
		return [3]int{}, fmt.Errorf("minizinc --version: no version in %q", truncate(out))
	}
	var v [3]int
	for i := range v {
		v[i], _ = strconv.Atoi(m[i+1]) // digits
	}
	return v, nil
}

// output runs minizinc with args and returns its standard output.
func (p *Program) output(ctx context.Context, limit time.Duration, args ...string) (string, error) {
	dir, err := os.MkdirTemp("", "minizinc-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	out, stderr, code, err := p.run(ctx, limit, dir, args)
	if err == nil && code != 0 {
		err = fmt.Errorf("minizinc %s: exit %d: %s", args[0], code, lastLine(stderr))
	}
	return string(out), err
}

// run runs minizinc with args in its own process group, stopping it when
// ctx ends or after limit (none when limit is 0): SIGTERM, which minizinc
// passes on to its solver, then SIGKILL for what is left. dir holds its
// streams. It returns minizinc's standard output, the end of its standard
// error, its exit status (-1 when killed), and an error that is nil when
// minizinc ran to its end, whatever its exit status, or that wraps
// context.DeadlineExceeded when limit killed it, or ctx's error when ctx
// did.
func (p *Program) run(ctx context.Context, limit time.Duration, dir string, args []string) (stdout []byte, stderr string, code int, err error) {
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if limit > 0 {
		runCtx, cancel = context.WithTimeout(ctx, limit)
	}
	defer cancel()
	cmd := proc.Command(runCtx, p.Path, args...)
	stopGently(cmd)
	cmd.Env = append(os.Environ(), p.Env...)
	stdout, stderr, err = proc.Run(cmd, nil, dir)
	code = -1
	if cmd.ProcessState != nil {
		code = cmd.ProcessState.ExitCode()
	}
	switch {
	case ctx.Err() != nil:
		return stdout, stderr, code, ctx.Err()
	case runCtx.Err() != nil:
		return stdout, stderr, code, fmt.Errorf("minizinc killed after %v: %w", limit, runCtx.Err())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return stdout, stderr, code, fmt.Errorf("running %s: %w", p.Path, err)
	}
	return stdout, stderr, code, nil
}
