package cp

import "slices"

// lex is the constraint that x comes before y in lexicographic order, over
// their common length n; tieOK says whether x[:n] = y[:n] satisfies it.
type lex struct {
	x, y  []Var
	tieOK bool
	alpha Rev // every pair before it is fixed to one common value
	idem  bool
}

// AddLexLessEq posts x ≤ y in lexicographic order, comparing from the
// first element to the last as MiniZinc's lex_lesseq does: the first pair
// that differs decides, and when one array is a prefix of the other the
// shorter comes first (so an empty x always holds).
//
// The filter is the one of Frisch, Hnich, Kiziltan, Miguel and Walsh
// (2002): a pointer α past the prefix of pairs fixed to equal values,
// kept in a Rev word, and a scan from α for the first pair that settles
// whether x[α] = y[α] can still be completed (the role of their β). Only
// x[α] and y[α] are ever pruned, and only at their bounds: x[α] ≤ y[α],
// strictly when the rest cannot be completed after a tie. When no
// variable occurs twice this is domain consistent. A run costs O(n) at
// worst, and it wakes on bound changes only. It does not explain its
// deductions.
func (s *Solver) AddLexLessEq(x, y []Var) PropID { return s.addLex(x, y, len(x) <= len(y)) }

// AddLexLess posts x < y in lexicographic order (MiniZinc's lex_less):
// as AddLexLessEq, but x and y may not be equal, and a prefix comes first
// only when it is shorter. Its filter and cost are those of AddLexLessEq.
func (s *Solver) AddLexLess(x, y []Var) PropID { return s.addLex(x, y, len(x) < len(y)) }

func (s *Solver) addLex(x, y []Var, tieOK bool) PropID {
	n := min(len(x), len(y))
	p := &lex{x: slices.Clone(x[:n]), y: slices.Clone(y[:n]), tieOK: tieOK, alpha: s.NewRev(0),
		idem: distinctVars(x[:n], y[:n])}
	id := s.Add(p)
	for i := range n {
		s.Watch(id, p.x[i], OnBounds)
		s.Watch(id, p.y[i], OnBounds)
	}
	return id
}

func (p *lex) Idempotent() bool { return p.idem }

// Propagate moves α past the pairs fixed equal and prunes the pair at α.
// Pruning fixes both only when they become equal, and then α moves on.
func (p *lex) Propagate(s *Solver) error {
	a := int(s.Get(p.alpha))
	for {
		for a < len(p.x) && s.Fixed(p.x[a]) && s.Fixed(p.y[a]) && s.Min(p.x[a]) == s.Min(p.y[a]) {
			a++
		}
		s.Set(p.alpha, int64(a))
		if a == len(p.x) {
			if p.tieOK {
				return nil
			}
			return ErrInconsistent
		}
		x, y := p.x[a], p.y[a]
		gap := 0 // how much smaller than y[a] x[a] must be
		if !p.tieCompletes(s, a+1) {
			gap = 1
		}
		if err := s.SetMax(x, s.Max(y)-gap); err != nil {
			return err
		}
		if err := s.SetMin(y, s.Min(x)+gap); err != nil {
			return err
		}
		if s.Min(x) < s.Max(y) {
			return nil // x[a] < y[a] is possible: every value after a has a support
		}
	}
}

// tieCompletes reports whether the pairs from i on can still be given
// values that satisfy the constraint after a tie up to i: the first pair
// where x can be below y makes it so, the first where x must be above y
// rules it out, and a pair that can only tie passes the question on.
func (p *lex) tieCompletes(s *Solver, i int) bool {
	for ; i < len(p.x); i++ {
		lo, hi := s.Min(p.x[i]), s.Max(p.y[i])
		switch {
		case lo < hi:
			return true
		case lo > hi:
			return false
		}
	}
	return p.tieOK
}
