// Package cli is the waterworks command line: it parses flags, reads puzzles,
// picks a model and an engine, and prints results. Results go to Out, logs
// and diagnostics to Err; Main returns the process exit code.
//
// This package holds Main, the dispatcher and the compare command, which
// runs the engines of every kind of the layer beneath (frontends/kind,
// kinds.All) and prints their rows. Each puzzle's commands live in a
// package of their own (aquariumcli, jugscli, sortcli), built on the
// shared kit in internal/clikit and on their kind's package. To add a
// command, write a package below this one with a func Command()
// *clikit.Command, then add one line to topCommands; compare takes a new
// kind from kinds.All.
package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/aquariumcli"
	"github.com/waterworks-solver/waterworks/frontends/cli/fzncli"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/jugscli"
	"github.com/waterworks-solver/waterworks/frontends/cli/minizinccli"
	"github.com/waterworks-solver/waterworks/frontends/cli/rivercli"
	"github.com/waterworks-solver/waterworks/frontends/cli/rushcli"
	"github.com/waterworks-solver/waterworks/frontends/cli/servecli"
	"github.com/waterworks-solver/waterworks/frontends/cli/sortcli"
	"github.com/waterworks-solver/waterworks/frontends/cli/tilescli"
	"github.com/waterworks-solver/waterworks/frontends/cli/torchcli"
)

// IO holds the streams a command reads and writes, so tests can run the
// command line against buffers.
type IO = clikit.IO

// topCommands lists the commands, in the order help shows them: one line
// per command package.
func topCommands() []*clikit.Command {
	return []*clikit.Command{
		aquariumcli.Command(),
		jugscli.Command(),
		sortcli.Command(),
		tilescli.Command(),
		rushcli.Command(),
		torchcli.Command(),
		rivercli.Command(),
		compareCommand(),
		servecli.Command(),
		fzncli.Command(),
		minizinccli.Command(),
	}
}

// Main runs the command line args (without the program name) and returns the
// exit code. ctx carries cancellation, typically from an interrupt signal.
func Main(ctx context.Context, args []string, stdio clikit.IO) int {
	if stdio.In == nil {
		stdio.In = strings.NewReader("")
	}
	ctx, stdio, prog := clikit.StartProgress(ctx, stdio)
	defer prog.Stop()
	stdio = clikit.CancelableStdin(ctx, stdio)
	return dispatch(ctx, stdio, "waterworks", topCommands(), args)
}

func dispatch(ctx context.Context, stdio clikit.IO, prefix string, cmds []*clikit.Command, args []string) int {
	if len(args) == 0 {
		printUsage(stdio.Err, prefix, cmds)
		return clikit.ExitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		printUsage(stdio.Out, prefix, cmds)
		return clikit.ExitOK
	case "help":
		return help(ctx, stdio, prefix, cmds, args[1:])
	case "--version", "-version", "version":
		if prefix == "waterworks" {
			fmt.Fprintln(stdio.Out, clikit.Version())
			return clikit.ExitOK
		}
	}
	c := find(stdio, prefix, cmds, args[0])
	if c == nil {
		return clikit.ExitUsage
	}
	if c.Sub != nil {
		return dispatch(ctx, stdio, prefix+" "+c.Name, c.Sub, args[1:])
	}
	return c.Run(ctx, stdio, args[1:])
}

// find returns the command called name, or says on stderr that there is
// none, with the names it may have meant, and returns nil.
func find(stdio clikit.IO, prefix string, cmds []*clikit.Command, name string) *clikit.Command {
	i := slices.IndexFunc(cmds, func(c *clikit.Command) bool { return c.Name == name })
	if i >= 0 {
		return cmds[i]
	}
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.Name
	}
	kind := "command"
	if strings.HasPrefix(name, "-") {
		kind = "flag"
	}
	fmt.Fprintf(stdio.Err, "%s: unknown %s %q%s\n", prefix, kind, name, clikit.DidYouMean(name, names, strconv.Quote))
	fmt.Fprintf(stdio.Err, "Run '%s -h' for the list of commands.\n", prefix)
	return nil
}

// help runs "help [COMMAND [SUBCOMMAND]]": the list of commands, or the
// help of the one named (its flags, examples and exit codes).
func help(ctx context.Context, stdio clikit.IO, prefix string, cmds []*clikit.Command, names []string) int {
	if len(names) == 0 {
		printUsage(stdio.Out, prefix, cmds)
		return clikit.ExitOK
	}
	c := find(stdio, prefix, cmds, names[0])
	switch {
	case c == nil:
		return clikit.ExitUsage
	case c.Sub != nil:
		return help(ctx, stdio, prefix+" "+c.Name, c.Sub, names[1:])
	case len(names) > 1:
		fmt.Fprintf(stdio.Err, "%s %s: has no subcommand %q\n", prefix, c.Name, names[1])
		return clikit.ExitUsage
	}
	return c.Run(ctx, stdio, []string{"-h"})
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
	fmt.Fprintf(w, "\nRun 'waterworks help COMMAND...' or a command with -h for its flags, examples and\n"+
		"what its exit codes mean; 'waterworks --version' says which version this is.\n"+
		"In general: 0 solved or ok, 1 unsolvable or check failed, 2 usage or input error,\n"+
		"124 timed out or limit reached, 130 interrupted.\n")
}
