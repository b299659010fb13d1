package jugscli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

const jugsSolveArgs = "[--capacities 3,5 --target 4 | FILE...] [flags]"

// jugsSolveFlags are the flags of "jugs solve".
type jugsSolveFlags struct {
	clikit.CommonFlags
	spec       jugsfmt.Spec
	target     int
	method     string
	maxStates  int
	maxSteps   int
	maxClauses int
	complete   bool
	backend    string
	encoding   string
}

// puzzleFlags names the flags that describe a puzzle, which need
// --capacities.
var puzzleFlags = []string{"initial", "no-tap", "goal", "target", "goal-state"}

func runJugsSolve(ctx context.Context, stdio clikit.IO, args []string) (code int) {
	fs := clikit.NewFlagSet(stdio, "waterworks jugs solve", jugsSolveArgs, `
Solve water jug puzzles given by flags, or read one per line from corpus JSON Lines
files (- or none for standard input), in the fewest steps: by breadth-first search
(bfs), or by asking a SAT solver (sat) or the CP core (cp) for a plan of exactly k steps
for k = 0, 1, 2, ... --timeout applies to each puzzle.`)
	var f jugsSolveFlags
	f.register(fs)
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks jugs solve --capacities 3,5 --target 4
		  waterworks jugs solve --method sat --format json testdata/jugs/mixed.jsonl
		Exit codes:
		    0  solved in the fewest steps
		    1  proven unsolvable (status unsolvable)
		  124  --timeout expired or a --max-* limit was reached (status unknown)`)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error { return f.Check() })
	if !ok {
		return code
	}
	method, ok := jugskind.MethodNamed(f.method)
	if !ok {
		return clikit.UsageError(stdio, fs, clikit.UnknownChoice("method", f.method, jugskind.MethodNames()))
	}
	if _, err := jugs.ParseEncoding(f.encoding); err != nil {
		return clikit.UsageError(stdio, fs, clikit.UnknownChoice("encoding", f.encoding, jugs.EncodingNames()))
	}
	if err := clikit.CheckCounts(clikit.Count{Name: "max-states", Value: f.maxStates},
		clikit.Count{Name: "max-steps", Value: f.maxSteps}, clikit.Count{Name: "max-clauses", Value: f.maxClauses}); err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if err := checkJugsMethodFlags(f.method, f.backend, set); err != nil {
		return clikit.UsageError(stdio, fs, err)
	}

	defer func() { code = res.Output.Finish(stdio, code) }()
	out := bufio.NewWriter(res.Output.Redirect(stdio).Out)
	defer out.Flush()
	r := &jugsReporter{flags: &f, stdio: stdio, out: out, printer: clikit.NewPrinter(f.Format, out), method: method, ids: res.IDs}
	if set["capacities"] {
		if len(files) > 0 {
			return clikit.UsageError(stdio, fs, errors.New("--capacities describes the puzzle; do not also name files"))
		}
		if set["target"] {
			f.spec.Target = &f.target
		}
		p, err := jugsfmt.FromSpec(f.spec)
		if err != nil {
			return clikit.UsageError(stdio, fs, err)
		}
		return r.solve(ctx, jugsfmt.Entry{ID: "flags", Puzzle: p})
	}
	for _, name := range puzzleFlags {
		if set[name] {
			return clikit.UsageError(stdio, fs, fmt.Errorf("--%s needs --capacities (puzzles in files carry their own)", name))
		}
	}
	return clikit.Worse(r.solveFiles(ctx, files), res.IDs.Missing(stdio))
}

// register registers the flags of jugs solve.
func (f *jugsSolveFlags) register(fs *flag.FlagSet) {
	f.CommonFlags.Register(fs)
	fs.StringVar(&f.spec.Capacities, "capacities", "", "jug capacities, comma-separated (e.g. 3,5); no file is read")
	fs.StringVar(&f.spec.Initial, "initial", "", "initial amounts, comma-separated (default all empty)")
	fs.BoolVar(&f.spec.NoTap, "no-tap", false, "no tap: water only moves between jugs")
	fs.StringVar(&f.spec.Goal, "goal", "", "goal: any (some jug holds --target), total (all jugs hold --target),\nor state (the jugs hold --goal-state) (default any, or state with --goal-state)")
	fs.IntVar(&f.target, "target", 0, "the `amount` wanted by goals any and total")
	fs.StringVar(&f.spec.GoalState, "goal-state", "", "wanted final amounts, comma-separated, - for any (e.g. 4,-,0)")
	fs.StringVar(&f.method, "method", "bfs", "solving `method`: "+strings.Join(jugskind.MethodNames(), ", "))
	fs.IntVar(&f.maxStates, "max-states", jugskind.DefaultMaxStates, "bfs: give up after storing this many states (each costs about 50 bytes); 0 means no limit")
	fs.IntVar(&f.maxSteps, "max-steps", jugskind.DefaultMaxSteps, "sat, cp: give up once no plan of at most this many steps exists; 0 means no limit")
	fs.IntVar(&f.maxClauses, "max-clauses", jugskind.DefaultMaxClauses, "sat: give up before the formula outgrows this many clauses (each costs about 250 bytes); 0 means no limit")
	fs.BoolVar(&f.complete, "complete", true, "sat, cp: also prove unsolvable a puzzle with at most 100,000 reachable states (counted\nfirst: their breadth-first depth bounds the horizon) or a short longest loop-free path\n(measured to cost up to 5 times the time of sat, 3 times that of cp on solvable puzzles;\nfalse: only number theory proves unsolvability)")
	fs.StringVar(&f.encoding, "encoding", jugs.EncodingNames()[0], "sat: how the formula holds an amount of water: binary (one variable per bit),\norder (one variable per unit), or auto (order with a tap, binary without)")
	fs.StringVar(&f.backend, "backend", backends.Gini, "sat: the SAT `backend`: "+strings.Join(backends.Builtin(), ", ")+" or dimacs:CMD (a DIMACS solver program)")
	clikit.OldSpellings(fs)
}

// solveFiles solves every puzzle of the corpus JSON Lines files, reporting
// bad lines among the good ones in line order, and returns the worst exit
// code.
func (r *jugsReporter) solveFiles(ctx context.Context, files []string) int {
	inputs, code := clikit.Inputs(r.stdio, files, nil)
	for _, in := range inputs {
		if in.Err != nil {
			if !in.Interrupted() {
				code = clikit.Worse(code, r.inputError(in.Err))
			}
			continue
		}
		entries, err := jugsfmt.Parse(in.Name, in.Data)
		// Report bad lines among the good ones, in line order.
		bad := inputerr.All(err)
		prog := clikit.ProgressFrom(ctx)
		prog.AddTotal(len(entries))
		for _, e := range entries {
			for len(bad) > 0 && inputerr.LineOf(bad[0]) < e.Line {
				code = clikit.Worse(code, r.inputError(bad[0]))
				bad = bad[1:]
			}
			if ctx.Err() != nil { // interrupted: leave the rest
				return clikit.Worse(code, clikit.ExitInterrupted)
			}
			if r.ids.Keep(e.ID) {
				prog.Begin(e.ID)
				code = clikit.Worse(code, clikit.Guard(r.stdio, e.ID, func() int { return r.solve(ctx, e) }))
			}
			prog.Finish()
		}
		for _, err := range bad {
			code = clikit.Worse(code, r.inputError(err))
		}
	}
	return code
}

// jugsReporter solves entries and reports each in the chosen format.
type jugsReporter struct {
	flags   *jugsSolveFlags
	stdio   clikit.IO
	out     *bufio.Writer
	printer *clikit.Printer
	method  jugskind.Method
	ids     *clikit.IDs        // --id
	records clikit.TextRecords // separates the text records
}

// jugsRecord is one result as JSON Lines prints it.
type jugsRecord struct {
	ID     string        `json:"id"`
	Status kind.Status   `json:"status"`
	Method string        `json:"method"`
	Plan   jugsfmt.Steps `json:"plan"`
	Steps  *int          `json:"steps"`
	MS     float64       `json:"ms"`
	Stats  kind.StatList `json:"stats"`
	Error  string        `json:"error,omitempty"`
	// Annotations are the members of the input's record that are the
	// user's own, carried into output unchanged.
	jsonfields.Annotations `json:"-"`
}

var CSVHeader = []string{"id", "status", "method", "steps", "ms", "plan", "stats", "error"}

// inputError reports a puzzle that could not be read and returns its exit
// code.
func (r *jugsReporter) inputError(err error) int {
	fmt.Fprintln(r.stdio.Err, err)
	if r.flags.Format != clikit.FormatText {
		r.emit(jugsRecord{ID: clikit.ErrorID(err), Status: kind.StatusError, Method: r.flags.method, Error: err.Error()}, nil, "")
	}
	return clikit.ExitUsage
}

// solve runs the method on one entry (jugskind.Run, which replays any
// plan with the checker), reports the result and returns its exit code.
func (r *jugsReporter) solve(ctx context.Context, e jugsfmt.Entry) int {
	work, cancel := r.flags.WithTimeout(ctx)
	defer cancel()
	res := jugskind.Run(work, e.ID, r.method, e.Puzzle, r.flags.options())
	rec := jugsRecord{ID: e.ID, Method: r.flags.method, Annotations: e.Annotations, MS: kind.Millis(res.Elapsed), Stats: res.Stats,
		Status: res.Status, Error: res.Error}
	note := res.Reason
	switch {
	case errors.Is(res.Err, statespace.ErrHorizon):
		note += "; longer plans not searched"
	case errors.Is(res.Err, jugs.ErrTooLarge):
		positioned := jugskind.TooLarge(e, "--method", r.flags.method, res.Err)
		rec.Error = positioned.Error()
		fmt.Fprintln(r.stdio.Err, positioned)
	case rec.Error != "":
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(e.ID), rec.Error)
	}
	if rec.Status == kind.StatusSolved {
		rec.Plan = jugsfmt.StepsOf(res.Plan)
		steps := len(res.Plan)
		rec.Steps = &steps
	}
	if r.flags.Stats && r.flags.Format == clikit.FormatText {
		fmt.Fprintf(r.stdio.Err, "%s: %s: %.3f ms, %v\n", textsafe.Name(e.ID), r.flags.method, rec.MS, res.Stats)
	}
	r.emit(rec, e.Puzzle, note)
	return clikit.ExitCode(ctx, rec.Status)
}

// emit writes one record in the chosen format; p is the puzzle (nil for
// unreadable input) and note explains a status in text output.
func (r *jugsReporter) emit(rec jugsRecord, p *jugs.Puzzle, note string) {
	r.printer.Emit(r.stdio, "waterworks jugs solve", r.out, rec, CSVHeader, func() []string {
		return []string{rec.ID, string(rec.Status), rec.Method, clikit.OptInt(rec.Steps),
			clikit.MS(rec.MS), jugsfmt.Compact(rec.Plan.Plan()), rec.Stats.String(), rec.Error}
	}, func() error { return r.text(rec, p, note) })
}

// text writes a record as people read it: a line with the outcome and,
// for a solved puzzle, the plan as a table. Errors appear on stderr only.
func (r *jugsReporter) text(rec jugsRecord, p *jugs.Puzzle, note string) error {
	if !r.records.Start(r.out, rec.Status) {
		return nil
	}
	if rec.Status == kind.StatusInterrupted {
		_, err := fmt.Fprintf(r.out, "%s: interrupted\n", textsafe.Name(rec.ID))
		return err
	}
	if rec.Status != kind.StatusSolved {
		_, err := fmt.Fprintf(r.out, "%s: %s (%s)\n", textsafe.Name(rec.ID), rec.Status, note)
		return err
	}
	unit := "steps"
	if *rec.Steps == 1 {
		unit = "step"
	}
	fmt.Fprintf(r.out, "%s: solved in %d %s\n", textsafe.Name(rec.ID), *rec.Steps, unit)
	return jugsfmt.WritePlan(r.out, p, rec.Plan.Plan())
}
