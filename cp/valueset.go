package cp

import (
	"math"
	"slices"
)

// valueSet is a constant set of integers held as sorted, disjoint,
// non-adjacent closed intervals, so that a set such as 1..1000000 costs two
// numbers. Its methods compare it with a variable's domain in time linear
// in the number of intervals, not in the number of values.
type valueSet struct {
	lo, hi []int // interval k is lo[k]..hi[k]
}

// newValueSet returns the set of the given values, in any order, with
// repeats allowed.
func newValueSet(values []int) valueSet {
	sorted := slices.Sorted(slices.Values(values))
	var set valueSet
	for _, x := range sorted {
		k := len(set.hi) - 1
		if k >= 0 && x <= set.hi[k]+1 {
			set.hi[k] = max(set.hi[k], x)
			continue
		}
		set.lo, set.hi = append(set.lo, x), append(set.hi, x)
	}
	return set
}

// contains reports whether x is in the set.
func (set valueSet) contains(x int) bool {
	k, found := slices.BinarySearch(set.lo, x)
	if found {
		return true
	}
	return k > 0 && x <= set.hi[k-1]
}

// meets reports whether v's domain has a value in the set.
func (set valueSet) meets(s *Solver, v Var) bool {
	for k := range set.lo {
		if s.next(v, set.lo[k]) <= set.hi[k] {
			return true
		}
	}
	return false
}

// holds reports whether every value of v's domain is in the set.
func (set valueSet) holds(s *Solver, v Var) bool {
	if len(set.lo) == 0 {
		return false
	}
	lo, hi := s.Min(v), s.Max(v)
	gapLo := math.MinInt
	for k := range set.lo {
		// The gap gapLo..set.lo[k]-1 before interval k.
		if gapLo <= hi && set.lo[k] > lo && s.next(v, max(gapLo, lo)) < set.lo[k] {
			return false
		}
		gapLo = set.hi[k] + 1
	}
	last := set.hi[len(set.hi)-1]
	return last >= hi || s.next(v, last+1) > hi // the gap after the last interval
}

// removeFrom removes the set's values from v's domain.
func (set valueSet) removeFrom(s *Solver, v Var) error {
	for k := range set.lo {
		if err := s.removeRange(v, set.lo[k], set.hi[k]); err != nil {
			return err
		}
	}
	return nil
}

// restrict removes from v's domain every value outside the set.
func (set valueSet) restrict(s *Solver, v Var) error {
	if len(set.lo) == 0 {
		return s.failOn()
	}
	if err := s.SetMin(v, set.lo[0]); err != nil {
		return err
	}
	if err := s.SetMax(v, set.hi[len(set.hi)-1]); err != nil {
		return err
	}
	for k := 1; k < len(set.lo); k++ {
		if err := s.removeRange(v, set.hi[k-1]+1, set.lo[k]-1); err != nil {
			return err
		}
	}
	return nil
}

// removeRange removes the values lo..hi from v's domain, one by one
// inside the bounds and as a bound move at either end.
func (s *Solver) removeRange(v Var, lo, hi int) error {
	if lo <= s.Min(v) {
		if hi >= s.Max(v) {
			return s.failOn(s.AtLeast(v, s.Min(v)), s.AtMost(v, s.Max(v)))
		}
		return s.SetMin(v, hi+1)
	}
	if hi >= s.Max(v) {
		return s.SetMax(v, lo-1)
	}
	if s.boundsOnly(v) {
		return nil // no value inside the bounds can go
	}
	for x := s.next(v, lo); x <= hi; x = s.next(v, x+1) {
		if err := s.Remove(v, x); err != nil {
			return err
		}
	}
	return nil
}

// distinctVars reports whether no variable occurs twice in the lists. The
// propagators of this package reason as if their variables were
// independent; when one occurs twice that reasoning stays sound but one
// run may no longer reach a fixpoint, so they do not claim idempotence.
func distinctVars(lists ...[]Var) bool {
	seen := make(map[Var]bool)
	for _, list := range lists {
		for _, v := range list {
			if seen[v] {
				return false
			}
			seen[v] = true
		}
	}
	return true
}

// sizeWatch remembers, in reversible words, the domain size of each of a
// propagator's variables when it last took the variable into account, so
// that the propagator can tell which domains shrank since. Being
// reversible, the memory goes back with the domains when search undoes a
// node, even back to before the propagator's first run: a plain list of
// changed variables would then be lost.
type sizeWatch struct {
	sizes []Rev
}

func newSizeWatch(s *Solver, n int) sizeWatch {
	w := sizeWatch{sizes: make([]Rev, n)}
	for k := range w.sizes {
		w.sizes[k] = s.NewRev(-1) // never a size: the first look sees a change
	}
	return w
}

// shrank reports whether v, the propagator's variable number k, lost
// values since the last call for k, and remembers its size now.
func (w sizeWatch) shrank(s *Solver, k int, v Var) bool {
	size := int64(s.Size(v))
	if s.Get(w.sizes[k]) == size {
		return false
	}
	s.Set(w.sizes[k], size)
	return true
}
