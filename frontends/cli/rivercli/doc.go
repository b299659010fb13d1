// Package rivercli is the river command: river crossings declared in
// riverfmt's text format, solved for the fewest crossings by breadth-first
// search or a SAT solver asked for plans of k crossings, and its part in
// compare.
package rivercli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the river command and its subcommands.
func Command() *clikit.Command {
	return clikit.Verb("river", "solve", solveArgs, "solve river-crossing puzzles declared in a small text format", runSolve)
}
