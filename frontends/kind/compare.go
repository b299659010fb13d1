package kind

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// This file holds compare's machinery: what a kind's Compare is given
// (a Comparison) and what it gives back (a CompareRow per engine and
// puzzle). The command line's compare times the runs, checks the
// agreement (Agree) and prints the rows; the kinds only run their
// engines.

// CompareRow is one engine's result on one puzzle.
type CompareRow struct {
	Kind   string   `json:"kind"`
	ID     string   `json:"id"`
	Engine string   `json:"engine"`
	Status Status   `json:"status"`
	Answer string   `json:"answer"` // what the engine found, in words
	MS     float64  `json:"ms"`     // the fastest of --count runs
	Stats  StatList `json:"stats,omitempty"`
	Agree  *bool    `json:"agree,omitempty"` // nil when not compared
	Error  string   `json:"error,omitempty"`
	// Key is what must be equal among the engines that answered one
	// puzzle ("unique", "optimal 6"); empty leaves the row out of the
	// agreement (a timeout, a plan not claimed optimal).
	Key string `json:"-"`
	// Runs holds the time of every run, for bench output.
	Runs []time.Duration `json:"-"`
}

// Row returns the row of the engine called engine on the puzzle id of
// kind k, with its answer a: its status, words and key.
func Row(k, id, engine string, a Answer) CompareRow {
	return CompareRow{Kind: k, ID: id, Engine: engine, Status: a.Status, Answer: a.Words, Key: a.Key}
}

// CompareOptions are the settings of compare that a kind reads.
type CompareOptions struct {
	Timeout  time.Duration // for each run of an engine; 0: none
	Rule     string        // --rule; "" for each puzzle's own
	Limit    int           // Aquarium: count solutions up to this many
	MaxMoves int           // the SAT methods' horizon in moves
	// Engines lists the names --engines gives, in order, or nil when it
	// gives none (every engine): a kind finds there the engines of its
	// EngineFamilies, which it runs only when named.
	Engines []string
	// Verbose asks for a word on what takes a while beside the runs
	// (building pattern databases); the command line sets it when its
	// standard error is a terminal.
	Verbose bool
}

// Input is one input read whole, and its name in messages.
type Input struct {
	Name string
	Data []byte
	// Path is the file the input was read from, for a kind whose tools
	// read the file themselves (minizinc, which follows the model's
	// includes from its directory); "" for standard input and for what
	// was never a file.
	Path string
	// With holds the inputs that belong to this one (Kind.Belongs), in
	// order: a MiniZinc model's data files.
	With []Input
}

// A Comparison is what compare offers a kind while the kind runs its
// engines on one input.
type Comparison interface {
	// Options returns compare's settings.
	Options() CompareOptions
	// Wants reports whether the engine called name is to run (--engines).
	Wants(name string) bool
	// Begin says that the engines are about to run on the puzzle id.
	Begin(id string)
	// Time runs the engine called engine --count times under the per-run
	// timeout and returns the last run's error and every run's duration; a
	// run that fails or times out is not repeated.
	Time(ctx context.Context, engine string, do func(ctx context.Context) error) ([]time.Duration, error)
	// Puzzle checks the agreement among one puzzle's rows and prints them.
	Puzzle(rows []CompareRow)
	// Problem reports a puzzle or an input the engines cannot run on (one
	// that could not be read, one too large for an engine); the command
	// line says it on standard error and exits 2.
	Problem(err error)
	// Say says msg beside the rows (on the command line's standard
	// error).
	Say(msg string)
}

// Wanted reports whether c wants the engine called name, by its own name
// or by one of the groups it belongs to ("sat", its backend's name).
func Wanted(c Comparison, name string, groups ...string) bool {
	return c.Wants(name) || slices.ContainsFunc(groups, c.Wants)
}

// TimeSolve times solve as the engine called engine (Comparison.Time): a
// run whose status is neither solved nor unsolvable counts as failed, so
// it is not repeated. It returns every run's duration.
func TimeSolve(ctx context.Context, c Comparison, engine string, solve func(ctx context.Context) Status) []time.Duration {
	runs, _ := c.Time(ctx, engine, func(ctx context.Context) error {
		if s := solve(ctx); !s.Settled() {
			return fmt.Errorf("%s", s) // do not repeat
		}
		return nil
	})
	return runs
}

// CompareEach has c compare each puzzle of one input in turn, until ctx
// is done: describe gives a puzzle's id, its line and the error that kept
// it from being read (reported with c.Problem), and rows runs the engines
// on one that was read. bad holds the input's other reading errors, each
// reported among the puzzles in the order of their lines.
func CompareEach[P any](ctx context.Context, c Comparison, puzzles []P, bad []error,
	describe func(P) (id string, line int, err error), rows func(P) []CompareRow) {
	for _, p := range puzzles {
		id, line, err := describe(p)
		for len(bad) > 0 && inputerr.LineOf(bad[0]) < line {
			c.Problem(bad[0])
			bad = bad[1:]
		}
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			c.Problem(err)
			continue
		}
		c.Begin(id)
		c.Puzzle(rows(p))
	}
	for _, err := range bad {
		c.Problem(err)
	}
}
