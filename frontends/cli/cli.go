// Package cli is the waterworks command line: it parses flags, reads puzzles,
// picks a model and an engine, and prints results. Results go to Out, logs
// and diagnostics to Err; Main returns the process exit code.
//
// This package holds Main, the dispatcher and the compare command. Each
// puzzle's commands live in a package of their own (aquariumcli, jugscli,
// sortcli), built on the shared kit in internal/clikit. To add a command,
// write a package below this one with a func Command() *clikit.Command
// (and, to take part in compare, a func CompareKind() clikit.CompareKind),
// then add one line to topCommands (and one to compareKinds).
package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/aquariumcli"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/jugscli"
	"github.com/waterworks-solver/waterworks/frontends/cli/rushcli"
	"github.com/waterworks-solver/waterworks/frontends/cli/servecli"
	"github.com/waterworks-solver/waterworks/frontends/cli/sortcli"
	"github.com/waterworks-solver/waterworks/frontends/cli/tilescli"
)

// IO holds the streams a command reads and writes, so tests can run the
// command line against buffers.
type IO = clikit.IO

// Exit codes, stable for scripts (see clikit).
const (
	ExitOK          = clikit.ExitOK
	ExitFailed      = clikit.ExitFailed
	ExitUsage       = clikit.ExitUsage
	ExitTimeout     = clikit.ExitTimeout
	ExitInterrupted = clikit.ExitInterrupted
)

// Status is the outcome of one puzzle, as JSON and CSV output spell it.
type Status = clikit.Status

// The status vocabulary (see clikit).
const (
	StatusSolved     = clikit.StatusSolved
	StatusUnsolvable = clikit.StatusUnsolvable
	StatusUnknown    = clikit.StatusUnknown
	StatusError      = clikit.StatusError
	StatusOK         = clikit.StatusOK
	StatusWrong      = clikit.StatusWrong
)

// topCommands lists the commands, in the order help shows them: one line
// per command package.
func topCommands() []*clikit.Command {
	return []*clikit.Command{
		aquariumcli.Command(),
		jugscli.Command(),
		sortcli.Command(),
		tilescli.Command(),
		rushcli.Command(),
		compareCommand(),
		servecli.Command(),
	}
}

// Main runs the command line args (without the program name) and returns the
// exit code. ctx carries cancellation, typically from an interrupt signal.
func Main(ctx context.Context, args []string, stdio clikit.IO) int {
	if stdio.In == nil {
		stdio.In = strings.NewReader("")
	}
	return dispatch(ctx, stdio, "waterworks", topCommands(), args)
}

func dispatch(ctx context.Context, stdio clikit.IO, prefix string, cmds []*clikit.Command, args []string) int {
	if len(args) == 0 {
		printUsage(stdio.Err, prefix, cmds)
		return clikit.ExitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		printUsage(stdio.Out, prefix, cmds)
		return clikit.ExitOK
	}
	i := slices.IndexFunc(cmds, func(c *clikit.Command) bool { return c.Name == args[0] })
	if i < 0 {
		fmt.Fprintf(stdio.Err, "%s: unknown command %q\n", prefix, args[0])
		printUsage(stdio.Err, prefix, cmds)
		return clikit.ExitUsage
	}
	c := cmds[i]
	if c.Sub != nil {
		return dispatch(ctx, stdio, prefix+" "+c.Name, c.Sub, args[1:])
	}
	return c.Run(ctx, stdio, args[1:])
}

func printUsage(w io.Writer, prefix string, cmds []*clikit.Command) {
	fmt.Fprintf(w, "usage:\n")
	var walk func(prefix string, cmds []*clikit.Command)
	walk = func(prefix string, cmds []*clikit.Command) {
		for _, c := range cmds {
			if c.Sub != nil {
				walk(prefix+" "+c.Name, c.Sub)
				continue
			}
			fmt.Fprintf(w, "  %s %s %s\n", prefix, c.Name, c.Args)
			fmt.Fprintf(w, "        %s\n", c.Summary)
		}
	}
	walk(prefix, cmds)
	fmt.Fprintf(w, "\nRun a command with -h for its flags. Exit codes: 0 solved or ok, 1 unsolvable or\ncheck failed, 2 usage or input error, 124 timed out or limit reached, 130 interrupted.\n")
}
