package watersort

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

// satParallel is EncodingParallel: ∃-step parallel plans in the sense of
// Rintanen's Madagascar planners, on satModel's states.
//
// # Steps
//
// A step is a set of moves on pairwise disjoint pairs of bottles: pair(i,j)
// says that i pours into j, and every bottle is the source or the
// destination of at most one pair. Moves on disjoint bottles read and
// write different bottles, so they commute and the step can be played in
// any order. Colour, amount and, under Fits, "the destination is full
// afterwards" are per bottle (satModel's move has one of each), equal on
// the two bottles of a pair; the clauses of a bottle as a source or a
// destination are satModel's (movePour, moveSlots). A step may be empty.
//
// # What it proves
//
// The optimum is counted in moves, and nothing bounds the number of steps
// a plan of M moves needs below M: its moves may form one chain, each
// reading a bottle the one before wrote. So horizon M unrolls M steps
// (statespace.Budgeted) and bounds the moves over them by M; every plan of
// at most M moves fits, and the first satisfiable horizon M is the
// optimum, every smaller one refuted, as with the sequential encodings.
// Only the form of the plans changes: a step holds the moves that a
// sequential plan would order arbitrarily.
//
// Moves are counted in unary per state (satState.togo: the moves from the
// state to the solved one, the step's count added to the next state's), so
// that the bound of the horizon is one literal on the start and the A*
// estimate of every state is at most its togo (DistanceBound): the
// sequential encodings' "state d is at most d moves from solved" with
// moves in place of steps.
//
// # Symmetry breaking
//
// Unless turned off, among the plans of fewest moves one in the following
// form is kept. Every plan can be put in Foata normal form: each move in
// the earliest step it can go to, so that every move shares a bottle with
// a move of the step before it (a move sharing none commutes with that
// whole step and joins it, which keeps the pairs disjoint); empty steps
// then come last, and every trace of commuting moves has exactly one such
// form. Among the plans of fewest moves in this form, take the least in
// the order of their steps compared one after the other, each step as its
// sorted list of (from, to) pairs. It obeys:
//
//  1. a bottle of one colour is never poured into an empty bottle (else a
//     shorter plan: satModel's rule 1, the other moves of the step touch
//     neither bottle);
//  2. a pour into an empty bottle b leaves no empty bottle e < b idle in
//     the step (else renaming b and e from the step on gives a plan in the
//     same form with a smaller step);
//  3. no move pours straight back a step later (satModel's rule 3: the two
//     moves net to nothing or one move, and no move between them touches
//     the two bottles);
//  4. each move of a step shares a bottle with a move of the step before
//     (the normal form);
//  5. a pour between two bottles of one colour goes from the lower one
//     (renaming the two from the step on: a smaller step).
type satParallel struct {
	*satModel
}

// satParallel's optional parts of statespace.SATModel (see satModel's).
var (
	_ statespace.SATModel[*satState, *parStep, []Move] = (*satParallel)(nil)
	_ statespace.Backward                              = (*satParallel)(nil)
	_ statespace.DistanceBound[*satState]              = (*satParallel)(nil)
	_ statespace.Consecutive[*parStep]                 = (*satParallel)(nil)
	_ statespace.Budgeted[*parStep]                    = (*satParallel)(nil)
)

// parStep holds the variables of one parallel step.
type parStep struct {
	pair     [][]sat.Lit // pair[i][j]: i pours into j; 0 for i = j
	from, to []sat.Lit   // [b]: b is a source, a destination
	colour   [][]sat.Lit // colour[b][c]: b pours or receives colour c
	amount   [][]sat.Lit // amount[b][a-1]: b pours or receives a units
	full     []sat.Lit   // full[b] (Fits): b's destination is full afterwards
	togo     []sat.Lit   // the togo of the state before the step
}

// Step implements statespace.SATModel: the moves of one step from pre to
// post, rules 1, 2 and 5, and the count of moves of pre.
func (u *satParallel) Step(f *sat.Formula, pre, post *satState) *parStep {
	u.use(f)
	st := u.newStep(post.d)
	for b := range u.n {
		var out, in []sat.Lit
		for o := range u.n {
			if o != b {
				out, in = append(out, st.pair[b][o]), append(in, st.pair[o][b])
			}
		}
		u.exactlyOneWhen(st.from[b], out)
		u.exactlyOneWhen(st.to[b], in)
		for _, set := range [][]sat.Lit{st.colour[b], st.amount[b]} {
			u.atMostOne(set)
			u.clause(append([]sat.Lit{st.from[b].Not()}, set...)...)
			u.clause(append([]sat.Lit{st.to[b].Not()}, set...)...)
			for _, l := range set {
				u.clause(l.Not(), st.from[b], st.to[b]) // none on an idle bottle
			}
		}
		pl := pour{from: st.from[b], to: st.to[b], colour: st.colour[b], amount: st.amount[b], full: st.full[b]}
		u.movePour(pl, pre, post, b)
		u.moveSlots(pl, pre, post, b)
	}
	u.pairs(st, pre, post)
	pre.togo = u.unarySum(post.togo, u.unaryCount(st.from, u.n/2), -1)
	st.togo = pre.togo
	return st
}

// newStep makes the variables of step d.
func (u *satParallel) newStep(d int) *parStep {
	n := u.n
	st := &parStep{pair: make([][]sat.Lit, n), from: u.f.NewVars(n), to: u.f.NewVars(n),
		colour: make([][]sat.Lit, n), amount: make([][]sat.Lit, n), full: u.f.NewVars(n)}
	for i := range n {
		st.pair[i] = make([]sat.Lit, n)
		for j := range n {
			if i != j {
				st.pair[i][j] = u.f.NewNamedVar(fmt.Sprintf("m%d.%d>%d", d, i+1, j+1))
			}
		}
		st.colour[i], st.amount[i] = u.f.NewVars(u.k), u.f.NewVars(u.c)
	}
	return st
}

// exactlyOneWhen adds that on holds exactly when one of lits does, and
// that at most one of lits does.
func (u *satParallel) exactlyOneWhen(on sat.Lit, lits []sat.Lit) {
	u.clause(append([]sat.Lit{on.Not()}, lits...)...)
	for _, l := range lits {
		u.clause(l.Not(), on)
	}
	u.atMostOne(lits)
}

// pairs adds the clauses of each pair i→j: the same colour and amount on
// both bottles, Fits' full destination, and rules 1, 2 and 5.
func (u *satParallel) pairs(st *parStep, pre, post *satState) {
	n, C := u.n, u.c
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			p := st.pair[i][j].Not()
			for c := range u.k {
				u.clause(p, st.colour[i][c].Not(), st.colour[j][c])
			}
			for a := range C {
				u.clause(p, st.amount[i][a].Not(), st.amount[j][a])
			}
			if u.rule == Fits {
				u.clause(p, st.full[i].Not(), u.occ(post, j, C-1))
			}
			if u.knobs.noSymmetry {
				continue
			}
			// 1. Not a bottle of one colour into an empty bottle.
			oneColour := []sat.Lit{p, u.occ(pre, j, 0)}
			// 5. Between two bottles of one colour, from the lower.
			mono := []sat.Lit{p}
			for s := 1; s < C; s++ {
				oneColour = append(oneColour, pre.brk[i*C+s])
				mono = append(mono, pre.brk[i*C+s], pre.brk[j*C+s])
			}
			u.clause(oneColour...)
			if u.knobs.monoPairs && j < i {
				u.clause(mono...)
			}
		}
	}
	if u.knobs.noSymmetry {
		return
	}
	// 2. An empty destination b leaves no empty e < b idle.
	for b := range n {
		for e := range b {
			u.clause(st.to[b].Not(), u.occ(pre, b, 0), u.occ(pre, e, 0), st.to[e])
		}
	}
}

// Consecutive implements statespace.Consecutive: rules 3 and 4 for two
// steps in a row, first then next.
func (u *satParallel) Consecutive(f *sat.Formula, first, next *parStep) {
	u.use(f)
	if u.knobs.noSymmetry {
		return
	}
	for i := range u.n {
		for j := range u.n {
			if i == j {
				continue
			}
			// 3. Not straight back.
			u.clause(first.pair[i][j].Not(), next.pair[j][i].Not())
			// 4. Each move of next shares a bottle with one of first.
			u.clause(next.pair[i][j].Not(), first.from[i], first.to[i], first.from[j], first.to[j])
		}
	}
}

// DistanceBound implements statespace.DistanceBound: the A* estimate of
// st is at most the moves from st to the solved state, togo.
func (u *satParallel) DistanceBound(f *sat.Formula, st *satState, _ int) {
	u.use(f)
	if u.knobs.noBound {
		return
	}
	// terms counts estimate + K; more than K + len(togo) is impossible.
	count := u.unaryCount(u.boundTerms(st), u.k+len(st.togo))
	for v := 1; u.k+v <= len(count); v++ {
		if v <= len(st.togo) {
			u.clause(count[u.k+v-1].Not(), st.togo[v-1])
		} else {
			u.clause(count[u.k+v-1].Not())
		}
	}
}

// Steps implements statespace.Budgeted: M moves may need M steps.
func (u *satParallel) Steps(k int) int { return k }

// Within implements statespace.Budgeted: at most k moves from the start,
// the state before the first step.
func (u *satParallel) Within(c sat.Adder, steps []*parStep, k int) {
	if len(steps) > 0 && k < len(steps[0].togo) {
		c.AddClause(steps[0].togo[k].Not())
	}
}

// Action implements statespace.SATModel: the moves of step st, by source;
// ok is false for an empty step.
func (u *satParallel) Action(a sat.Assignment, st *parStep) ([]Move, bool) {
	var moves []Move
	for i := range u.n {
		for j := range u.n {
			if i != j && a.Value(st.pair[i][j]) {
				moves = append(moves, Move{From: i, To: j})
			}
		}
	}
	return moves, len(moves) > 0
}

// Check implements statespace.SATModel: the steps' bottles are disjoint,
// the plan replays, and it has at most k moves.
func (u *satParallel) Check(plan [][]Move, k int) error {
	for t, step := range plan {
		used := map[int]bool{}
		for _, m := range step {
			if used[m.From] || used[m.To] {
				return fmt.Errorf("step %d: two moves on one bottle", t+1)
			}
			used[m.From], used[m.To] = true, true
		}
	}
	flat := flatten(plan)
	if err := Check(u.p, u.rule, flat); err != nil {
		return err
	}
	if len(flat) > k {
		return fmt.Errorf("asked for at most %d moves, decoded %d", k, len(flat))
	}
	return nil
}

func flatten(steps [][]Move) []Move {
	var out []Move
	for _, s := range steps {
		out = append(out, s...)
	}
	return out
}

// solveParallel is SolveSAT with EncodingParallel: the plan's steps are
// played one after the other, the moves of a step by source.
func solveParallel(ctx context.Context, u *satModel, s sat.Solver, o statespace.HorizonOptions) (statespace.HorizonResult[Move], error) {
	r, err := statespace.SolveSAT(ctx, &satParallel{u}, s, statespace.SATOptions{HorizonOptions: o})
	res := statespace.HorizonResult[Move]{Status: r.Status, Horizon: r.Horizon, Proof: r.Proof,
		LongestPath: r.LongestPath, Rounds: r.Rounds}
	if r.Plan != nil {
		res.Plan = append([]Move{}, flatten(r.Plan)...)
	}
	return res, err
}

// unaryCount returns the number of true literals among lits in unary
// (out[v-1] holds exactly when at least v do), as a totalizer. With
// most ≥ 0 counts above most are forbidden and out stops at most.
func (u *satModel) unaryCount(lits []sat.Lit, most int) []sat.Lit {
	if len(lits) <= 1 {
		if most == 0 && len(lits) == 1 {
			u.clause(lits[0].Not())
			return nil
		}
		return lits
	}
	h := len(lits) / 2
	return u.unarySum(u.unaryCount(lits[:h], most), u.unaryCount(lits[h:], most), most)
}

// unarySum returns the sum of the unary numbers a and b in unary, both
// ways (out[v-1] holds exactly when a + b ≥ v). With most ≥ 0 sums above
// most are forbidden and out stops at most.
func (u *satModel) unarySum(a, b []sat.Lit, most int) []sat.Lit {
	if len(a) == 0 || len(b) == 0 {
		return append(append([]sat.Lit{}, a...), b...)
	}
	n := len(a) + len(b)
	if most >= 0 {
		n = min(n, most)
	}
	out := u.f.NewVars(n)
	for i := range len(a) + 1 {
		for j := range len(b) + 1 {
			// a ≥ i and b ≥ j: out ≥ i+j.
			if i+j > 0 {
				var c []sat.Lit
				if i+j <= n {
					c = append(c, out[i+j-1])
				}
				if i > 0 {
					c = append(c, a[i-1].Not())
				}
				if j > 0 {
					c = append(c, b[j-1].Not())
				}
				u.clause(c...)
			}
			// a ≤ i and b ≤ j: out ≤ i+j.
			if i+j < n {
				c := []sat.Lit{out[i+j].Not()}
				if i < len(a) {
					c = append(c, a[i])
				}
				if j < len(b) {
					c = append(c, b[j])
				}
				u.clause(c...)
			}
		}
	}
	return out
}
