// Package torch models the torch-and-bridge puzzle: people with crossing
// times must all cross a bridge at night. At most Capacity people are on
// the bridge at once, every crossing needs the one torch, which someone
// must carry back, and a group walks at the pace of its slowest member.
// The question is the least total time, sometimes against a time limit.
//
// The package holds the puzzle, an independent plan checker (Check), the
// search domain that the state-space library runs uniform-cost search and
// A* over (Solve, SolveAStar), and a bounded-horizon SAT encoding whose
// horizon is a time budget, not a number of crossings (SolveSAT). It never
// reads files and never prints: the JSON Lines format lives in
// frontends/torchfmt.
package torch

import (
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// Limits of a puzzle: 1..MaxPeople people, each taking 1..MaxTime minutes.
// A state packs who is across and where the torch is into one word, so
// the reachable states number at most 2^(MaxPeople+1).
const (
	MaxPeople = 20
	MaxTime   = 1_000_000
	// DefaultCapacity is the bridge's capacity when none is given.
	DefaultCapacity = 2
)

// Puzzle is one torch-and-bridge instance.
type Puzzle struct {
	// Times holds each person's crossing time in minutes; people are
	// numbered from 0 in this order.
	Times []int
	// Capacity is the most people on the bridge at once (at least 1).
	Capacity int
	// Limit, when positive, is the time everyone must be across within.
	Limit int
}

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a puzzle: no people,
// too many, a time that is not positive or too large, a capacity below 1,
// or a negative limit.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	switch {
	case len(p.Times) == 0:
		return bad("nobody to cross")
	case len(p.Times) > MaxPeople:
		return bad("%d people, more than %d", len(p.Times), MaxPeople)
	case p.Capacity < 1:
		return bad("capacity %d: at least one person must fit on the bridge", p.Capacity)
	case p.Limit < 0:
		return bad("negative time limit %d", p.Limit)
	}
	for i, t := range p.Times {
		if t <= 0 || t > MaxTime {
			return bad("person %d takes %d minutes; a time must be 1..%d", i+1, t, MaxTime)
		}
	}
	return nil
}

// String writes p as "times 1,2,5,10 capacity 2" and the limit if any.
func (p *Puzzle) String() string {
	s := make([]string, len(p.Times))
	for i, t := range p.Times {
		s[i] = fmt.Sprint(t)
	}
	out := fmt.Sprintf("times %s capacity %d", strings.Join(s, ","), p.Capacity)
	if p.Limit > 0 {
		out += fmt.Sprintf(" limit %d", p.Limit)
	}
	return out
}

// Crossing is one walk over the bridge with the torch.
type Crossing struct {
	// People lists who walks, as indices into Puzzle.Times, increasing.
	People []int
	// Back is true for a walk from the far side back to the start.
	Back bool
}

// Plan is a sequence of crossings, starting from the start side.
type Plan []Crossing

// Cost returns the plan's total time under times: each crossing takes its
// slowest walker's time. It does not check the plan (see Check).
func (pl Plan) Cost(times []int) int {
	total := 0
	for _, c := range pl {
		slowest := 0
		for _, i := range c.People {
			if i >= 0 && i < len(times) {
				slowest = max(slowest, times[i])
			}
		}
		total += slowest
	}
	return total
}
