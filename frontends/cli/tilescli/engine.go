package tilescli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/tiles"
	"github.com/waterworks-solver/waterworks/sat/backends"
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
	Slid    []int   `json:"slid"`
	Steps   *int    `json:"steps"`
	Optimal bool    `json:"optimal"`
	MS      float64 `json:"ms"`
	Stats   Stats   `json:"stats"`
	// Reason explains an unsolvable or unknown status.
	Reason string `json:"reason,omitempty"`
	Error  string `json:"error,omitempty"`
}

// Stats are an engine's statistics as JSON prints them: the search's, or
// the SAT method's horizons.
type Stats struct {
	Expanded   int64     `json:"expanded"`
	Generated  int64     `json:"generated"`
	Stored     int64     `json:"stored"`
	Iterations int       `json:"iterations,omitempty"`
	PeakBytes  int64     `json:"peak_bytes"`
	LowerBound *int      `json:"lower_bound,omitempty"`
	Horizons   []Horizon `json:"horizons,omitempty"`
	Variables  int       `json:"variables,omitempty"`
	Clauses    int       `json:"clauses,omitempty"`
}

// Horizon is the SAT method's question at one number of moves.
type Horizon struct {
	Moves  int     `json:"moves"`
	Answer string  `json:"answer"` // plan, none or unknown
	MS     float64 `json:"ms"`
}

// engine runs the method the flags name, with the pattern databases
// prepared for it.
type engine struct {
	flags *solveFlags
	// exhaust leaves out the parity test, so that BFS proves a board
	// unsolvable by exhausting its half of the boards (compare's
	// independent check of the parity argument).
	exhaust bool
	dbs     map[[2]int]*tiles.PatternDB
	dbErr   map[[2]int]error
}

// wantsPDB reports whether a board of w×h is searched with pattern
// databases.
func (e *engine) wantsPDB(w, h int) bool {
	if e.flags.method != methodIDA || e.flags.heuristic == heuristicManhattan {
		return false
	}
	return tiles.DefaultPatterns(w, h) != nil
}

// prepare reads or builds the pattern databases the boards need, once per
// size, under --timeout.
func (e *engine) prepare(ctx context.Context, stdio clikit.IO, levels []tilesfmt.Level) {
	e.dbs, e.dbErr = map[[2]int]*tiles.PatternDB{}, map[[2]int]error{}
	dir := e.flags.pdbCache
	if dir == noCache {
		dir = ""
	}
	for _, lv := range levels {
		if lv.Err != nil {
			continue
		}
		size := [2]int{lv.Puzzle.Width, lv.Puzzle.Height}
		_, done := e.dbs[size]
		if done || e.dbErr[size] != nil || !e.wantsPDB(size[0], size[1]) || lv.Puzzle.Solvability() != nil {
			continue
		}
		work, cancel := e.flags.WithTimeout(ctx)
		db, info, err := loadPatternDB(work, dir, size[0], size[1])
		cancel()
		if err != nil {
			e.dbErr[size] = err
			continue
		}
		e.dbs[size] = db
		if e.flags.Stats || stdio.ErrIsTerminal || info.saveErr != nil {
			fmt.Fprintf(stdio.Err, "%s\n", info.describe(size[0], size[1], db))
		}
	}
}

// solve runs the engine on one board and fills in its record, the plan
// checked by the independent checker.
func (e *engine) solve(ctx context.Context, lv tilesfmt.Level) Record {
	rec := Record{ID: lv.ID, Method: e.flags.method}
	if e.flags.method == methodSAT {
		rec.Backend = e.flags.backend
	}
	if lv.Err != nil {
		rec.Status, rec.Error = kind.StatusError, lv.Err.Error()
		return rec
	}
	p := lv.Puzzle
	rec.Size = fmt.Sprintf("%dx%d", p.Width, p.Height)
	if err := p.Solvability(); err != nil && !e.exhaust {
		rec.Status, rec.Reason = kind.StatusUnsolvable, strings.TrimPrefix(err.Error(), tiles.ErrUnsolvable.Error()+": ")
		return rec
	}
	work, cancel := e.flags.WithTimeout(ctx)
	defer cancel()
	start := time.Now()
	plan, err := e.run(work, p, &rec)
	rec.MS = kind.Millis(time.Since(start))
	rec.judge(work, p, plan, err, e.flags.maxMoves)
	return rec
}

// run runs the method on a solvable board.
func (e *engine) run(ctx context.Context, p *tiles.Puzzle, rec *Record) (tiles.Plan, error) {
	switch e.flags.method {
	case methodBFS:
		r, err := tiles.SolveBFS(ctx, p, statespace.Options{MaxStates: e.flags.limitStates})
		rec.Stats = searchStats(r.Stats)
		if err == nil && r.Status == statespace.Unsolvable {
			err = errExhausted{boards: r.Stats.Stored}
		}
		return r.Plan, err
	case methodSAT:
		s, err := backends.OpenFor(e.flags.backend, e.flags.Timeout > 0)
		if err != nil {
			return nil, err
		}
		r, err := tiles.SolveSAT(ctx, p, s, statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: e.flags.maxMoves}})
		rec.Stats = horizonStats(r)
		return r.Plan, err
	}
	var db *tiles.PatternDB // nil: Manhattan distance plus linear conflicts
	rec.Heuristic = heuristicManhattan
	size := [2]int{p.Width, p.Height}
	if e.wantsPDB(size[0], size[1]) {
		if err := e.dbErr[size]; err != nil {
			return nil, fmt.Errorf("pattern databases: %w", err)
		}
		db, rec.Heuristic = e.dbs[size], heuristicPDB
	} else if e.flags.heuristic == heuristicPDB {
		return nil, fmt.Errorf("no pattern databases for %d×%d boards (there are for 3×3 and 4×4); use --heuristic manhattan", p.Width, p.Height)
	}
	r, err := tiles.SolveIDA(ctx, p, db)
	rec.Stats = searchStats(r.Stats)
	return r.Plan, err
}

func searchStats(s statespace.Stats) Stats {
	return Stats{Expanded: s.Expanded, Generated: s.Generated, Stored: s.Stored, Iterations: s.Iterations, PeakBytes: s.PeakBytes}
}

func horizonStats(r tiles.SATResult) Stats {
	var st Stats
	for i, rd := range r.Rounds {
		if i == 0 {
			k := rd.K
			st.LowerBound = &k
		}
		st.Horizons = append(st.Horizons, Horizon{Moves: rd.K, Answer: rd.Answer.String(), MS: kind.Millis(rd.Time)})
		st.Variables, st.Clauses = rd.Vars, rd.Clauses
	}
	return st
}

// judge sets the status from what the engine returned under ctx: a plan
// is checked first (kind.PlanSearch), and a plan that fails the check is
// an internal error, never an answer.
func (rec *Record) judge(ctx context.Context, p *tiles.Puzzle, plan tiles.Plan, err error, horizon int) {
	if errors.Is(err, statespace.ErrHorizon) {
		rec.Status, rec.Reason = kind.StatusUnknown, fmt.Sprintf("no plan of at most %d moves", horizon)
		return
	}
	search := kind.PlanSearch{Method: rec.Method, Err: err}
	if errors.As(err, new(errExhausted)) {
		search.Err, search.NoPlan, search.Proof = nil, true, err.Error()
	}
	if plan != nil {
		search.Check = func() error { return tiles.Check(p, plan) }
	}
	v := search.Verdict(ctx)
	rec.Status, rec.Reason, rec.Error = v.Status, v.Reason, v.Error
	if v.Status != kind.StatusSolved {
		return
	}
	_, slid, _ := p.Apply(plan)
	rec.Optimal, rec.Slid = true, slid
	rec.Plan = make([]string, len(plan))
	for i, m := range plan {
		rec.Plan[i] = m.String()
	}
	steps := len(plan)
	rec.Steps = &steps
}

// errExhausted reports that BFS explored every board reachable from the
// start and met no goal.
type errExhausted struct{ boards int64 }

func (e errExhausted) Error() string {
	return fmt.Sprintf("all %d reachable boards explored, none solved", e.boards)
}
