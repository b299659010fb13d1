package tilescli

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/tileskind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// Record is one result as JSON Lines prints it.
type Record struct {
	ID        string      `json:"id"`
	Status    kind.Status `json:"status"`
	Method    string      `json:"method"`
	Heuristic string      `json:"heuristic,omitempty"` // ida: pdb or manhattan
	Backend   string      `json:"backend,omitempty"`   // sat
	Size      string      `json:"size"`                // "4x4": columns x rows
	// Plan holds the moves of the blank, "U", "D", "L" or "R".
	Plan []string `json:"plan"`
	// Slid holds the tile each move slides.
	Slid    []int           `json:"slid"`
	Steps   *int            `json:"steps"`
	Optimal bool            `json:"optimal"`
	MS      float64         `json:"ms"`
	Stats   tileskind.Stats `json:"stats"`
	// Reason explains an unsolvable or unknown status.
	Reason string `json:"reason,omitempty"`
	Error  string `json:"error,omitempty"`
	// Annotations are the members of the input's record that are the
	// user's own, carried into output unchanged.
	jsonfields.Annotations `json:"-"`
}

// prepare reads or builds the pattern databases the boards need under
// the flags, once per size, each under --timeout, and says where they
// came from when asked (--stats), on a terminal, or when the cache could
// not be written.
func (f *solveFlags) prepare(ctx context.Context, stdio clikit.IO, levels []tilesfmt.Level) {
	tileskind.Prepare(ctx, f.method, f.opts, levels, f.WithTimeout, func(info tileskind.PDBInfo) {
		if f.Stats || stdio.ErrIsTerminal || info.SaveErr != nil {
			fmt.Fprintf(stdio.Err, "%s\n", info.Describe())
		}
	})
}

// solve runs the flags' method on one board and fills in its record, the
// plan checked by the independent checker.
func (f *solveFlags) solve(ctx context.Context, lv tilesfmt.Level) Record {
	rec := Record{ID: lv.ID, Method: f.method, Annotations: lv.Annotations}
	if f.method == tileskind.MethodSAT {
		rec.Backend = f.backend
	}
	if lv.Err != nil {
		rec.Status, rec.Error = kind.StatusError, lv.Err.Error()
		return rec
	}
	p := lv.Puzzle
	rec.Size = fmt.Sprintf("%dx%d", p.Width, p.Height)
	work, cancel := f.WithTimeout(ctx)
	defer cancel()
	res := tileskind.Run(work, lv.ID, f.engine, p, f.opts)
	rec.fill(p, res)
	return rec
}

// fill sets the record's outcome from a judged run.
func (rec *Record) fill(p *tiles.Puzzle, res tileskind.Result) {
	rec.MS, rec.Stats, rec.Heuristic = kind.Millis(res.Elapsed), res.Stats, res.Heuristic
	rec.Status, rec.Reason, rec.Error = res.Status, res.Reason, res.Error
	if rec.Status != kind.StatusSolved {
		return
	}
	_, slid, _ := p.Apply(res.Plan)
	rec.Optimal, rec.Slid = true, slid
	rec.Plan = make([]string, len(res.Plan))
	for i, m := range res.Plan {
		rec.Plan[i] = m.String()
	}
	steps := len(res.Plan)
	rec.Steps = &steps
}
