package tileskind

import (
	"context"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/tiles"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// The methods.
const (
	MethodIDA = "ida"
	MethodBFS = "bfs"
	MethodSAT = "sat"
)

// The estimates of IDA*; auto is pdb where a default partition exists
// (3×3, 4×4) and manhattan elsewhere.
const (
	HeuristicAuto      = "auto"
	HeuristicPDB       = "pdb"
	HeuristicManhattan = "manhattan"
)

// The default limits of "tiles solve".
const (
	// DefaultMaxStates bounds the boards BFS stores (the 8 puzzle has
	// 181,440 per parity class).
	DefaultMaxStates = 50_000_000
	// DefaultMaxMoves is the SAT method's horizon: the farthest 8-puzzle
	// boards need 31 moves.
	DefaultMaxMoves = 80
)

// Options are the settings of the methods, as the flags of "tiles solve"
// give them.
type Options struct {
	Heuristic string // ida: HeuristicAuto, HeuristicPDB or HeuristicManhattan
	MaxStates int    // bfs: the most boards stored; 0: no limit
	MaxMoves  int    // sat: the horizon; 0: no limit
	Backend   string // sat: the SAT backend
	// Timeouts says the work has a time limit: gophersat, which cannot be
	// stopped, then runs in a child process that the end of the work's
	// context kills.
	Timeouts bool
	// Exhaust leaves out the parity test, so that BFS proves a board
	// unsolvable by exhausting its half of the boards (compare's
	// independent check of the parity argument).
	Exhaust bool
	// PDBs holds the pattern databases IDA* uses, prepared for each board
	// size beforehand (PatternDBs.Prepare); nil when none are.
	PDBs *PatternDBs
}

// DefaultOptions are the settings of "tiles solve" when no flag changes
// them.
func DefaultOptions() Options {
	return Options{Heuristic: HeuristicAuto, MaxStates: DefaultMaxStates, MaxMoves: DefaultMaxMoves, Backend: backends.Gini}
}

// WantsPDB reports whether method searches a w×h board with pattern
// databases under o: IDA* does unless told to use Manhattan distance,
// where a default partition exists.
func (o Options) WantsPDB(method string, w, h int) bool {
	if method != MethodIDA || o.Heuristic == HeuristicManhattan {
		return false
	}
	return tiles.DefaultPatterns(w, h) != nil
}

// Stats are a method's statistics, as the records of "tiles solve" print
// them: the search's, or the SAT method's horizons.
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

// Outcome is what a method found, before its plan is checked.
type Outcome struct {
	// Plan is the plan found, nil when there is none.
	Plan tiles.Plan
	// Exhausted reports that BFS explored every board reachable from the
	// start and met no goal: a proof that there is no plan.
	Exhausted bool
	// Heuristic is IDA*'s estimate: HeuristicPDB or HeuristicManhattan.
	Heuristic string
	Stats     Stats
}

// StatList returns the statistics compare prints: the search's (with
// IDA*'s estimate) or the SAT method's.
func (o Outcome) StatList() kind.StatList {
	st := o.Stats
	if st.LowerBound != nil {
		return kind.StatList{{Name: "lower_bound", Value: *st.LowerBound}, {Name: "horizons", Value: len(st.Horizons)},
			{Name: "variables", Value: st.Variables}, {Name: "clauses", Value: st.Clauses}}
	}
	l := kind.StatList{{Name: "expanded", Value: st.Expanded}, {Name: "stored", Value: st.Stored}}
	if o.Heuristic != "" {
		l = append(l, kind.Stat{Name: "heuristic", Value: o.Heuristic})
	}
	return l
}

// Method is one way of solving sliding-tile boards, for the fewest
// moves.
type Method struct {
	Name  string
	Solve func(ctx context.Context, p *tiles.Puzzle, o Options) (Outcome, error)
}

// Methods lists the methods --method chooses from.
func Methods() []Method { return slices.Clone(methods) }

// methods are the methods, made once: Methods gives a copy.
var methods = []Method{{Name: MethodIDA, Solve: solveIDA}, {Name: MethodBFS, Solve: solveBFS}, {Name: MethodSAT, Solve: solveSAT}}

// MethodNamed returns the method called name, and false when there is
// none.
func MethodNamed(name string) (Method, bool) { return kind.Named(methods, methodName, name) }

// MethodNames lists the names --method takes, in the order of Methods.
func MethodNames() []string { return kind.Names(methods, methodName) }

func methodName(m Method) string { return m.Name }

// Engine is one engine compare runs on boards: a method with its
// settings, and the boards it takes on.
type Engine struct {
	// Name is the engine as compare and --engines call it: "ida",
	// "ida-manhattan", "bfs", "sat/gini".
	Name      string
	Method    Method
	Heuristic string // ida
	Backend   string // sat
	Exhaust   bool   // bfs
	// Fits reports whether the engine takes the board on: BFS and the SAT
	// method take boards of up to 9 cells (the 8 puzzle).
	Fits func(p *tiles.Puzzle) bool
}

// Options returns o with the engine's settings.
func (e Engine) Options(o Options) Options {
	switch e.Method.Name {
	case MethodIDA:
		o.Heuristic = e.Heuristic
	case MethodSAT:
		o.Backend = e.Backend
	}
	o.Exhaust = e.Exhaust
	return o
}

// groups are the names beside its own by which --engines picks the
// engine: "sat" and its backend's for a SAT engine.
func (e Engine) groups() []string {
	if e.Method.Name != MethodSAT {
		return nil
	}
	return []string{MethodSAT, e.Backend}
}

// Engines lists IDA* under both estimates, BFS (without the parity test:
// it proves a board unsolvable by exhaustion) and the SAT method on every
// available backend.
func Engines() []Engine {
	ida, _ := MethodNamed(MethodIDA)
	bfs, _ := MethodNamed(MethodBFS)
	satMethod, _ := MethodNamed(MethodSAT)
	all := func(*tiles.Puzzle) bool { return true }
	small := func(p *tiles.Puzzle) bool { return p.Cells() <= 9 }
	engines := []Engine{
		{Name: "ida", Method: ida, Heuristic: HeuristicAuto, Fits: all},
		{Name: "ida-manhattan", Method: ida, Heuristic: HeuristicManhattan, Fits: all},
		{Name: "bfs", Method: bfs, Exhaust: true, Fits: small},
	}
	for _, b := range backends.Available() {
		engines = append(engines, Engine{Name: MethodSAT + "/" + b, Method: satMethod, Backend: b, Fits: small})
	}
	return engines
}

// EngineNames lists the names compare's --engines takes for sliding
// tiles: each engine's, "sat" and each backend's own name.
func EngineNames() []string { return kind.EngineNames("ida", "ida-manhattan", MethodBFS, MethodSAT) }

// solveIDA is IDA* with pattern databases where o wants them (see
// WantsPDB), else Manhattan distance plus linear conflicts.
func solveIDA(ctx context.Context, p *tiles.Puzzle, o Options) (Outcome, error) {
	var db *tiles.PatternDB // nil: Manhattan distance plus linear conflicts
	out := Outcome{Heuristic: HeuristicManhattan}
	if o.WantsPDB(MethodIDA, p.Width, p.Height) {
		var err error
		if db, err = o.PDBs.For(p.Width, p.Height); err != nil {
			return out, fmt.Errorf("pattern databases: %w", err)
		}
		out.Heuristic = HeuristicPDB
	} else if o.Heuristic == HeuristicPDB {
		return out, fmt.Errorf("no pattern databases for %d×%d boards (there are for 3×3 and 4×4); use --heuristic manhattan", p.Width, p.Height)
	}
	r, err := tiles.SolveIDA(ctx, p, db)
	out.Plan, out.Stats = r.Plan, searchStats(r.Stats)
	return out, err
}

func solveBFS(ctx context.Context, p *tiles.Puzzle, o Options) (Outcome, error) {
	r, err := tiles.SolveBFS(ctx, p, statespace.Options{MaxStates: o.MaxStates})
	return Outcome{Plan: r.Plan, Exhausted: err == nil && r.Status == statespace.Unsolvable, Stats: searchStats(r.Stats)}, err
}

func solveSAT(ctx context.Context, p *tiles.Puzzle, o Options) (Outcome, error) {
	s, err := backends.OpenFor(o.Backend, o.Timeouts)
	if err != nil {
		return Outcome{}, err
	}
	r, err := tiles.SolveSAT(ctx, p, s, statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: o.MaxMoves}})
	out := Outcome{Plan: r.Plan}
	for i, rd := range r.Rounds {
		if i == 0 {
			k := rd.K
			out.Stats.LowerBound = &k
		}
		out.Stats.Horizons = append(out.Stats.Horizons, Horizon{Moves: rd.K, Answer: rd.Answer.String(), MS: kind.Millis(rd.Time)})
		out.Stats.Variables, out.Stats.Clauses = rd.Vars, rd.Clauses
	}
	return out, err
}

func searchStats(s statespace.Stats) Stats {
	return Stats{Expanded: s.Expanded, Generated: s.Generated, Stored: s.Stored, Iterations: s.Iterations, PeakBytes: s.PeakBytes}
}
