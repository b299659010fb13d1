// Package sortcli is the waterworks sort command for Water Sort levels
// (BFS, A*, greedy search and the SAT method) and its part of compare.
package sortcli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the sort command and its subcommands.
func Command() *clikit.Command {
	return clikit.Verb("sort", "solve", sortSolveArgs, "solve Water Sort levels", runSortSolve)
}
