// Package torchcli is the torch command: torch-and-bridge puzzles solved
// for the least total time by uniform-cost search, A* or a SAT solver asked
// about growing time budgets, and its part in compare.
package torchcli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the torch command and its subcommands.
func Command() *clikit.Command {
	return clikit.Verb("torch", "solve", solveArgs, "solve torch-and-bridge puzzles for the least total time", runSolve)
}
