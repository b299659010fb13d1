package cp

import (
	"cmp"
	"fmt"
	"slices"
)

// Consistency is how much a global constraint prunes.
type Consistency uint8

// Consistency levels.
const (
	// BoundsConsistency narrows each variable's bounds until each bound has
	// a support in which every other variable takes a value between its
	// own bounds (holes in the domains are ignored).
	BoundsConsistency Consistency = iota
	// DomainConsistency removes every value that belongs to no solution of
	// the constraint alone.
	DomainConsistency
)

var consistencyNames = [...]string{BoundsConsistency: "bounds", DomainConsistency: "domain"}

// String returns the level's name.
func (c Consistency) String() string { return enumName(consistencyNames[:], "Consistency", c) }

// AddAllDifferent posts that vars take pairwise different values.
//
// With BoundsConsistency it runs the O(n log n) algorithm of López-Ortiz,
// Quimper, Tromp and van Beek (2003), which finds Hall intervals with
// union-find-like path compression, and it removes the value of each
// variable that becomes fixed from the others, which reasoning on bounds
// alone misses inside the domains; it wakes only when a bound moves. With
// DomainConsistency it runs Régin's (1994) algorithm: a maximum matching of
// variables to values, kept from one run to the next, and the strongly
// connected components of the alternating graph, which tell the values no
// maximum matching uses; it wakes at every removal and costs time linear in
// the sum of the domain sizes (plus repairing the matching). Domain
// consistency prunes more and pays off on tight problems such as Sudoku;
// bounds consistency is cheaper per run, as on N-queens.
//
// Under a learning search the bounds form explains its deductions by Hall
// intervals; the domain form is explained by its variables' domains (see
// Explaining).
func (s *Solver) AddAllDifferent(vars []Var, level Consistency) PropID {
	return s.AddAllDifferentOffset(vars, nil, level)
}

// AddAllDifferentOffset posts that the values vars[i] + offsets[i] are
// pairwise different, as AddAllDifferent does for offsets of 0 (a nil
// offsets slice). The diagonals of N-queens are the classic use: queens
// q[i] and q[j] share a diagonal when q[i]+i = q[j]+j or q[i]-i = q[j]-j.
func (s *Solver) AddAllDifferentOffset(vars []Var, offsets []int, level Consistency) PropID {
	if offsets != nil && len(offsets) != len(vars) {
		panic(fmt.Sprintf("cp: %d offsets for %d variables", len(offsets), len(vars)))
	}
	vars = slices.Clone(vars)
	if offsets == nil {
		offsets = make([]int, len(vars))
	} else {
		offsets = slices.Clone(offsets)
	}
	switch level {
	case BoundsConsistency:
		id := s.Add(newAllDiffBounds(s, vars, offsets))
		for _, v := range vars {
			s.Watch(id, v, OnBounds)
		}
		return id
	case DomainConsistency:
		id := s.Add(newAllDiffDomain(s, vars, offsets))
		for _, v := range vars {
			s.Watch(id, v, OnDomain)
		}
		return id
	}
	panic(fmt.Sprintf("cp: unknown consistency %d", level))
}

// allDiffBounds is AllDifferent kept bounds consistent.
type allDiffBounds struct {
	vars    []Var
	offsets []int
	iv      []interval
	// minSorted and maxSorted order the intervals by minimum and maximum;
	// they are kept from run to run, so sorting starts from nearly sorted.
	minSorted, maxSorted []int32
	bounds               []int // the distinct minima and maxima+1, with sentinels
	t, d, h              []int // the paper's tree, differences and Hall pointers
	// order is a permutation of the variables whose first *done are fixed
	// and have had their values removed from the others. Backtracking
	// restores done, and the swaps made since moved only entries beyond
	// it, so the prefix is again the set it was.
	order []int32
	done  Rev
}

// interval is a variable's shifted bounds [lo, hi] and their ranks in
// bounds: bounds[minRank] = lo and bounds[maxRank] = hi+1.
type interval struct {
	lo, hi           int
	minRank, maxRank int
}

func newAllDiffBounds(s *Solver, vars []Var, offsets []int) *allDiffBounds {
	n := len(vars)
	c := &allDiffBounds{vars: vars, offsets: offsets, iv: make([]interval, n), done: s.NewRev(0),
		order:     make([]int32, n),
		minSorted: make([]int32, n), maxSorted: make([]int32, n),
		bounds: make([]int, 2*n+2), t: make([]int, 2*n+2), d: make([]int, 2*n+2), h: make([]int, 2*n+2)}
	for i := range n {
		c.minSorted[i], c.maxSorted[i], c.order[i] = int32(i), int32(i), int32(i)
	}
	return c
}

func (c *allDiffBounds) Idempotent() bool { return true }

// Explains reports that the constraint explains its deductions: a fixed
// variable's value by that variable, a bound by the Hall interval it
// skipped.
func (c *allDiffBounds) Explains() bool { return true }

// Propagate removes the fixed variables' values from the others, then
// narrows the bounds to the Hall intervals' complement. Both can fix more
// variables, and a new bound that falls in a hole of the domain moves on
// to the next value, which can open a further narrowing, so it repeats
// until neither changes anything.
func (c *allDiffBounds) Propagate(s *Solver) error {
	if len(c.vars) < 2 {
		return nil
	}
	for {
		removed, err := c.removeFixed(s)
		if err != nil {
			return err
		}
		again, err := c.narrowBounds(s)
		if err != nil {
			return err
		}
		if !again && !removed {
			return nil
		}
	}
}

// removeFixed removes the value of each fixed variable not done yet from
// the others, until no such variable is left, and reports whether it
// found one.
func (c *allDiffBounds) removeFixed(s *Solver) (bool, error) {
	done := int(s.Get(c.done))
	start := done
	for k := done; k < len(c.order); k++ {
		i := c.order[k]
		if !s.Fixed(c.vars[i]) {
			continue
		}
		c.order[k], c.order[done] = c.order[done], i
		done++
		x := s.Value(c.vars[i]) + c.offsets[i]
		if s.Learning() {
			s.SetReason(s.Is(c.vars[i], s.Value(c.vars[i])))
		}
		for j, v := range c.vars {
			if int32(j) == i {
				continue
			}
			if err := s.Remove(v, x-c.offsets[j]); err != nil {
				return false, err
			}
		}
		k = done - 1 // the removals may have fixed variables already passed
	}
	s.Set(c.done, int64(done))
	return done > start, nil
}

// narrowBounds runs one pass of the bounds algorithm over the domains'
// bounds and reports whether a domain's hole moved a bound further than
// the pass asked.
func (c *allDiffBounds) narrowBounds(s *Solver) (again bool, err error) {
	for i, v := range c.vars {
		c.iv[i].lo, c.iv[i].hi = s.Min(v)+c.offsets[i], s.Max(v)+c.offsets[i]
	}
	c.sort()
	if !c.filterLower() || !c.filterUpper() {
		if !s.Learning() {
			return false, ErrInconsistent
		}
		return false, s.Fail(c.whyOverfull(s)...)
	}
	for i, v := range c.vars {
		lo, hi := c.iv[i].lo-c.offsets[i], c.iv[i].hi-c.offsets[i]
		if s.Learning() && lo > s.Min(v) {
			s.SetReason(c.whyBound(s, i, lo+c.offsets[i], true)...)
		}
		if err := s.SetMin(v, lo); err != nil {
			return false, err
		}
		if s.Learning() && hi < s.Max(v) {
			s.SetReason(c.whyBound(s, i, hi+c.offsets[i], false)...)
		}
		if err := s.SetMax(v, hi); err != nil {
			return false, err
		}
		again = again || s.Min(v) != lo || s.Max(v) != hi
	}
	return again, nil
}

// shifted returns variable i's current bounds plus its offset.
func (c *allDiffBounds) shifted(s *Solver, i int) (lo, hi int) {
	return s.Min(c.vars[i]) + c.offsets[i], s.Max(c.vars[i]) + c.offsets[i]
}

// within returns the literals that keep variable i's shifted value in
// a..b.
func (c *allDiffBounds) within(s *Solver, i, a, b int) []Lit {
	v, off := c.vars[i], c.offsets[i]
	return []Lit{s.AtLeast(v, a-off), s.AtMost(v, b-off)}
}

// whyBound explains a new shifted bound of variable i: to, its new
// minimum when lower (else its new maximum), skips a Hall interval, a..b
// holding as many other variables as values. It returns those variables
// kept in a..b, and variable i kept on the interval's far side of it.
func (c *allDiffBounds) whyBound(s *Solver, i, to int, lower bool) []Lit {
	lo, hi := c.shifted(s, i)
	// The interval ends next to the new bound and reaches past the old one.
	for k := 1; k <= len(c.vars); k++ {
		a, b := to-k, to-1
		if !lower {
			a, b = to+1, to+k
		}
		if lower && a > lo || !lower && b < hi {
			continue
		}
		var why []Lit
		n := 0
		for j := range c.vars {
			if j == i {
				continue
			}
			if jl, jh := c.shifted(s, j); jl >= a && jh <= b {
				why = append(why, c.within(s, j, a, b)...)
				n++
			}
		}
		if n >= b-a+1 {
			if lower {
				return append(why, s.AtLeast(c.vars[i], a-c.offsets[i]))
			}
			return append(why, s.AtMost(c.vars[i], b-c.offsets[i]))
		}
	}
	panic(fmt.Sprintf("cp: no Hall interval explains the bound %d of %s", to, s.Describe(c.vars[i])))
}

// whyOverfull explains a failure: some interval of values holds more
// variables than values. It returns those variables kept in it.
func (c *allDiffBounds) whyOverfull(s *Solver) []Lit {
	for _, i := range c.minSorted {
		a, _ := c.shifted(s, int(i))
		for _, j := range c.maxSorted {
			_, b := c.shifted(s, int(j))
			if b < a {
				continue
			}
			var why []Lit
			n := 0
			for k := range c.vars {
				if kl, kh := c.shifted(s, k); kl >= a && kh <= b {
					why = append(why, c.within(s, k, a, b)...)
					n++
				}
			}
			if n > b-a+1 {
				return why
			}
		}
	}
	panic("cp: no interval explains the failure of AllDifferent")
}

// sort orders the intervals and ranks their bounds: bounds holds every
// distinct lo and hi+1 in increasing order, between two sentinels.
func (c *allDiffBounds) sort() {
	iv := c.iv
	slices.SortFunc(c.minSorted, func(a, b int32) int { return cmp.Compare(iv[a].lo, iv[b].lo) })
	slices.SortFunc(c.maxSorted, func(a, b int32) int { return cmp.Compare(iv[a].hi, iv[b].hi) })
	n := len(iv)
	lo, hi := iv[c.minSorted[0]].lo, iv[c.maxSorted[0]].hi+1
	last := lo - 2
	nb := 0
	c.bounds[0] = last
	for i, j := 0, 0; ; {
		if i < n && lo <= hi {
			if lo != last {
				nb++
				c.bounds[nb], last = lo, lo
			}
			iv[c.minSorted[i]].minRank = nb
			if i++; i < n {
				lo = iv[c.minSorted[i]].lo
			}
			continue
		}
		if hi != last {
			nb++
			c.bounds[nb], last = hi, hi
		}
		iv[c.maxSorted[j]].maxRank = nb
		if j++; j == n {
			break
		}
		hi = iv[c.maxSorted[j]].hi + 1
	}
	c.bounds[nb+1] = c.bounds[nb] + 2
	c.t, c.d, c.h = c.t[:nb+2], c.d[:nb+2], c.h[:nb+2]
}

// pathMax follows t upward from i to the end of its path.
func pathMax(t []int, i int) int {
	for t[i] > i {
		i = t[i]
	}
	return i
}

// pathMin follows t downward from i to the end of its path.
func pathMin(t []int, i int) int {
	for t[i] < i {
		i = t[i]
	}
	return i
}

// pathSet points every node on the path from start to end at to.
func pathSet(t []int, start, end, to int) {
	for k := start; k != end; {
		next := t[k]
		t[k] = to
		k = next
	}
}

// filterLower raises the minima out of Hall intervals, visiting the
// intervals by increasing maximum. It reports false when some interval of
// values holds more variables than values.
func (c *allDiffBounds) filterLower() bool {
	t, d, h, bounds := c.t, c.d, c.h, c.bounds
	nb := len(t) - 2
	for i := 1; i <= nb+1; i++ {
		t[i], h[i] = i-1, i-1
		d[i] = bounds[i] - bounds[i-1]
	}
	for _, k := range c.maxSorted {
		iv := &c.iv[k]
		x, y := iv.minRank, iv.maxRank
		z := pathMax(t, x+1)
		j := t[z]
		if d[z]--; d[z] == 0 {
			t[z] = z + 1
			z = pathMax(t, t[z])
			t[z] = j
		}
		pathSet(t, x+1, z, z)
		if d[z] < bounds[z]-bounds[y] {
			return false
		}
		if h[x] > x {
			w := pathMax(h, h[x])
			iv.lo = bounds[w]
			pathSet(h, x, w, w)
		}
		if d[z] == bounds[z]-bounds[y] {
			pathSet(h, h[y], j-1, y) // [bounds[j], bounds[y]) is a Hall interval
			h[y] = j - 1
		}
	}
	return true
}

// filterUpper lowers the maxima out of Hall intervals, the mirror image of
// filterLower, visiting the intervals by decreasing minimum.
func (c *allDiffBounds) filterUpper() bool {
	t, d, h, bounds := c.t, c.d, c.h, c.bounds
	nb := len(t) - 2
	for i := 0; i <= nb; i++ {
		t[i], h[i] = i+1, i+1
		d[i] = bounds[i+1] - bounds[i]
	}
	for k := len(c.minSorted) - 1; k >= 0; k-- {
		iv := &c.iv[c.minSorted[k]]
		x, y := iv.maxRank, iv.minRank
		z := pathMin(t, x-1)
		j := t[z]
		if d[z]--; d[z] == 0 {
			t[z] = z - 1
			z = pathMin(t, t[z])
			t[z] = j
		}
		pathSet(t, x-1, z, z)
		if d[z] < bounds[y]-bounds[z] {
			return false
		}
		if h[x] < x {
			w := pathMin(h, h[x])
			iv.hi = bounds[w] - 1
			pathSet(h, x, w, w)
		}
		if d[z] == bounds[y]-bounds[z] {
			pathSet(h, h[y], j+1, y)
			h[y] = j + 1
		}
	}
	return true
}
