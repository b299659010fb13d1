// Package minizinccli is the minizinc command group of waterworks: install,
// which makes waterworks a solver of the minizinc program, and bench,
// which runs a fixed selection of MiniZinc
// benchmark instances with several solvers through the minizinc program,
// confirms every solution with Gecode, and prints per family the
// instances solved, PAR-2 and wrong answers of each solver.
package minizinccli

import "github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"

// Command returns the minizinc command and its subcommands.
func Command() *clikit.Command {
	return &clikit.Command{Name: "minizinc", Sub: []*clikit.Command{
		{Name: "install", Args: installArgs, Summary: "install waterworks as a MiniZinc solver (minizinc --solver waterworks)", Run: runInstall},
		{Name: "bench", Args: benchArgs, Summary: "run a selection of MiniZinc benchmark instances with several solvers, every answer checked by Gecode", Run: runBench},
	}}
}
