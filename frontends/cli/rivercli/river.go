package rivercli

import (
	"context"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/crossing"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/frontends/kind/riverkind"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/models/river"
)

const solveArgs = "[--method bfs|sat] [--backend B] [--max-steps N] [flags] FILE..."

var methods = riverkind.MethodNames()

func runSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks river solve", solveArgs, `
Solve river crossings for the fewest crossings: a puzzle per file (- or none for
standard input) declaring the items, the boat's capacity, who can row and what may
not be left together (see frontends/riverfmt/FORMAT.md). The rules hold on both banks
after every crossing, the boat's load counted on the bank it reached, and in the boat
too with boat-rules. The SAT method asks for plans of k crossings, k = 1, 2, ...; it
proves a puzzle unsolvable when no loop-free path of k crossings exists, or when k
passes the depth of the reachable states. Every plan is replayed by the checker first.
--timeout applies to each puzzle.`)
	var f crossing.Flags
	f.Register(fs, methods, "bfs (breadth-first search) or sat (a SAT solver asked for plans of k crossings)",
		"give up (status unknown) when no plan of at most this many crossings exists; 0 means\nno limit")
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks river solve testdata/river/wolf-goat-cabbage.txt
		  waterworks river solve --method sat --format json testdata/river/missionaries-4-4.txt
		Exit codes:
		    0  solved in the fewest crossings
		    1  unsolvable: proven to have no plan (status unsolvable)
		  124  --timeout expired, or --max-states or --max-steps was reached (status unknown)`)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error { return f.Check(fs) })
	if !ok {
		return code
	}
	inputs, code := clikit.Inputs(stdio, files, nil)
	return clikit.Worse(code, crossing.Run(ctx, stdio, "waterworks river solve", &f, res, crossing.FromInputs(inputs, read)))
}

// read reads the puzzle of one input.
func read(name string, data []byte) []crossing.Puzzle {
	p, err := riverfmt.Parse(name, data)
	if err != nil {
		return []crossing.Puzzle{{ID: name, Err: err}}
	}
	return []crossing.Puzzle{Puzzle(name, p)}
}

// Puzzle is the crossing command's view of p: its Run is riverkind's,
// which replays the plan with river.Check.
func Puzzle(id string, p *river.Puzzle) crossing.Puzzle {
	return crossing.Puzzle{ID: id, Run: func(ctx context.Context, method string, o crossings.Options) crossings.Report {
		m, _ := riverkind.MethodNamed(method) // one of methods: the flags are checked
		return riverkind.Run(ctx, id, m, p, o).Report
	}}
}
