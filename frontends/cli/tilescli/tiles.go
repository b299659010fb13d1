package tilescli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind/tileskind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

const solveArgs = "[--method ida|bfs|sat] [--heuristic auto|pdb|manhattan] [--jobs N] [flags] FILE..."

// The methods and the --heuristic values (see tileskind).
const (
	methodIDA          = tileskind.MethodIDA
	methodBFS          = tileskind.MethodBFS
	methodSAT          = tileskind.MethodSAT
	heuristicAuto      = tileskind.HeuristicAuto
	heuristicPDB       = tileskind.HeuristicPDB
	heuristicManhattan = tileskind.HeuristicManhattan
)

// solveFlags are the flags of "tiles solve".
type solveFlags struct {
	clikit.CommonFlags
	method      string
	heuristic   string
	backend     string
	maxMoves    int
	limitStates int
	jobs        clikit.Jobs
	pdbCache    string
	// engine and opts are the method and the options the flags name,
	// once checked.
	engine tileskind.Method
	opts   tileskind.Options
}

func (f *solveFlags) register(fs *flag.FlagSet) {
	f.Register(fs)
	fs.StringVar(&f.method, "method", methodIDA, "`method`: ida (IDA*, any board), bfs (breadth-first search, boards of up to 15 cells)\n"+
		"or sat (a SAT solver asked for plans of exactly k moves; the 8 puzzle and smaller)")
	fs.StringVar(&f.heuristic, "heuristic", heuristicAuto, "ida: the `estimate`: pdb (pattern databases, 3×3 and 4×4), manhattan (Manhattan\n"+
		"distance plus linear conflicts) or auto (pdb where there are databases)")
	fs.StringVar(&f.backend, "backend", backends.Gini, "sat: SAT `backend`: gini, gophersat or dimacs:CMD (an external solver)")
	fs.IntVar(&f.maxMoves, "max-steps", tileskind.DefaultMaxMoves, "sat: the horizon; without a plan of at most this many moves the answer is unknown")
	fs.IntVar(&f.limitStates, "max-states", tileskind.DefaultMaxStates, "bfs: give up after storing this many boards; 0 means no limit")
	f.jobs.Register(fs, "boards")
	fs.StringVar(&f.pdbCache, "pdb-cache", tileskind.DefaultCacheDir(), "`directory` the pattern databases are kept in between runs (built on first\n"+
		"use, rebuilt when missing, stale or corrupt); none keeps them in memory only")
	clikit.OldSpellings(fs)
}

// check validates the flags after parsing.
func (f *solveFlags) check(fs *flag.FlagSet) error {
	if err := f.Check(); err != nil {
		return err
	}
	var known bool
	switch f.engine, known = tileskind.MethodNamed(f.method); {
	case !known:
		return fmt.Errorf("unknown method %q (want ida, bfs or sat)", f.method)
	case !clikit.Contains([]string{heuristicAuto, heuristicPDB, heuristicManhattan}, f.heuristic):
		return fmt.Errorf("unknown heuristic %q (want auto, pdb or manhattan)", f.heuristic)
	}
	if err := clikit.CheckCounts(clikit.Count{Name: "max-steps", Value: f.maxMoves},
		clikit.Count{Name: "max-states", Value: f.limitStates}, f.jobs.Count()); err != nil {
		return err
	}
	var err error
	fs.Visit(func(fl *flag.Flag) {
		owner := map[string]string{"heuristic": methodIDA, "backend": methodSAT, "max-steps": methodSAT, "max-states": methodBFS}[fl.Name]
		if err == nil && owner != "" && owner != f.method {
			err = fmt.Errorf("--%s applies to --method %s", fl.Name, owner)
		}
	})
	if err == nil && f.method == methodSAT {
		if _, openErr := backends.Open(f.backend); errors.Is(openErr, backends.ErrUnknown) {
			err = fmt.Errorf("unknown backend %q (want gini, gophersat or dimacs:CMD)", f.backend)
		}
	}
	return err
}

func runSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks tiles solve", solveArgs, `
Solve sliding-tile boards for the fewest moves: a board per block of a text file (Korf's
one line, or rows), or one per line of JSON Lines (- or none for standard input); the
goal has the blank top left, tile i in cell i. A board of the wrong parity is answered
unsolvable at once. Plans are printed as moves of the blank (U, D, L, R) and as the tiles
slid, each replayed by the checker first. --timeout applies to each board, and to
building the pattern databases.`)
	var f solveFlags
	f.register(fs)
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks tiles solve testdata/tiles/eight.txt
		  waterworks tiles solve --method bfs --format json testdata/tiles/eight.txt
		Exit codes:
		    0  solved in the fewest moves
		    1  unsolvable (status unsolvable)
		  124  --timeout expired, or --max-states or --max-steps was reached (status unknown)`)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error { return f.check(fs) })
	if !ok {
		return code
	}
	inputs, code := clikit.Inputs(stdio, files, nil)
	f.opts = tileskind.Options{Heuristic: f.heuristic, MaxStates: f.limitStates, MaxMoves: f.maxMoves, Backend: f.backend,
		Timeouts: f.Timeout > 0, PDBs: tileskind.NewPatternDBs(f.pdbCache)}
	return clikit.Batch[tilesfmt.Level, Record]{ID: levelID, Jobs: f.jobs,
		Prepare: func(kept []tilesfmt.Level) { f.prepare(ctx, stdio, kept) },
		Solve:   func(lv tilesfmt.Level) Record { return f.solve(ctx, lv) },
		Report:  func(s *clikit.Sink, rec Record) int { return reporter{s, &f}.report(ctx, rec) },
	}.Run(ctx, stdio, res, f.Format, code, clikit.ParseInputs(inputs, tilesfmt.Parse, failedLevel))
}

// failedLevel is the level of an input that could not be read.
func failedLevel(name string, err error) tilesfmt.Level { return tilesfmt.Level{ID: name, Err: err} }

// levelID names a level in progress and for --id.
func levelID(lv tilesfmt.Level) string { return lv.ID }
