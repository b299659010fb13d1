package minizinccli

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/internal/files"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/models/fzn/mznlib"
)

const installArgs = "[--dir DIR]"

const installSummary = `
Install waterworks as a MiniZinc solver: write its solver configuration, waterworks.msc,
and its library of global constraints, the directory waterworks-mznlib, into DIR (by
default the user's solver folder, ~/.minizinc/solvers, which minizinc searches). Then
"minizinc --solver waterworks model.mzn data.dzn" runs the model on "waterworks fzn";
with another DIR, set MZN_SOLVER_PATH=DIR for minizinc to find it. The configuration
runs this program by its absolute path, with the argument fzn (the executable of a
.msc may be a list: the program, then its arguments). Running it again rewrites both
and does no harm; after moving the program, run it again.`

// SolverID is the id of waterworks among minizinc's solvers.
const SolverID = "org.waterworks.waterworks"

// mscName and libName are the file and the directory install writes.
const (
	mscName = "waterworks.msc"
	libName = "waterworks-mznlib"
)

// stdFlags are the standard flags "waterworks fzn" takes, which minizinc
// then passes on.
var stdFlags = []string{"-a", "-f", "-i", "-n", "-p", "-r", "-s", "-t", "-v"}

// solverLibrary is the solver library install writes beside the
// configuration: the fzn_*.mzn and redefinitions*.mzn files of
// models/fzn/mznlib (a variable, so that a test can give another).
var solverLibrary fs.FS = mznlib.FS

// msc is what waterworks.msc holds. Its executable is a list, the program
// and its argument, which minizinc (2.6 and later) runs as such.
type msc struct {
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	Version        string   `json:"version"`
	Executable     []string `json:"executable"`
	MznLib         string   `json:"mznlib"`
	Tags           []string `json:"tags"`
	StdFlags       []string `json:"stdFlags"`
	SupportsFzn    bool     `json:"supportsFzn"`
	NeedsSolns2Out bool     `json:"needsSolns2Out"`
}

func runInstall(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks minizinc install", installArgs, installSummary)
	dir := fs.String("dir", "", "the `directory` to install into (default ~/.minizinc/solvers)")
	clikit.Describe(fs, `
		Examples:
		  waterworks minizinc install
		  waterworks minizinc install --dir /tmp/solvers
		Exit codes:
		    0  installed
		    1  a file could not be written (the message says which)`)
	pos, err := clikit.ParseArgs(fs, args)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	if len(pos) > 0 {
		return clikit.UsageError(stdio, fs, fmt.Errorf("takes no arguments, got %q", pos[0]))
	}
	exe, err := executable()
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks minizinc install: %v\n", err)
		return clikit.ExitFailed
	}
	if *dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return clikit.UsageError(stdio, fs, fmt.Errorf("no home directory (%v): give --dir", err))
		}
		*dir = filepath.Join(home, ".minizinc", "solvers")
	}
	if abs, err := filepath.Abs(*dir); err == nil {
		*dir = abs
	}
	path, err := Install(*dir, exe)
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks minizinc install: %v\n", err)
		return clikit.ExitFailed
	}
	fmt.Fprintf(stdio.Out, "wrote %s, which runs %s fzn\n", path, exe)
	return clikit.ExitOK
}

// executable returns the absolute path of the running program, links
// resolved.
func executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot tell where this program is: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	return filepath.Abs(exe)
}

// Install writes the solver configuration of waterworks, which runs the
// program exe (an absolute path) with the argument fzn, and the solver
// library into dir, making dir when it does not exist; it returns the
// configuration's path. Each file is written whole or not at all, and
// the library replaces the one installed before.
func Install(dir, exe string) (string, error) {
	if !filepath.IsAbs(exe) {
		return "", fmt.Errorf("the program's path %s is not absolute", exe)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	c := msc{ID: SolverID, Name: "waterworks", Version: version(), Executable: []string{exe, "fzn"},
		Tags: []string{"cp", "sat", "int"}, StdFlags: stdFlags, SupportsFzn: true, NeedsSolns2Out: true}
	if solverLibrary != nil {
		if err := minizinc.WriteLibrary(filepath.Join(dir, libName), solverLibrary); err != nil {
			return "", err
		}
		c.MznLib = libName // relative to the configuration's directory
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, mscName)
	return path, files.WriteAtomic(path, append(data, '\n'))
}

// version is the module's version as the build recorded it, "devel" when
// it recorded none.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}
