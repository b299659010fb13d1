package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"waterworks/frontends/sortfmt"
	"waterworks/models/watersort"
)

func sortCommand() *command {
	return &command{name: "sort", sub: []*command{{
		name:    "solve",
		args:    sortSolveArgs,
		summary: "solve Water Sort levels",
		run:     runSortSolve,
	}}}
}

const sortSolveArgs = "[--rule whole|fits] [--method bfs|astar|greedy] [flags] FILE..."

// sortSolveFlags are the flags of "sort solve".
type sortSolveFlags struct {
	commonFlags
	rule        watersort.Rule
	method      watersort.Method
	limitStates int
}

func runSortSolve(ctx context.Context, stdio IO, args []string) int {
	fs := newFlagSet(stdio, "waterworks sort solve", sortSolveArgs,
		"Solve Water Sort levels: a text level per file, or one per line of corpus JSON Lines\n"+
			"(- or none for standard input). Moves are printed with bottles numbered from 1 in\n"+
			"text, from 0 in JSON and CSV; every plan is replayed by the checker first.\n"+
			"Exit 0 solved, 1 proven unsolvable, 2 bad input, 124 past --timeout (applied to each\n"+
			"level) or --limit-states, 130 interrupted; with several levels the worst code wins.")
	var f sortSolveFlags
	f.register(fs)
	rule := fs.String("rule", "whole", "pour `rule`: whole (the whole top run must fit) or fits (pour as much as fits)")
	method := fs.String("method", "bfs", "search `method`: bfs and astar give the fewest moves, greedy is fast but not optimal")
	fs.IntVar(&f.limitStates, "limit-states", 20_000_000, "give up (exit 124) after storing this many states (about 150 bytes each\nat 40 bottles); 0 means no limit")
	files, err := parseArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	if err := f.check(); err != nil {
		return usageError(stdio, fs, err)
	}
	if f.rule, err = watersort.ParseRule(*rule); err != nil {
		return usageError(stdio, fs, err)
	}
	if f.method, err = watersort.ParseMethod(*method); err != nil {
		return usageError(stdio, fs, err)
	}
	if f.limitStates < 0 {
		return usageError(stdio, fs, fmt.Errorf("negative --limit-states %d", f.limitStates))
	}
	inputs, code := readInputs(stdio, files)
	out := bufio.NewWriter(stdio.Out)
	defer out.Flush()
	r := &sortReporter{flags: &f, stdio: stdio, out: out, printer: newPrinter(f.format, out)}
	for _, in := range inputs {
		levels := sortfmt.Parse(in.name, in.data)
		if len(levels) == 0 {
			fmt.Fprintf(stdio.Err, "%s: no levels\n", in.name)
			code = worse(code, ExitUsage)
		}
		for _, lv := range levels {
			code = worse(code, r.solve(ctx, lv))
		}
	}
	return code
}

// sortReporter solves levels and reports each in the chosen format.
type sortReporter struct {
	flags   *sortSolveFlags
	stdio   IO
	out     *bufio.Writer
	printer *printer
	written int // text records written so far, to separate them
}

// sortMove is one move of a plan as JSON prints it, bottles from 0.
type sortMove struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// sortStats are the search statistics as JSON prints them.
type sortStats struct {
	Expanded  int64 `json:"expanded"`
	Stored    int64 `json:"stored"`
	PeakBytes int64 `json:"peak_bytes"`
}

// sortRecord is one result as JSON Lines prints it.
type sortRecord struct {
	ID      string     `json:"id"`
	Status  Status     `json:"status"`
	Method  string     `json:"method"`
	Rule    string     `json:"rule"`
	Plan    []sortMove `json:"plan"`
	Steps   *int       `json:"steps"`
	Optimal bool       `json:"optimal"`
	MS      float64    `json:"ms"`
	Stats   sortStats  `json:"stats"`
	Error   string     `json:"error,omitempty"`
}

var sortCSVHeader = []string{"id", "status", "method", "rule", "steps", "optimal", "ms",
	"expanded", "stored", "peak_bytes", "plan", "error"}

// solve runs the search on one level, checks any plan it returns, reports
// the result and returns its exit code.
func (r *sortReporter) solve(ctx context.Context, lv sortfmt.Level) int {
	rec := sortRecord{ID: lv.ID, Method: r.flags.method.String(), Rule: r.flags.rule.String()}
	if lv.Err != nil {
		fmt.Fprintln(r.stdio.Err, lv.Err)
		rec.Status, rec.Error = StatusError, lv.Err.Error()
		r.emit(rec, "")
		return ExitUsage
	}
	work, cancel := r.flags.withTimeout(ctx)
	defer cancel()
	start := time.Now()
	res, err := watersort.Solve(work, lv.Puzzle, watersort.Options{
		Rule:      r.flags.rule,
		Method:    r.flags.method,
		MaxStates: r.flags.limitStates,
	})
	rec.MS = millis(time.Since(start))
	rec.Stats = sortStats{Expanded: res.Stats.Expanded, Stored: res.Stats.Stored, PeakBytes: res.Stats.PeakBytes}
	note := ""
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		rec.Status, note = StatusUnknown, "timed out"
	case errors.Is(err, context.Canceled):
		rec.Status, note = StatusUnknown, "interrupted"
	case errors.Is(err, watersort.ErrLimit):
		rec.Status, note = StatusUnknown, fmt.Sprintf("stopped after %d states", res.Stats.Stored)
	case err != nil:
		rec.Status, rec.Error = StatusError, err.Error()
	case res.Status == watersort.Unsolvable:
		rec.Status, note = StatusUnsolvable, fmt.Sprintf("all %d reachable positions explored", res.Stats.Stored)
	case res.Status == watersort.Solved:
		// Never print a wrong answer: replay the plan with the checker.
		if cerr := watersort.Check(lv.Puzzle, r.flags.rule, res.Plan); cerr != nil {
			rec.Status, rec.Error = StatusError, fmt.Sprintf("internal error: the %s plan failed the check: %v", rec.Method, cerr)
			break
		}
		rec.Status, rec.Optimal = StatusSolved, res.Optimal
		rec.Plan = make([]sortMove, len(res.Plan))
		for i, m := range res.Plan {
			rec.Plan[i] = sortMove{From: m.From, To: m.To}
		}
		steps := len(res.Plan)
		rec.Steps = &steps
	default:
		rec.Status, rec.Error = StatusError, fmt.Sprintf("internal error: search ended with status %v", res.Status)
	}
	if rec.Error != "" {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", lv.ID, rec.Error)
	}
	if r.flags.stats && r.flags.format == formatText {
		fmt.Fprintf(r.stdio.Err, "%s: %s, %s rule: %.3f ms, %d states expanded, %d stored, peak memory about %s\n",
			lv.ID, rec.Method, rec.Rule, rec.MS, rec.Stats.Expanded, rec.Stats.Stored, humanBytes(rec.Stats.PeakBytes))
	}
	r.emit(rec, note)
	return rec.Status.exitCode(work)
}

// emit writes one record in the chosen format; note explains a status in
// text output.
func (r *sortReporter) emit(rec sortRecord, note string) {
	var err error
	switch r.flags.format {
	case formatJSON:
		err = r.printer.json(rec)
	case formatCSV:
		steps := ""
		if rec.Steps != nil {
			steps = strconv.Itoa(*rec.Steps)
		}
		moves := make([]string, len(rec.Plan))
		for i, m := range rec.Plan {
			moves[i] = fmt.Sprintf("%d>%d", m.From, m.To)
		}
		err = r.printer.csvRow(sortCSVHeader, []string{rec.ID, string(rec.Status), rec.Method, rec.Rule,
			steps, strconv.FormatBool(rec.Optimal), strconv.FormatFloat(rec.MS, 'f', 3, 64),
			strconv.FormatInt(rec.Stats.Expanded, 10), strconv.FormatInt(rec.Stats.Stored, 10),
			strconv.FormatInt(rec.Stats.PeakBytes, 10), strings.Join(moves, " "), rec.Error})
	default:
		err = r.text(rec, note)
	}
	if err == nil {
		err = r.out.Flush()
	}
	if err != nil {
		fmt.Fprintf(r.stdio.Err, "waterworks sort solve: writing output: %v\n", err)
	}
}

// text writes a record as people read it: a line with the outcome and, for
// a solved level, one numbered line a move, bottles numbered from 1. Errors
// appear on stderr only.
func (r *sortReporter) text(rec sortRecord, note string) error {
	if rec.Status == StatusError {
		return nil
	}
	if r.written > 0 {
		fmt.Fprintln(r.out)
	}
	r.written++
	if rec.Status != StatusSolved {
		_, err := fmt.Fprintf(r.out, "%s: %s (%s; %s, %s rule)\n", rec.ID, rec.Status, note, rec.Method, rec.Rule)
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
	fmt.Fprintf(r.out, "%s: solved in %d %s (%s; %s, %s rule)\n", rec.ID, *rec.Steps, unit, optimal, rec.Method, rec.Rule)
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
