package watersort

import (
	"fmt"
	"slices"
)

// State is a position of a level: the contents of every bottle, in the
// puzzle's bottle order. Together with Moves, Apply and Solved it is the
// game as a transition system, the view a bounded-horizon encoding or a
// hand-written search builds on. A State is a value: Apply returns a new one.
type State struct {
	l     *layout
	codes []uint64
}

// Start returns the level's starting position, or the error of Validate.
func (p *Puzzle) Start() (State, error) {
	if err := p.Validate(); err != nil {
		return State{}, err
	}
	l := newLayout(p)
	codes := make([]uint64, len(p.Bottles))
	for i, b := range p.Bottles {
		codes[i] = l.encode(b)
	}
	return State{l: l, codes: codes}, nil
}

// NumBottles returns the number of bottles.
func (s State) NumBottles() int { return len(s.codes) }

// Capacity returns the units a full bottle holds.
func (s State) Capacity() int { return s.l.capacity }

// Bottle returns the colour ids in bottle i, bottom to top.
func (s State) Bottle(i int) []int { return s.l.decode(s.codes[i]) }

// Amount returns how many units move m pours under rule, or 0 when m is
// not legal: bottles must differ and exist, the source must not be empty,
// the destination must be empty or show the source's top colour and have
// room, and under Whole the source's whole top run must fit.
func (s State) Amount(rule Rule, m Move) int {
	n := len(s.codes)
	if m.From == m.To || m.From < 0 || m.To < 0 || m.From >= n || m.To >= n {
		return 0
	}
	return s.l.amount(rule, s.l.describe(s.codes[m.From]), s.l.describe(s.codes[m.To]))
}

// Moves returns every legal move under rule, sources in increasing order
// and, for each, destinations in increasing order. It prunes nothing: moves
// that lead back to an equivalent position are listed too.
func (s State) Moves(rule Rule) []Move {
	var moves []Move
	for i := range s.codes {
		for j := range s.codes {
			if m := (Move{i, j}); s.Amount(rule, m) > 0 {
				moves = append(moves, m)
			}
		}
	}
	return moves
}

// Apply returns the state after move m under rule, or an error when m is
// not legal.
func (s State) Apply(rule Rule, m Move) (State, error) {
	n := s.Amount(rule, m)
	if n == 0 {
		return State{}, fmt.Errorf("%v is not legal under the %v rule", m, rule)
	}
	src, dst := s.l.describe(s.codes[m.From]), s.l.describe(s.codes[m.To])
	codes := slices.Clone(s.codes)
	codes[m.From], codes[m.To] = s.l.pour(src.code, dst.code, src.height, dst.height, n, src.top)
	return State{l: s.l, codes: codes}, nil
}

// Solved reports whether every bottle is empty or full of one colour.
func (s State) Solved() bool { return s.l.solved(s.codes) }

// Equivalent reports whether s and t hold the same bottles, perhaps in
// another order: positions the search treats as one.
func (s State) Equivalent(t State) bool {
	a, b := slices.Clone(s.codes), slices.Clone(t.codes)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
