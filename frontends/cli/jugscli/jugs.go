package jugscli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

const jugsSolveArgs = "[--capacities 3,5 --target 4 | FILE...] [flags]"

// jugsMethod solves one valid puzzle with one engine. It returns a plan
// with the fewest actions, or reports the puzzle unsolvable, or fails with
// ctx's error or a limit.
type jugsMethod func(ctx context.Context, p *jugs.Puzzle, o jugsOptions) (jugsOutcome, error)

// jugsOptions are the engine settings the command line passes on.
type jugsOptions struct {
	maxStates  int           // bfs
	maxSteps   int           // sat and cp: the horizon
	maxClauses int           // sat: the formula's size
	complete   bool          // sat and cp: prove unsolvability by the reachable states and the longest path
	backend    string        // sat: the SAT backend
	encoding   jugs.Encoding // sat: how amounts are written
	timeouts   bool          // each puzzle has a time limit
}

// jugsOutcome is what a method found, with its statistics in the order they
// are reported.
type jugsOutcome struct {
	solvable bool
	plan     jugs.Plan
	stats    kind.StatList
	// proof says in words why an unsolvable puzzle is unsolvable.
	proof string
}

// jugsMethods are the engines --method chooses from.
var jugsMethods = map[string]jugsMethod{
	"bfs": solveJugsBFS,
	"sat": solveJugsSAT,
	"cp":  solveJugsCP,
}

// jugsFits says whether a method can take a puzzle at all, before it runs:
// the encodings of sat and cp hold an amount as one value per unit of
// water, BFS as a number.
var jugsFits = map[string]func(p *jugs.Puzzle, o jugsOptions) error{
	"bfs": func(*jugs.Puzzle, jugsOptions) error { return nil },
	"sat": func(p *jugs.Puzzle, o jugsOptions) error { return jugs.FitsSAT(p, o.horizon()) },
	"cp":  func(p *jugs.Puzzle, _ jugsOptions) error { return jugs.FitsCP(p) },
}

// fits says whether method can take p (jugsFits), nil for a method with
// no limit of its own.
func fits(method string, p *jugs.Puzzle, o jugsOptions) error {
	if f, ok := jugsFits[method]; ok {
		return f(p, o)
	}
	return nil
}

// tooLarge is the input error for a puzzle that a method cannot take (err
// wraps jugs.ErrTooLarge), at the entry's jugs, naming BFS, which can;
// flag is how the command names methods ("--method" or "engine").
func tooLarge(e jugsfmt.Entry, flag, method string, err error) error {
	reason := strings.TrimPrefix(err.Error(), jugs.ErrTooLarge.Error()+": ")
	return e.Errorf("too large for %s %s: %s; use %s bfs, which takes capacities up to %d", flag, method, reason, flag, jugs.MaxCapacity)
}

func solveJugsBFS(ctx context.Context, p *jugs.Puzzle, o jugsOptions) (jugsOutcome, error) {
	r, err := jugs.BFS(ctx, p, jugs.Options{MaxStates: o.maxStates})
	out := jugsOutcome{solvable: r.Solvable(), plan: r.Plan, stats: kind.StatList{
		{Name: "fast_path", Value: r.FastPath},
		{Name: "store", Value: string(r.Store)},
		{Name: "expanded", Value: r.Stats.Expanded},
		{Name: "generated", Value: r.Stats.Generated},
		{Name: "stored", Value: r.Stats.Stored},
	}}
	if r.FastPath {
		out.proof = jugs.Impossible(p)
	} else {
		out.proof = fmt.Sprintf("every reachable state explored (%d states)", r.Stats.Stored)
	}
	return out, err
}

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
	solve, ok := jugsMethods[f.method]
	if !ok {
		return clikit.UsageError(stdio, fs, clikit.UnknownChoice("method", f.method, MethodNames()))
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
	r := &jugsReporter{flags: &f, stdio: stdio, out: out, printer: clikit.NewPrinter(f.Format, out), method: solve, ids: res.IDs}
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
	fs.StringVar(&f.method, "method", "bfs", "solving `method`: "+strings.Join(MethodNames(), ", "))
	fs.IntVar(&f.maxStates, "max-states", defaultMaxStates, "bfs: give up after storing this many states (each costs about 50 bytes); 0 means no limit")
	fs.IntVar(&f.maxSteps, "max-steps", defaultMaxSteps, "sat, cp: give up once no plan of at most this many steps exists; 0 means no limit")
	fs.IntVar(&f.maxClauses, "max-clauses", defaultMaxClauses, "sat: give up before the formula outgrows this many clauses (each costs about 250 bytes); 0 means no limit")
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
			for len(bad) > 0 && clikit.LineOf(bad[0]) < e.Line {
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

// MethodNames lists the names --method takes, sorted.
func MethodNames() []string { return slices.Sorted(maps.Keys(jugsMethods)) }

// jugsReporter solves entries and reports each in the chosen format.
type jugsReporter struct {
	flags   *jugsSolveFlags
	stdio   clikit.IO
	out     *bufio.Writer
	printer *clikit.Printer
	method  jugsMethod
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

// solve runs the method on one entry, checks any plan it returns, reports
// the result and returns its exit code.
func (r *jugsReporter) solve(ctx context.Context, e jugsfmt.Entry) int {
	p := e.Puzzle
	work, cancel := r.flags.WithTimeout(ctx)
	defer cancel()
	start := time.Now()
	var got jugsOutcome
	err := kind.Safely(e.ID, func() (err error) {
		if err := fits(r.flags.method, p, r.flags.options()); err != nil {
			return err
		}
		got, err = r.method(work, p, r.flags.options())
		return err
	})
	elapsed := time.Since(start)
	rec := jugsRecord{ID: e.ID, Method: r.flags.method, MS: kind.Millis(elapsed), Stats: got.stats}
	v := verdict(work, p, r.flags.method, got, err)
	rec.Status, rec.Error = v.Status, v.Error
	note := v.Reason
	switch {
	case errors.Is(err, statespace.ErrHorizon):
		note += "; longer plans not searched"
	case errors.Is(err, jugs.ErrTooLarge):
		positioned := tooLarge(e, "--method", r.flags.method, err)
		rec.Error = positioned.Error()
		fmt.Fprintln(r.stdio.Err, positioned)
	}
	if rec.Status == kind.StatusSolved {
		rec.Plan = jugsfmt.StepsOf(got.plan)
		steps := len(got.plan)
		rec.Steps = &steps
	}
	if rec.Error != "" && !errors.Is(err, jugs.ErrTooLarge) {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(e.ID), rec.Error)
	}
	if r.flags.Stats && r.flags.Format == clikit.FormatText {
		fmt.Fprintf(r.stdio.Err, "%s: %s: %.3f ms, %v\n", textsafe.Name(e.ID), r.flags.method, rec.MS, got.stats)
	}
	r.emit(rec, p, note)
	return clikit.ExitCode(ctx, rec.Status)
}

// verdict judges what a method returned on p under ctx: a horizon
// passed is unknown; the rest is kind.PlanSearch's, so that a plan is
// replayed by the checker before it counts.
func verdict(ctx context.Context, p *jugs.Puzzle, method string, got jugsOutcome, err error) kind.Verdict {
	if errors.Is(err, statespace.ErrHorizon) {
		return kind.Verdict{Status: kind.StatusUnknown, Reason: err.Error()}
	}
	search := kind.PlanSearch{Method: method, Err: err, NoPlan: !got.solvable, Proof: got.proof}
	if got.solvable {
		search.Check = func() error { return jugs.Check(p, got.plan) }
	}
	return search.Verdict(ctx)
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
