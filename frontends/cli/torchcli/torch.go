package torchcli

import (
	"context"
	"flag"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/crossing"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/frontends/kind/torchkind"
	"github.com/waterworks-solver/waterworks/frontends/torchfmt"
	"github.com/waterworks-solver/waterworks/models/torch"
)

const solveArgs = "[--times 1,2,5,10 [--capacity 2] [--limit N]] [--method astar|ucs|sat] [flags] [FILE...]"

// methods lists the methods, the default first.
var methods = torchkind.MethodNames()

// puzzleFlags give one puzzle on the command line.
type puzzleFlags struct {
	times    string
	capacity int
	limit    int
}

func runSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks torch solve", solveArgs, `
Solve torch-and-bridge puzzles for the least total time: people cross a bridge at night,
at most --capacity at once, always with the one torch (so someone brings it back), a
group at its slowest member's pace. One puzzle from --times, or one per line of JSON
Lines {"id": ..., "times": [1,2,5,10], "capacity": 2, "limit": 17} (- or none for
standard input). People are named by their times. The SAT method asks for plans within
a time budget of k minutes, k growing from a lower bound. Every plan is replayed by the
checker first. --timeout applies to each puzzle.`)
	var f crossing.Flags
	f.Register(fs, methods, "astar (A*, estimating from the people still to cross), ucs (uniform-cost\n"+
		"search) or sat (a SAT solver asked whether everyone can cross within k minutes)",
		"sat: give up (status unknown) past a time budget of this many minutes; 0: up to the\n"+
			"limit or a proven upper bound, which proves a puzzle unsolvable")
	var pf puzzleFlags
	fs.StringVar(&pf.times, "times", "", "one puzzle: the crossing `times` in minutes, such as 1,2,5,10")
	fs.IntVar(&pf.capacity, "capacity", torch.DefaultCapacity, "with --times: the most people on the bridge at once")
	fs.IntVar(&pf.limit, "limit", 0, "with --times: everyone must be across within this many minutes; 0 means no limit")
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks torch solve --times 1,2,5,10
		  waterworks torch solve --times 1,2,4,5 --limit 12 --method sat
		  waterworks torch solve --format json testdata/torch/classic.jsonl
		Exit codes:
		    0  solved in the least total time
		    1  unsolvable: no plan within the limit (status unsolvable)
		  124  --timeout expired, or --max-states or --max-steps was reached (status unknown)`)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func(files []string) error { return check(fs, &f, &pf, files) })
	if !ok {
		return code
	}
	var puzzles []crossing.Puzzle
	if pf.times != "" {
		times, _ := torchfmt.ParseTimes(pf.times) // checked
		p := &torch.Puzzle{Times: times, Capacity: pf.capacity, Limit: pf.limit}
		puzzles = append(puzzles, Puzzle("times "+torchfmt.FormatTimes(times), p))
	} else {
		var inputs []clikit.Input
		inputs, code = clikit.Inputs(stdio, files, nil)
		puzzles = crossing.FromInputs(inputs, read)
	}
	return clikit.Worse(code, crossing.Run(ctx, stdio, "waterworks torch solve", &f, res, puzzles))
}

// check validates the flags after parsing.
func check(fs *flag.FlagSet, f *crossing.Flags, pf *puzzleFlags, files []string) error {
	if err := f.Check(fs); err != nil {
		return err
	}
	var err error
	fs.Visit(func(fl *flag.Flag) {
		switch {
		case err != nil:
		case (fl.Name == "capacity" || fl.Name == "limit") && pf.times == "":
			err = fmt.Errorf("--%s applies with --times (a file gives each puzzle's own)", fl.Name)
		case fl.Name == "max-steps" && f.Method != crossings.MethodSAT:
			err = fmt.Errorf("--max-steps applies to --method sat (the searches are bounded by the limit)")
		case fl.Name == "max-states" && f.Method == crossings.MethodSAT:
			err = fmt.Errorf("--max-states applies to --method astar and ucs")
		}
	})
	switch {
	case err != nil:
		return err
	case pf.times == "":
		return nil
	case len(files) > 0:
		return fmt.Errorf("give one puzzle by --times or files of puzzles, not both")
	}
	if _, err := torchfmt.ParseTimes(pf.times); err != nil {
		return fmt.Errorf("--times: %w", err)
	}
	p := &torch.Puzzle{Times: []int{1}, Capacity: pf.capacity, Limit: pf.limit}
	switch {
	case pf.capacity < 1:
		return fmt.Errorf("--capacity %d: at least one person must fit on the bridge", pf.capacity)
	case pf.limit < 0:
		return fmt.Errorf("negative --limit %d", pf.limit)
	}
	return p.Validate()
}

// read reads the puzzles of one input.
func read(name string, data []byte) []crossing.Puzzle {
	var out []crossing.Puzzle
	for _, inst := range torchfmt.Parse(name, data) {
		if inst.Err != nil {
			out = append(out, crossing.Puzzle{ID: inst.ID, Err: inst.Err})
			continue
		}
		p := Puzzle(inst.ID, inst.Puzzle)
		p.Annotations = inst.Annotations
		out = append(out, p)
	}
	return out
}

// Puzzle is the crossing command's view of p: its Run is torchkind's,
// which replays the plan with torch.Check.
func Puzzle(id string, p *torch.Puzzle) crossing.Puzzle {
	return crossing.Puzzle{ID: id, Run: func(ctx context.Context, method string, o crossings.Options) crossings.Report {
		m, _ := torchkind.MethodNamed(method) // one of methods: the flags are checked
		return torchkind.Run(ctx, id, m, p, o).Report
	}}
}
