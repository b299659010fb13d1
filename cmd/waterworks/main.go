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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], cli.IO{
		In:            os.Stdin,
		Out:           os.Stdout,
		Err:           os.Stderr,
		ErrIsTerminal: term.IsTerminal(int(os.Stderr.Fd())),
		OutIsTerminal: term.IsTerminal(int(os.Stdout.Fd())),
	})
	stop()
	os.Exit(code)
}
