// Package river models river-crossing puzzles declared by the user: kinds
// of items or people (the farmer, the wolf, three missionaries ...), a
// boat of some capacity that only some of them can row, and rules on what
// may be left together: forbidden groups unless a guard is there (wolf
// with goat unless the farmer), counted rules (cannibals may not
// outnumber missionaries where there are missionaries), and the jealous
// husbands' rule (no wife with another man unless her husband is there).
//
// The rules hold on both banks after every crossing, the boat's load
// counted on the bank it reaches (the classic reading); with InBoat they
// hold in the boat too. Everything starts on the near bank with the boat;
// the goal is everything on the far bank. Every crossing counts 1.
//
// The package holds the puzzle, an independent checker (Check), the search
// domain that the state-space library runs breadth-first search over
// (Solve), and a bounded-horizon SAT encoding over the number of
// crossings (SolveSAT). It never reads files and never prints: the text
// format lives in frontends/riverfmt.
package river

import (
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// Limits: at most MaxKinds kinds, each of at most MaxCount identical
// items, and at most MaxStates states (the product of count+1 over the
// kinds, times two for the boat).
const (
	MaxKinds  = 24
	MaxCount  = 1000
	MaxStates = 1 << 40
)

// Kind is a kind of identical items: one farmer, or three missionaries.
type Kind struct {
	Name  string
	Count int
	// Rows says whether items of this kind can row the boat.
	Rows bool
}

// Forbid is a group that may not be left together without a guard: on a
// bank (or in the boat, with InBoat) holding at least one of each kind of
// Group and none of Unless, the rule is broken.
type Forbid struct {
	Group, Unless []int // kind indices
}

// Outnumber says that Many may not outnumber Few where Few is present:
// cannibals and missionaries.
type Outnumber struct {
	Many, Few int // kind indices
}

// Couple is a husband and wife under the jealous husbands' rule: the wife
// may not be with a man other than her husband (the husband of any
// couple) unless her husband is there too. Both are kinds of one item.
type Couple struct {
	Husband, Wife int // kind indices
}

// Puzzle is one river crossing.
type Puzzle struct {
	Kinds []Kind
	// Capacity is the most items in the boat at once; at least one of
	// them rows.
	Capacity   int
	Forbids    []Forbid
	Outnumbers []Outnumber
	Couples    []Couple
	// InBoat makes the rules hold in the boat too.
	InBoat bool
}

// Trip is one crossing of the boat.
type Trip struct {
	// Load counts the items of each kind aboard, indexed like Kinds.
	Load []int
	// Back is true for a crossing from the far bank to the near one.
	Back bool
}

// Plan is a sequence of crossings, the first from the near bank.
type Plan []Trip

// ErrInvalidPuzzle is wrapped by every error Validate returns.
var ErrInvalidPuzzle = puzzleerr.ErrInvalidPuzzle

// Validate reports the first way in which p is not a puzzle: no kinds or
// too many, a name used twice or empty, a count out of range, a capacity
// below 1, nobody who can row, a rule naming a kind that does not exist,
// an empty group, a couple of kinds that are not single items, or a
// start that already breaks a rule.
func (p *Puzzle) Validate() error {
	bad := puzzleerr.Invalidf
	if len(p.Kinds) == 0 || len(p.Kinds) > MaxKinds {
		return bad("%d kinds of items; want 1..%d", len(p.Kinds), MaxKinds)
	}
	if p.Capacity < 1 {
		return bad("a boat of capacity %d: it must hold at least one", p.Capacity)
	}
	names := map[string]bool{}
	rower := false
	states := uint64(2)
	for _, k := range p.Kinds {
		switch {
		case k.Name == "":
			return bad("a kind without a name")
		case names[k.Name]:
			return bad("two kinds called %q", k.Name)
		case k.Count < 1 || k.Count > MaxCount:
			return bad("%d of %q; a count is 1..%d", k.Count, k.Name, MaxCount)
		}
		names[k.Name] = true
		rower = rower || k.Rows
		states *= uint64(k.Count + 1)
		if states > MaxStates {
			return bad("more than %d states", uint64(MaxStates))
		}
	}
	if !rower {
		return bad("nobody can row the boat")
	}
	if err := p.validateRules(); err != nil {
		return bad("%v", err)
	}
	start := make([]int, len(p.Kinds))
	for i, k := range p.Kinds {
		start[i] = k.Count
	}
	if why := p.broken(start); why != "" {
		return bad("the start already breaks a rule: %s", why)
	}
	return nil
}

func (p *Puzzle) validateRules() error {
	kind := func(i int) error {
		if i < 0 || i >= len(p.Kinds) {
			return fmt.Errorf("a rule names kind %d; there are %d", i, len(p.Kinds))
		}
		return nil
	}
	for _, f := range p.Forbids {
		if len(f.Group) == 0 {
			return fmt.Errorf("a forbidden group of nobody")
		}
		for _, i := range append(append([]int(nil), f.Group...), f.Unless...) {
			if err := kind(i); err != nil {
				return err
			}
		}
	}
	for _, o := range p.Outnumbers {
		if err := errors.Join(kind(o.Many), kind(o.Few)); err != nil {
			return err
		}
		if o.Many == o.Few {
			return fmt.Errorf("%q may not outnumber itself", p.Kinds[o.Few].Name)
		}
	}
	married := map[int]bool{}
	for _, c := range p.Couples {
		if err := errors.Join(kind(c.Husband), kind(c.Wife)); err != nil {
			return err
		}
		for _, i := range []int{c.Husband, c.Wife} {
			if p.Kinds[i].Count != 1 {
				return fmt.Errorf("%q is %d items; a husband or wife is one", p.Kinds[i].Name, p.Kinds[i].Count)
			}
			if married[i] {
				return fmt.Errorf("%q is in two couples", p.Kinds[i].Name)
			}
			married[i] = true
		}
	}
	return nil
}

// broken returns the first rule that items in the counts break (counts
// indexed like Kinds: a bank, or the boat's load), in words, or "".
func (p *Puzzle) broken(counts []int) string {
	for _, f := range p.Forbids {
		all := true
		for _, g := range f.Group {
			all = all && counts[g] > 0
		}
		for _, u := range f.Unless {
			all = all && counts[u] == 0
		}
		if all {
			return fmt.Sprintf("%s together%s", p.names(f.Group, " and "), p.unless(f.Unless))
		}
	}
	for _, o := range p.Outnumbers {
		if counts[o.Few] > 0 && counts[o.Many] > counts[o.Few] {
			return fmt.Sprintf("%d %s outnumber %d %s", counts[o.Many], p.Kinds[o.Many].Name, counts[o.Few], p.Kinds[o.Few].Name)
		}
	}
	for _, c := range p.Couples {
		if counts[c.Wife] == 0 || counts[c.Husband] > 0 {
			continue
		}
		for _, other := range p.Couples {
			if other.Husband != c.Husband && counts[other.Husband] > 0 {
				return fmt.Sprintf("%s with %s without %s", p.Kinds[c.Wife].Name, p.Kinds[other.Husband].Name, p.Kinds[c.Husband].Name)
			}
		}
	}
	return ""
}

func (p *Puzzle) names(kinds []int, sep string) string {
	s := ""
	for i, k := range kinds {
		if i > 0 {
			s += sep
		}
		s += p.Kinds[k].Name
	}
	return s
}

func (p *Puzzle) unless(kinds []int) string {
	if len(kinds) == 0 {
		return ""
	}
	return " without " + p.names(kinds, " or ")
}
