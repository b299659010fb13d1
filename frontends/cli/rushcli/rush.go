package rushcli

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/rushkind"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
)

const solveArgs = "[--method bfs|astar] [--max-states N] [--jobs N] [flags] FILE..."

type solveFlags struct {
	clikit.CommonFlags
	method      string
	engine      rushkind.Method // the method called method, once checked
	limitStates int
	jobs        clikit.Jobs
}

// check validates the flags after parsing.
func (f *solveFlags) check() error {
	if err := f.Check(); err != nil {
		return err
	}
	var known bool
	if f.engine, known = rushkind.MethodNamed(f.method); !known {
		return fmt.Errorf("unknown method %q (want bfs or astar)", f.method)
	}
	return clikit.CheckCounts(clikit.Count{Name: "max-states", Value: f.limitStates}, f.jobs.Count())
}

// Move is one move of a plan as JSON prints it: the piece's label and the
// cells it slides, positive right or down, negative left or up.
type Move struct {
	Piece string `json:"piece"`
	By    int    `json:"by"`
}

// Record is one result as JSON Lines prints it.
type Record struct {
	ID     string      `json:"id"`
	Status kind.Status `json:"status"`
	Method string      `json:"method"`
	Size   string      `json:"size"` // "6x6": columns x rows
	Plan   []Move      `json:"plan"`
	// Steps counts the moves (a move slides one piece any distance),
	// Cells the cells slid in all.
	Steps   *int             `json:"steps"`
	Cells   *int             `json:"cells"`
	Optimal bool             `json:"optimal"`
	MS      float64          `json:"ms"`
	Stats   kind.SearchStats `json:"stats"`
	Reason  string           `json:"reason,omitempty"`
	Error   string           `json:"error,omitempty"`
	// Annotations are the members of the input's record that are the
	// user's own, carried into output unchanged.
	jsonfields.Annotations `json:"-"`
}

func runSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks rush solve", solveArgs, `
Solve Rush Hour boards for the fewest moves (a move slides one piece any distance): a
board per block of rows in fogleman/rush's format ('.' empty, 'x' a wall, letters for
pieces, A the car that leaves on the right), or one per line of JSON Lines {"id":...,
"board": [rows]} (- or none for standard input). Every plan is replayed by the checker
first. --timeout applies to each board.`)
	var f solveFlags
	f.Register(fs)
	res := clikit.RegisterResults(fs)
	fs.StringVar(&f.method, "method", rushkind.MethodBFS, "`method`: bfs (breadth-first search) or astar (A*, counting the pieces in the way)")
	fs.IntVar(&f.limitStates, "max-states", rushkind.DefaultMaxStates, "give up after storing this many boards; 0 means no limit")
	f.jobs.Register(fs, "boards")
	clikit.OldSpellings(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks rush solve testdata/rush/readme49.txt
		  waterworks rush solve --method astar --format json testdata/rush/forty.txt
		Exit codes:
		    0  solved in the fewest moves
		    1  unsolvable: every reachable board was explored (status unsolvable)
		  124  --timeout expired or --max-states was reached (status unknown)`)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error { return f.check() })
	if !ok {
		return code
	}
	inputs, code := clikit.Inputs(stdio, files, nil)
	return clikit.Batch[rushfmt.Level, Record]{ID: levelID, Jobs: f.jobs,
		Solve: func(lv rushfmt.Level) Record {
			work, cancel := f.WithTimeout(ctx)
			defer cancel()
			return solve(work, lv, f.engine, rushkind.Options{MaxStates: f.limitStates})
		},
		Report: func(s *clikit.Sink, rec Record) int { return reporter{s, &f}.report(ctx, rec) },
	}.Run(ctx, stdio, res, f.Format, code, clikit.ParseInputs(inputs, rushfmt.Parse, failedLevel))
}

// failedLevel is the level of an input that could not be read.
func failedLevel(name string, err error) rushfmt.Level { return rushfmt.Level{ID: name, Err: err} }

// levelID names a level in progress and for --id.
func levelID(lv rushfmt.Level) string { return lv.ID }

// solve runs the method on one board and fills in its record, the plan
// checked by the independent checker (rushkind.Run).
func solve(ctx context.Context, lv rushfmt.Level, m rushkind.Method, o rushkind.Options) Record {
	rec := Record{ID: lv.ID, Method: m.Name, Annotations: lv.Annotations}
	if lv.Err != nil {
		rec.Status, rec.Error = kind.StatusError, lv.Err.Error()
		return rec
	}
	p := lv.Puzzle
	rec.Size = fmt.Sprintf("%dx%d", p.Width, p.Height)
	r := rushkind.Run(ctx, lv.ID, m, p, o)
	rec.MS, rec.Stats = kind.Millis(r.Elapsed), r.Stats
	rec.Status, rec.Reason, rec.Error = r.Status, r.Reason, r.Error
	if r.Status == kind.StatusSolved {
		rec.Optimal = true
		rec.Plan = make([]Move, len(r.Plan))
		for i, m := range r.Plan {
			rec.Plan[i] = Move{Piece: string(p.Pieces[m.Piece].Label), By: m.By}
		}
		steps, cells := len(r.Plan), r.Plan.Cells()
		rec.Steps, rec.Cells = &steps, &cells
	}
	return rec
}

// reporter prints records in the chosen format.
type reporter struct {
	*clikit.Sink
	flags *solveFlags
}

// CSVHeader names the columns of CSV output.
var CSVHeader = []string{"id", "status", "method", "size", "steps", "cells", "optimal", "ms", "expanded", "stored", "plan", "reason", "error"}

// report prints one record and returns its exit code.
func (r reporter) report(ctx context.Context, rec Record) int {
	if rec.Error != "" {
		line := rec.Error
		if rec.Size != "" {
			line = rec.ID + ": " + line
		}
		fmt.Fprintln(r.Stdio.Err, line)
	}
	if r.flags.Stats && r.flags.Format == clikit.FormatText && rec.Status != kind.StatusError {
		fmt.Fprintf(r.Stdio.Err, "%s: %s: %.3f ms, %d boards expanded, %d stored, peak memory about %d KiB\n",
			rec.ID, rec.Method, rec.MS, rec.Stats.Expanded, rec.Stats.Stored, rec.Stats.PeakBytes>>10)
	}
	r.Printer.Emit(r.Stdio, "waterworks rush solve", r.Out, rec, CSVHeader, func() []string {
		return []string{rec.ID, string(rec.Status), rec.Method, rec.Size, clikit.OptInt(rec.Steps), clikit.OptInt(rec.Cells),
			strconv.FormatBool(rec.Optimal), clikit.MS(rec.MS),
			strconv.FormatInt(rec.Stats.Expanded, 10), strconv.FormatInt(rec.Stats.Stored, 10), moves(rec.Plan), rec.Reason, rec.Error}
	}, func() error { return r.text(rec) })
	return clikit.ExitCode(ctx, rec.Status)
}

// moves writes a plan as fogleman/rush does: "B+3 A-1 ...".
func moves(plan []Move) string {
	s := make([]string, len(plan))
	for i, m := range plan {
		s[i] = fmt.Sprintf("%s%+d", m.Piece, m.By)
	}
	return strings.Join(s, " ")
}

// text writes a record as people read it; errors appear on stderr only.
func (r reporter) text(rec Record) error {
	if solved, err := r.Records.StartSolved(r.Out, rec.ID, rec.Status, rec.Reason, rec.Method); !solved {
		return err
	}
	unit := "moves"
	if *rec.Steps == 1 {
		unit = "move"
	}
	_, err := fmt.Fprintf(r.Out, "%s: solved in %d %s, %d cells slid (optimal; %s)\nmoves: %s\n",
		rec.ID, *rec.Steps, unit, *rec.Cells, rec.Method, moves(rec.Plan))
	return err
}
