package aquariumcli

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Command returns the aquarium command and its subcommands.
func Command() *clikit.Command {
	return &clikit.Command{Name: "aquarium", Sub: []*clikit.Command{
		{Name: "solve", Args: "[flags] [FILE...]", Summary: "solve Aquarium puzzles (--unique: and prove the solution unique)", Run: runAquariumSolve},
		{Name: "count", Args: "[flags] [FILE...]", Summary: "count the solutions of Aquarium puzzles, up to --limit", Run: runAquariumCount},
		{Name: "check", Args: "[flags] [FILE...]", Summary: "check the solutions written in Aquarium files", Run: runAquariumCheck},
		{Name: "hint", Args: "[flags] [FILE...]", Summary: "give the next deduction, in words, from a puzzle's (partial) solution", Run: runAquariumHint},
		{Name: "generate", Args: "--size WxH --seed S [flags]", Summary: "generate Aquarium puzzles with one solution, of a chosen difficulty", Run: runAquariumGenerate},
		{Name: "encode", Args: "[flags] FILE", Summary: "write the SAT encoding of a puzzle as DIMACS or OPB", Run: runAquariumEncode},
		{Name: "convert", Args: "--to FORMAT [flags] [FILE...]", Summary: "convert Aquarium puzzles to text, json, task, url or pzprv3", Run: runAquariumConvert},
		{Name: "render", Args: "[flags] [FILE]", Summary: "draw an Aquarium puzzle and its (partial) solution as SVG or PNG", Run: runAquariumRender},
	}}
}

// aquariumRecord is one result as JSON Lines prints it. It carries the
// puzzle in the corpus format, so that the output reads back as input
// (check reads the solution back, for instance).
type aquariumRecord struct {
	aquariumfmt.Record
	Status    kind.Status   `json:"status"`
	Backend   string        `json:"backend,omitempty"`
	Rule      string        `json:"rule"`
	Solutions *int          `json:"solutions,omitempty"`
	Unique    *bool         `json:"unique,omitempty"`
	Complete  *bool         `json:"complete,omitempty"`
	MS        float64       `json:"ms"`
	Stats     kind.StatList `json:"stats,omitempty"`
	Error     string        `json:"error,omitempty"`
	// Shown holds the solutions count --show prints, and Differ the cells
	// where they differ (rows and columns from 0).
	Shown  [][]string `json:"shown,omitempty"`
	Differ []cellPos  `json:"differ,omitempty"`
	// Grade, depth and deductions, with --stats, --logic-only, --explain
	// and from hint (logic.go).
	*logicRecord
	// stopped says why the work stopped before an answer, for the text
	// notes: the timeout, a limit or the memory budget.
	stopped string
	// Annotations are the members of the input's record that are the
	// user's own, carried into output unchanged.
	jsonfields.Annotations `json:"-"`
}

// aquariumRun reads inputs and reports a result for each puzzle.
type aquariumRun struct {
	stdio   clikit.IO
	out     *bufio.Writer
	printer *clikit.Printer
	format  string
	stats   bool
	// separate puts a blank line between text records, which are whole
	// documents for solve.
	separate bool
	written  int         // text records written so far
	ids      *clikit.IDs // --id: the puzzles to take; nil takes all
}

func newAquariumRun(stdio clikit.IO, format string, stats bool) *aquariumRun {
	out := bufio.NewWriter(stdio.Out)
	return &aquariumRun{stdio: stdio, out: out, printer: clikit.NewPrinter(format, out), format: format, stats: stats}
}

// each reads the inputs and calls do for every puzzle, reporting input
// errors as it goes; it returns the worst exit code.
func (r *aquariumRun) each(ctx context.Context, files []string, do func(aquariumfmt.Document) int) int {
	inputs, code := clikit.Inputs(r.stdio, files, isInlinePuzzle)
	code = clikit.Worse(code, r.eachOf(ctx, inputs, do))
	if r.ids != nil {
		code = clikit.Worse(code, r.ids.Missing(r.stdio))
	}
	return code
}

// eachOf is each for inputs already read. Progress (on a terminal) counts
// the puzzles of every input.
func (r *aquariumRun) eachOf(ctx context.Context, inputs []clikit.Input, do func(aquariumfmt.Document) int) int {
	defer r.out.Flush()
	code := clikit.ExitOK
	type parsed struct {
		docs []aquariumfmt.Document
		bad  []error
	}
	all := make([]parsed, len(inputs))
	total := 0
	for i, in := range inputs {
		if in.Err == nil {
			docs, err := aquariumfmt.ReadContext(ctx, in.Name, in.Data)
			if ctx.Err() != nil { // a signal while reading: what was read is cut short
				fmt.Fprintf(r.stdio.Err, "%s: interrupted while reading\n", textsafe.Name(in.Name))
				return clikit.Worse(code, clikit.ExitInterrupted)
			}
			all[i] = parsed{docs, inputerr.All(err)}
			total += len(docs)
		}
	}
	prog := clikit.ProgressFrom(ctx)
	prog.AddTotal(total)
	for i, in := range inputs {
		if in.Err != nil {
			if !in.Interrupted() {
				code = clikit.Worse(code, r.inputError(in.Err))
			}
			continue
		}
		docs, bad := all[i].docs, all[i].bad
		for _, d := range docs {
			for len(bad) > 0 && inputerr.LineOf(bad[0]) < d.Line {
				code = clikit.Worse(code, r.inputError(bad[0]))
				bad = bad[1:]
			}
			if ctx.Err() != nil {
				return clikit.Worse(code, clikit.ExitInterrupted)
			}
			if r.ids != nil && !r.ids.Keep(d.ID) {
				prog.Finish()
				continue
			}
			prog.Begin(d.ID)
			code = clikit.Worse(code, clikit.Guard(r.stdio, d.ID, func() int { return do(d) }))
			prog.Finish()
		}
		for _, e := range bad {
			code = clikit.Worse(code, r.inputError(e))
		}
	}
	return code
}

// isInlinePuzzle reports whether a command-line argument that names no
// existing file is a puzzle itself: a puzz.link URL with its address or
// "?" (not the bare "aquarium/..." form, which reads like a path), or a
// puzzle-aquarium.com task string with its ";", on one line. A mistyped
// file name such as "aquarium/6x6.txt" or "2024_01.txt" is then reported
// as a missing file, not as a malformed puzzle.
func isInlinePuzzle(arg string) bool {
	if strings.ContainsAny(arg, "\r\n") {
		return false
	}
	switch aquariumfmt.Detect([]byte(arg)) {
	case aquariumfmt.URL:
		return strings.Contains(arg, "?")
	case aquariumfmt.Task:
		return strings.Contains(arg, ";")
	}
	return false
}

// aquariumInputs tells every Aquarium command's help what it reads, as a
// paragraph of its own (help fills paragraphs to its width).
const aquariumInputs = `
Inputs are files (- or none: standard input) in any of these formats, told apart by
their content: the waterworks text format (each puzzle after the first starts with an
id or rule line), corpus JSON Lines, puzz.link or pzprjs URLs and puzzle-aquarium.com
task strings (one puzzle per line; # starts a comment line), and pzprjs (pzprv3) files.
An argument that names no existing file and reads as a URL (with its address or "p?")
or a task string (with its ";") is the puzzle itself, named argN after its place N
among the arguments. A URL states its rule (r: region, none: pool) and a pzprv3 file
its rule and marks.

`

// inputError reports an unreadable puzzle and returns ExitUsage.
func (r *aquariumRun) inputError(err error) int {
	fmt.Fprintln(r.stdio.Err, err)
	if r.format != clikit.FormatText {
		r.emit(aquariumRecord{Record: aquariumfmt.Record{ID: clikit.ErrorID(err)}, Status: kind.StatusError, Error: err.Error()}, nil)
	}
	return clikit.ExitUsage
}

var aquariumCSVHeader = []string{"id", "status", "backend", "rule", "solutions", "unique", "ms", "solution", "stats", "error"}

// emit writes a record; text is called for the text format, and may be nil.
func (r *aquariumRun) emit(rec aquariumRecord, text func(w io.Writer) error) {
	r.printer.Emit(r.stdio, "waterworks", r.out, rec, aquariumCSVHeader, func() []string {
		return []string{rec.ID, string(rec.Status), rec.Backend, rec.Rule,
			clikit.OptInt(rec.Solutions), clikit.OptBool(rec.Unique), clikit.MS(rec.MS),
			strings.Join(rec.Solution, "/"), rec.Stats.String(), rec.Error}
	}, func() error {
		if text == nil {
			return nil
		}
		if r.written > 0 && r.separate {
			fmt.Fprintln(r.out)
		}
		r.written++
		return text(r.out)
	})
}

// search runs the engine on one document under the timeout
// (aquariumkind.Run, which re-checks every solution with the independent
// checker) and fills in the record's status. It returns the record and
// the run's result.
func (r *aquariumRun) search(ctx context.Context, f *aquariumFlags, e aquariumkind.Engine, d aquariumfmt.Document, limit int) (aquariumRecord, aquariumkind.Result) {
	rule := f.ruleFor(d)
	rec := aquariumRecord{Record: aquariumfmt.RecordOf(d), Annotations: d.Annotations, Backend: f.backend, Rule: rule.String()}
	rec.Solution = nil
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	clikit.ProgressFrom(ctx).SetEngine(f.backend)
	res := aquariumkind.Run(work, e, aquariumkind.Task{ID: d.ID, Puzzle: d.Puzzle, Rule: rule, Limit: limit})
	rec.MS, rec.Stats, rec.Status = kind.Millis(res.Elapsed), res.Stats, res.Status
	switch {
	case res.End.Stopped():
		rec.stopped = stopWords(res.End)
		if res.End.Stop == kind.OverBudget {
			rec.Error = rec.stopped
		}
	case res.Status == kind.StatusError:
		rec.Error = res.Err.Error()
	}
	return rec, res
}

// stopWords says what stopped work as the Aquarium commands put it:
// "stopped by the timeout", or what else stopped it (kind.Ending.Reason).
func stopWords(end kind.Ending) string {
	if end.Stop == kind.TimedOut {
		return "stopped by the timeout"
	}
	return end.Reason()
}

// note reports a record's outcome on stderr in text format, where stdout
// carries only solutions.
func (r *aquariumRun) note(ctx context.Context, rec aquariumRecord, what string) {
	if r.format != clikit.FormatText {
		return
	}
	switch rec.Status {
	case kind.StatusUnsolvable:
		fmt.Fprintf(r.stdio.Err, "%s: no solution (proven)\n", textsafe.Name(rec.ID))
	case kind.StatusUnknown:
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), cmp.Or(rec.stopped, "stopped by the timeout"))
	case kind.StatusInterrupted:
		fmt.Fprintf(r.stdio.Err, "%s: interrupted\n", textsafe.Name(rec.ID))
	case kind.StatusError:
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), rec.Error)
	}
	if what != "" {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), what)
	}
	if r.stats {
		fmt.Fprintf(r.stdio.Err, "%s: %s, %s rule, backend %s: %.3f ms, %v\n", textsafe.Name(rec.ID), rec.Status, rec.Rule, rec.Backend, rec.MS, rec.Stats)
	}
}

const aquariumSolveSummary = "Solve Aquarium puzzles.\n" + aquariumInputs +
	`Text output is the puzzle in the text format with the solution filled in, which
'aquarium check' reads back.`

func runAquariumSolve(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium solve", "[flags] [FILE...]", aquariumSolveSummary)
	var f aquariumFlags
	f.register(fs)
	unique := fs.Bool("unique", false, "also prove the solution unique; a puzzle with several solutions fails (status not-unique)")
	var lf logicFlags
	lf.register(fs)
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium solve testdata/aquarium/6x6-easy.txt
		  waterworks aquarium solve --unique --format json --backend gini testdata/aquarium/small.jsonl
		Exit codes:
		    0  solved (with --unique: and the solution is unique)
		    1  proven unsolvable (status unsolvable), or with --unique several solutions (status not-unique)
		  124  --timeout expired, or --logic-only stopped short (status unknown)
		  130  interrupted (Ctrl-C or SIGTERM); --logic-only still prints the cells decided so far`)
	var engine aquariumkind.Engine
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) (err error) {
		if engine, err = f.resolve(); err != nil {
			return err
		}
		return lf.check(f.backend)
	})
	if !ok {
		return code
	}
	fs.Visit(func(fl *flag.Flag) { lf.depthSet = lf.depthSet || fl.Name == "depth" })
	limit := 1
	if *unique {
		limit = 2
	}
	r := newAquariumRun(res.Output.Redirect(stdio), f.Format, f.Stats)
	r.separate, r.ids = true, res.IDs
	if lf.on() {
		return res.Output.Finish(stdio, r.each(ctx, files, func(d aquariumfmt.Document) int { return r.solveByLogic(ctx, &f, &lf, d, *unique) }))
	}
	return res.Output.Finish(stdio, r.each(ctx, files, func(d aquariumfmt.Document) int {
		return r.solveOne(ctx, &f, engine, d, limit, lf.depth)
	}))
}

// solveOne solves one document, with limit 2 to prove it unique, and
// returns the exit code.
func (r *aquariumRun) solveOne(ctx context.Context, f *aquariumFlags, e aquariumkind.Engine, d aquariumfmt.Document, limit, depth int) int {
	started := time.Now()
	rec, got := r.search(ctx, f, e, d, limit)
	code := clikit.ExitCode(ctx, rec.Status)
	what := ""
	if rec.Status == kind.StatusSolved {
		rec.Solution = got.Solutions[0].Rows()
		if limit == 2 {
			u := len(got.Solutions) == 1
			rec.Unique = &u
			if !u {
				rec.Status = kind.StatusNotUnique
				what, code = "not unique: it has more than one solution", clikit.ExitFailed
			}
		}
	}
	r.note(ctx, rec, what)
	r.addGrade(ctx, f, depth, d, &rec, started)
	if rec.Status == kind.StatusSolved && code == clikit.ExitOK || r.format != clikit.FormatText {
		r.emit(rec, func(w io.Writer) error {
			out := d
			out.Solution = got.Solutions[0]
			out.HasID = out.HasID || d.Corpus != nil
			return aquariumfmt.WriteText(w, out)
		})
	}
	return code
}

const aquariumCountSummary = "Count the solutions of Aquarium puzzles, stopping at --limit (0: count all).\n" +
	aquariumInputs +
	"A count below the limit is exact; --limit 2 decides uniqueness."

func runAquariumCount(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium count", "[flags] [FILE...]", aquariumCountSummary)
	var f aquariumFlags
	f.register(fs)
	limit := fs.Int("limit", 2, "stop counting at this many solutions; 0 means no limit")
	show := fs.Int("show", 0, "print up to this many of the solutions found, side by side, the cells where they\n"+
		"differ in [brackets] (JSON: the shown and differ fields); raises --limit to as many")
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium count testdata/aquarium/6x6-easy.txt
		  waterworks aquarium count --show 2 testdata/examples/ambiguous/two-ways.txt
		Exit codes:
		    0  counted: one solution or more (up to --limit)
		    1  no solution (status unsolvable)
		  124  --timeout expired before --limit was reached (status unknown)`)
	var engine aquariumkind.Engine
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) (err error) {
		engine, err = f.resolve()
		if err == nil && (*limit < 0 || *show < 0) {
			err = fmt.Errorf("negative --limit or --show (%d, %d)", *limit, *show)
		}
		return err
	})
	if !ok {
		return code
	}
	if *show > 0 && *limit > 0 && *limit < *show {
		*limit = *show // counting must find the solutions to show
	}
	r := newAquariumRun(res.Output.Redirect(stdio), f.Format, f.Stats)
	r.ids = res.IDs
	return res.Output.Finish(stdio, r.each(ctx, files, func(d aquariumfmt.Document) int {
		return r.countOne(ctx, &f, engine, d, *limit, *show)
	}))
}

// countOne counts the solutions of one document up to limit, showing up
// to show of them, and returns the exit code.
func (r *aquariumRun) countOne(ctx context.Context, f *aquariumFlags, e aquariumkind.Engine, d aquariumfmt.Document, limit, show int) int {
	rec, got := r.search(ctx, f, e, d, limit)
	n := len(got.Solutions)
	if rec.Status == kind.StatusUnknown && limit > 0 && n >= limit {
		rec.Status = kind.StatusSolved // stopped as it reached the limit: the count is what was asked
	}
	counted := rec.Status == kind.StatusSolved || rec.Status == kind.StatusUnsolvable
	complete := got.Exhausted && (limit == 0 || n < limit)
	if counted || rec.Status == kind.StatusUnknown || rec.Status == kind.StatusInterrupted {
		rec.Solutions, rec.Complete = &n, &complete
		if complete || n >= 2 {
			u := n == 1 && complete
			rec.Unique = &u
		}
	}
	if n > 0 {
		rec.Solution = got.Solutions[0].Rows()
	}
	shown := got.Solutions[:min(n, show)]
	differ := differingCells(shown)
	for _, s := range shown {
		rec.Shown = append(rec.Shown, s.Rows())
	}
	rec.Differ = differ
	r.note(ctx, rec, "")
	r.emit(rec, func(w io.Writer) error {
		if rec.Status == kind.StatusError {
			return nil
		}
		var err error
		switch {
		case !counted:
			_, err = fmt.Fprintf(w, "%s: at least %d %s (stopped before the count was complete)\n", textsafe.Name(rec.ID), n, solutionsWord(n))
		case complete:
			_, err = fmt.Fprintf(w, "%s: %d %s\n", textsafe.Name(rec.ID), n, solutionsWord(n))
		default:
			_, err = fmt.Fprintf(w, "%s: at least %d %s (stopped at --limit)\n", textsafe.Name(rec.ID), n, solutionsWord(n))
		}
		if err == nil && len(shown) > 0 {
			err = writeShown(w, shown, differ)
		}
		return err
	})
	return clikit.ExitCode(ctx, rec.Status)
}

func solutionsWord(n int) string {
	if n == 1 {
		return "solution"
	}
	return "solutions"
}

const aquariumCheckSummary = `Check the solutions written in Aquarium files (the solution block of the text
format, the solution field of JSON Lines, the marks of a pzprv3 file) against their puzzles.
` + aquariumInputs

func runAquariumCheck(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium check", "[flags] [FILE...]", aquariumCheckSummary)
	format := fs.String("format", clikit.FormatText, "output `format`: text, json, csv")
	rule := fs.String("rule", "", "water `rule`: region or pool (default: the rule the file states, else region)")
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium check testdata/aquarium/6x6-easy-solved.txt
		  waterworks aquarium solve testdata/aquarium/6x6-easy.txt | waterworks aquarium check -
		Exit codes:
		    0  every solution is right (status ok)
		    1  a solution is wrong or incomplete (status wrong)
		    2  bad flags or bad input, or a puzzle without a solution to check (status error)`)
	var f aquariumFlags
	files, code, ok := res.Parse(stdio, fs, args, format, func([]string) error {
		f = aquariumFlags{CommonFlags: clikit.CommonFlags{Format: *format}, rule: *rule, backend: "cp"}
		_, err := f.resolve()
		return err
	})
	if !ok {
		return code
	}
	r := newAquariumRun(res.Output.Redirect(stdio), *format, false)
	r.ids = res.IDs
	return res.Output.Finish(stdio, r.each(ctx, files, func(d aquariumfmt.Document) int {
		rule := f.ruleFor(d)
		rec := aquariumRecord{Record: aquariumfmt.RecordOf(d), Annotations: d.Annotations, Rule: rule.String()}
		code := clikit.ExitOK
		switch {
		case !d.HasSolution():
			rec.Status, rec.Error, code = kind.StatusError, "no solution to check", clikit.ExitUsage
		default:
			if err := aquarium.Check(d.Puzzle, d.Solution, rule); err != nil {
				rec.Status, rec.Error, code = kind.StatusWrong, err.Error(), clikit.ExitFailed
			} else {
				rec.Status = kind.StatusOK
			}
		}
		if code == clikit.ExitUsage && *format == clikit.FormatText {
			fmt.Fprintf(stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), rec.Error)
		}
		r.emit(rec, func(w io.Writer) error {
			if rec.Status == kind.StatusError {
				return nil
			}
			if rec.Status == kind.StatusOK {
				_, err := fmt.Fprintf(w, "%s: ok\n", textsafe.Name(rec.ID))
				return err
			}
			_, err := fmt.Fprintf(w, "%s: wrong: %s\n", textsafe.Name(rec.ID), strings.TrimPrefix(rec.Error, aquarium.ErrWrongSolution.Error()+": "))
			return err
		})
		return code
	}))
}
