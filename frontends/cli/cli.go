// Package cli is the waterworks command line: it parses flags, reads puzzles,
// picks a model and an engine, and prints results. Results go to Out, logs
// and diagnostics to Err; Main returns the process exit code.
package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// IO holds the streams a command reads and writes, so tests can run the
// command line against buffers.
type IO struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// ErrIsTerminal reports whether Err is a terminal; progress is drawn on
	// Err only then.
	ErrIsTerminal bool
	// OutIsTerminal reports whether Out is a terminal; binary output (a
	// PNG picture) is refused there.
	OutIsTerminal bool
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

// worse returns the more severe of two exit codes.
func worse(a, b int) int {
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

// A command is one verb of the command line, possibly with verbs of its own.
type command struct {
	name    string
	args    string // argument synopsis for the usage text
	summary string
	run     func(ctx context.Context, stdio IO, args []string) int
	sub     []*command
}

func topCommands() []*command {
	return []*command{
		aquariumCommand(),
		jugsCommand(),
		sortCommand(),
		compareCommand(),
	}
}

// Main runs the command line args (without the program name) and returns the
// exit code. ctx carries cancellation, typically from an interrupt signal.
func Main(ctx context.Context, args []string, stdio IO) int {
	if stdio.In == nil {
		stdio.In = strings.NewReader("")
	}
	return dispatch(ctx, stdio, "waterworks", topCommands(), args)
}

func dispatch(ctx context.Context, stdio IO, prefix string, cmds []*command, args []string) int {
	if len(args) == 0 {
		printUsage(stdio.Err, prefix, cmds)
		return ExitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		printUsage(stdio.Out, prefix, cmds)
		return ExitOK
	}
	i := slices.IndexFunc(cmds, func(c *command) bool { return c.name == args[0] })
	if i < 0 {
		fmt.Fprintf(stdio.Err, "%s: unknown command %q\n", prefix, args[0])
		printUsage(stdio.Err, prefix, cmds)
		return ExitUsage
	}
	c := cmds[i]
	if c.sub != nil {
		return dispatch(ctx, stdio, prefix+" "+c.name, c.sub, args[1:])
	}
	return c.run(ctx, stdio, args[1:])
}

func printUsage(w io.Writer, prefix string, cmds []*command) {
	fmt.Fprintf(w, "usage:\n")
	var walk func(prefix string, cmds []*command)
	walk = func(prefix string, cmds []*command) {
		for _, c := range cmds {
			if c.sub != nil {
				walk(prefix+" "+c.name, c.sub)
				continue
			}
			fmt.Fprintf(w, "  %s %s %s\n", prefix, c.name, c.args)
			fmt.Fprintf(w, "        %s\n", c.summary)
		}
	}
	walk(prefix, cmds)
	fmt.Fprintf(w, "\nRun a command with -h for its flags. Exit codes: 0 solved or ok, 1 unsolvable or\ncheck failed, 2 usage or input error, 124 timed out or limit reached, 130 interrupted.\n")
}
