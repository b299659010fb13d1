// Package servecli is the "waterworks serve" command: the local web page
// of package serve, on a loopback address unless told otherwise.
package servecli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/serve"
)

// Command is "waterworks serve".
func Command() *clikit.Command {
	return &clikit.Command{Name: "serve", Args: args, Summary: "serve the local web page: play, set and race Aquarium puzzles, animate pour puzzles", Run: run}
}

const args = "[--addr 127.0.0.1:8080] [flags] [FILE...]"

const summary = "Serve the local web page of waterworks: play Aquarium puzzles with hints and checks,\n" +
	"set them (walls, clues, live uniqueness, exports), race every engine of compare on them,\n" +
	"and solve jug and Water Sort puzzles and step through their plans. Pictures, hints and\n" +
	"verdicts come from the same renderer, reasoner and checkers as the other commands.\n" +
	"The FILEs named are offered on the page, and are the only files the server reads.\n" +
	"It prints its address on standard output and runs until interrupted (Ctrl-C), when\n" +
	"requests in flight get 5 s to finish."

func run(ctx context.Context, stdio clikit.IO, argv []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks serve", args, summary)
	def := serve.DefaultLimits()
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on; the default is this computer only (loopback). Another\n"+
		"address lets others on the network use the page and read the files named")
	lim := serve.Limits{}
	fs.DurationVar(&lim.Deadline, "timeout", def.Deadline, "the longest one request may work; past it a solve answers unknown")
	fs.IntVar(&lim.Solves, "solves", def.Solves, "solves at once (a race counts one per engine); past it requests get 503")
	fs.IntVar(&lim.LiveCells, "live-cells", def.LiveCells, "the largest grid, in cells, whose solutions the setter's view counts live")
	fs.IntVar(&lim.MaxCells, "max-cells", def.MaxCells, "the largest grid, in cells, a request may hold")
	fs.Int64Var(&lim.MaxBody, "max-body", def.MaxBody, "the largest request body, in bytes")
	clikit.Describe(fs, `
		Examples:
		  waterworks serve
		  waterworks serve --addr 127.0.0.1:9000 testdata/aquarium/6x6-easy.txt
		Exit codes:
		    2  bad flags, a file that cannot be read, or an address that cannot be listened on
		  130  stopped by Ctrl-C or SIGTERM, the usual end`)
	files, err := clikit.ParseArgs(fs, argv)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	switch {
	case lim.Deadline <= 0:
		err = fmt.Errorf("--timeout must be positive, got %v", lim.Deadline)
	case lim.Solves < 1 || lim.LiveCells < 1 || lim.MaxCells < 1 || lim.MaxBody < 1:
		err = errors.New("--solves, --live-cells, --max-cells and --max-body must be at least 1")
	}
	for _, name := range files {
		if err != nil {
			break
		}
		if st, serr := os.Stat(name); serr != nil {
			err = serr
		} else if !st.Mode().IsRegular() {
			err = fmt.Errorf("%s is not a regular file", name)
		}
	}
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	srv, err := serve.New(serve.Config{Files: files, Limits: lim, Log: stdio.Err})
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks serve: %v\n", err)
		return clikit.ExitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stdio.Err, "waterworks serve: %v\n", err)
		return clikit.ExitUsage
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(stdio.Err, "waterworks serve: listening on %s, which is not this computer alone: anyone who reaches it can use the page\n", ln.Addr())
	}
	fmt.Fprintf(stdio.Out, "%s\n", pageURL(ln.Addr()))
	fmt.Fprintf(stdio.Err, "waterworks serve: open the address above in a browser; Ctrl-C stops\n")
	start := time.Now()
	if err := srv.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stdio.Err, "waterworks serve: %v\n", err)
		return clikit.ExitUsage
	}
	fmt.Fprintf(stdio.Err, "waterworks serve: stopped after %v\n", time.Since(start).Round(time.Second))
	return clikit.ExitInterrupted
}

// pageURL is the address of the page: an unspecified host (all
// interfaces) is reached as localhost.
func pageURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
