package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

func compareCommand() *command {
	return &command{
		name:    "compare",
		args:    "[flags] FILE...",
		summary: "run every engine on each puzzle, re-check every answer, and check that they agree",
		run:     runCompare,
	}
}

const compareSummary = "Run every available engine on each puzzle of the files (Aquarium puzzles, jug\n" +
	"puzzles or Water Sort levels, told apart by their content, or named with --kind),\n" +
	"re-check every answer with the puzzle's own checker, and check that the engines agree:\n" +
	"on the number of solutions up to --limit for Aquarium, on the optimal number of steps\n" +
	"for pour puzzles. Engines that time out are reported as unknown and left out of the\n" +
	"agreement. --format bench prints Go benchmark lines for benchstat, --count times each.\n" +
	"Exit 0 when the answers agree, 1 when engines disagree, an answer fails its check or\n" +
	"an engine fails, 2 bad input."

// compareFlags are the flags of compare.
type compareFlags struct {
	commonFlags
	kind     string
	engines  string // comma-separated engine names to keep; empty: all
	count    int
	rule     string
	limit    int
	maxMoves int
}

// compareRow is one engine's result on one puzzle.
type compareRow struct {
	Kind   string   `json:"kind"`
	ID     string   `json:"id"`
	Engine string   `json:"engine"`
	Status Status   `json:"status"`
	Answer string   `json:"answer"` // what the engine found, in words
	MS     float64  `json:"ms"`     // the fastest of --count runs
	Stats  statList `json:"stats,omitempty"`
	Agree  *bool    `json:"agree,omitempty"` // nil when not compared
	Error  string   `json:"error,omitempty"`

	// key is what must be equal among the engines that answered one
	// puzzle ("unique", "optimal 6"); empty leaves the row out of the
	// agreement (a timeout, a plan not claimed optimal).
	key string
	// runs holds the time of every run, for bench output.
	runs []time.Duration
}

// compareKind is one kind of puzzle compare handles.
type compareKind struct {
	name string
	// detect reports whether an input holds puzzles of this kind.
	detect func(data []byte) bool
	// rules are the values --rule takes for this kind.
	rules []string
	// run compares the engines on every puzzle of one input: it calls
	// c.puzzle with the rows of each puzzle, reports unreadable puzzles on
	// c.stdio.Err, and returns the worst exit code for input problems.
	run func(ctx context.Context, c *comparison, in input) int
}

func compareKinds() []compareKind {
	return []compareKind{aquariumCompareKind(), jugsCompareKind(), sortCompareKind()}
}

// comparison runs one compare command: it times engines, checks agreement
// and prints rows.
type comparison struct {
	flags   *compareFlags
	stdio   IO
	out     *bufio.Writer
	printer *printer
	table   *tabwriter.Writer
	keep    map[string]bool // engine filter from --engines; nil keeps all
	code    int             // worst exit code of the answers so far
}

// wants reports whether the engine called name is to run.
func (c *comparison) wants(name string) bool { return c.keep == nil || c.keep[name] }

// time runs an engine --count times under the per-run timeout and returns
// the last run's error and every run's duration. do reports whether the run
// may be repeated (it may not after a failure or a timeout).
func (c *comparison) time(ctx context.Context, do func(ctx context.Context) error) ([]time.Duration, error) {
	var runs []time.Duration
	var err error
	for range max(c.flags.count, 1) {
		work, cancel := c.flags.withTimeout(ctx)
		start := time.Now()
		err = do(work)
		runs = append(runs, time.Since(start))
		cancel()
		if err != nil {
			break
		}
	}
	return runs, err
}

// timedOut fills in a row for an engine stopped by ctx or a limit.
func timedOut(row *compareRow, ctx context.Context, err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		row.Status, row.Answer = StatusUnknown, "timed out"
		if errors.Is(ctx.Err(), context.Canceled) {
			row.Answer = "interrupted"
		}
		return true
	}
	return false
}

// puzzle checks the agreement among one puzzle's rows and prints them.
func (c *comparison) puzzle(rows []compareRow) {
	keys := map[string]bool{}
	for _, r := range rows {
		if r.key != "" {
			keys[r.key] = true
		}
	}
	agree := len(keys) <= 1
	for i := range rows {
		r := &rows[i]
		if len(r.runs) > 0 {
			r.MS = millis(slices.Min(r.runs))
		}
		if r.key != "" {
			r.Agree = &agree
		}
		if r.Status == StatusError {
			c.code = worse(c.code, ExitFailed)
			fmt.Fprintf(c.stdio.Err, "ERROR: %s on %s: %s\n", r.Engine, r.ID, r.Error)
		}
	}
	if !agree && len(rows) > 0 {
		c.code = worse(c.code, ExitFailed)
		var parts []string
		for _, r := range rows {
			if r.key != "" {
				parts = append(parts, r.Engine+": "+r.Answer)
			}
		}
		fmt.Fprintf(c.stdio.Err, "DISAGREEMENT on %s %s: %s\n", rows[0].Kind, rows[0].ID, strings.Join(parts, "; "))
	}
	for _, r := range rows {
		c.print(r)
	}
	c.table.Flush() // a table per puzzle, so that results appear as they come
	c.out.Flush()
}

var compareCSVHeader = []string{"kind", "id", "engine", "status", "answer", "ms", "agree", "stats", "error"}

// benchName keeps the characters benchstat reads in a name part.
var benchName = regexp.MustCompile(`[^A-Za-z0-9_.:+-]+`)

func (c *comparison) print(r compareRow) {
	agree := ""
	if r.Agree != nil {
		agree = strconv.FormatBool(*r.Agree)
	}
	var err error
	switch c.flags.format {
	case formatJSON:
		err = c.printer.json(r)
	case formatCSV:
		err = c.printer.csvRow(compareCSVHeader, []string{r.Kind, r.ID, r.Engine, string(r.Status), r.Answer,
			strconv.FormatFloat(r.MS, 'f', 3, 64), agree, r.Stats.String(), r.Error})
	case formatBench:
		if r.Status == StatusError || r.Status == StatusUnknown {
			break // no time to report
		}
		for _, d := range r.runs {
			_, err = fmt.Fprintf(c.out, "BenchmarkCompare/kind=%s/puzzle=%s/engine=%s 1 %d ns/op\n",
				r.Kind, benchName.ReplaceAllString(r.ID, "_"), benchName.ReplaceAllString(r.Engine, "_"), d.Nanoseconds())
		}
	default:
		if agree == "false" {
			agree = "NO"
		}
		_, err = fmt.Fprintf(c.table, "%s\t%s\t%s\t%s\t%.3f\t%s\t%s\n", r.ID, r.Engine, r.Status, r.Answer, r.MS, agree, r.Stats)
	}
	if err != nil {
		fmt.Fprintf(c.stdio.Err, "waterworks compare: writing output: %v\n", err)
	}
}

func runCompare(ctx context.Context, stdio IO, args []string) int {
	fs := newFlagSet(stdio, "waterworks compare", "[flags] FILE...", compareSummary)
	var f compareFlags
	f.register(fs, formatText, formatJSON, formatCSV, formatBench)
	fs.StringVar(&f.kind, "kind", "", "puzzle `kind`: aquarium, jugs or sort (default: told from the content)")
	fs.StringVar(&f.engines, "engines", "", "comma-separated `engines` to run (default: every available one)")
	fs.IntVar(&f.count, "count", 1, "run each engine this many times (for --format bench and benchstat)")
	fs.StringVar(&f.rule, "rule", "", "the puzzles' `rule`: for Aquarium region or pool (default: the file's, else region),\n"+
		"for Water Sort whole or fits (default whole)")
	fs.IntVar(&f.limit, "limit", 2, "Aquarium: count solutions up to this many (2 decides uniqueness)")
	fs.IntVar(&f.maxMoves, "max-moves", sortSATMaxMoves, "Water Sort: the SAT method's horizon; past it, its answer is unknown")
	files, err := parseArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	err = f.check(formatText, formatJSON, formatCSV, formatBench)
	kinds := compareKinds()
	switch {
	case err != nil:
	case f.count < 1:
		err = fmt.Errorf("--count must be at least 1, got %d", f.count)
	case f.limit < 1:
		err = fmt.Errorf("--limit must be at least 1, got %d", f.limit)
	case f.maxMoves < 0:
		err = fmt.Errorf("negative --max-moves %d", f.maxMoves)
	case f.rule != "" && !slices.ContainsFunc(kinds, func(k compareKind) bool { return slices.Contains(k.rules, f.rule) }):
		err = fmt.Errorf("unknown rule %q (want region or pool for Aquarium, whole or fits for Water Sort)", f.rule)
	case f.kind != "" && !slices.ContainsFunc(kinds, func(k compareKind) bool { return k.name == f.kind }):
		err = fmt.Errorf("unknown kind %q (want aquarium, jugs or sort)", f.kind)
	case len(files) == 0:
		err = errors.New("name the files to compare on (- for standard input)")
	}
	if err != nil {
		return usageError(stdio, fs, err)
	}
	out := bufio.NewWriter(stdio.Out)
	defer out.Flush()
	c := &comparison{flags: &f, stdio: stdio, out: out, printer: newPrinter(f.format, out)}
	c.table = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	if f.engines != "" {
		c.keep = map[string]bool{}
		for _, e := range strings.Split(f.engines, ",") {
			c.keep[strings.TrimSpace(e)] = true
		}
	}
	if f.format == formatText {
		fmt.Fprintf(c.table, "PUZZLE\tENGINE\tSTATUS\tANSWER\tMS\tAGREE\tSTATS\n")
	}
	inputs, code := readInputs(stdio, files)
	for _, in := range inputs {
		kind := detectKind(kinds, f.kind, in.data)
		if f.rule != "" && !slices.Contains(kind.rules, f.rule) {
			fmt.Fprintf(stdio.Err, "%s: --rule %s does not apply to %s puzzles\n", in.name, f.rule, kind.name)
			code = worse(code, ExitUsage)
			continue
		}
		code = worse(code, kind.run(ctx, c, in))
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.Canceled) {
			return worse(code, ExitInterrupted)
		}
	}
	return worse(code, c.code)
}

// detectKind picks the kind named by --kind, or the first whose detect
// accepts the data. Data no kind accepts goes to the first kind, Aquarium,
// whose readers then say what is wrong with it.
func detectKind(kinds []compareKind, name string, data []byte) compareKind {
	for _, k := range kinds {
		if name == k.name || name == "" && k.detect(data) {
			return k
		}
	}
	return kinds[0]
}

// firstJSONObject decodes the first line of JSON Lines data holding an
// object, for kinds to detect their fields; ok is false when data is not
// JSON Lines.
func firstJSONObject(data []byte) (fields map[string]json.RawMessage, ok bool) {
	for line := range bytes.Lines(data) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' {
			return nil, false
		}
		return fields, json.NewDecoder(io.LimitReader(bytes.NewReader(line), 1<<20)).Decode(&fields) == nil
	}
	return nil, false
}
