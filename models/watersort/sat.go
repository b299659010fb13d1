package watersort

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/sat"
)

// Unrolling is the bounded-horizon SAT encoding of a level under a rule:
// a formula that grows one move at a time and whose models under the
// assumption Start() are the plans of exactly Horizon() moves (up to the
// symmetry breaking described below).
//
// # Unrolled backwards
//
// The states are numbered by the moves still to make: state 0 is solved,
// state d is d moves before it, and the assumption Start() puts the
// level's start at state k, the horizon. The goal is therefore a set of
// hard clauses on state 0, and adding a move adds state d+1 and the move
// from it to state d: nothing already added depends on k, only the
// assumption moves. The lower bound of A* (runs minus colours at a bottom,
// admissible under both rules) then gives every state a fixed bound: state
// d is at most d moves from solved, so its estimate is at most d. These
// bounds are hard clauses too, added once.
//
// # State
//
// A state has, for every bottle b and slot s (0 at the bottom):
//
//   - occ(b,s): slot s holds a unit; occ(b,s+1) implies occ(b,s), so the
//     true ones are the bottle's height in unary;
//   - col(b,s,c): slot s holds colour c; at most one per slot, none in an
//     empty slot, one in a full one;
//   - brk(b,s), s ≥ 1: slot s holds a unit of another colour than slot s-1,
//     the start of a run other than the bottom one.
//
// Slots suit the game: a pour changes only the top of two bottles, a slot
// that holds a unit before and after a move keeps its colour (one frame
// clause per slot and colour covers every bottle), and the height and run
// structure the rules talk about are literals or short clauses over slots.
// A run-length representation would be smaller per state but needs the runs
// renumbered when a pour merges or splits one.
//
// # Moves
//
// A move has from(b) and to(b), exactly one true each and never on the same
// bottle, the colour poured (exactly one of K) and the amount poured, a in
// 1..Capacity (exactly one). It is legal and has its effect when:
//
//   - the source holds at least a units and its top a slots empty out
//     (occ'(b,s) = occ(b,s+a)), each of them holding the poured colour;
//   - the destination has room for a units (not occ(b,Capacity-a)), shows
//     the poured colour on top unless empty, and its next a slots fill
//     (occ'(b,s) = occ(b,s-a)) with the poured colour;
//   - the pour is maximal: afterwards the source does not show the poured
//     colour on top (so the whole run moved), except under Fits when the
//     destination is full;
//   - every other bottle keeps its height, and every slot occupied before
//     and after keeps its colour.
//
// Under Whole this is exactly "the whole top run moves and fits", under
// Fits "as much of the run as fits moves": the amount is the run's length
// or the destination's room, whichever is smaller.
//
// # Symmetry breaking
//
// Unless turned off, the encoding keeps only some of the plans of each
// length, in a way that keeps at least one plan of the optimal length:
//
//  1. A bottle of one colour (including a finished one) is never poured
//     into an empty bottle: all of it moves, the two bottles trade
//     contents, and the rest of the plan with the two bottles renamed is a
//     shorter plan.
//  2. A pour into an empty bottle goes into the first empty bottle: the
//     empty bottles are interchangeable, so renaming them in the rest of
//     the plan gives a plan of the same length.
//  3. A move never pours straight back (i→j then j→i): the pair moves
//     min(run of j, room of i) units from j to i in net, which is nothing
//     or the single move j→i, so a shorter plan exists.
//  4. Two consecutive moves on four different bottles come in increasing
//     order of their sources: they commute.
//
// Why together they keep an optimal plan: among the plans of the optimal
// length L, take the least in lexicographic order of (from, to) pairs. If
// it broke rule 1 or 3 there would be a plan shorter than L. If it broke
// rule 2 at move t, pouring into the first empty bottle and renaming the
// two empty bottles afterwards gives a plan of length L equal up to move t
// and smaller at move t; if it broke rule 4 at moves t and t+1, swapping
// them gives a plan of length L with a smaller source at move t. Either way
// a lexicographically smaller plan of length L would exist. So the first
// horizon k whose formula is satisfiable is the optimum, with or without
// symmetry breaking, and the unsatisfiable horizon below it is the proof.
type Unrolling struct {
	f       *sat.Formula
	p       *Puzzle
	rule    Rule
	enc     sat.Encoding
	n, c, k int // bottles, capacity, colours
	states  []satState
	moves   []satMove // moves[d] goes from states[d+1] to states[d]
	knobs   satKnobs
}

// satKnobs turn parts of the encoding off, for measuring what they bring.
type satKnobs struct {
	noSymmetry bool // keep every plan
	noBound    bool // no lower bounds on the states
}

// satState holds the variables of one state.
type satState struct {
	occ    []sat.Lit // occ[b*C+s]
	col    []sat.Lit // col[(b*C+s)*K+c]
	brk    []sat.Lit // brk[b*C+s] for s ≥ 1; 0 at s = 0
	bottom []sat.Lit // bottom[c]: colour c is at the bottom of some bottle
	start  sat.Lit   // assumed true: this state is the level's start
}

// satMove holds the variables of one move.
type satMove struct {
	from, to []sat.Lit // [b]
	colour   []sat.Lit // [c]
	amount   []sat.Lit // amount[a-1]: a units are poured
	full     sat.Lit   // Fits: the destination is full afterwards
	toEmpty  sat.Lit   // the destination is empty before the move
	sameTo   sat.Lit   // the move before this one (in time) has the same destination
}

// NewUnrolling returns the encoding of p under rule with no move yet:
// Start() holds exactly when p is already solved. Exactly-one and
// cardinality constraints are written with enc, or kept as linear
// constraints with sat.Native (for solvers that take them natively). It
// returns the error of Validate for an invalid level.
func NewUnrolling(p *Puzzle, rule Rule, enc sat.Encoding) (*Unrolling, error) {
	return newUnrolling(p, rule, enc, satKnobs{})
}

func newUnrolling(p *Puzzle, rule Rule, enc sat.Encoding, knobs satKnobs) (*Unrolling, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if rule != Whole && rule != Fits {
		return nil, fmt.Errorf("unknown rule %v", rule)
	}
	u := &Unrolling{
		f: sat.NewFormula(), p: p, rule: rule, enc: enc,
		n: len(p.Bottles), c: p.Capacity, k: p.NumColors(),
		knobs: knobs,
	}
	u.addState()
	u.goal(&u.states[0])
	u.startAt(0)
	return u, nil
}

// Formula returns the formula built so far. It only grows: load it into a
// solver with sat.LoadFrom after each Extend.
func (u *Unrolling) Formula() *sat.Formula { return u.f }

// Horizon returns the number of moves unrolled so far.
func (u *Unrolling) Horizon() int { return len(u.moves) }

// Start returns the literal that puts the level's start Horizon() moves
// before the solved state. The start literals of shorter horizons stay in
// the formula but must not be assumed: the states beyond them would still
// have to lead into the start.
func (u *Unrolling) Start() sat.Lit { return u.states[len(u.moves)].start }

// Extend unrolls one more move and gives Start a new literal.
func (u *Unrolling) Extend() {
	d := len(u.moves)
	u.addState()
	u.addMove(d)
	if !u.knobs.noSymmetry {
		u.breakSymmetry(d)
	}
	if !u.knobs.noBound {
		u.lowerBound(d + 1)
	}
	u.startAt(d + 1)
}

// Plan reads the plan of Horizon() moves from a model of the formula under
// Start(), bottles numbered as in the puzzle.
func (u *Unrolling) Plan(a sat.Assignment) Plan {
	plan := make(Plan, 0, len(u.moves))
	for d := len(u.moves) - 1; d >= 0; d-- {
		mv := &u.moves[d]
		m := Move{From: -1, To: -1}
		for b := range u.n {
			if a.Value(mv.from[b]) {
				m.From = b
			}
			if a.Value(mv.to[b]) {
				m.To = b
			}
		}
		plan = append(plan, m)
	}
	return plan
}

func (u *Unrolling) clause(lits ...sat.Lit) { u.f.AddClause(lits...) }

// exactlyOne adds "exactly one of lits": pairwise for a few literals,
// else with the chosen encoding.
func (u *Unrolling) exactlyOne(lits []sat.Lit) {
	u.clause(lits...)
	u.atMostOne(lits)
}

func (u *Unrolling) atMostOne(lits []sat.Lit) {
	if len(lits) <= 6 {
		for i, a := range lits {
			for _, b := range lits[i+1:] {
				u.clause(a.Not(), b.Not())
			}
		}
		return
	}
	u.linear(sat.Card(sat.AtMost, 1, lits...))
}

// linear adds c written with the encoding, or kept whole for Native.
func (u *Unrolling) linear(c sat.Linear) {
	if u.enc == sat.Native {
		u.f.AddLinear(c)
		return
	}
	if err := u.enc.Encode(u.f, c); err != nil {
		panic(fmt.Sprintf("watersort: encoding %v: %v", c, err)) // c is well formed
	}
}

func (u *Unrolling) occ(st *satState, b, s int) sat.Lit { return st.occ[b*u.c+s] }

func (u *Unrolling) col(st *satState, b, s, c int) sat.Lit { return st.col[(b*u.c+s)*u.k+c] }

// addState adds the variables of state len(u.states) and the clauses that
// hold in every state, including its lower bound.
func (u *Unrolling) addState() {
	d := len(u.states)
	n, C, K := u.n, u.c, u.k
	st := satState{
		occ:    make([]sat.Lit, n*C),
		col:    make([]sat.Lit, n*C*K),
		brk:    make([]sat.Lit, n*C),
		bottom: make([]sat.Lit, K),
	}
	for b := range n {
		for s := range C {
			st.occ[b*C+s] = u.f.NewNamedVar(fmt.Sprintf("d%d.b%d.s%d", d, b+1, s))
			for c := range K {
				st.col[(b*C+s)*K+c] = u.f.NewNamedVar(fmt.Sprintf("d%d.b%d.s%d=%s", d, b+1, s, u.p.ColorName(c)))
			}
			if s > 0 {
				st.brk[b*C+s] = u.f.NewVar()
			}
		}
	}
	for c := range K {
		st.bottom[c] = u.f.NewVar()
	}
	st.start = u.f.NewNamedVar(fmt.Sprintf("start=d%d", d))
	for b := range n {
		for s := range C {
			occ := u.occ(&st, b, s)
			if s+1 < C {
				u.clause(u.occ(&st, b, s+1).Not(), occ)
			}
			cols := st.col[(b*C+s)*K : (b*C+s+1)*K]
			for _, c := range cols {
				u.clause(c.Not(), occ)
			}
			u.clause(append([]sat.Lit{occ.Not()}, cols...)...)
			u.atMostOne(cols)
			if s == 0 {
				continue
			}
			// brk(b,s) holds exactly when slot s holds a unit whose colour
			// differs from slot s-1's.
			brk := st.brk[b*C+s]
			u.clause(brk.Not(), occ)
			for c := range K {
				here, below := u.col(&st, b, s, c), u.col(&st, b, s-1, c)
				u.clause(here.Not(), below, brk)
				u.clause(brk.Not(), here.Not(), below.Not())
			}
		}
	}
	// bottom(c) holds exactly when some bottle has colour c at its bottom.
	for c := range K {
		var some []sat.Lit
		for b := range n {
			at := u.col(&st, b, 0, c)
			u.clause(at.Not(), st.bottom[c])
			some = append(some, at)
		}
		u.clause(append([]sat.Lit{st.bottom[c].Not()}, some...)...)
	}
	u.states = append(u.states, st)
}

// lowerBound adds, for state d, that the estimate of A* (the number of runs
// minus the number of colours at the bottom of some bottle) is at most d:
// sum of occ(b,0) + brk(b,s) + not bottom(c) <= d + K. The estimate is
// admissible, and state d is d moves from solved.
func (u *Unrolling) lowerBound(d int) {
	st := &u.states[d]
	var terms []sat.Lit
	for b := range u.n {
		terms = append(terms, u.occ(st, b, 0))
		for s := 1; s < u.c; s++ {
			terms = append(terms, st.brk[b*u.c+s])
		}
	}
	for _, b := range st.bottom {
		terms = append(terms, b.Not())
	}
	if d+u.k >= len(terms) {
		return // always holds
	}
	u.linear(sat.Card(sat.AtMost, d+u.k, terms...))
}

// goal makes st solved: every bottle empty or full, with no second run.
func (u *Unrolling) goal(st *satState) {
	for b := range u.n {
		u.clause(u.occ(st, b, 0).Not(), u.occ(st, b, u.c-1))
		for s := 1; s < u.c; s++ {
			u.clause(st.brk[b*u.c+s].Not())
		}
	}
}

// startAt adds the clauses that make state d the level's start when
// Start(d) is assumed.
func (u *Unrolling) startAt(d int) {
	st := &u.states[d]
	on := st.start.Not()
	for b, bottle := range u.p.Bottles {
		for s := range u.c {
			if s >= len(bottle) {
				u.clause(on, u.occ(st, b, s).Not())
				continue
			}
			u.clause(on, u.occ(st, b, s))
			u.clause(on, u.col(st, b, s, bottle[s]))
		}
	}
}

// addMove adds move d, from state d+1 (before) to state d (after).
func (u *Unrolling) addMove(d int) {
	pre, post := &u.states[d+1], &u.states[d]
	mv := u.newMove(d)
	u.exactlyOne(mv.from)
	u.exactlyOne(mv.to)
	u.exactlyOne(mv.colour)
	u.exactlyOne(mv.amount)
	for b := range u.n {
		u.movePour(&mv, pre, post, b)
		u.moveSlots(&mv, pre, post, b)
	}
	u.moves = append(u.moves, mv)
}

// newMove makes the variables of move d.
func (u *Unrolling) newMove(d int) satMove {
	n, C, K := u.n, u.c, u.k
	mv := satMove{
		from:   make([]sat.Lit, n),
		to:     make([]sat.Lit, n),
		colour: make([]sat.Lit, K),
		amount: make([]sat.Lit, C),
	}
	for b := range n {
		mv.from[b] = u.f.NewNamedVar(fmt.Sprintf("m%d.from%d", d, b+1))
		mv.to[b] = u.f.NewNamedVar(fmt.Sprintf("m%d.to%d", d, b+1))
	}
	for c := range K {
		mv.colour[c] = u.f.NewVar()
	}
	for a := range C {
		mv.amount[a] = u.f.NewVar()
	}
	mv.full, mv.toEmpty, mv.sameTo = u.f.NewVar(), u.f.NewVar(), u.f.NewVar()
	return mv
}

// movePour adds the clauses of move mv for bottle b as a source or a
// destination: room, and the amount poured taken off and put on.
func (u *Unrolling) movePour(mv *satMove, pre, post *satState, b int) {
	C := u.c
	from, to := mv.from[b], mv.to[b]
	u.clause(from.Not(), to.Not())
	u.clause(from.Not(), u.occ(pre, b, 0))       // the source holds a unit
	u.clause(to.Not(), u.occ(pre, b, C-1).Not()) // the destination has room
	u.clause(to.Not(), u.occ(pre, b, 0), mv.toEmpty)
	if u.rule == Fits {
		u.clause(mv.full.Not(), to.Not(), u.occ(post, b, C-1))
	}
	for a := 1; a <= C; a++ {
		amt := mv.amount[a-1].Not()
		u.clause(from.Not(), amt, u.occ(pre, b, a-1))
		u.clause(to.Not(), amt, u.occ(pre, b, C-a).Not())
		for s := range C {
			// The source loses its top a units.
			if s+a < C {
				u.clause(from.Not(), amt, u.occ(post, b, s).Not(), u.occ(pre, b, s+a))
				u.clause(from.Not(), amt, u.occ(post, b, s), u.occ(pre, b, s+a).Not())
			} else {
				u.clause(from.Not(), amt, u.occ(post, b, s).Not())
			}
			// The destination gains a units.
			if s >= a {
				u.clause(to.Not(), amt, u.occ(post, b, s).Not(), u.occ(pre, b, s-a))
				u.clause(to.Not(), amt, u.occ(post, b, s), u.occ(pre, b, s-a).Not())
			} else {
				u.clause(to.Not(), amt, u.occ(post, b, s))
			}
		}
	}
}

// moveSlots adds the clauses of move mv for the slots of bottle b: heights
// kept by the other bottles, colours kept, and the poured colour.
func (u *Unrolling) moveSlots(mv *satMove, pre, post *satState, b int) {
	C, K := u.c, u.k
	from, to := mv.from[b], mv.to[b]
	for s := range C {
		was, is := u.occ(pre, b, s), u.occ(post, b, s)
		// Other bottles keep their height.
		u.clause(from, to, was.Not(), is)
		u.clause(from, to, was, is.Not())
		for c := range K {
			before, after, poured := u.col(pre, b, s, c), u.col(post, b, s, c), mv.colour[c]
			// A slot occupied before and after keeps its colour.
			u.clause(is.Not(), before.Not(), after)
			u.clause(was.Not(), before, after.Not())
			// The units leaving the source have the poured colour.
			u.clause(from.Not(), before.Not(), is, poured)
			// The units arriving have the poured colour.
			u.clause(to.Not(), was, is.Not(), poured.Not(), after)
			u.clause(to.Not(), was, after.Not(), poured)
			if s+1 < C {
				// The destination shows the poured colour on top.
				u.clause(to.Not(), before.Not(), u.occ(pre, b, s+1), poured)
				// The whole run moved: the source no longer shows the
				// poured colour on top (Fits: unless the destination
				// is full).
				maximal := []sat.Lit{from.Not(), poured.Not(), after.Not(), u.occ(post, b, s+1)}
				if u.rule == Fits {
					maximal = append(maximal, mv.full)
				}
				u.clause(maximal...)
			}
		}
	}
}

// breakSymmetry adds rules 1 and 2 of the Unrolling documentation for move
// d, and rules 3 and 4 for it and the move after it (move d-1).
func (u *Unrolling) breakSymmetry(d int) {
	n, C := u.n, u.c
	pre := &u.states[d+1]
	mv := &u.moves[d]
	for b := range n {
		// 1. Not a bottle of one colour into an empty bottle.
		oneColour := []sat.Lit{mv.from[b].Not(), mv.toEmpty.Not()}
		for s := 1; s < C; s++ {
			oneColour = append(oneColour, pre.brk[b*C+s])
		}
		u.clause(oneColour...)
		// 2. Into the first empty bottle only.
		for e := range b {
			u.clause(mv.to[b].Not(), u.occ(pre, b, 0), u.occ(pre, e, 0))
		}
	}
	if d > 0 {
		// Move d comes just before move d-1 in the plan.
		u.breakPair(mv, &u.moves[d-1])
	}
}

// breakPair adds rules 3 and 4 for two consecutive moves, first then next.
func (u *Unrolling) breakPair(first, next *satMove) {
	n := u.n
	// sameTo holds only when both moves pour into the same bottle.
	for b := range n {
		u.clause(next.sameTo.Not(), first.to[b].Not(), next.to[b])
	}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			// 3. Not straight back.
			u.clause(first.from[i].Not(), first.to[j].Not(), next.from[j].Not(), next.to[i].Not())
			// 4. Independent moves by increasing source: with i > j, the
			// next move from j must share a bottle with the first from i.
			if i > j {
				u.clause(first.from[i].Not(), next.from[j].Not(), first.to[j], next.to[i], next.sameTo)
			}
		}
	}
}

// ErrHorizon is returned by SolveSAT when every plan of at most
// SATOptions.MaxMoves moves has been refuted.
var ErrHorizon = errors.New("no plan within the horizon")

// SATOptions tune SolveSAT.
type SATOptions struct {
	Rule Rule
	// MaxMoves is the horizon: SolveSAT gives up with ErrHorizon once no
	// plan of at most MaxMoves moves exists. 0 means no horizon.
	MaxMoves int
	// Encoding writes the cardinality constraints (exactly one move, one
	// colour and one amount a step, at most one colour a slot, the lower
	// bounds). With sat.Native they go to the solver as linear
	// constraints, which it must take (sat.LinearAdder).
	Encoding sat.Encoding
	// FromZero starts at horizon 0 instead of at the lower bound of the
	// start, and so refutes the horizons below the bound with the solver
	// too.
	FromZero bool
	// Progress, when set, is called after each horizon is decided.
	Progress func(SATRound)

	knobs satKnobs // for measurements
}

// SATRound describes the solve at one horizon.
type SATRound struct {
	Moves     int           // the horizon k: plans of exactly k moves
	Variables int           // the formula's variables so far
	Clauses   int           // the formula's clauses so far
	Answer    sat.Status    // Sat, Unsat, or Unknown when stopped
	Time      time.Duration // encoding, loading and solving this horizon
}

// SATResult is what SolveSAT found.
type SATResult struct {
	// Status is Solved or Unknown: the SAT method refutes horizons one at
	// a time and never proves a level unsolvable.
	Status Status
	// Plan solves the level when Status is Solved; no shorter plan exists.
	Plan Plan
	// LowerBound is the start's estimate: no plan is shorter, so the
	// horizons from LowerBound on are solved unless FromZero was set.
	LowerBound int
	// Rounds describes each horizon tried, in order.
	Rounds []SATRound
}

// SolveSAT looks for a plan of fewest moves with the solver s, which must
// be empty: it asks whether a plan of exactly k moves exists for k = the
// start's lower bound (or 0), k+1, ... on one formula that grows by one
// move a round, loaded incrementally into s, with the start moved to
// horizon k by an assumption. The first satisfiable k is the optimum: every
// shorter horizon was refuted (see Unrolling for why symmetry breaking
// keeps that true). The plan is replayed by Check before it is returned.
//
// It returns a Result with Status Unknown and ErrHorizon when no plan of at
// most opt.MaxMoves moves exists, and with ctx's error when ctx ends first;
// an invalid level gives the error of Validate. Unlike breadth-first search
// it cannot prove a level unsolvable: that would take a horizon as long as
// the longest shortest path between reachable states, which it does not
// know.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opt SATOptions) (SATResult, error) {
	start, err := p.Start()
	if err != nil {
		return SATResult{}, err
	}
	res := SATResult{Status: Unknown, LowerBound: start.l.lowerBound(start.codes)}
	u, err := newUnrolling(p, opt.Rule, opt.Encoding, opt.knobs)
	if err != nil {
		return res, err
	}
	k := res.LowerBound
	if opt.FromZero {
		k = 0
	}
	var mark sat.Mark
	for ; opt.MaxMoves <= 0 || k <= opt.MaxMoves; k++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		began := time.Now()
		for u.Horizon() < k {
			u.Extend()
		}
		if mark, err = sat.LoadFrom(s, u.f, mark); err != nil {
			return res, err
		}
		st, err := s.Solve(ctx, u.Start())
		round := SATRound{Moves: k, Variables: u.f.NumVars(), Clauses: u.f.NumClauses(), Answer: st, Time: time.Since(began)}
		res.Rounds = append(res.Rounds, round)
		if opt.Progress != nil {
			opt.Progress(round)
		}
		switch {
		case err != nil:
			return res, err
		case st == sat.Unsat:
			continue
		case st != sat.Sat:
			return res, fmt.Errorf("solver answered %v without an error", st)
		}
		plan := u.Plan(s)
		if err := Check(p, opt.Rule, plan); err != nil {
			return res, fmt.Errorf("internal error: the SAT plan of %d moves fails the check: %w", k, err)
		}
		res.Status, res.Plan = Solved, plan
		return res, nil
	}
	return res, ErrHorizon
}
