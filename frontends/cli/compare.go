package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/chart"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/internal/files"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/kinds"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/membudget"
)

func compareCommand() *clikit.Command {
	return &clikit.Command{
		Name:    "compare",
		Args:    "[flags] FILE...",
		Summary: "run every engine on each puzzle, re-check every answer, and check that they agree",
		Run:     runCompare,
	}
}

const compareSummary = `Run every available engine on each puzzle of the files (Aquarium puzzles, jug
puzzles, Water Sort levels, sliding-tile or Rush Hour boards, torch or river-crossing
puzzles, FlatZinc or MiniZinc models, told apart by their content, or named with
--kind), re-check every answer with the puzzle's own checker, and check that the
engines agree: on the number of solutions up to --limit for Aquarium, on the least
total time for the torch, on satisfiable, the optimum or unsatisfiable for a model, on
the optimal number of steps (or unsolvability) for the others. A MiniZinc model.mzn
takes the data files that follow it (.dzn, .json), as minizinc does, and is compiled by
minizinc once for waterworks' library (cp, cp-learn, sat:*) and once for Gecode's
(gecode), each answer checked on the FlatZinc its engine ran. Engines
that time out are reported as unknown and left out of the agreement. --format bench
prints Go benchmark lines for benchstat, --count times each. --plot FILE.svg also
draws the times: bars for one puzzle, a cactus plot for several.`

// compareFlags are the flags of compare.
type compareFlags struct {
	clikit.CommonFlags
	kind     string
	engines  string // comma-separated engine names to keep; empty: all
	count    int
	rule     string
	limit    int
	maxMoves int
	plot     string // --plot: the SVG file to draw the times in
}

// comparison runs one compare command: it times engines, checks agreement
// and prints rows.
type comparison struct {
	flags    *compareFlags
	stdio    clikit.IO
	out      *bufio.Writer
	printer  *clikit.Printer
	table    *tabwriter.Writer
	progress *clikit.Progress
	keep     map[string]bool   // engine filter from --engines; nil keeps all
	code     int               // worst exit code so far
	rows     []kind.CompareRow // every row so far, for --plot
	// kindName and input name the input being compared, for the records
	// of its problems.
	kindName, input string
}

// comparison is what compare offers the kinds.
var _ kind.Comparison = (*comparison)(nil)

// Options returns the flags of compare that the kinds read.
func (c *comparison) Options() kind.CompareOptions {
	return kind.CompareOptions{Timeout: c.flags.Timeout, Rule: c.flags.rule, Limit: c.flags.limit, MaxMoves: c.flags.maxMoves,
		Verbose: c.stdio.ErrIsTerminal, Engines: engineList(c.flags.engines)}
}

// Wants reports whether the engine called name is to run.
func (c *comparison) Wants(name string) bool { return c.keep == nil || c.keep[name] }

// Begin shows the puzzle at work in the progress line.
func (c *comparison) Begin(id string) { c.progress.Begin(id) }

// Problem says on stderr what keeps the engines from a puzzle: exit 2.
// In JSON and CSV it is a record too, of status error, named by the
// input (the puzzle it could not read has no id of its own), so that
// every input yields one.
func (c *comparison) Problem(err error) {
	fmt.Fprintln(c.stdio.Err, err)
	c.code = clikit.Worse(c.code, clikit.ExitUsage)
	if c.flags.Format == clikit.FormatJSON || c.flags.Format == clikit.FormatCSV {
		c.print(kind.CompareRow{Kind: c.kindName, ID: c.input, Status: kind.StatusError, Error: err.Error()})
		c.out.Flush()
	}
}

// Say says msg on stderr.
func (c *comparison) Say(msg string) { fmt.Fprintln(c.stdio.Err, msg) }

// Time runs the engine called engine --count times under the per-run
// timeout and returns the last run's error and every run's duration. do
// reports whether the run may be repeated (it may not after a failure or a
// timeout).
func (c *comparison) Time(ctx context.Context, engine string, do func(ctx context.Context) error) ([]time.Duration, error) {
	c.progress.SetEngine(engine)
	var runs []time.Duration
	var err error
	for range max(c.flags.count, 1) {
		work, cancel := c.flags.WithTimeout(ctx)
		start := time.Now()
		err = kind.Safely("", func() error { return do(work) })
		runs = append(runs, time.Since(start))
		if be, ok := membudget.Cause(work); ok {
			err = be // the watch stopped the run: say so, not "canceled"
		}
		cancel()
		var internal *kind.InternalError
		if errors.As(err, &internal) {
			c.code = clikit.Worse(c.code, clikit.ExitUsage)
		}
		if err != nil {
			break
		}
	}
	return runs, err
}

// Puzzle checks the agreement among one puzzle's rows (kind.Agree, as the
// web page's race does) and prints them.
func (c *comparison) Puzzle(rows []kind.CompareRow) {
	c.progress.Finish()
	votes := make([]kind.Vote, len(rows))
	for i, r := range rows {
		votes[i] = kind.Vote{Engine: r.Engine, Answer: kind.Answer{Status: r.Status, Words: r.Answer, Key: r.Key}}
	}
	agreement := kind.Agree(votes)
	agree := agreement.Agree
	answered := false
	for i := range rows {
		r := &rows[i]
		if len(r.Runs) > 0 {
			r.MS = kind.Millis(slices.Min(r.Runs))
		}
		if r.Key != "" {
			r.Agree = &agree
		}
		answered = answered || r.Status != kind.StatusUnknown && r.Status != kind.StatusInterrupted
		if r.Status == kind.StatusError {
			c.code = clikit.Worse(c.code, clikit.ExitFailed)
			if kind.IsInternal(r.Error) {
				c.code = clikit.Worse(c.code, clikit.ExitUsage)
			}
			fmt.Fprintf(c.stdio.Err, "ERROR: %s on %s: %s\n", r.Engine, textsafe.Name(r.ID), r.Error)
		}
	}
	if !answered && len(rows) > 0 {
		c.code = clikit.Worse(c.code, clikit.ExitTimeout)
		fmt.Fprintf(c.stdio.Err, "%s %s: no engine answered\n", rows[0].Kind, rows[0].ID)
	}
	if !agree {
		c.code = clikit.Worse(c.code, clikit.ExitFailed)
		fmt.Fprintf(c.stdio.Err, "DISAGREEMENT on %s %s: %s\n", rows[0].Kind, textsafe.Name(rows[0].ID), agreement.Answers())
	}
	for _, r := range rows {
		c.print(r)
	}
	c.rows = append(c.rows, rows...)
	c.table.Flush() // a table per puzzle, so that results appear as they come
	c.out.Flush()
}

var compareCSVHeader = []string{"kind", "id", "engine", "status", "answer", "ms", "agree", "stats", "error"}

// benchName keeps the characters benchstat reads in a name part.
var benchName = regexp.MustCompile(`[^A-Za-z0-9_.:+-]+`)

func (c *comparison) print(r kind.CompareRow) {
	agree := ""
	if r.Agree != nil {
		agree = strconv.FormatBool(*r.Agree)
	}
	var err error
	switch c.flags.Format {
	case clikit.FormatJSON:
		err = c.printer.JSON(r)
	case clikit.FormatCSV:
		err = c.printer.CSVRow(compareCSVHeader, []string{r.Kind, r.ID, r.Engine, string(r.Status), r.Answer,
			clikit.MS(r.MS), agree, r.Stats.String(), r.Error})
	case clikit.FormatBench:
		if r.Status != kind.StatusSolved && r.Status != kind.StatusUnsolvable {
			break // no time to report
		}
		for _, d := range r.Runs {
			_, err = fmt.Fprintf(c.out, "BenchmarkCompare/kind=%s/puzzle=%s/engine=%s 1 %d ns/op\n",
				r.Kind, benchName.ReplaceAllString(r.ID, "_"), benchName.ReplaceAllString(r.Engine, "_"), d.Nanoseconds())
		}
	default:
		if agree == "false" {
			agree = "NO"
		}
		_, err = fmt.Fprintf(c.table, "%s\t%s\t%s\t%s\t%.3f\t%s\t%s\n", textsafe.Name(r.ID), r.Engine, r.Status, r.Answer, r.MS, agree, r.Stats)
	}
	if err != nil {
		fmt.Fprintf(c.stdio.Err, "waterworks compare: writing output: %v\n", err)
	}
}

func runCompare(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks compare", "[flags] FILE...", compareSummary)
	var f compareFlags
	f.register(fs)
	output := clikit.RegisterOutput(fs)
	files, err := clikit.ParseArgs(fs, args)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	known := kinds.All()
	err = clikit.Results{Output: output}.Format(fs, &f.Format)
	if err == nil {
		err = f.check(known, files)
	}
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	all, code := clikit.Inputs(stdio, files, nil)
	inputs, unreadable, gatherCode := gatherInputs(stdio, known, f.kind, all)
	code = clikit.Worse(code, gatherCode)
	// Each input's kind, told before anything runs, so that --engines is
	// checked against the kinds at hand.
	inputKinds := make([]kind.Kind, len(inputs))
	for i, in := range inputs {
		inputKinds[i] = in.kind
	}
	keep, err := checkEngines(f.engines, known, inputKinds)
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	out := bufio.NewWriter(output.Redirect(stdio).Out)
	c := &comparison{flags: &f, stdio: stdio, out: out, printer: clikit.NewPrinter(f.Format, out), progress: clikit.ProgressFrom(ctx), keep: keep}
	c.table = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	if f.Format == clikit.FormatText {
		fmt.Fprintf(c.table, "PUZZLE\tENGINE\tSTATUS\tANSWER\tMS\tAGREE\tSTATS\n")
	}
	if f.Format == clikit.FormatJSON || f.Format == clikit.FormatCSV {
		for _, row := range unreadable { // a record for every input
			c.print(row)
		}
	}
	for _, in := range inputs {
		k := in.kind
		if f.rule != "" && !slices.Contains(k.Rules, f.rule) {
			fmt.Fprintf(stdio.Err, "%s: --rule %s does not apply to %s puzzles\n", in.Name, f.rule, k.Name)
			code = clikit.Worse(code, clikit.ExitUsage)
			continue
		}
		c.progress.Begin(in.Name)
		c.kindName, c.input = k.Name, in.Name
		code = clikit.Worse(code, clikit.Guard(stdio, in.Name, func() int {
			k.Compare(ctx, c, in.Input)
			return clikit.ExitOK
		}))
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.Canceled) {
			out.Flush()
			return output.Finish(stdio, clikit.Worse(code, clikit.ExitInterrupted))
		}
	}
	if f.plot != "" {
		code = clikit.Worse(code, c.writePlot())
	}
	out.Flush()
	return output.Finish(stdio, clikit.Worse(code, c.code))
}

// register registers the flags of compare.
func (f *compareFlags) register(fs *flag.FlagSet) {
	f.Register(fs, clikit.FormatText, clikit.FormatJSON, clikit.FormatCSV, clikit.FormatBench)
	fs.StringVar(&f.kind, "kind", "", "puzzle `kind`: aquarium, jugs, sort, tiles, rush, torch, river, fzn or mzn (default: told from\nthe content, and .mzn from the name)")
	fs.StringVar(&f.engines, "engines", "", "comma-separated `engines` to run (default: every available one); for Aquarium\nalso minizinc:SOLVER, its MiniZinc model on a solver minizinc knows (e.g. minizinc:gecode)")
	fs.IntVar(&f.count, "count", 1, "run each engine this many times (for --format bench and benchstat)")
	fs.StringVar(&f.rule, "rule", "", "the puzzles' `rule`: for Aquarium region or pool (default: the file's, else region),\n"+
		"for Water Sort whole or fits (default whole)")
	fs.IntVar(&f.limit, "limit", 2, "Aquarium: count solutions up to this many (2 decides uniqueness)")
	fs.IntVar(&f.maxMoves, "max-steps", sortkind.DefaultMaxMoves, "Water Sort: the SAT method's horizon; past it, its answer is unknown")
	clikit.OldSpellings(fs)
	fs.StringVar(&f.plot, "plot", "", "also draw the times as an SVG chart in `FILE.svg`: bars for one puzzle, a cactus plot\n(puzzles answered against time, one line per engine) for several")
	clikit.Describe(fs, `
		Examples:
		  waterworks compare testdata/aquarium/6x6-easy.txt
		  waterworks compare --engines cp,gini --timeout 10s --format json testdata/aquarium/small.jsonl
		  waterworks compare --timeout 10s testdata/minizinc/compare/tour.mzn testdata/minizinc/compare/tour.dzn testdata/minizinc/compare/tour-vans.dzn
		Exit codes:
		    0  the engines that answered agree, and every answer passed its check
		    1  engines disagree, an answer failed its check, or an engine failed (status error)
		    2  bad flags or bad input (a model that does not compile, data with no model, no minizinc for a .mzn), or an engine in --engines that is unknown or does not apply to the puzzles
		  124  on some puzzle no engine answered before --timeout (all unknown)`)
}

// check validates the flags after parsing.
func (f *compareFlags) check(known []kind.Kind, files []string) error {
	err := f.Check(clikit.FormatText, clikit.FormatJSON, clikit.FormatCSV, clikit.FormatBench)
	var kindNames, rules []string
	for _, k := range known {
		kindNames = append(kindNames, k.Name)
		rules = append(rules, k.Rules...)
	}
	switch {
	case err != nil:
	case f.count < 1:
		err = fmt.Errorf("--count must be at least 1, got %d", f.count)
	case f.limit < 1:
		err = fmt.Errorf("--limit must be at least 1, got %d", f.limit)
	case f.maxMoves < 0:
		err = fmt.Errorf("negative --max-steps %d", f.maxMoves)
	case f.rule != "" && !slices.Contains(rules, f.rule):
		err = clikit.UnknownChoice("rule", f.rule, rules)
	case f.kind != "" && !slices.Contains(kindNames, f.kind):
		err = clikit.UnknownChoice("kind", f.kind, kindNames)
	case len(files) == 0:
		err = errors.New("name the files to compare on (- for standard input)")
	case f.plot != "" && !strings.EqualFold(filepath.Ext(f.plot), ".svg"):
		err = fmt.Errorf("--plot %s: the chart is SVG; name a file ending in .svg", f.plot)
	}
	return err
}

// checkEngines reads --engines: every name must pick engines of a kind at
// hand (the kinds of the inputs), else it is refused, with the names it may
// have meant. It returns the names, nil for every engine.
func checkEngines(list string, known, inputKinds []kind.Kind) (map[string]bool, error) {
	if list == "" {
		return nil, nil
	}
	keep := map[string]bool{}
	for _, name := range engineList(list) {
		keep[name] = true
	}
	if len(inputKinds) == 0 || slices.ContainsFunc(inputKinds, func(k kind.Kind) bool { return k.Engines == nil }) {
		return keep, nil // nothing to check against
	}
	var atHand, elsewhere, families []string
	for _, k := range known {
		if k.Engines == nil {
			continue
		}
		if slices.ContainsFunc(inputKinds, func(i kind.Kind) bool { return i.Name == k.Name }) {
			atHand = append(atHand, k.Engines()...)
			families = append(families, k.EngineFamilies...)
		} else {
			elsewhere = append(elsewhere, k.Engines()...)
		}
	}
	inFamily := func(name string) bool {
		return slices.ContainsFunc(families, func(f string) bool { return len(name) > len(f) && strings.HasPrefix(name, f) })
	}
	for _, name := range engineList(list) {
		switch {
		case slices.Contains(atHand, name), inFamily(name):
		case slices.Contains(elsewhere, name):
			return nil, fmt.Errorf("engine %q does not apply to %s puzzles (theirs: %s)", name, kindList(inputKinds), shortList(atHand))
		default:
			return nil, fmt.Errorf("unknown or unavailable engine %q (available: %s)%s", name, shortList(atHand),
				clikit.DidYouMean(name, append(atHand, elsewhere...), strconv.Quote))
		}
	}
	return keep, nil
}

// engineList splits --engines into names, nil when it is empty.
func engineList(list string) []string {
	if list == "" {
		return nil
	}
	names := strings.Split(list, ",")
	for i, name := range names {
		names[i] = strings.TrimSpace(name)
	}
	return names
}

// shortList names engines for a message: the names without a slash,
// which pick an engine or a group of them, and an example of the others
// ("gini/totalizer").
func shortList(names []string) string {
	var short []string
	example := ""
	for _, n := range names {
		switch {
		case !strings.Contains(n, "/"):
			short = append(short, n)
		case example == "":
			example = n
		}
	}
	list := strings.Join(short, ", ")
	if example != "" {
		list += "; and each by its full name, e.g. " + example
	}
	return list
}

// kindList names the kinds of the inputs once each: "aquarium", "aquarium
// and jugs".
func kindList(inputKinds []kind.Kind) string {
	var names []string
	for _, k := range inputKinds {
		if !slices.Contains(names, k.Name) {
			names = append(names, k.Name)
		}
	}
	if len(names) == 0 {
		return "no"
	}
	return clikit.OrList(names)
}

// writePlot draws the times of every row in the --plot file.
func (c *comparison) writePlot() int {
	svg, err := plotSVG(c.rows)
	if err == nil {
		err = files.WriteAtomic(c.flags.plot, svg)
	}
	if err != nil {
		fmt.Fprintf(c.stdio.Err, "waterworks compare: --plot %s: %v\n", c.flags.plot, files.Reason(err))
		return clikit.ExitUsage
	}
	return clikit.ExitOK
}

// plotSVG draws compare's rows: for one puzzle, a bar per engine with its
// time, status and answer, the disagreeing ones marked (the chart of the
// web page's race); for several, a cactus plot of the times of the
// puzzles each engine answered (solved or proved unsolvable).
func plotSVG(rows []kind.CompareRow) ([]byte, error) {
	type puzzle struct{ kind, id string }
	var puzzles []puzzle
	seen := map[puzzle]bool{}
	for _, r := range rows {
		if p := (puzzle{r.Kind, r.ID}); !seen[p] {
			seen[p] = true
			puzzles = append(puzzles, p)
		}
	}
	var buf bytes.Buffer
	if len(puzzles) == 1 {
		bars := make([]chart.Bar, len(rows))
		for i, r := range rows {
			bars[i] = chart.Bar{Engine: r.Engine, MS: r.MS, Status: string(r.Status), Answer: r.Answer, Disagrees: r.Agree != nil && !*r.Agree}
		}
		err := chart.Bars(&buf, fmt.Sprintf("%s %s: every engine", puzzles[0].kind, puzzles[0].id), bars)
		return buf.Bytes(), err
	}
	var series []chart.Series
	index := map[string]int{}
	for _, r := range rows {
		i, ok := index[r.Engine]
		if !ok {
			i = len(series)
			index[r.Engine] = i
			series = append(series, chart.Series{Engine: r.Engine})
		}
		if r.Status == kind.StatusSolved || r.Status == kind.StatusUnsolvable {
			series[i].MS = append(series[i].MS, r.MS)
		}
	}
	err := chart.Cactus(&buf, fmt.Sprintf("%d puzzles: every engine", len(puzzles)), len(puzzles), series)
	return buf.Bytes(), err
}

// detectKind picks the kind named by --kind, or the kind kinds.Detect
// finds in the data: the rules and the order the web page follows too.
// Data no kind accepts goes to Aquarium, the main puzzle, whose readers
// then say what is wrong with it.
func detectKind(all []kind.Kind, name string, data []byte) kind.Kind {
	return detectFileKind(all, name, "", data)
}

// detectFileKind is detectKind for the file called file, whose name may
// tell its kind first (kinds.DetectFile: a .mzn model).
func detectFileKind(all []kind.Kind, name, file string, data []byte) kind.Kind {
	if name == "" {
		found, ok := kinds.DetectFile(all, file, data)
		name = found.Name
		if !ok {
			name = aquariumkind.Name
		}
	}
	for _, k := range all {
		if k.Name == name {
			return k
		}
	}
	return all[0]
}

// compareInput is one input compare runs the engines on: its kind, and
// the inputs that follow it and belong to it in With (a MiniZinc model's
// data files).
type compareInput struct {
	kind.Input
	kind kind.Kind
	// broken says why it is not compared: an input that belongs to it
	// could not be read.
	broken error
}

// gatherInputs turns the inputs read into compare's: each readable input
// with its kind (--kind, or told by its file name and content), and the
// inputs after it that belong to it (kind.Kind.Belongs) gathered into it;
// an input that such an input follows is of the kind it belongs to,
// whatever its content reads like (a MiniZinc model before a .dzn file).
// It says on stderr what cannot be compared, and returns a row for each
// such input, for JSON and CSV: an input that cannot be read, one that
// belongs to an input of a kind that none precedes (MiniZinc data with
// no model), an input one of whose own cannot be read. The exit code is
// that of those problems.
func gatherInputs(stdio clikit.IO, known []kind.Kind, kindFlag string, all []clikit.Input) ([]compareInput, []kind.CompareRow, int) {
	var inputs []compareInput
	var bad []kind.CompareRow
	code := clikit.ExitOK
	refuse := func(k, id string, err error) {
		fmt.Fprintln(stdio.Err, err)
		bad = append(bad, kind.CompareRow{Kind: k, ID: id, Status: kind.StatusError, Error: err.Error()})
		code = clikit.Worse(code, clikit.ExitUsage)
	}
	for i, in := range all {
		if in.Err != nil && in.Interrupted() {
			continue // Inputs said so
		}
		if n := len(inputs); n > 0 && inputs[n-1].kind.Belongs != nil && inputs[n-1].kind.Belongs(in.Name, in.Data) {
			head := &inputs[n-1]
			if in.Err != nil {
				refuse(head.kind.Name, in.Name, in.Err)
				head.broken = errors.Join(head.broken, fmt.Errorf("%s cannot be read", textsafe.Name(in.Name)))
				continue
			}
			head.With = append(head.With, kind.Input{Name: in.Name, Data: in.Data, Path: inputPath(in.Name)})
			continue
		}
		if in.Err != nil {
			refuse("", in.Name, in.Err)
			continue
		}
		if i := orphan(known, kindFlag, in); i >= 0 {
			refuse(known[i].Name, in.Name, fmt.Errorf("%s: %s data with no model before it: name the model first, then its data files",
				textsafe.Name(in.Name), known[i].Title))
			continue
		}
		k := detectFileKind(known, kindFlag, in.Name, in.Data)
		if i+1 < len(all) && kindFlag == "" && k.Belongs == nil {
			if j := orphan(known, kindFlag, all[i+1]); j >= 0 {
				k = known[j] // what its data follows is a model, whatever it reads like
			}
		}
		inputs = append(inputs, compareInput{Input: kind.Input{Name: in.Name, Data: in.Data, Path: inputPath(in.Name)}, kind: k})
	}
	kept := inputs[:0]
	for _, in := range inputs {
		if in.broken != nil {
			refuse(in.kind.Name, in.Name, fmt.Errorf("%s: not compared: %w", textsafe.Name(in.Name), in.broken))
			continue
		}
		kept = append(kept, in)
	}
	return kept, bad, code
}

// orphan returns the index among known of the kind an input belongs to
// by its name alone while no kind's rule accepts its content (a .dzn
// file: MiniZinc data), and -1 when there is none or --kind names its
// kind.
func orphan(known []kind.Kind, kindFlag string, in clikit.Input) int {
	if kindFlag != "" {
		return -1
	}
	if _, ok := kinds.DetectFile(known, in.Name, in.Data); ok && in.Err == nil {
		return -1
	}
	return slices.IndexFunc(known, func(k kind.Kind) bool { return k.Belongs != nil && k.Belongs(in.Name, nil) })
}

// inputPath is the file an input of that name was read from, "" for
// standard input.
func inputPath(name string) string {
	if name == "-" {
		return ""
	}
	return name
}
