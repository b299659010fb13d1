package watersort

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

// satModel is the bounded-horizon SAT encoding of a level under a rule,
// for statespace.SolveSAT: a formula that grows one move at a time and
// whose models with the start on state k are the plans of exactly k moves
// (up to the symmetry breaking described below).
//
// # Unrolled backwards
//
// The states are numbered by the moves still to make: state 0 is solved,
// state d is d moves before it, and an assumption puts the level's start
// at state k, the horizon (statespace.Backward). The goal is therefore a set of
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
// EncodingWindow adds rules 3' and 4' (rules 3 and 4 between moves a few
// apart) and 5 (pours between one-colour bottles), argued the same way in
// satwindow.go.
type satModel struct {
	p       *Puzzle
	rule    Rule
	enc     sat.Encoding
	n, c, k int // bottles, capacity, colours
	knobs   satKnobs
	// out receives the clauses being written: the formula, or the Adder
	// Start and Goal are given. f is the formula, which numbers the
	// states for their names.
	out    sat.Adder
	f      *sat.Formula
	states int
}

// satModel's optional parts of statespace.SATModel, which SolveSAT finds
// by type assertion: a method whose signature drifts fails to compile
// rather than being passed over.
var (
	_ statespace.SATModel[*satState, *satMove, Move] = (*satModel)(nil)
	_ statespace.Backward                            = (*satModel)(nil)
	_ statespace.DistanceBound[*satState]            = (*satModel)(nil)
	_ statespace.Consecutive[*satMove]               = (*satModel)(nil)
)

func newSATModel(p *Puzzle, rule Rule, enc sat.Encoding, knobs satKnobs) *satModel {
	return &satModel{p: p, rule: rule, enc: enc, n: len(p.Bottles), c: p.Capacity, k: p.NumColors(), knobs: knobs}
}

// use makes f the formula clauses go to.
func (u *satModel) use(f *sat.Formula) {
	if u.f != f {
		u.f, u.states = f, 0
	}
	u.out = f
}

// satKnobs turn parts of the encoding off, for measuring what they bring.
type satKnobs struct {
	noSymmetry bool // keep every plan
	noBound    bool // no lower bounds on the states
	// window is the longest stretch of moves over which rules 3 and 4 of
	// the symmetry breaking look for a move that commutes with those
	// before it (satwindow.go); 0 and 1 mean consecutive moves only.
	window int
	// monoPairs orders pours between two bottles of one colour
	// (satwindow.go).
	monoPairs bool
}

// satState holds the variables of one state, d moves before solved.
type satState struct {
	d      int
	occ    []sat.Lit // occ[b*C+s]
	col    []sat.Lit // col[(b*C+s)*K+c]
	brk    []sat.Lit // brk[b*C+s] for s ≥ 1; 0 at s = 0
	bottom []sat.Lit // bottom[c]: colour c is at the bottom of some bottle
	// togo (EncodingParallel only) counts the moves from this state to
	// the solved one in unary: togo[v-1] holds when there are at least v.
	togo []sat.Lit
}

// satMove holds the variables of one move.
type satMove struct {
	from, to []sat.Lit // [b]
	colour   []sat.Lit // [c]
	amount   []sat.Lit // amount[a-1]: a units are poured
	full     sat.Lit   // Fits: the destination is full afterwards
	toEmpty  sat.Lit   // the destination is empty before the move
	sameTo   sat.Lit   // the move before this one (in time) has the same destination
	// next is the move after this one in time (window only), and
	// shares[k-1] the literal "this move shares a bottle with the move k
	// before it", made when first needed.
	next   *satMove
	shares []sat.Lit
}

func (u *satModel) clause(lits ...sat.Lit) { u.out.AddClause(lits...) }

// exactlyOne adds "exactly one of lits": pairwise for a few literals,
// else with the chosen encoding.
func (u *satModel) exactlyOne(lits []sat.Lit) {
	u.clause(lits...)
	u.atMostOne(lits)
}

func (u *satModel) atMostOne(lits []sat.Lit) {
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
func (u *satModel) linear(c sat.Linear) {
	if u.enc == sat.Native {
		u.f.AddLinear(c)
		return
	}
	if err := u.enc.Encode(u.f, c); err != nil {
		panic(fmt.Sprintf("watersort: encoding %v: %v", c, err)) // c is well formed
	}
}

func (u *satModel) occ(st *satState, b, s int) sat.Lit { return st.occ[b*u.c+s] }

func (u *satModel) col(st *satState, b, s, c int) sat.Lit { return st.col[(b*u.c+s)*u.k+c] }

// State implements statespace.SATModel: the variables of a state and the
// clauses that hold in every state.
func (u *satModel) State(f *sat.Formula) *satState {
	u.use(f)
	d := u.states
	u.states++
	n, C, K := u.n, u.c, u.k
	st := &satState{
		d:      d,
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
	for b := range n {
		for s := range C {
			occ := u.occ(st, b, s)
			if s+1 < C {
				u.clause(u.occ(st, b, s+1).Not(), occ)
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
				here, below := u.col(st, b, s, c), u.col(st, b, s-1, c)
				u.clause(here.Not(), below, brk)
				u.clause(brk.Not(), here.Not(), below.Not())
			}
		}
	}
	// bottom(c) holds exactly when some bottle has colour c at its bottom.
	for c := range K {
		var some []sat.Lit
		for b := range n {
			at := u.col(st, b, 0, c)
			u.clause(at.Not(), st.bottom[c])
			some = append(some, at)
		}
		u.clause(append([]sat.Lit{st.bottom[c].Not()}, some...)...)
	}
	return st
}

// DistanceBound implements statespace.DistanceBound: the estimate of A*
// (the number of runs minus the number of colours at the bottom of some
// bottle) of state st, d moves before a solved state, is at most d: sum of
// occ(b,0) + brk(b,s) + not bottom(c) <= d + K. The estimate is
// admissible.
func (u *satModel) DistanceBound(f *sat.Formula, st *satState, d int) {
	u.use(f)
	if u.knobs.noBound {
		return
	}
	terms := u.boundTerms(st)
	if d+u.k < len(terms) {
		u.linear(sat.Card(sat.AtMost, d+u.k, terms...))
	}
}

// boundTerms returns the literals whose count is the A* estimate of st
// plus the number of colours: a unit at the bottom of a bottle, the start
// of a run above it, a colour at no bottle's bottom.
func (u *satModel) boundTerms(st *satState) []sat.Lit {
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
	return terms
}

// Goal implements statespace.SATModel: st is solved, every bottle empty
// or full, with no second run.
func (u *satModel) Goal(c sat.Adder, st *satState) {
	u.out = c
	for b := range u.n {
		u.clause(u.occ(st, b, 0).Not(), u.occ(st, b, u.c-1))
		for s := 1; s < u.c; s++ {
			u.clause(st.brk[b*u.c+s].Not())
		}
	}
}

// Start implements statespace.SATModel: st is the level's start.
func (u *satModel) Start(c sat.Adder, st *satState) {
	u.out = c
	for b, bottle := range u.p.Bottles {
		for s := range u.c {
			if s >= len(bottle) {
				u.clause(u.occ(st, b, s).Not())
				continue
			}
			u.clause(u.occ(st, b, s))
			u.clause(u.col(st, b, s, bottle[s]))
		}
	}
}

// Backward implements statespace.Backward: the unrolling runs from the
// solved state.
func (u *satModel) Backward() bool { return true }

// Step implements statespace.SATModel: the move from pre to post, and
// rules 1 and 2 of the symmetry breaking.
func (u *satModel) Step(f *sat.Formula, pre, post *satState) *satMove {
	u.use(f)
	mv := u.newMove(post.d)
	u.exactlyOne(mv.from)
	u.exactlyOne(mv.to)
	u.exactlyOne(mv.colour)
	u.exactlyOne(mv.amount)
	for b := range u.n {
		pl := pour{from: mv.from[b], to: mv.to[b], colour: mv.colour, amount: mv.amount, full: mv.full,
			toEmpty: mv.toEmpty, destFull: mv.full}
		u.movePour(pl, pre, post, b)
		u.moveSlots(pl, pre, post, b)
	}
	if !u.knobs.noSymmetry {
		u.breakSymmetry(mv, pre)
	}
	return mv
}

// newMove makes the variables of move d.
func (u *satModel) newMove(d int) *satMove {
	n, C, K := u.n, u.c, u.k
	mv := &satMove{
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

// pour holds the literals the clauses of one bottle in a move read: a
// sequential move shares its colour, amount and full among the bottles,
// a parallel step has them per bottle (satparallel.go).
type pour struct {
	from, to sat.Lit   // the bottle is the source, the destination
	colour   []sat.Lit // the colour poured, by colour
	amount   []sat.Lit // amount[a-1]: a units are poured
	// full (Fits) lets the source keep units of the poured colour on top:
	// its destination is full afterwards.
	full sat.Lit
	// toEmpty, when not 0, is set when the bottle is an empty
	// destination; destFull, when not 0 (Fits), makes the destination
	// full afterwards. The sequential move's; a parallel step says both
	// per pair.
	toEmpty, destFull sat.Lit
}

// movePour adds the clauses of bottle b as a source or a destination:
// room, and the amount poured taken off and put on.
func (u *satModel) movePour(pl pour, pre, post *satState, b int) {
	C := u.c
	from, to := pl.from, pl.to
	u.clause(from.Not(), to.Not())
	u.clause(from.Not(), u.occ(pre, b, 0))       // the source holds a unit
	u.clause(to.Not(), u.occ(pre, b, C-1).Not()) // the destination has room
	if pl.toEmpty != 0 {
		u.clause(to.Not(), u.occ(pre, b, 0), pl.toEmpty)
	}
	if u.rule == Fits && pl.destFull != 0 {
		u.clause(pl.destFull.Not(), to.Not(), u.occ(post, b, C-1))
	}
	for a := 1; a <= C; a++ {
		amt := pl.amount[a-1].Not()
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

// moveSlots adds the clauses of the slots of bottle b: heights kept by
// the other bottles, colours kept, and the poured colour.
func (u *satModel) moveSlots(pl pour, pre, post *satState, b int) {
	C, K := u.c, u.k
	from, to := pl.from, pl.to
	for s := range C {
		was, is := u.occ(pre, b, s), u.occ(post, b, s)
		// Other bottles keep their height.
		u.clause(from, to, was.Not(), is)
		u.clause(from, to, was, is.Not())
		for c := range K {
			before, after, poured := u.col(pre, b, s, c), u.col(post, b, s, c), pl.colour[c]
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
					maximal = append(maximal, pl.full)
				}
				u.clause(maximal...)
			}
		}
	}
}

// breakSymmetry adds rules 1 and 2 of the satModel documentation for move
// mv from state pre.
func (u *satModel) breakSymmetry(mv *satMove, pre *satState) {
	n, C := u.n, u.c
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
	if u.knobs.monoPairs {
		u.monoPairs(mv, pre)
	}
}

// Consecutive implements statespace.Consecutive: rules 3 and 4 for two
// consecutive moves, first then next.
func (u *satModel) Consecutive(f *sat.Formula, first, next *satMove) {
	u.use(f)
	if u.knobs.noSymmetry {
		return
	}
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
	if u.knobs.window > 1 {
		u.windows(first, next)
	}
}

// Action implements statespace.SATModel: the bottles of move mv.
func (u *satModel) Action(a sat.Assignment, mv *satMove) (Move, bool) {
	m := Move{From: -1, To: -1}
	for b := range u.n {
		if a.Value(mv.from[b]) {
			m.From = b
		}
		if a.Value(mv.to[b]) {
			m.To = b
		}
	}
	return m, true
}

// Check implements statespace.SATModel.
func (u *satModel) Check(plan []Move, k int) error {
	if err := Check(u.p, u.rule, plan); err != nil {
		return err
	}
	if len(plan) != k {
		return fmt.Errorf("asked for %d moves, decoded %d", k, len(plan))
	}
	return nil
}

// ErrHorizon is wrapped by the error of SolveSAT when every plan of at
// most SATOptions.MaxMoves moves has been refuted.
var ErrHorizon = statespace.ErrHorizon

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
	// Variant selects the symmetry breaking and lower bounds beyond the
	// moves (EncodingMoves when zero).
	Variant SATEncoding
	// FromZero starts at horizon 0 instead of at the lower bound of the
	// start, and so refutes the horizons below the bound with the solver
	// too.
	FromZero bool
	// Progress, when set, is called after each horizon is decided.
	Progress func(statespace.Round)

	knobs satKnobs // for measurements
}

// SATResult is what SolveSAT found: statespace's result (Status is Solved
// or Unknown: the SAT method refutes horizons one at a time and never
// proves a level unsolvable; Rounds describes each horizon tried, in
// order), and the start's lower bound.
type SATResult struct {
	statespace.HorizonResult[Move]
	// LowerBound is the start's estimate: no plan is shorter, so the
	// horizons from LowerBound on are solved unless FromZero was set.
	LowerBound int
}

// SolveSAT looks for a plan of fewest moves with the solver s, which must
// be empty: it asks whether a plan of exactly k moves exists for k = the
// start's lower bound (or 0), k+1, ... on one formula that grows by one
// move a round, loaded incrementally into s, with the start moved to
// horizon k by an assumption: the loop of statespace.SolveSAT. The first
// satisfiable k is the optimum: every shorter horizon was refuted (see
// satModel for why symmetry breaking keeps that true). EncodingParallel
// asks instead for at most k moves over k parallel steps (satParallel),
// which has the same first satisfiable k. The plan is replayed by Check
// before it is returned.
//
// It returns a Result with Status Unknown and an error wrapping ErrHorizon
// when no plan of at most opt.MaxMoves moves exists, and with ctx's error
// when ctx ends first; an invalid level gives the error of Validate.
// Unlike breadth-first search it cannot prove a level unsolvable: that
// would take a horizon as long as the longest shortest path between
// reachable states, which it does not know.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opt SATOptions) (SATResult, error) {
	start, err := p.Start()
	if err != nil {
		return SATResult{}, err
	}
	if opt.Rule != Whole && opt.Rule != Fits {
		return SATResult{}, fmt.Errorf("unknown rule %v", opt.Rule)
	}
	if opt.Variant > EncodingParallel {
		return SATResult{}, fmt.Errorf("unknown encoding %v", opt.Variant)
	}
	res := SATResult{LowerBound: start.l.lowerBound(start.codes)}
	o := statespace.HorizonOptions{From: res.LowerBound, MaxHorizon: opt.MaxMoves, Progress: opt.Progress}
	if opt.FromZero {
		o.From = 0
	}
	u := newSATModel(p, opt.Rule, opt.Encoding, opt.Variant.knobs(opt.knobs))
	if opt.Variant == EncodingParallel {
		res.HorizonResult, err = solveParallel(ctx, u, s, o)
		return res, err
	}
	res.HorizonResult, err = statespace.SolveSAT(ctx, u, s, statespace.SATOptions{HorizonOptions: o})
	return res, err
}
