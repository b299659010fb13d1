// Package clikit is the command-line plumbing the waterworks commands
// share: the streams (IO) and exit codes of the command-line contract
// (ExitCode maps a kind.Status to its code), flag parsing that takes flags
// anywhere among the arguments, reading inputs ("-" is standard input),
// JSON Lines and CSV printers, progress, memory limits, atomic file
// output (package files), parallel runners, and the Command type through
// which each puzzle's package plugs into the dispatcher. What an outcome
// means (its status, how the work ended, whether engines agree) and
// compare's runs of the engines are the layer's, package kind, beneath
// the command line and the web page alike.
package clikit

import (
	"context"
	"io"
)

// IO holds the streams a command reads and writes, so tests can run the
// command line against buffers.
type IO struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// ErrIsTerminal reports whether Err is a terminal; progress is drawn on
	// Err only then (StartProgress).
	ErrIsTerminal bool
	// OutIsTerminal reports whether Out is a terminal; binary output (a
	// PNG picture) is refused there.
	OutIsTerminal bool
	// InIsTerminal reports whether In is a terminal; a command that reads
	// puzzles from it says so first (StdinNotice).
	InIsTerminal bool
}

// Exit codes, stable for scripts. With several inputs the most severe code
// wins: ExitUsage, then ExitInterrupted, ExitTimeout, ExitFailed, ExitOK.
const (
	ExitOK          = 0   // solved, or the check passed
	ExitFailed      = 1   // proven unsolvable, a check failed, or backends disagree
	ExitUsage       = 2   // bad flags or bad input
	ExitTimeout     = 124 // --timeout expired or a search limit was reached
	ExitInterrupted = 130 // interrupted by a signal
)

// Worse returns the more severe of two exit codes.
func Worse(a, b int) int {
	rank := func(code int) int {
		switch code {
		case ExitOK:
			return 0
		case ExitFailed:
			return 1
		case ExitTimeout:
			return 2
		case ExitInterrupted:
			return 3
		}
		return 4
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// A Command is one verb of the command line, possibly with verbs of its own.
type Command struct {
	Name    string
	Args    string // argument synopsis for the usage text
	Summary string
	// Run runs the command with the arguments after its name and returns
	// the exit code; it is nil when Sub holds the verbs.
	Run func(ctx context.Context, stdio IO, args []string) int
	Sub []*Command
}

// Verb returns the command puzzle with the one verb name ("tiles solve"),
// whose argument synopsis, summary and Run are args, summary and run.
func Verb(puzzle, name, args, summary string, run func(ctx context.Context, stdio IO, args []string) int) *Command {
	return &Command{Name: puzzle, Sub: []*Command{{Name: name, Args: args, Summary: summary, Run: run}}}
}
