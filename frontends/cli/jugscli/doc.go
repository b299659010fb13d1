// Package jugscli is the waterworks jugs command (breadth-first search,
// SAT and CP over bounded horizons) and its part of compare.
package jugscli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the jugs command and its subcommands.
func Command() *clikit.Command {
	return clikit.Verb("jugs", "solve", jugsSolveArgs, "solve water jug puzzles (or --capacities 3,5 --target 4)", runJugsSolve)
}
