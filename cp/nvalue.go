package cp

import (
	"cmp"
	"slices"
)

// nvalue is the constraint n = |{x[i]}|, the number of distinct values.
type nvalue struct {
	n Var
	x []Var

	fixed  []int        // scratch: the values of the fixed variables, sorted and distinct
	spans  [][2]int     // scratch: the bounds of the free variables that avoid them
	values map[int]bool // scratch: the values of all domains, for the upper bound
}

// AddNValue posts that n is the number of distinct values the x[i] take,
// FlatZinc's nvalue (0 for an empty x).
//
// It is bounds reasoning, and weak: n is at least the number of distinct
// values of the fixed variables plus a set of the other variables whose
// domains avoid those values and lie in pairwise disjoint intervals
// (found greedily, which is best for intervals); it is at most that
// number plus the number of other variables that can take a new value,
// and at most the number of values in all the domains. Once the fixed
// variables' values reach n's maximum, the others must take values among
// them. When all the variables are fixed this is exact. A run costs
// O(Σ|D(x[i])| + len(x)·log len(x)). It does not explain its deductions.
func (s *Solver) AddNValue(n Var, x []Var) PropID {
	p := &nvalue{n: n, x: slices.Clone(x), values: make(map[int]bool)}
	id := s.Add(p)
	s.Watch(id, n, OnBounds)
	for _, v := range p.x {
		s.Watch(id, v, OnDomain)
	}
	return id
}

func (p *nvalue) Propagate(s *Solver) error {
	p.fixed = p.fixed[:0]
	for _, v := range p.x {
		if s.Fixed(v) {
			p.fixed = append(p.fixed, s.Min(v))
		}
	}
	slices.Sort(p.fixed)
	p.fixed = slices.Compact(p.fixed)
	used := len(p.fixed)
	p.spans = p.spans[:0]
	fresh := 0 // free variables that can take a value no fixed one has
	clear(p.values)
	for _, v := range p.x {
		avoids, meets := true, false
		for val := s.Min(v); val <= s.Max(v); val = s.next(v, val+1) {
			p.values[val] = true
			if _, found := slices.BinarySearch(p.fixed, val); found {
				avoids = false
			} else {
				meets = true
			}
		}
		if s.Fixed(v) {
			continue
		}
		if meets {
			fresh++
		}
		if avoids {
			p.spans = append(p.spans, [2]int{s.Min(v), s.Max(v)})
		}
	}
	if err := s.SetMin(p.n, used+p.disjointSpans()); err != nil {
		return err
	}
	if err := s.SetMax(p.n, min(used+fresh, len(p.values))); err != nil {
		return err
	}
	if used < s.Max(p.n) {
		return nil
	}
	// n's maximum is reached: no variable may bring a new value.
	for _, v := range p.x {
		for val := s.Min(v); val <= s.Max(v); val = s.next(v, val+1) {
			if _, found := slices.BinarySearch(p.fixed, val); !found {
				if err := s.Remove(v, val); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// disjointSpans counts a largest set of pairwise disjoint spans, greedily
// by earliest end.
func (p *nvalue) disjointSpans() int {
	slices.SortFunc(p.spans, func(a, b [2]int) int { return cmp.Compare(a[1], b[1]) })
	k, end := 0, 0
	for i, sp := range p.spans {
		if i == 0 || sp[0] > end {
			k++
			end = sp[1]
		}
	}
	return k
}
