package torch

// This file is the bounded-horizon SAT encoding of a puzzle for the
// state-space library's SolveSAT. Its horizon is a time budget, not a
// number of crossings: the question of horizon k is "can everyone be
// across within k minutes?", asked for k from the A* estimate of the start
// upwards, so the first yes is the least total time, the figure uniform-
// cost search minimises. (A horizon over crossings would find the fewest
// crossings, which is a different optimum.)
//
// Budget k unrolls k/fastest steps, since no crossing is quicker than the
// fastest person (2n-3 at most for a capacity of 2, see Steps); a step may
// be idle, and once idle stays idle, so shorter
// plans fit. A state holds a literal per person (across or not), one for
// the torch, and the time spent so far as a unary counter: spent[j-1]
// says "at least j minutes spent", for j up to the upper bound plus one,
// where it saturates. A step has a literal per person (walks or not), at
// most Capacity of them true, all on the torch's side; each walker's time
// pushes the counter of the state after, so the counter is at least the
// sum of the slowest walkers; budget k forbids spent[k] on the last state.

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
)

type satState struct {
	across []sat.Lit
	torch  sat.Lit   // the torch is across
	spent  []sat.Lit // spent[j-1]: at least j minutes spent, j = 1..top
}

type satStep struct {
	walks []sat.Lit
	idle  sat.Lit
	back  sat.Lit  // the torch was across before the step
	after satState // the state after the step
}

// satModel encodes p for statespace.SolveSAT.
type satModel struct {
	p       *Puzzle
	fastest int
	bound   int // an upper bound on the least total time, or the limit
	top     int // bound+1: the counter's saturation
}

// satModel's optional parts of statespace.SATModel, which SolveSAT finds
// by type assertion: a method whose signature drifts fails to compile
// rather than being passed over.
var (
	_ statespace.SATModel[satState, satStep, Crossing] = (*satModel)(nil)
	_ statespace.Consecutive[satStep]                  = (*satModel)(nil)
	_ statespace.Budgeted[satStep]                     = (*satModel)(nil)
)

func (m *satModel) State(f *sat.Formula) satState {
	n := len(m.p.Times)
	s := satState{across: f.NewVars(n), torch: f.NewVar(), spent: f.NewVars(m.top)}
	for j := 1; j < m.top; j++ {
		f.AddClause(s.spent[j].Not(), s.spent[j-1])
	}
	return s
}

func (m *satModel) Start(c sat.Adder, s satState) {
	for _, a := range s.across {
		c.AddClause(a.Not())
	}
	c.AddClause(s.torch.Not())
	c.AddClause(s.spent[0].Not())
}

func (m *satModel) Goal(c sat.Adder, s satState) {
	for _, a := range s.across {
		c.AddClause(a)
	}
}

func (m *satModel) Step(f *sat.Formula, before, after satState) satStep {
	n := len(m.p.Times)
	st := satStep{walks: f.NewVars(n), idle: f.NewVar(), back: before.torch, after: after}
	some := []sat.Lit{st.idle}
	for i, w := range st.walks {
		b, a := before.across[i], after.across[i]
		// A walker is on the torch's side and changes side; anyone
		// else stays.
		f.AddClause(w.Not(), b.Not(), before.torch)
		f.AddClause(w.Not(), b, before.torch.Not())
		f.AddClause(w.Not(), b, a)
		f.AddClause(w.Not(), b.Not(), a.Not())
		f.AddClause(w, b.Not(), a)
		f.AddClause(w, b, a.Not())
		f.AddClause(st.idle.Not(), w.Not())
		some = append(some, w)
		// Time: spent after >= spent before + this walker's time.
		t := m.p.Times[i]
		f.AddClause(w.Not(), after.spent[min(t, m.top)-1])
		for j := 1; j <= m.top; j++ {
			f.AddClause(before.spent[j-1].Not(), w.Not(), after.spent[min(j+t, m.top)-1])
		}
	}
	f.AddClause(some...)
	// The torch crosses unless the step is idle.
	f.AddClause(st.idle, before.torch, after.torch)
	f.AddClause(st.idle, before.torch.Not(), after.torch.Not())
	f.AddClause(st.idle.Not(), before.torch.Not(), after.torch)
	f.AddClause(st.idle.Not(), before.torch, after.torch.Not())
	for j := range m.top {
		f.AddClause(before.spent[j].Not(), after.spent[j])
	}
	if m.p.Capacity < n {
		// Totalizer.Encode fails only on malformed constraints.
		if err := sat.Totalizer.Encode(f, sat.Card(sat.AtMost, m.p.Capacity, st.walks...)); err != nil {
			panic(err)
		}
	}
	return st
}

// Consecutive keeps idle steps at the end.
func (m *satModel) Consecutive(f *sat.Formula, first, next satStep) {
	f.AddClause(first.idle.Not(), next.idle)
}

// Steps implements statespace.Budgeted: no crossing is quicker than the
// fastest person, so a plan within k minutes has at most k/fastest
// crossings. With a capacity of 2 some least-time plan has exactly 2n-3
// crossings (n >= 3; one for n <= 2): two people forward and one back
// each time (Rote, "Crossing the bridge at night", 2002), so a budget
// that holds any plan holds one of that many.
func (m *satModel) Steps(k int) int {
	steps := k / m.fastest
	if n := len(m.p.Times); m.p.Capacity == 2 {
		steps = min(steps, max(1, 2*n-3))
	}
	return steps
}

// Within implements statespace.Budgeted: the last state's counter stays
// at most k. It also adds what budget k implies for every state, which
// the solver would otherwise find only by search: a person still on the
// start side needs their own time to cross, and when the torch is across,
// someone's return first; so once spent passes k minus that, they must be
// across.
func (m *satModel) Within(c sat.Adder, steps []satStep, k int) {
	if len(steps) == 0 {
		return
	}
	c.AddClause(m.atLeast(steps[len(steps)-1].after, k+1).Not())
	for _, st := range steps {
		s := st.after
		for i, t := range m.p.Times {
			if j := k - t + 1; j <= m.top {
				c.AddClause(s.across[i], m.atLeast(s, j).Not())
			}
			if j := k - t - m.fastest + 1; j <= m.top {
				c.AddClause(s.across[i], s.torch.Not(), m.atLeast(s, j).Not())
			}
		}
	}
}

// atLeast returns the literal of "at least j minutes spent" in s, for
// 1 <= j; from top on the counter saturates.
func (m *satModel) atLeast(s satState, j int) sat.Lit {
	return s.spent[min(max(j, 1), m.top)-1]
}

func (m *satModel) Action(a sat.Assignment, st satStep) (Crossing, bool) {
	if a.Value(st.idle) {
		return Crossing{}, false
	}
	c := Crossing{Back: a.Value(st.back)}
	for i, w := range st.walks {
		if a.Value(w) {
			c.People = append(c.People, i)
		}
	}
	return c, true
}

func (m *satModel) Check(plan []Crossing, k int) error {
	total, err := Check(m.p, plan)
	if err != nil {
		return err
	}
	if total > k {
		return fmt.Errorf("a plan of %d minutes at budget %d", total, k)
	}
	return nil
}

// EscortTime returns the time of the plan in which the fastest person
// walks each other person across and comes back alone: an upper bound on
// the least total time when the capacity is at least 2 (and n >= 1).
func EscortTime(times []int) int {
	if len(times) == 1 {
		return times[0]
	}
	fastest, total := times[0], 0
	for _, t := range times {
		fastest = min(fastest, t)
		total += t
	}
	return total - fastest + (len(times)-2)*fastest
}

// MaxSATVars bounds the SAT encoding: the variables of the unrolling at
// the largest budget it may ask about (a state holds a variable per
// minute of that budget).
const MaxSATVars = 4_000_000

// ErrTooLarge is statespace.ErrTooLargeForSAT, wrapped by the error of
// SolveSAT for a puzzle whose encoding would pass MaxSATVars.
var ErrTooLarge = statespace.ErrTooLargeForSAT

// SATResult is the answer of the bounded-horizon SAT engine.
type SATResult = statespace.HorizonResult[Crossing]

// SolveSAT finds a plan of least total time for p by asking the SAT solver
// s (empty; or with opts.Fresh a new solver per question) whether
// everyone can be across within k minutes, for k from the A* estimate of
// the start upwards (opts.From when larger): the horizon is a time budget.
// It stops with a proof of unsolvability at the least of p.Limit and
// EscortTime, past which no plan can be needed: with a capacity of 1 and
// two people or more no plan exists at all (whoever brings the torch back
// undoes the only crossing), and the search stops at once. The encoding
// has a variable per minute of the bound in every state, so it suits
// small times: past MaxSATVars it returns ErrTooLarge.
func SolveSAT(ctx context.Context, p *Puzzle, s sat.Solver, opts statespace.SATOptions) (SATResult, error) {
	b, err := NewBridge(p)
	if err != nil {
		return SATResult{}, err
	}
	m := &satModel{p: p, fastest: b.fastest}
	opts.From = max(opts.From, b.Estimate(b.Start()))
	switch {
	case p.Capacity == 1 && len(p.Times) > 1:
		m.bound = opts.From - 1
	case p.Limit > 0:
		m.bound = min(p.Limit, EscortTime(p.Times))
	default:
		m.bound = EscortTime(p.Times)
	}
	if m.bound < opts.From {
		return SATResult{Status: statespace.Unsolvable, Proof: statespace.ProofBound, LongestPath: m.bound}, nil
	}
	m.top = m.bound + 1
	if vars := m.Steps(m.bound) * (2*len(p.Times) + 2 + m.top); vars > MaxSATVars {
		return SATResult{}, fmt.Errorf("%w: the time budgets up to %d minutes unroll %d crossings of %d variables each, over %d in all; use A* or uniform-cost search",
			ErrTooLarge, m.bound, m.Steps(m.bound), 2*len(p.Times)+2+m.top, MaxSATVars)
	}
	opts.Bound = m.bound
	return statespace.SolveSAT(ctx, m, s, opts)
}
