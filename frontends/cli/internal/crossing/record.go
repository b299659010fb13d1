package crossing

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
)

// Record is one result as JSON Lines prints it.
type Record struct {
	ID      string      `json:"id"`
	Status  kind.Status `json:"status"`
	Method  string      `json:"method"`
	Backend string      `json:"backend,omitempty"`
	// Steps counts the crossings, Cost the total time (torch only).
	Steps   *int             `json:"steps"`
	Cost    *int             `json:"cost,omitempty"`
	Optimal bool             `json:"optimal"`
	Plan    []crossings.Step `json:"plan"`
	MS      float64          `json:"ms"`
	Stats   crossings.Stats  `json:"stats"`
	Reason  string           `json:"reason,omitempty"`
	Error   string           `json:"error,omitempty"`
	// Unit names the cost in text ("minutes"); "" for no cost.
	Unit string `json:"-"`
	// Annotations are the members of the input's record that are the
	// user's own, carried into output unchanged.
	jsonfields.Annotations `json:"-"`
}

// reporter prints records in the chosen format.
type reporter struct {
	*clikit.Sink
	command string
	flags   *Flags
}

// CSVHeader names the columns of CSV output.
var CSVHeader = []string{"id", "status", "method", "steps", "cost", "optimal", "ms", "expanded", "stored", "plan", "reason", "error"}

func (r reporter) report(ctx context.Context, rec Record) int {
	if rec.Error != "" {
		fmt.Fprintln(r.Stdio.Err, rec.Error)
	}
	if r.flags.Stats && r.flags.Format == clikit.FormatText && rec.Status != kind.StatusError {
		fmt.Fprintf(r.Stdio.Err, "%s: %s: %.3f ms, %s\n", rec.ID, rec.Method, rec.MS, statsWords(rec.Stats))
	}
	r.Printer.Emit(r.Stdio, r.command, r.Out, rec, CSVHeader, func() []string {
		return []string{rec.ID, string(rec.Status), rec.Method, clikit.OptInt(rec.Steps), clikit.OptInt(rec.Cost), strconv.FormatBool(rec.Optimal),
			clikit.MS(rec.MS), strconv.FormatInt(rec.Stats.Expanded, 10), strconv.FormatInt(rec.Stats.Stored, 10),
			planWords(rec.Plan, "; "), rec.Reason, rec.Error}
	}, func() error { return r.text(rec) })
	return clikit.ExitCode(ctx, rec.Status)
}

// statsWords says a method's statistics in words, for --stats.
func statsWords(s crossings.Stats) string {
	if n := len(s.Rounds); n > 0 {
		last := s.Rounds[n-1]
		return fmt.Sprintf("%d horizons asked (k:ms %s), the last %d variables, %d clauses", n, s.Rounds, last.Vars, last.Clauses)
	}
	return fmt.Sprintf("%d states expanded, %d stored, peak memory about %d KiB", s.Expanded, s.Stored, s.PeakBytes>>10)
}

func planWords(plan []crossings.Step, sep string) string {
	w := make([]string, len(plan))
	for i, s := range plan {
		w[i] = s.Words
	}
	return strings.Join(w, sep)
}

// text writes a record as people read it; errors appear on stderr only.
func (r reporter) text(rec Record) error {
	if solved, err := r.Records.StartSolved(r.Out, rec.ID, rec.Status, rec.Reason, rec.Method); !solved {
		return err
	}
	what := plural(*rec.Steps, "crossing")
	if rec.Cost != nil {
		what = plural(*rec.Cost, strings.TrimSuffix(rec.Unit, "s")) + ", " + what
	}
	if _, err := fmt.Fprintf(r.Out, "%s: solved in %s (optimal; %s)\n", rec.ID, what, rec.Method); err != nil {
		return err
	}
	for i, s := range rec.Plan {
		if _, err := fmt.Fprintf(r.Out, "%3d. %s\n", i+1, s.Words); err != nil {
			return err
		}
	}
	return nil
}

// plural writes "1 crossing", "7 crossings".
func plural(n int, unit string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, unit)
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
