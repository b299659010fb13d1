package aquariumcli

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

const aquariumGenerateSummary = `Generate Aquarium puzzles with exactly one solution: aquariums shaped like those of
published puzzles, random water levels, then clues taken away as long as the solution
stays unique (proved by the CP core). With --difficulty, only puzzles of that grade that
reasoning without guessing solves (extreme ones may need guessing): easy (gravity and
counting), medium (a line's sums), hard (probing), extreme (nested probing or guessing).
Puzzle i of --seed S is the same whatever --count, so puzzles can be made in parts.
Text output is one puzzle after another in the text format (with --solution, the
solution block too); json is JSON Lines in the corpus format, with the solution.
--layout grown makes the large benchmark grids of about 1.1·n aquariums on n×n, grown
from random seed cells, every clue given. Each question of uniqueness gets --budget
conflicts of the CP core: a layout not decided within it is passed over for the next, a
clue whose removal is not decided is kept, and after --attempts layouts the command
stops and says why.`

func runAquariumGenerate(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium generate", "--size WxH --seed S [flags]", aquariumGenerateSummary)
	var cf clikit.CommonFlags
	cf.Register(fs, clikit.FormatText, clikit.FormatJSON)
	size := fs.String("size", "10x10", "grid `WxH`: columns by rows, each 2..400")
	seed := fs.Uint64("seed", 1, "random `seed`; the same seed gives the same puzzles")
	count := fs.Int("count", 1, "how many puzzles")
	first := fs.Int("first", 0, "number of the first puzzle (puzzle i of a seed is always the same)")
	difficulty := fs.String("difficulty", "", "only puzzles of this `grade`: easy, medium, hard or extreme")
	ruleName := fs.String("rule", "region", "water `rule`: region or pool")
	singles := fs.Bool("singles", false, "allow aquariums of a single cell")
	var lf layoutFlags
	lf.register(fs)
	withSolution := fs.Bool("solution", false, "text format: add the solution block")
	var jobs clikit.Jobs
	jobs.Register(fs, "puzzles")
	out := clikit.RegisterOutput(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium generate --size 8x8 --seed 7 --count 2
		  waterworks aquarium generate --size 6x6 --difficulty hard --format json
		Exit codes:
		    0  every puzzle was made
		    1  no puzzle of the --difficulty asked for was found
		  124  --timeout expired, or --attempts layouts were tried in vain (--budget)`)
	opt := generate.GenerateOptions{Singles: *singles}
	_, code, ok := clikit.Results{Output: out}.Parse(stdio, fs, args, &cf.Format, func(files []string) error {
		err := cf.Check(clikit.FormatText, clikit.FormatJSON)
		if err == nil {
			err = lf.apply(&opt)
		}
		if err == nil && len(files) > 0 {
			err = fmt.Errorf("generate reads no files (got %q)", files[0])
		}
		if err == nil {
			opt.Width, opt.Height, err = parseSize(*size)
		}
		if err == nil {
			opt.Rule, err = aquarium.ParseRule(*ruleName)
		}
		if err == nil && *difficulty != "" {
			opt.Graded = true
			opt.Difficulty, err = logic.ParseDifficulty(*difficulty)
		}
		if err == nil && (*count < 1 || *first < 0 || *first > math.MaxInt-*count) {
			err = fmt.Errorf("--count must be at least 1, --first at least 0, and their sum at most %d (got %d and %d)", math.MaxInt, *count, *first)
		}
		if err == nil {
			err = clikit.CheckCounts(jobs.Count())
		}
		return err
	})
	if !ok {
		return code
	}
	work, cancel := cf.WithTimeout(ctx)
	defer cancel()
	r := newAquariumRun(out.Redirect(stdio), cf.Format, cf.Stats)
	r.separate = true
	command := generateCommand(opt, *seed)
	prog := clikit.ProgressFrom(ctx)
	prog.SetEngine("generate")
	prog.AddTotal(*count)
	// Puzzle i depends on the seed and i alone, so --jobs changes only how
	// many are made at once. The first failure stops the rest: those under
	// way are cancelled, no more start, and nothing after it is printed.
	stop, halt := context.WithCancel(work)
	defer halt()
	code = clikit.ExitOK
	clikit.RunOrdered(*count, int(jobs), func(k int) madePuzzle {
		prog.Begin(generatedID(opt, *seed, *first+k))
		return makePuzzle(stop, opt, *seed, *first+k, command)
	}, func(_ int, m madePuzzle) bool {
		prog.Finish()
		if code = r.printPuzzle(m, *withSolution); code != clikit.ExitOK {
			halt()
		}
		r.out.Flush() // each puzzle as soon as it is made
		return code == clikit.ExitOK
	})
	r.out.Flush()
	return out.Finish(stdio, code)
}

// generateCommand is the command line that makes the puzzles of opt and
// seed, for the comment above each puzzle.
func generateCommand(opt generate.GenerateOptions, seed uint64) string {
	command := fmt.Sprintf("waterworks aquarium generate --size %dx%d --seed %d --rule %v", opt.Width, opt.Height, seed, opt.Rule)
	if opt.Graded {
		command += " --difficulty " + opt.Difficulty.String()
	}
	if opt.Singles {
		command += " --singles"
	}
	switch {
	case opt.Grown:
		command += " --layout grown"
	case opt.RandomShapes:
		command += " --layout random"
	}
	if opt.AllClues && !opt.Grown {
		command += " --all-clues"
	}
	if opt.Aquariums > 0 {
		command += fmt.Sprintf(" --aquariums %d", opt.Aquariums)
	}
	if opt.Budget > 0 {
		command += fmt.Sprintf(" --budget %d", opt.Budget)
	}
	return command
}

// generatedID names puzzle i of seed.
func generatedID(opt generate.GenerateOptions, seed uint64, i int) string {
	return fmt.Sprintf("gen-%dx%d-%d-%d", opt.Width, opt.Height, seed, i)
}

// madePuzzle is puzzle i of a seed as makePuzzle made it, ready to print:
// the puzzle and its record, or with code other than ExitOK why not.
type madePuzzle struct {
	id      string
	g       generate.Generated
	doc     aquariumfmt.Document
	rec     aquariumRecord
	comment string
	code    int
	why     string
}

// makePuzzle makes puzzle i of seed and its record; it prints nothing, so
// that puzzles can be made at once and printed in order.
func makePuzzle(ctx context.Context, opt generate.GenerateOptions, seed uint64, i int, command string) madePuzzle {
	started := time.Now()
	m := madePuzzle{id: generatedID(opt, seed, i), comment: fmt.Sprintf("%s: puzzle %d", command, i)}
	g, err := generate.Generate(ctx, rand.New(rand.NewPCG(seed, uint64(i))), opt)
	if err != nil {
		m.code = clikit.ExitFailed
		if end := kind.Ended(ctx, err); end.Stopped() {
			m.code = clikit.ExitCode(ctx, end.Status())
		}
		m.why = stopWhy(ctx, err)
		return m
	}
	if err := aquarium.Check(g.Puzzle, g.Solution, opt.Rule); err != nil || !g.Grade.Unique {
		m.code, m.why = clikit.ExitUsage, fmt.Sprintf("internal error: a generated puzzle fails its checks (%v)", err)
		return m
	}
	m.g = g
	m.doc = aquariumfmt.Document{ID: m.id, HasID: true, Puzzle: g.Puzzle, Rule: opt.Rule, HasRule: true, Solution: g.Solution}
	if m.rec, err = generatedRecord(ctx, m.doc, g, m.comment); err != nil {
		m.code, m.why = clikit.ExitCode(ctx, cmp.Or(kind.Ended(ctx, err).Status(), kind.StatusUnknown)), stopWhy(ctx, err)
		return m
	}
	m.rec.MS = kind.Millis(time.Since(started))
	return m
}

// stopWhy says why err stopped work under ctx: what stopped it (the
// timeout, a signal, the memory budget), or else err itself.
func stopWhy(ctx context.Context, err error) string {
	if end := kind.Ended(ctx, err); end.Stopped() {
		return stopWords(end)
	}
	return err.Error()
}

// printPuzzle prints a made puzzle, or why it could not be made, and
// returns ExitOK or the exit code to stop with.
func (r *aquariumRun) printPuzzle(m madePuzzle, withSolution bool) int {
	if m.code != clikit.ExitOK {
		fmt.Fprintf(r.stdio.Err, "%s: %s\n", m.id, m.why)
		return m.code
	}
	g, doc, rec, id := m.g, m.doc, m.rec, m.id
	if r.stats && r.format == clikit.FormatText {
		fmt.Fprintf(r.stdio.Err, "%s: %.3f ms, %d layouts tried (%d not unique, %d undecided), %s\n",
			id, rec.MS, g.Attempts, g.NotUnique, g.Undecided, gradeNote(g))
	}
	r.emit(rec, func(w io.Writer) error {
		if _, err := fmt.Fprintf(w, "# %s, %s\n", m.comment, gradeNote(g)); err != nil {
			return err
		}
		if !withSolution {
			doc.Solution = aquarium.Solution{}
		}
		return aquariumfmt.WriteText(w, doc)
	})
	return clikit.ExitOK
}

// layoutFlags are generate's flags for the shapes of the aquariums and the
// search for a unique layout.
type layoutFlags struct {
	layout       string
	randomShapes bool
	allClues     bool
	aquariums    int
	budget       int64
	attempts     int
}

func (f *layoutFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.layout, "layout", "designed", "aquarium `shapes`: designed (like published puzzles), random (grown from random\n"+
		"cells up to 2·W cells, filled bottom-up), or grown (about 1.1·√(W·H) aquariums grown\n"+
		"all at once from random seed cells, random levels, 35-65 % full, every clue)")
	fs.BoolVar(&f.randomShapes, "random-shapes", false, "the same as --layout random")
	fs.BoolVar(&f.allClues, "all-clues", false, "keep every clue (take none away); not graded unless --difficulty")
	fs.IntVar(&f.aquariums, "aquariums", 0, "with --layout grown: how many `aquariums` (default about 1.1·√(W·H))")
	fs.Int64Var(&f.budget, "budget", 0, "`conflicts` the CP core may spend on one question of uniqueness: proving a layout\n"+
		"unique before the next is tried, or a clue's removal before the clue is kept (default\n"+
		"20000)")
	fs.IntVar(&f.attempts, "attempts", 0, "`layouts` to try for one puzzle before giving up (default 500; 20 with --layout grown)")
}

// apply checks the flags and sets opt by them.
func (f *layoutFlags) apply(opt *generate.GenerateOptions) error {
	opt.RandomShapes, opt.AllClues = f.randomShapes, f.allClues
	opt.Aquariums, opt.Budget, opt.MaxAttempts = f.aquariums, f.budget, f.attempts
	switch f.layout {
	case "designed":
	case "random":
		opt.RandomShapes = true
	case "grown":
		if opt.RandomShapes {
			return fmt.Errorf("--random-shapes and --layout grown disagree")
		}
		opt.Grown = true
	default:
		return clikit.UnknownChoice("layout", f.layout, []string{"designed", "random", "grown"})
	}
	if f.aquariums < 0 || f.budget < 0 || f.attempts < 0 {
		return fmt.Errorf("--aquariums, --budget and --attempts must not be negative")
	}
	if f.aquariums > 0 && !opt.Grown {
		return fmt.Errorf("--aquariums applies to --layout grown")
	}
	return nil
}

// gradeNote says a generated puzzle's grade, or that it was not graded.
func gradeNote(g generate.Generated) string {
	if !g.Graded {
		return "unique, not graded"
	}
	return "grade " + g.Grade.String()
}

// generatedRecord is the JSON Lines record of a generated puzzle: the
// corpus format with the solution, the rule, and the grade. Uniqueness is
// proven under the rule the puzzle was made for, and counted under the
// other one so that both corpus fields are filled.
func generatedRecord(ctx context.Context, doc aquariumfmt.Document, g generate.Generated, source string) (aquariumRecord, error) {
	yes := true
	info := &aquariumfmt.CorpusInfo{Source: source, SolutionFrom: "computed"}
	// The uniqueness fields of the puzzle's own rule and of the other one.
	own, other, otherRule := &info.Unique, &info.UniquePoolRule, aquarium.PoolRule
	if doc.Rule == aquarium.PoolRule {
		own, other, otherRule = other, own, aquarium.RegionRule
	}
	*own = &yes
	rec := aquariumRecord{Status: kind.StatusSolved, Rule: doc.Rule.String(), Unique: &yes}
	if g.Graded {
		// Count under the other rule too, so that both corpus fields are
		// filled; ungraded (--all-clues) puzzles are benchmark grids, often
		// too large for that to be cheap.
		res, err := aqcp.SolveCP(ctx, doc.Puzzle, otherRule, 2, cp.Limits{})
		if err != nil {
			return aquariumRecord{}, err
		}
		otherUnique := len(res.Solutions) == 1 && res.Exhausted
		*other = &otherUnique
		info.Difficulty = g.Grade.Difficulty.String()
		rec.logicRecord = &logicRecord{Grade: gradeOf(g.Grade)}
	}
	doc.Corpus = info
	rec.Record = aquariumfmt.RecordOf(doc)
	return rec, nil
}

// parseSize reads a grid size "WxH" (or "N" for N×N), each side 2..400.
func parseSize(s string) (w, h int, err error) {
	ws, hs, found := strings.Cut(strings.ToLower(s), "x")
	if !found {
		hs = ws
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil || ws == "" || hs == "" || ws[0] == '+' || hs[0] == '+' {
		return 0, 0, fmt.Errorf("--size %q: want WxH, such as 10x10", s)
	}
	if w < 2 || h < 2 || w > 400 || h > 400 {
		return 0, 0, fmt.Errorf("--size %q: each side must be 2..400", s)
	}
	return w, h, nil
}
