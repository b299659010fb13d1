package tilescli

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
)

// reporter prints records in the chosen format.
type reporter struct {
	*clikit.Sink
	flags *solveFlags
}

// CSVHeader names the columns of CSV output.
var CSVHeader = []string{"id", "status", "method", "heuristic", "size", "steps", "optimal", "ms",
	"expanded", "stored", "plan", "slid", "reason", "error"}

// report prints one record and returns its exit code; errors also go to
// stderr.
func (r reporter) report(ctx context.Context, rec Record) int {
	if rec.Error != "" {
		fmt.Fprintf(r.Stdio.Err, "%s\n", errorLine(rec))
	}
	if r.flags.Stats && r.flags.Format == clikit.FormatText && rec.Status != kind.StatusError {
		r.textStats(rec)
	}
	r.Printer.Emit(r.Stdio, "waterworks tiles solve", r.Out, rec, CSVHeader,
		func() []string { return csvRow(rec) }, func() error { return r.text(rec) })
	return clikit.ExitCode(ctx, rec.Status)
}

// errorLine is the stderr line of a record with an error: input errors
// carry their position already.
func errorLine(rec Record) string {
	if strings.HasPrefix(rec.Error, rec.ID) || rec.Size == "" {
		return rec.Error
	}
	return rec.ID + ": " + rec.Error
}

func csvRow(rec Record) []string {
	slid := make([]string, len(rec.Slid))
	for i, t := range rec.Slid {
		slid[i] = strconv.Itoa(t)
	}
	return []string{rec.ID, string(rec.Status), rec.Method, rec.Heuristic, rec.Size, clikit.OptInt(rec.Steps),
		strconv.FormatBool(rec.Optimal), clikit.MS(rec.MS),
		strconv.FormatInt(rec.Stats.Expanded, 10), strconv.FormatInt(rec.Stats.Stored, 10),
		strings.Join(rec.Plan, ""), strings.Join(slid, " "), rec.Reason, rec.Error}
}

// engineName is the method as text output names it.
func engineName(rec Record) string {
	switch {
	case rec.Heuristic != "":
		return rec.Method + ", " + rec.Heuristic
	case rec.Backend != "":
		return rec.Method + "/" + rec.Backend
	}
	return rec.Method
}

// text writes a record as people read it: a line with the outcome and,
// for a solved board, the blank's moves and the tiles slid. Errors appear
// on stderr only.
func (r reporter) text(rec Record) error {
	if !r.Records.Start(r.Out, rec.Status) {
		return nil
	}
	switch rec.Status {
	case kind.StatusUnsolvable:
		_, err := fmt.Fprintf(r.Out, "%s: unsolvable (%s)\n", rec.ID, rec.Reason)
		return err
	case kind.StatusUnknown, kind.StatusInterrupted:
		_, err := fmt.Fprintf(r.Out, "%s: %s (%s; %s)\n", rec.ID, rec.Status, rec.Reason, engineName(rec))
		return err
	}
	unit := "moves"
	if *rec.Steps == 1 {
		unit = "move"
	}
	slid := make([]string, len(rec.Slid))
	for i, t := range rec.Slid {
		slid[i] = strconv.Itoa(t)
	}
	_, err := fmt.Fprintf(r.Out, "%s: solved in %d %s (optimal; %s)\nblank: %s\ntiles: %s\n",
		rec.ID, *rec.Steps, unit, engineName(rec), strings.Join(rec.Plan, ""), strings.Join(slid, " "))
	return err
}

// textStats writes the statistics of a record on stderr, as people read
// them.
func (r reporter) textStats(rec Record) {
	st := rec.Stats
	if st.LowerBound == nil {
		fmt.Fprintf(r.Stdio.Err, "%s: %s: %.3f ms, %d nodes expanded, %d generated, %d stored, %d iterations\n",
			rec.ID, engineName(rec), rec.MS, st.Expanded, st.Generated, st.Stored, st.Iterations)
		return
	}
	fmt.Fprintf(r.Stdio.Err, "%s: %s: %.3f ms, lower bound %d, %d horizons, %d variables, %d clauses\n",
		rec.ID, engineName(rec), rec.MS, *st.LowerBound, len(st.Horizons), st.Variables, st.Clauses)
}
