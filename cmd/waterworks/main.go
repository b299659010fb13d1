// Command waterworks solves water puzzles: Aquarium grids, water jugs and
// Water Sort levels, by constraint propagation, SAT and state-space search.
// Run "waterworks help" for the commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/term"

	"github.com/waterworks-solver/waterworks/frontends/cli"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

func main() {
	backends.ServeIfWorker() // a solve under --timeout runs gophersat in a child of this program
	// Ctrl-C or SIGTERM ends ctx, which every command heeds and then exits
	// 130; the signals' default comes back at once, so a second Ctrl-C
	// ends the program without waiting.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(ctx, stop)
	code := cli.Main(ctx, os.Args[1:], cli.IO{
		In:            os.Stdin,
		Out:           os.Stdout,
		Err:           os.Stderr,
		ErrIsTerminal: term.IsTerminal(int(os.Stderr.Fd())),
		OutIsTerminal: term.IsTerminal(int(os.Stdout.Fd())),
		InIsTerminal:  term.IsTerminal(int(os.Stdin.Fd())),
	})
	stop()
	os.Exit(code)
}
