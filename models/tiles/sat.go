package tiles

// This file is the bounded-horizon SAT encoding of a board for the
// state-space library's SolveSAT: "is there a plan of exactly k blank
// moves?", asked for k from Manhattan distance plus linear conflicts
// upwards.
//
// A state is a one-hot grid: x[c][t] says that cell c holds tile t (0 the
// blank), exactly one tile per cell and one cell per tile, plus a literal
// for the colour of the blank's cell in a chessboard colouring. A step
// has a literal per legal (cell, move) pair, exactly one of them true:
// the blank is at the cell before, at the target after, and the tile at
// the target comes to the cell. Frame axioms keep every cell no action
// touches. Two facts that follow from the rules are added to help the
// solver: the blank's colour flips at every step, so a horizon of the
// wrong parity fails by unit propagation; and a move is never followed by
// its inverse (a shortest plan never does that).

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

// satState holds the variables of one board.
type satState struct {
	x   []sat.Lit // x[c*n+t]: cell c holds tile t
	odd sat.Lit   // the blank is on a cell with odd row+column
}

// satStep holds the variables of one move.
type satStep struct {
	acts []satAction
	move [4]sat.Lit // move[m]: the move is m, whatever the cell
}

type satAction struct {
	lit      sat.Lit
	from, to int
	move     Move
}

// satModel encodes the board p for statespace.SolveSAT.
type satModel struct {
	p *Puzzle
	n int
}

// satModel's optional parts of statespace.SATModel, which SolveSAT finds
// by type assertion: a method whose signature drifts fails to compile
// rather than being passed over.
var (
	_ statespace.SATModel[satState, satStep, Move] = (*satModel)(nil)
	_ statespace.GoalLiteral[satState]             = (*satModel)(nil)
	_ statespace.Consecutive[satStep]              = (*satModel)(nil)
)

func (m *satModel) lit(s satState, cell, tile int) sat.Lit { return s.x[cell*m.n+tile] }

// State adds a board's variables: one tile per cell, one cell per tile,
// and the colour of the blank's cell.
func (m *satModel) State(f *sat.Formula) satState {
	n, w := m.n, m.p.Width
	s := satState{x: f.NewVars(n * n), odd: f.NewVar()}
	line := make([]sat.Lit, n)
	for c := range n {
		for t := range n {
			line[t] = m.lit(s, c, t)
		}
		sat.PairwiseExactlyOne(f, line...)
	}
	for t := range n {
		for c := range n {
			line[c] = m.lit(s, c, t)
		}
		sat.PairwiseExactlyOne(f, line...)
	}
	for c := range n {
		if (c/w+c%w)%2 == 1 {
			f.AddClause(m.lit(s, c, 0).Not(), s.odd)
		} else {
			f.AddClause(m.lit(s, c, 0).Not(), s.odd.Not())
		}
	}
	return s
}

// Start puts p's tiles on s.
func (m *satModel) Start(a sat.Adder, s satState) {
	for c, t := range m.p.Tiles {
		a.AddClause(m.lit(s, c, t))
	}
}

// Goal puts every tile home on s.
func (m *satModel) Goal(a sat.Adder, s satState) {
	for c := range m.n {
		a.AddClause(m.lit(s, c, c))
	}
}

// GoalLit returns a literal equivalent to "s is the goal".
func (m *satModel) GoalLit(f *sat.Formula, s satState) sat.Lit {
	g := f.NewVar()
	all := []sat.Lit{g}
	for c := range m.n {
		f.AddClause(g.Not(), m.lit(s, c, c))
		all = append(all, m.lit(s, c, c).Not())
	}
	f.AddClause(all...)
	return g
}

// Step adds one move from before to after.
func (m *satModel) Step(f *sat.Formula, before, after satState) satStep {
	n, w, h := m.n, m.p.Width, m.p.Height
	var st satStep
	touching := make([][]sat.Lit, n)
	for c := range n {
		for _, mv := range Moves {
			to, ok := Target(w, h, c, mv)
			if !ok {
				continue
			}
			a := satAction{lit: f.NewVar(), from: c, to: to, move: mv}
			st.acts = append(st.acts, a)
			f.AddClause(a.lit.Not(), m.lit(before, c, 0))
			f.AddClause(a.lit.Not(), m.lit(after, to, 0))
			for t := 1; t < n; t++ {
				f.AddClause(a.lit.Not(), m.lit(before, to, t).Not(), m.lit(after, c, t))
			}
			touching[c] = append(touching[c], a.lit)
			touching[to] = append(touching[to], a.lit)
		}
	}
	lits := make([]sat.Lit, len(st.acts))
	for i, a := range st.acts {
		lits[i] = a.lit
	}
	sat.PairwiseExactlyOne(f, lits...)
	// Frame: a cell no action touches keeps its tile.
	for d := range n {
		for t := range n {
			f.AddClause(append([]sat.Lit{m.lit(before, d, t).Not(), m.lit(after, d, t)}, touching[d]...)...)
			f.AddClause(append([]sat.Lit{m.lit(before, d, t), m.lit(after, d, t).Not()}, touching[d]...)...)
		}
	}
	// The blank changes colour.
	f.AddClause(before.odd, after.odd)
	f.AddClause(before.odd.Not(), after.odd.Not())
	// move[mv] is the disjunction of the actions of that direction.
	for _, mv := range Moves {
		st.move[mv] = f.NewVar()
		some := []sat.Lit{st.move[mv].Not()}
		for _, a := range st.acts {
			if a.move == mv {
				f.AddClause(a.lit.Not(), st.move[mv])
				some = append(some, a.lit)
			}
		}
		f.AddClause(some...)
	}
	return st
}

// Consecutive forbids a move followed by its inverse.
func (m *satModel) Consecutive(f *sat.Formula, first, next satStep) {
	for _, mv := range Moves {
		f.AddClause(first.move[mv].Not(), next.move[mv.Inverse()].Not())
	}
}

// Action reads the move of a step.
func (m *satModel) Action(a sat.Assignment, st satStep) (Move, bool) {
	for _, act := range st.acts {
		if a.Value(act.lit) {
			return act.move, true
		}
	}
	return 0, false
}

// Check replays a plan with the independent checker.
func (m *satModel) Check(plan []Move, k int) error {
	if len(plan) != k {
		return fmt.Errorf("a plan of %d moves at horizon %d", len(plan), k)
	}
	return Check(m.p, plan)
}

// SATResult is the answer of the bounded-horizon SAT engine.
type SATResult = statespace.HorizonResult[Move]

// SolveSAT finds a shortest plan for p by asking the SAT solver s (empty;
// or with opts.Fresh a new solver per question) whether a plan of exactly
// k moves exists, for k from Manhattan
// distance plus linear conflicts upwards (opts.From when larger), through
// the state-space library's bounded-horizon driver. A board of the wrong
// parity is answered Unsolvable at once. The encoding grows with the
// board's cells squared per step, so it suits the 8 puzzle and smaller.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opts statespace.SATOptions) (SATResult, error) {
	if err := p.Validate(); err != nil {
		return SATResult{}, err
	}
	if p.Solvability() != nil {
		return SATResult{Status: statespace.Unsolvable}, nil
	}
	opts.From = max(opts.From, Manhattan(p)+LinearConflicts(p))
	return statespace.SolveSAT(ctx, &satModel{p: p, n: p.Cells()}, s, opts)
}
