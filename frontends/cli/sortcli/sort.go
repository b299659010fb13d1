package sortcli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/watersort"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

const sortSolveArgs = "[--rule whole|fits] [--method bfs|astar|greedy|sat] [flags] FILE..."

// sortSolveFlags are the flags of "sort solve".
type sortSolveFlags struct {
	clikit.CommonFlags
	rule        watersort.Rule
	method      string          // bfs, astar, greedy or sat
	engine      sortkind.Method // the method called method
	limitStates int
	backend     string // sat: the SAT backend
	maxMoves    int    // sat: the horizon
	encoding    watersort.SATEncoding
}

// methodSAT names the bounded-horizon SAT method on the command line.
const methodSAT = sortkind.MethodSAT

// parseMethod reads --method: a search method or sat.
func (f *sortSolveFlags) parseMethod(name string) error {
	f.method = name
	var ok bool
	if f.engine, ok = sortkind.MethodNamed(name); !ok {
		return clikit.UnknownChoice("method", name, sortkind.MethodNames())
	}
	return nil
}

// options returns the methods' settings the flags give.
func (f *sortSolveFlags) options() sortkind.Options {
	return sortkind.Options{Rule: f.rule, MaxStates: f.limitStates, MaxMoves: f.maxMoves,
		Backend: f.backend, Encoding: f.encoding, Timeouts: f.Timeout > 0}
}

// checkBackend refuses a SAT backend that is not known.
func (f *sortSolveFlags) checkBackend() error {
	if f.method != methodSAT {
		return nil
	}
	if _, err := backends.Open(f.backend); err != nil {
		if errors.Is(err, backends.ErrUnknown) {
			return clikit.UnknownBackend(f.backend, append(backends.Builtin(), backends.DIMACS+"CMD"))
		}
		return err
	}
	return nil
}

// checkMethodFlags refuses the flags of one kind of method with the other:
// --backend and --max-steps belong to sat, --max-states to the searches.
func (f *sortSolveFlags) checkMethodFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(fl *flag.Flag) {
		switch {
		case err != nil:
		case f.method == methodSAT && fl.Name == "max-states":
			err = errors.New("--max-states applies to the search methods; sat stops at --max-steps")
		case f.method != methodSAT && (fl.Name == "backend" || fl.Name == "max-steps" || fl.Name == "encoding"):
			err = fmt.Errorf("--%s applies to --method sat", fl.Name)
		}
	})
	if err == nil && f.maxMoves < 0 {
		err = fmt.Errorf("negative --max-steps %d", f.maxMoves)
	}
	return err
}

func runSortSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks sort solve", sortSolveArgs, `
Solve Water Sort levels: a text level per file, or one per line of corpus JSON Lines
(- or none for standard input). Moves are printed with bottles numbered from 1 in
text, from 0 in JSON and CSV; every plan is replayed by the checker first.
--timeout applies to each level. The SAT method refutes plans up to a length and never
proves a level unsolvable.`)
	clikit.Describe(fs, `
		Examples:
		  waterworks sort solve testdata/watersort/three-colours.txt
		  waterworks sort solve --method astar --format json testdata/watersort/generated.jsonl
		Exit codes:
		    0  solved (optimal unless --method greedy)
		    1  proven unsolvable (status unsolvable)
		  124  --timeout expired, --max-states was reached, or with sat no plan within --max-steps (status unknown)`)
	var f sortSolveFlags
	f.Register(fs)
	res := clikit.RegisterResults(fs)
	rule := fs.String("rule", "whole", "pour `rule`: whole (the whole top run must fit) or fits (pour as much as fits)")
	method := fs.String("method", "bfs", "`method`: bfs and astar search for the fewest moves, greedy is fast but not optimal,\n"+
		"sat asks a SAT solver for plans of exactly k moves, k growing from a lower bound\n(optimal; small levels)")
	fs.IntVar(&f.limitStates, "max-states", sortkind.DefaultMaxStates, "give up after storing this many states (about 150 bytes each\nat 40 bottles); 0 means no limit")
	fs.StringVar(&f.backend, "backend", backends.Gini, "sat: SAT `backend`: gini, gophersat or dimacs:CMD (an external solver)")
	fs.IntVar(&f.maxMoves, "max-steps", sortkind.DefaultMaxMoves, "sat: the horizon; without a plan of at most this many moves the answer is\n"+
		"unknown: the SAT method cannot prove a level unsolvable")
	encoding := fs.String("encoding", watersort.DefaultSATEncoding.String(), "sat: `encoding` beyond the moves: "+satEncodingNames()+"\n"+
		"(moves: symmetry breaking over consecutive moves and the A* bound on every state;\n"+
		"window: also over windows of moves that commute, and between one-colour bottles;\n"+
		"parallel: steps of moves on disjoint bottles, k moves over k steps; slower, measured)")
	clikit.OldSpellings(fs)
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error { return f.Check() })
	if !ok {
		return code
	}
	if err := f.setChoices(fs, *rule, *method, *encoding); err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	inputs, code := clikit.Inputs(stdio, files, nil)
	out := bufio.NewWriter(res.Output.Redirect(stdio).Out)
	defer out.Flush()
	if err := f.checkBackend(); err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	r := &sortReporter{flags: &f, stdio: stdio, out: out, printer: clikit.NewPrinter(f.Format, out)}
	for _, in := range inputs {
		if in.Err != nil {
			if !in.Interrupted() {
				code = clikit.Worse(code, r.solve(ctx, sortfmt.Level{ID: in.Name, Err: in.Err}))
			}
			continue
		}
		levels := sortfmt.Parse(in.Name, in.Data)
		if len(levels) == 0 {
			fmt.Fprintf(stdio.Err, "%s: no levels\n", in.Name)
			code = clikit.Worse(code, clikit.ExitUsage)
		}
		prog := clikit.ProgressFrom(ctx)
		prog.AddTotal(len(levels))
		for _, lv := range levels {
			if res.IDs.Keep(lv.ID) {
				prog.Begin(lv.ID)
				code = clikit.Worse(code, clikit.Guard(r.stdio, lv.ID, func() int { return r.solve(ctx, lv) }))
			}
			prog.Finish()
		}
	}
	out.Flush()
	return res.Output.Finish(stdio, clikit.Worse(code, res.IDs.Missing(stdio)))
}

// setChoices reads the rule, the method and the encoding named on the
// command line into f and checks the flags that go with them.
func (f *sortSolveFlags) setChoices(fs *flag.FlagSet, rule, method, encoding string) error {
	var err error
	if f.rule, err = watersort.ParseRule(rule); err != nil {
		return err
	}
	if err = f.parseMethod(method); err != nil {
		return err
	}
	if f.encoding, err = watersort.ParseSATEncoding(encoding); err != nil {
		return clikit.UnknownChoice("encoding", encoding, satEncodingList())
	}
	if f.limitStates < 0 {
		return fmt.Errorf("negative --max-states %d", f.limitStates)
	}
	return f.checkMethodFlags(fs)
}

// sortReporter solves levels and reports each in the chosen format.
type sortReporter struct {
	flags   *sortSolveFlags
	stdio   clikit.IO
	out     *bufio.Writer
	printer *clikit.Printer
	records clikit.TextRecords // separates the text records
}

// Move is one move of a plan as JSON prints it, bottles from 0.
type Move struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Record is one result as JSON Lines prints it.
type Record struct {
	ID      string      `json:"id"`
	Status  kind.Status `json:"status"`
	Method  string      `json:"method"`
	Backend string      `json:"backend,omitempty"` // the SAT backend of method sat
	// Encoding is the SAT method's encoding (watersort.SATEncoding).
	Encoding string         `json:"encoding,omitempty"`
	Rule     string         `json:"rule"`
	Plan     []Move         `json:"plan"`
	Steps    *int           `json:"steps"`
	Optimal  bool           `json:"optimal"`
	MS       float64        `json:"ms"`
	Stats    sortkind.Stats `json:"stats"`
	Error    string         `json:"error,omitempty"`
	// Annotations are the members of the input's record that are the
	// user's own, carried into output unchanged.
	jsonfields.Annotations `json:"-"`
}

// engine names the record's engine for people: the method, and for the
// SAT method its backend and any encoding but the default.
func (rec Record) engine() string {
	engine := rec.Method
	if rec.Backend != "" {
		engine += "/" + rec.Backend
	}
	if rec.Encoding != "" && rec.Encoding != watersort.DefaultSATEncoding.String() {
		engine += "/" + rec.Encoding
	}
	return engine
}

var CSVHeader = []string{"id", "status", "method", "rule", "steps", "optimal", "ms",
	"expanded", "stored", "peak_bytes", "variables", "clauses", "plan", "error"}

// solve runs the engine on one level, checks any plan it returns, reports
// the result and returns its exit code.
func (r *sortReporter) solve(ctx context.Context, lv sortfmt.Level) int {
	rec := Record{ID: lv.ID, Method: r.flags.method, Rule: r.flags.rule.String(), Annotations: lv.Annotations}
	if r.flags.method == methodSAT {
		rec.Backend, rec.Encoding = r.flags.backend, r.flags.encoding.String()
	}
	if lv.Err != nil {
		fmt.Fprintln(r.stdio.Err, lv.Err)
		rec.Status, rec.Error = kind.StatusError, lv.Err.Error()
		r.emit(rec, "")
		return clikit.ExitUsage
	}
	work, cancel := r.flags.WithTimeout(ctx)
	defer cancel()
	res := sortkind.Run(work, lv.ID, r.flags.engine, lv.Puzzle, r.flags.options())
	rec.MS = kind.Millis(res.Elapsed)
	rec.Stats = res.Stats
	rec.Status, rec.Error = res.Status, res.Error
	if rec.Status == kind.StatusSolved {
		rec.Optimal = res.Optimal
		rec.Plan = make([]Move, len(res.Plan))
		for i, m := range res.Plan {
			rec.Plan[i] = Move{From: m.From, To: m.To}
		}
		steps := len(res.Plan)
		rec.Steps = &steps
	}
	if rec.Error != "" {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(lv.ID), rec.Error)
	}
	if r.flags.Stats && r.flags.Format == clikit.FormatText {
		r.textStats(rec)
	}
	r.emit(rec, res.Reason)
	return clikit.ExitCode(work, rec.Status)
}

// textStats writes the statistics of a record on stderr, as people read
// them; the SAT method's horizons one a line.
func (r *sortReporter) textStats(rec Record) {
	st := rec.Stats
	if rec.Method != methodSAT {
		fmt.Fprintf(r.stdio.Err, "%s: %s, %s rule: %.3f ms, %d states expanded, %d stored, peak memory about %s\n",
			textsafe.Name(rec.ID), rec.Method, rec.Rule, rec.MS, st.Expanded, st.Stored, humanBytes(st.PeakBytes))
		return
	}
	bound := 0
	if st.LowerBound != nil {
		bound = *st.LowerBound
	}
	fmt.Fprintf(r.stdio.Err, "%s: sat/%s, %s rule: %.3f ms, lower bound %d, %d horizons, %d variables, %d clauses\n",
		textsafe.Name(rec.ID), strings.TrimPrefix(rec.engine(), methodSAT+"/"), rec.Rule, rec.MS, bound, len(st.Rounds), st.Variables, st.Clauses)
	for _, h := range st.Rounds {
		fmt.Fprintf(r.stdio.Err, "%s:   %d moves: %s, %.3f ms\n", textsafe.Name(rec.ID), h.K, h.Answer, h.MS)
	}
}

// emit writes one record in the chosen format; note explains a status in
// text output.
func (r *sortReporter) emit(rec Record, note string) {
	r.printer.Emit(r.stdio, "waterworks sort solve", r.out, rec, CSVHeader, func() []string {
		moves := make([]string, len(rec.Plan))
		for i, m := range rec.Plan {
			moves[i] = fmt.Sprintf("%d>%d", m.From, m.To)
		}
		return []string{rec.ID, string(rec.Status), rec.Method, rec.Rule,
			clikit.OptInt(rec.Steps), strconv.FormatBool(rec.Optimal), clikit.MS(rec.MS),
			strconv.FormatInt(rec.Stats.Expanded, 10), strconv.FormatInt(rec.Stats.Stored, 10),
			strconv.FormatInt(rec.Stats.PeakBytes, 10), strconv.Itoa(rec.Stats.Variables), strconv.Itoa(rec.Stats.Clauses),
			strings.Join(moves, " "), rec.Error}
	}, func() error { return r.text(rec, note) })
}

// text writes a record as people read it: a line with the outcome and, for
// a solved level, one numbered line a move, bottles numbered from 1. Errors
// appear on stderr only.
func (r *sortReporter) text(rec Record, note string) error {
	if !r.records.Start(r.out, rec.Status) {
		return nil
	}
	engine := rec.engine()
	if rec.Status != kind.StatusSolved {
		_, err := fmt.Fprintf(r.out, "%s: %s (%s; %s, %s rule)\n", textsafe.Name(rec.ID), rec.Status, note, engine, rec.Rule)
		return err
	}
	unit := "moves"
	if *rec.Steps == 1 {
		unit = "move"
	}
	optimal := "not proven optimal"
	if rec.Optimal {
		optimal = "optimal"
	}
	fmt.Fprintf(r.out, "%s: solved in %d %s (%s; %s, %s rule)\n", textsafe.Name(rec.ID), *rec.Steps, unit, optimal, engine, rec.Rule)
	width := len(strconv.Itoa(len(rec.Plan)))
	for i, m := range rec.Plan {
		fmt.Fprintf(r.out, "%*d. pour %d into %d\n", width, i+1, m.From+1, m.To+1)
	}
	return nil
}

// humanBytes renders a byte count with a binary unit.
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	value, suffix := float64(n), "B"
	for _, s := range []string{"KiB", "MiB", "GiB", "TiB"} {
		if value < unit {
			break
		}
		value, suffix = value/unit, s
	}
	return fmt.Sprintf("%.1f %s", value, suffix)
}

// satEncodingList names the SAT method's encodings.
func satEncodingList() []string {
	var names []string
	for _, e := range watersort.SATEncodings() {
		names = append(names, e.String())
	}
	return names
}

// satEncodingNames lists the SAT method's encodings for the help.
func satEncodingNames() string { return strings.Join(satEncodingList(), ", ") }
