// Package tilescli is the tiles command: sliding-tile boards solved with
// IDA* (Manhattan distance with linear conflicts, or additive pattern
// databases cached on disk), breadth-first search or a SAT solver, and
// its part in compare.
package tilescli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the tiles command and its subcommands.
func Command() *clikit.Command {
	return clikit.Verb("tiles", "solve", solveArgs, "solve sliding-tile puzzles (8, 15, 24 puzzle, any w×h board)", runSolve)
}
