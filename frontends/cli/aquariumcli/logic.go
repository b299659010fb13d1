package aquariumcli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// startOf returns the cells a document's solution block decides, which
// reasoning starts from, or the zero Solution. With partialOnly, a
// complete solution (the answer, as corpus records carry it) is not a
// starting point.
func startOf(d aquariumfmt.Document, partialOnly bool) aquarium.Solution {
	if !d.HasSolution() || partialOnly && d.Solution.Complete() {
		return aquarium.Solution{}
	}
	return d.Solution
}

// addGrade grades the document's puzzle for solve --stats, and in JSON
// for solve --logic-only and --explain: the record gets the grade, and with
// --stats stderr a line in text format. Grading shares the puzzle's
// --timeout with the solve that began at started, so that --timeout bounds
// the whole of a puzzle's work; a puzzle whose solve was stopped is not
// graded.
func (r *aquariumRun) addGrade(ctx context.Context, f *aquariumFlags, depth int, d aquariumfmt.Document, rec *aquariumRecord, started time.Time) {
	if !r.stats && (rec.logicRecord == nil || r.format == clikit.FormatText) || rec.Status == kind.StatusError || rec.stopped != "" {
		return
	}
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	if f.Timeout > 0 {
		var cancelDeadline context.CancelFunc
		work, cancelDeadline = context.WithDeadline(work, started.Add(f.Timeout))
		defer cancelDeadline()
	}
	g, err := logic.GradePuzzle(work, d.Puzzle, f.ruleFor(d), depth)
	if err != nil {
		if r.format == clikit.FormatText {
			why := err.Error()
			if end := kind.Ended(work, err); end.Stopped() {
				why = stopWords(end)
			}
			fmt.Fprintf(r.stdio.Err, "%s: no grade: %s\n", textsafe.Name(rec.ID), why)
		}
		return
	}
	if rec.logicRecord == nil {
		rec.logicRecord = &logicRecord{}
	}
	rec.Grade = gradeOf(g)
	if r.stats && r.format == clikit.FormatText {
		fmt.Fprintf(r.stdio.Err, "%s: grade %v\n", textsafe.Name(rec.ID), g)
	}
}

// solveByLogic is solve with --logic-only or --explain for one document:
// reasoning on the CP model from the cells its solution block decides, the
// chain of deductions in words with --explain, and, without --logic-only,
// a search on the CP model for what reasoning leaves open.
func (r *aquariumRun) solveByLogic(ctx context.Context, f *aquariumFlags, lf *logicFlags, d aquariumfmt.Document, unique bool) int {
	rule := f.ruleFor(d)
	rec := aquariumRecord{Record: aquariumfmt.RecordOf(d), Annotations: d.Annotations, Backend: "logic", Rule: rule.String(), logicRecord: &logicRecord{}}
	rec.Solution = nil
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	started := time.Now()
	start := startOf(d, true)
	fail := func(status kind.Status, err error) int { return r.fail(work, rec, started, status, err) }
	clikit.ProgressFrom(ctx).SetEngine("logic")
	depth, budgeted := lf.reasoning()

	// Logic-only solving on the CP model: the status and the depth. Each
	// step is told on stderr as it is found, and a reasoning stopped by a
	// signal or the timeout keeps and reports what it decided.
	m, res, status, err := reasonOnModel(work, d.Puzzle, rule, start, depth, r.logicStep(rec.ID))
	var halt error
	if err != nil {
		end := kind.Ended(work, err)
		if m == nil || !end.Stopped() {
			return fail(status, err)
		}
		halt, rec.stopped = err, stopWords(end)
	}
	rec.Logic = &logicJSON{Solved: res.Solved, Depth: res.Depth, Fixed: res.Fixed, Open: countOpen(res.Solution)}
	rec.Stats = aquariumkind.CPStats(m.Solver.Stats())
	if halt != nil {
		rec.Status = kind.StatusUnknown
		rec.MS = kind.Millis(time.Since(started))
		rec.Solution = res.Solution.Rows()
		what := fmt.Sprintf("%s with %s undecided", rec.stopped, cellsWord(res.Solution))
		return r.reportLogic(ctx, f, lf, d, rec, res, res.Solution, nil, "", what, depth, started)
	}

	// The chain in words, from the same start.
	var chain []logic.Deduction
	var stopped string
	if lf.explain {
		if chain, stopped, status, err = explainChain(work, d.Puzzle, rule, start, depth, res.Solved); err != nil {
			return fail(status, err)
		}
		rec.Explanation = deductionsOf(d.Puzzle, chain)
	}

	grid := res.Solution
	switch {
	case res.Solved:
		rec.Status = kind.StatusSolved
	case lf.logicOnly:
		rec.Status = kind.StatusUnknown
	default:
		// Search on the CP model finishes what reasoning left open.
		if grid, status, err = searchRest(work, m, unique, &rec); err != nil {
			return fail(status, err)
		}
		if stopped != "" {
			stopped += " The rest was found by search."
		}
	}
	if rec.Status == kind.StatusSolved {
		if err := aquarium.Check(d.Puzzle, grid, rule); err != nil {
			return fail(kind.StatusError, fmt.Errorf("internal error: the solution fails the check: %w", err))
		}
		if res.Solved && (unique || start.Width == 0) {
			u := true // what reasoning decides holds in every solution
			rec.Unique = &u
		}
		if rec.Unique != nil && !*rec.Unique {
			return r.notUnique(ctx, rec, grid, started)
		}
	}
	rec.MS = kind.Millis(time.Since(started))
	rec.Solution = grid.Rows()
	what := ""
	if rec.Status == kind.StatusUnknown {
		what = stopsShort(grid, depth, res.Depth, budgeted)
	}
	return r.reportLogic(ctx, f, lf, d, rec, res, grid, chain, stopped, what, depth, started)
}

// notUnique reports a puzzle that search found a second solution of.
func (r *aquariumRun) notUnique(ctx context.Context, rec aquariumRecord, grid aquarium.Solution, started time.Time) int {
	rec.Status = kind.StatusNotUnique
	rec.MS = kind.Millis(time.Since(started))
	rec.Solution = grid.Rows()
	r.note(ctx, rec, "not unique: it has more than one solution")
	if r.format != clikit.FormatText {
		r.emit(rec, nil)
	}
	return clikit.ExitFailed
}

// stopsShort says why logic-only reasoning up to depth left grid
// undecided: reached is the depth it used, and budgeted says whether the
// depth was the default budget rather than --depth.
func stopsShort(grid aquarium.Solution, depth, reached int, budgeted bool) string {
	switch {
	case budgeted && reached < depth:
		return fmt.Sprintf("reasoning up to depth %d stops short: %s undecided (probing deeper than %d found nothing; --depth %d to go deeper)",
			depth, cellsWord(grid), reached, depth+1)
	case budgeted:
		return fmt.Sprintf("stopped at depth %d with %s undecided; --depth %d to go deeper", depth, cellsWord(grid), depth+1)
	}
	return fmt.Sprintf("reasoning up to depth %d stops short: %s undecided", depth, cellsWord(grid))
}

// logicStep returns what tells, on stderr in text format, each step of
// logic-only reasoning on the puzzle id as it is found, or nil.
func (r *aquariumRun) logicStep(id string) func(aqcp.LogicStep) {
	if r.format != clikit.FormatText {
		return nil
	}
	return func(s aqcp.LogicStep) {
		fmt.Fprintf(r.stdio.Err, "%s: %s decided %s, %s left\n", textsafe.Name(id), stepLabel(s.Depth), nounsOf(s.Cells, "cell"), nounsOf(s.Open, "cell"))
	}
}

// stepLabel names the reasoning of a depth: "propagation", "probing",
// "nested probing (depth 2)".
func stepLabel(depth int) string {
	switch depth {
	case 0:
		return "propagation"
	case 1:
		return "probing"
	}
	return fmt.Sprintf("nested probing (depth %d)", depth)
}

// nounsOf says n of a thing: "1 cell", "12 cells".
func nounsOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// reasonOnModel builds the CP model of p under rule, fixes the cells start
// decides, and reasons without guessing up to depth, telling onStep (when
// not nil) each step. When that fails, or proves there is no solution, it
// returns the status to report; when the reasoning was stopped it returns
// the model too, and the result holds what was decided.
func reasonOnModel(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution, depth int, onStep func(aqcp.LogicStep)) (*aqcp.Model, aqcp.LogicResult, kind.Status, error) {
	m, err := aqcp.NewModelContext(ctx, p, rule)
	switch {
	case kind.Ended(ctx, err).Stopped():
		return nil, aqcp.LogicResult{}, kind.StatusUnknown, err
	case err != nil:
		return nil, aqcp.LogicResult{}, kind.StatusError, err
	}
	if start.Width > 0 {
		if err := m.Restrict(start); err != nil {
			return nil, aqcp.LogicResult{}, kind.StatusUnsolvable, fmt.Errorf("the cells filled in contradict the puzzle: %w", err)
		}
	}
	res, err := m.LogicSteps(ctx, depth, 0, onStep)
	switch {
	case err != nil:
		return m, res, kind.StatusUnknown, err // res holds what was decided
	case res.Contradiction && start.Width > 0:
		return nil, res, kind.StatusUnsolvable, errors.New("reasoning proves that no solution agrees with the cells filled in")
	case res.Contradiction:
		return nil, res, kind.StatusUnsolvable, errors.New("reasoning proves there is no solution")
	}
	return m, res, "", nil
}

// explainChain puts in words the reasoning from start up to depth (solve
// --explain), and says where the hints stop when they leave cells open;
// solved says whether reasoning on the CP model decided every cell. When
// that fails it returns the status to report.
func explainChain(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution, depth int, solved bool) ([]logic.Deduction, string, kind.Status, error) {
	rsn, err := logic.NewReasonerContext(ctx, p, rule, start)
	switch {
	case kind.Ended(ctx, err).Stopped():
		return nil, "", kind.StatusUnknown, err
	case err != nil:
		return nil, "", kind.StatusUnsolvable, fmt.Errorf("the cells filled in contradict the puzzle: %w", err)
	}
	chain, err := rsn.Explain(ctx, depth)
	if err != nil && !errors.Is(err, aquarium.ErrWrongSolution) {
		return nil, "", kind.StatusUnknown, err
	}
	stopped := ""
	switch {
	case rsn.Solved():
	case solved:
		// Under the pool rule the CP model also reasons about ranges of
		// water levels, which the hints do not put in words.
		stopped = fmt.Sprintf("The hints stop here with %s undecided; reasoning about the ranges water levels can take decides the rest.", cellsWord(rsn.Current()))
	default:
		stopped = fmt.Sprintf("Reasoning up to depth %d stops here with %s undecided.", depth, cellsWord(rsn.Current()))
	}
	return chain, stopped, "", nil
}

// searchRest finishes by search on the CP model what reasoning left open,
// up to two solutions when unique asks for the proof, and returns the
// first solution. It fills in rec's backend, statistics, status and
// uniqueness; when the search fails it returns the status to report.
func searchRest(ctx context.Context, m *aqcp.Model, unique bool, rec *aquariumRecord) (aquarium.Solution, kind.Status, error) {
	limit := 1
	if unique {
		limit = 2
	}
	found, err := m.Search(ctx, limit, cp.Limits{})
	rec.Backend, rec.Stats = "logic+cp", aquariumkind.CPStats(found.Stats)
	switch {
	case err != nil:
		return aquarium.Solution{}, kind.StatusUnknown, err
	case len(found.Solutions) == 0:
		return aquarium.Solution{}, kind.StatusUnsolvable, errors.New("no solution (proven by search)")
	}
	rec.Status = kind.StatusSolved
	if unique {
		u := len(found.Solutions) == 1 && found.Exhausted
		rec.Unique = &u
	}
	return found.Solutions[0], "", nil
}

// reportLogic reports the outcome of solveByLogic (what says why the
// grid is left open, for status unknown), its grade when asked, and prints
// the grid with the summary and the chain of deductions as comments;
// depth is the depth reasoning went to. It returns the exit code.
func (r *aquariumRun) reportLogic(ctx context.Context, f *aquariumFlags, lf *logicFlags, d aquariumfmt.Document, rec aquariumRecord,
	res aqcp.LogicResult, grid aquarium.Solution, chain []logic.Deduction, stopped, what string, depth int, started time.Time) int {
	if rec.Status == kind.StatusUnknown && kind.Ended(ctx, ctx.Err()).Stop == kind.Interrupted {
		rec.Status = kind.StatusInterrupted
	}
	code := clikit.ExitCode(ctx, rec.Status)
	switch {
	case rec.Status == kind.StatusUnknown && ctx.Err() == nil:
		code = clikit.ExitTimeout // a limit of reasoning reached, not an interrupt
		r.noteLogic(rec, what)
	case rec.stopped != "":
		r.noteLogic(rec, what) // what says it was stopped, and where
	default:
		r.note(ctx, rec, what)
	}
	r.addGrade(ctx, f, lf.depth, d, &rec, started)
	if r.stats {
		if r.format == clikit.FormatText {
			fmt.Fprintf(r.stdio.Err, "%s: logic depth %d, blocks fixed per depth %v\n", textsafe.Name(rec.ID), res.Depth, res.Fixed)
		}
	}
	r.emit(rec, func(w io.Writer) error {
		var b strings.Builder
		if lf.logicOnly {
			fmt.Fprintf(&b, "# %s\n", logicSummary(res, depth))
		}
		if lf.explain {
			b.WriteString("# Deductions, easiest first:\n")
			outline(&b, "# ", 1, chain)
			if stopped != "" {
				b.WriteString("# " + stopped + "\n")
			}
		}
		return writeAnnotated(w, b.String(), d, grid)
	})
	return code
}

// logicSummary says whether reasoning solved the grid and how deep it went:
// "Solved by logic alone: probing (depth 1).", "Logic alone stops short
// with 17 cells undecided (...)."
func logicSummary(res aqcp.LogicResult, maxDepth int) string {
	how := "propagation alone (gravity and the counts of rows and columns)"
	switch {
	case res.Depth == 1:
		how = "probing (depth 1)"
	case res.Depth > 1:
		how = fmt.Sprintf("nested probing (depth %d)", res.Depth)
	}
	if res.Solved {
		return "Solved by logic alone: " + how + "."
	}
	tried := fmt.Sprintf("probing tried to depth %d", maxDepth)
	if maxDepth == 0 {
		tried = "no probing tried"
	}
	return fmt.Sprintf("Logic alone stops short with %s undecided (%s; what helped: %s).", cellsWord(res.Solution), tried, how)
}

// writeAnnotated writes comment lines, then the document with grid as its
// solution block, in the text format.
func writeAnnotated(w io.Writer, comments string, d aquariumfmt.Document, grid aquarium.Solution) error {
	if _, err := io.WriteString(w, comments); err != nil {
		return err
	}
	d.Solution = grid
	d.HasID = d.HasID || d.Corpus != nil
	return aquariumfmt.WriteText(w, d)
}

// fail ends a record whose reasoning did not succeed: it takes the status
// and the error (a timeout or an interrupt makes the status unknown),
// reports on stderr in text format and emits the record without text.
func (r *aquariumRun) fail(ctx context.Context, rec aquariumRecord, started time.Time, status kind.Status, err error) int {
	rec.MS = kind.Millis(time.Since(started))
	rec.Status, rec.Error = status, err.Error()
	end := kind.Ended(ctx, err)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		rec.Status, rec.Error = end.Status(), ""
	}
	if rec.Status == kind.StatusUnknown {
		rec.stopped = stopWords(end)
	}
	if (rec.Status == kind.StatusWrong || rec.Status == kind.StatusUnsolvable) && r.format == clikit.FormatText {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), rec.Error)
	}
	r.note(ctx, aquariumRecord{Record: rec.Record, Status: rec.Status, Error: rec.Error, stopped: rec.stopped}, "")
	r.emit(rec, nil)
	return clikit.ExitCode(ctx, rec.Status)
}

// noteLogic reports on stderr, in text format, that reasoning stopped short.
func (r *aquariumRun) noteLogic(rec aquariumRecord, what string) {
	if r.format == clikit.FormatText {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), what)
	}
}

// cellsWord says how many cells of s are undecided: "1 cell", "12 cells".
func cellsWord(s aquarium.Solution) string { return nounsOf(countOpen(s), "cell") }

// countOpen counts the undecided cells of s.
func countOpen(s aquarium.Solution) int {
	n := 0
	for _, c := range s.Cells {
		if c == aquarium.Unknown {
			n++
		}
	}
	return n
}

const aquariumHintSummary = `Give the next deduction for Aquarium puzzles, in words: the easiest rule that
decides something (gravity, a line's count, bounds or sums, then probing), naming
rows, columns (from 1) and aquariums by their labels. The solution block of a text
file (with ? for undecided cells) or the solution field of JSON Lines is the
starting point, so a person can ask midway.
` +
	aquariumInputs +
	`--apply prints the puzzle with the hinted cells filled in (the hints as comments),
ready for the next call.`

func runAquariumHint(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium hint", "[flags] [FILE...]", aquariumHintSummary)
	var f aquariumFlags
	f.CommonFlags.Register(fs, clikit.FormatText, clikit.FormatJSON)
	fs.StringVar(&f.rule, "rule", "", "water `rule`: region or pool (default: the rule the file states, else region)")
	steps := fs.Int("steps", 1, "give this many deductions, each applied before the next; 0: all, to the end")
	apply := fs.Bool("apply", false, "text format: print the puzzle with the hinted cells filled in")
	var depth int
	registerDepth(fs, &depth, "")
	res := clikit.RegisterResults(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium hint testdata/aquarium/partial-solution.txt
		  waterworks aquarium hint --steps 3 --apply testdata/aquarium/6x6-easy.txt
		Exit codes:
		    0  a hint was given, or the grid is complete
		    1  the cells filled in cannot be completed (status wrong)
		  124  reasoning up to --depth finds nothing, or --timeout expired (status unknown)`)
	f.backend = "cp"
	files, code, ok := res.Parse(stdio, fs, args, &f.Format, func([]string) error {
		err := f.Check(clikit.FormatText, clikit.FormatJSON)
		if err == nil {
			_, err = f.resolve()
		}
		if err == nil {
			err = checkDepth(depth)
		}
		if err == nil && *steps < 0 {
			err = fmt.Errorf("negative --steps %d", *steps)
		}
		return err
	})
	if !ok {
		return code
	}
	r := newAquariumRun(res.Output.Redirect(stdio), f.Format, f.Stats)
	r.separate, r.ids = *apply, res.IDs
	return res.Output.Finish(stdio, r.each(ctx, files, func(d aquariumfmt.Document) int {
		return r.hint(ctx, &f, d, *steps, depth, *apply)
	}))
}

// hint gives the next deductions for one document.
func (r *aquariumRun) hint(ctx context.Context, f *aquariumFlags, d aquariumfmt.Document, steps, depth int, apply bool) int {
	rule := f.ruleFor(d)
	rec := aquariumRecord{Record: aquariumfmt.RecordOf(d), Annotations: d.Annotations, Backend: "logic", Rule: rule.String(), logicRecord: &logicRecord{}}
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	started := time.Now()
	start := startOf(d, false)
	fail := func(status kind.Status, err error) int { return r.fail(work, rec, started, status, err) }
	if start.Width > 0 {
		if err := logic.CheckPartial(work, d.Puzzle, rule, start); err != nil {
			if errors.Is(err, aquarium.ErrWrongSolution) {
				return fail(kind.StatusWrong, fmt.Errorf("the cells filled in contradict the puzzle: %s",
					strings.TrimPrefix(err.Error(), aquarium.ErrWrongSolution.Error()+": ")))
			}
			return fail(kind.StatusUnknown, err)
		}
	}
	rsn, err := logic.NewReasonerContext(work, d.Puzzle, rule, start)
	switch {
	case kind.Ended(work, err).Stopped():
		return fail(kind.StatusUnknown, err)
	case err != nil:
		return fail(kind.StatusWrong, err)
	}
	hints, halt, err := r.nextHints(work, rsn, rec.ID, steps, depth, !apply)
	if err != nil {
		return fail(kind.StatusWrong, err)
	}
	if halt != nil && len(hints) == 0 {
		return fail(kind.StatusUnknown, halt)
	}
	rec.MS = kind.Millis(time.Since(started))
	rec.Hints = deductionsOf(d.Puzzle, hints)
	grid := rsn.Current()
	rec.Solution = grid.Rows()
	code := clikit.ExitOK
	rec.Status = kind.StatusOK
	var note string
	switch {
	case halt != nil:
		// Stopped midway: the hints found are kept (and were printed as
		// they came); the status says why it stopped.
		end := kind.Ended(work, halt)
		rec.Status = cmp.Or(end.Status(), kind.StatusUnknown)
		code = clikit.ExitCode(ctx, rec.Status)
		why := cmp.Or(stopWords(end), halt.Error())
		note = fmt.Sprintf("%s after %s", why, nounsOf(len(hints), "hint"))
	case len(hints) == 0 && rsn.Solved():
		note = "the grid is complete; nothing is left to deduce"
	case len(hints) == 0:
		rec.Status, code = kind.StatusUnknown, clikit.ExitTimeout
		note = fmt.Sprintf("no deduction found by reasoning up to depth %d; the puzzle needs guessing from here, or has more than one solution", depth)
	case rsn.Solved():
		rec.Status = kind.StatusSolved
	}
	if rec.Status == kind.StatusSolved {
		if err := aquarium.Check(d.Puzzle, grid, rule); err != nil {
			return fail(kind.StatusError, fmt.Errorf("internal error: the hints give a grid that fails the check: %w", err))
		}
	}
	return r.reportHints(rec, d, grid, hints, note, halt != nil, apply, code)
}

// reportHints prints the outcome of hint for one document: in text format
// without --apply only note (the hints were printed as they were found),
// else the record, with --apply the grid annotated with the hints. halted
// says whether the reasoning was stopped midway; code is returned.
func (r *aquariumRun) reportHints(rec aquariumRecord, d aquariumfmt.Document, grid aquarium.Solution, hints []logic.Deduction, note string, halted, apply bool, code int) int {
	switch {
	case halted && r.format == clikit.FormatText && !apply:
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", textsafe.Name(rec.ID), note)
		return code // the hints were printed as they were found
	case note != "" && r.format == clikit.FormatText && !apply:
		r.emit(rec, func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s: %s\n", textsafe.Name(rec.ID), note)
			return err
		})
		return code
	case r.format == clikit.FormatText && !apply:
		return code // the hints were printed as they were found
	}
	r.emit(rec, func(w io.Writer) error {
		var b strings.Builder
		if note != "" {
			b.WriteString("# " + note + "\n")
		}
		outline(&b, "# ", 1, hints)
		return writeAnnotated(w, b.String(), d, grid)
	})
	return code
}

// nextHints finds up to steps deductions (0: all) by reasoning up to
// depth, applying each before the next. With stream, in text format, it
// prints each as it is found, under a line naming the puzzle id. When the
// reasoning is stopped (a timeout, a signal, the memory budget) it returns
// the hints found so far and why in halt; err is a deduction that does
// not apply, which is an internal error.
func (r *aquariumRun) nextHints(ctx context.Context, rsn *logic.Reasoner, id string, steps, depth int, stream bool) (hints []logic.Deduction, halt, err error) {
	stream = stream && r.format == clikit.FormatText
	for steps == 0 || len(hints) < steps {
		h, ok, err := rsn.Next(ctx, depth)
		if err != nil {
			return hints, err, nil
		}
		if !ok {
			break
		}
		if err := rsn.Apply(h); err != nil {
			return hints, nil, err
		}
		hints = append(hints, h)
		if stream {
			var b strings.Builder
			if len(hints) == 1 {
				fmt.Fprintf(&b, "%s:\n", textsafe.Name(id))
			}
			outline(&b, "  ", len(hints), hints[len(hints)-1:])
			r.written++
			io.WriteString(r.out, b.String())
			r.out.Flush()
		}
	}
	return hints, nil, nil
}
