package minizinc

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/internal/files"
)

// ErrCompile is wrapped by the error of Compile for an instance minizinc
// cannot compile: a mistake in the model or its data, or a global the
// solver's library cannot take.
var ErrCompile = errors.New("minizinc cannot compile the model")

// CompileError is the error of Compile for an instance minizinc cannot
// compile: its first message, "file:line:col: type error: ...", as
// minizinc located it.
type CompileError struct {
	Message string
}

func (e *CompileError) Error() string { return e.Message }

// Unwrap makes a CompileError match ErrCompile.
func (e *CompileError) Unwrap() error { return ErrCompile }

// Compile compiles the instance into FlatZinc with the library of
// solver (an id, or the path of a .msc file), as "minizinc -c" does, with
// flags given before the files (such as "-G", "std", for the standard
// library instead of the solver's), and returns the FlatZinc text. A
// model minizinc cannot compile gives a *CompileError; an error that is
// not one says that minizinc could not be run, or that ctx ended, which
// stops minizinc.
func (p *Program) Compile(ctx context.Context, in Instance, solver string, flags ...string) ([]byte, error) {
	req := Request{Instance: in, Solver: solver}
	dir, done, err := req.prepare()
	if err != nil {
		return nil, err
	}
	defer done()
	out := filepath.Join(dir, "model.fzn")
	args := append([]string{"-c", "--json-stream", "--solver", solver, "--no-output-ozn", "--fzn", out}, flags...)
	args = append(append(args, in.Model), in.Data...)
	stdout, stderr, code, err := p.run(ctx, 0, dir, args)
	if err != nil {
		return nil, err
	}
	r := readRun(stdout, false, code != 0)
	if len(r.Errors) > 0 || code != 0 {
		r.Status, r.Stderr, r.ExitCode = Error, stderr, code
		msg := strings.TrimPrefix(r.Err().Error(), "minizinc: ")
		return nil, &CompileError{Message: msg}
	}
	return os.ReadFile(out)
}

// WriteLibrary writes the .mzn files at the root of lib (a solver
// library, such as models/fzn/mznlib's) into dir, making dir when it does
// not exist and removing the .mzn files of an earlier library that lib no
// longer has. Each file is written whole or not at all.
func WriteLibrary(dir string, lib fs.FS) error {
	entries, err := fs.ReadDir(lib, ".")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".mzn" {
			continue
		}
		data, err := fs.ReadFile(lib, e.Name())
		if err != nil {
			return err
		}
		if err := files.WriteAtomic(filepath.Join(dir, e.Name()), data); err != nil {
			return err
		}
		keep[e.Name()] = true
	}
	old, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range old {
		if !keep[e.Name()] && filepath.Ext(e.Name()) == ".mzn" {
			errs = append(errs, os.Remove(filepath.Join(dir, e.Name())))
		}
	}
	return errors.Join(errs...)
}

// LibraryConfig writes into dir the solver library lib (in dir/lib) and a
// configuration that compiles with it (dir/ID.msc), and returns the
// configuration's path, which Compile takes as its solver. The
// configuration is for compiling only: its executable is minizinc
// itself, which Compile never runs as a solver.
func (p *Program) LibraryConfig(dir, id string, lib fs.FS) (string, error) {
	libDir := filepath.Join(dir, "lib")
	if err := WriteLibrary(libDir, lib); err != nil {
		return "", err
	}
	c := SolverConfig{ID: id, Name: id, Version: "0", Executable: p.Path, MznLib: libDir, Tags: []string{"cp", "int"}}
	path, err := c.WriteFile(dir)
	if err != nil {
		return "", fmt.Errorf("writing the solver configuration: %w", err)
	}
	return path, nil
}
