// Package watersort models the Water Sort puzzle: bottles of equal capacity
// hold units of coloured water; a move pours the top run of one colour from
// one bottle into another that is empty or shows the same colour on top; the
// level is solved when every bottle is empty or full of a single colour.
//
// The package holds the puzzle's types, an independent plan checker, a
// transition-system view of the game (State, its legal moves, Apply, Solved)
// and native search: breadth-first, A* and greedy best-first over packed
// canonical states. It never reads files and never prints: formats live in
// the frontends.
package watersort

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/enumname"
	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// Rule says how much of a top run a pour moves.
type Rule uint8

const (
	// Whole allows a pour only when the whole top run fits in the
	// destination (the rule of the C++ BFS reference and several solvers).
	Whole Rule = iota
	// Fits pours as much of the top run as fits (the mobile game).
	Fits
)

// rules names the rules as the command line spells them.
var rules = enumname.Table[Rule]{Type: "Rule", What: "rule", Names: []string{Whole: "whole", Fits: "fits"}}

// String returns the rule's name as the command line spells it.
func (r Rule) String() string {
	return rules.String(r)
}

// ParseRule turns "whole" or "fits" into a Rule.
func ParseRule(s string) (Rule, error) {
	return rules.Parse(s)
}

// Limits of the packed state representation. A bottle is packed into one
// 64-bit word with bits.Len(colours) bits per unit, so capacity times that
// width may not exceed 64.
const (
	MaxBottles  = 255
	MaxCapacity = 64
	MaxColors   = 255
)

// Puzzle is a Water Sort level.
type Puzzle struct {
	// Capacity is the number of units every bottle holds when full.
	Capacity int
	// Bottles holds each bottle's units from the bottom up, as colour ids
	// 0, 1, 2, ...; an empty slice is an empty bottle.
	Bottles [][]int
	// Colors optionally names the colours for people, indexed by id. When
	// empty, ColorName derives names from the ids.
	Colors []string
}

// NumColors returns one more than the largest colour id.
func (p *Puzzle) NumColors() int {
	n := 0
	for _, b := range p.Bottles {
		for _, c := range b {
			n = max(n, c+1)
		}
	}
	return n
}

// ColorName returns the name of colour id: its entry in Colors when there is
// one, else the id in decimal.
func (p *Puzzle) ColorName(id int) string {
	if id >= 0 && id < len(p.Colors) && p.Colors[id] != "" {
		return p.Colors[id]
	}
	return strconv.Itoa(id)
}

// Clone returns a deep copy of p.
func (p *Puzzle) Clone() *Puzzle {
	q := &Puzzle{Capacity: p.Capacity, Bottles: make([][]int, len(p.Bottles))}
	for i, b := range p.Bottles {
		q.Bottles[i] = append([]int{}, b...)
	}
	q.Colors = append(q.Colors, p.Colors...)
	return q
}

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a well-formed level:
// a capacity or bottle count out of range, a bottle holding more than the
// capacity, a colour id out of range, a colour without exactly Capacity
// units, or more colours than a packed bottle can tell apart. Bottles are
// numbered from 1 in its messages.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	switch {
	case p.Capacity < 1 || p.Capacity > MaxCapacity:
		return bad("capacity %d is outside 1..%d", p.Capacity, MaxCapacity)
	case len(p.Bottles) < 1:
		return bad("no bottles")
	case len(p.Bottles) > MaxBottles:
		return bad("%d bottles; at most %d are supported", len(p.Bottles), MaxBottles)
	}
	for i, b := range p.Bottles {
		if len(b) > p.Capacity {
			return bad("bottle %d holds %d units, more than the capacity %d", i+1, len(b), p.Capacity)
		}
		for _, c := range b {
			if c < 0 {
				return bad("bottle %d holds negative colour id %d", i+1, c)
			}
		}
	}
	k := p.NumColors()
	if len(p.Colors) > 0 && len(p.Colors) != k {
		return bad("%d colour names for %d colours", len(p.Colors), k)
	}
	if k > MaxColors {
		return bad("%d colours; at most %d are supported", k, MaxColors)
	}
	if w := bits.Len(uint(k)); w*p.Capacity > 64 {
		return bad("%d colours at capacity %d need %d bits a bottle; at most 64 can be packed", k, p.Capacity, w*p.Capacity)
	}
	count := make([]int, k)
	for _, b := range p.Bottles {
		for _, c := range b {
			count[c]++
		}
	}
	for c, n := range count {
		if n != p.Capacity {
			return bad("colour %s has %d units; every colour needs exactly %d (the capacity)", p.ColorName(c), n, p.Capacity)
		}
	}
	return nil
}

// Move pours from bottle From into bottle To, numbered from 0.
type Move struct {
	From, To int
}

// String renders the move with bottles numbered from 1, as people count.
func (m Move) String() string {
	return fmt.Sprintf("pour %d into %d", m.From+1, m.To+1)
}

// Plan is a sequence of moves: the solution of a Water Sort level.
type Plan []Move
