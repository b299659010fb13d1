package clikit

import (
	"context"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// CompareRow is one engine's result on one puzzle.
type CompareRow struct {
	Kind   string        `json:"kind"`
	ID     string        `json:"id"`
	Engine string        `json:"engine"`
	Status kind.Status   `json:"status"`
	Answer string        `json:"answer"` // what the engine found, in words
	MS     float64       `json:"ms"`     // the fastest of --count runs
	Stats  kind.StatList `json:"stats,omitempty"`
	Agree  *bool         `json:"agree,omitempty"` // nil when not compared
	Error  string        `json:"error,omitempty"`

	// Key is what must be equal among the engines that answered one
	// puzzle ("unique", "optimal 6"); empty leaves the row out of the
	// agreement (a timeout, a plan not claimed optimal).
	Key string `json:"-"`
	// Runs holds the time of every run, for bench output.
	Runs []time.Duration `json:"-"`
}

// Optimal records a solution proven to take the fewest steps: its answer,
// "optimal 6", is what every engine that proves one must agree on.
func (r *CompareRow) Optimal(steps int) {
	a := kind.Optimal(steps)
	r.Answer, r.Key = a.Words, a.Key
}

// Unsolvable records a proof that the puzzle has no solution; answer says
// it in words ("unsolvable (parity)"), and engines agree on unsolvability
// whatever their proof.
func (r *CompareRow) Unsolvable(answer string) {
	a := kind.Unsolvable(answer)
	r.Answer, r.Key = a.Words, a.Key
}

// CompareKind is one kind of puzzle compare handles; each puzzle's package
// provides its own.
type CompareKind struct {
	// Kind names the kind, tells its inputs apart (Detect, which compare
	// tries in the order of kinds.All) and lists its rules for --rule.
	kind.Kind
	// Engines lists every name --engines may give to pick engines of this
	// kind: each engine's own name ("gini/totalizer") and the names that
	// pick a group of them ("gini", "sat"), as far as they are available
	// here. compare refuses names that no kind of its inputs has.
	Engines func() []string
	// Run compares the engines on every puzzle of one input: it calls
	// c.Puzzle with the rows of each puzzle, reports unreadable puzzles on
	// c.IO().Err, and returns the worst exit code for input problems.
	Run func(ctx context.Context, c Comparison, in Input) int
}

// CompareOptions are the flags of compare that a kind of puzzle reads.
type CompareOptions struct {
	Timeout  time.Duration // for each run of an engine; 0: none
	Rule     string        // --rule; "" for each puzzle's own
	Limit    int           // Aquarium: count solutions up to this many
	MaxMoves int           // Water Sort: the SAT method's horizon
}

// A Comparison is what compare offers a kind of puzzle while the kind runs
// its engines on one input.
type Comparison interface {
	// Options returns the flags of compare.
	Options() CompareOptions
	// IO returns the streams; a kind reports unreadable puzzles on its Err.
	IO() IO
	// Wants reports whether the engine called name is to run (--engines).
	Wants(name string) bool
	// Time runs the engine called engine --count times under the per-run
	// timeout and returns the last run's error and every run's duration; a
	// run that fails or times out is not repeated.
	Time(ctx context.Context, engine string, do func(ctx context.Context) error) ([]time.Duration, error)
	// Puzzle checks the agreement among one puzzle's rows and prints them.
	Puzzle(rows []CompareRow)
}

// TimeSolve times solve as the engine called engine (Comparison.Time): a
// run whose status is neither solved nor unsolvable counts as failed, so
// it is not repeated. It returns every run's duration.
func TimeSolve(ctx context.Context, c Comparison, engine string, solve func(ctx context.Context) kind.Status) []time.Duration {
	runs, _ := c.Time(ctx, engine, func(ctx context.Context) error {
		if s := solve(ctx); s != kind.StatusSolved && s != kind.StatusUnsolvable {
			return fmt.Errorf("%s", s) // do not repeat
		}
		return nil
	})
	return runs
}

// ComparePuzzles has c check and print rows(p) for each puzzle p in
// turn, stopping when ctx is done. A puzzle for which errOf is not nil
// (one that could not be read) is reported on stderr instead, and makes
// the exit code ExitUsage; otherwise it is ExitOK.
func ComparePuzzles[P any](ctx context.Context, c Comparison, puzzles []P, errOf func(P) error, rows func(P) []CompareRow) int {
	code := ExitOK
	for _, p := range puzzles {
		if err := errOf(p); err != nil {
			fmt.Fprintln(c.IO().Err, err)
			code = Worse(code, ExitUsage)
			continue
		}
		c.Puzzle(rows(p))
		if ctx.Err() != nil {
			break
		}
	}
	return code
}
