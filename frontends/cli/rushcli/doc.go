// Package rushcli is the rush command: Rush Hour boards in fogleman/rush's
// ASCII format solved for the fewest moves by breadth-first search or A*
// over packed boards, and its part in compare.
package rushcli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the rush command and its subcommands.
func Command() *clikit.Command {
	return clikit.Verb("rush", "solve", solveArgs, "solve Rush Hour boards (fogleman/rush's ASCII format)", runSolve)
}
