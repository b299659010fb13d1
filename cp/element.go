package cp

import "slices"

// element is the constraint array[index] = value over a constant array.
type element struct {
	array []int
	index Var
	value Var
	// The distinct values of array in increasing order, and for each
	// position the number of its value among them.
	distinct  []int
	numberOf  []int32
	positions [][]int32 // by distinct value: the positions that hold it
	supported []bool    // scratch, by distinct value
}

// AddElement posts array[index] = value, indexing from 0: index takes only
// positions of array, and value only the entries at those positions. It is
// domain consistent on both variables: a position stays while its entry is
// a value of value, and a value stays while some remaining position holds
// it. It explains a position's removal by its entry's absence from value,
// and a value's by the removal of the positions that hold it.
func (s *Solver) AddElement(array []int, index, value Var) PropID {
	c := &element{array: slices.Clone(array), index: index, value: value}
	c.distinct = slices.Compact(slices.Sorted(slices.Values(array)))
	c.numberOf = make([]int32, len(array))
	c.positions = make([][]int32, len(c.distinct))
	for i, x := range array {
		k, _ := slices.BinarySearch(c.distinct, x)
		c.numberOf[i] = int32(k)
		c.positions[k] = append(c.positions[k], int32(i))
	}
	c.supported = make([]bool, len(c.distinct))
	id := s.Add(c)
	s.Watch(id, index, OnDomain)
	s.Watch(id, value, OnDomain)
	return id
}

func (c *element) Idempotent() bool { return true }

// Explains reports that the constraint explains its deductions.
func (c *element) Explains() bool { return true }

// Propagate drops the positions whose entry value has lost, then the values
// no remaining position holds; the second step removes no entry of a
// remaining position, so one pass reaches the fixpoint.
func (c *element) Propagate(s *Solver) error {
	clear(c.supported)
	learning := s.Learning()
	if learning {
		s.SetReason() // the constraint alone bounds the index
	}
	err := s.keepIndices(c.index, len(c.array), func(i int) bool {
		if !s.Contains(c.value, c.array[i]) {
			if learning {
				s.SetReason(s.IsNot(c.value, c.array[i]))
			}
			return false
		}
		c.supported[c.numberOf[i]] = true
		return true
	})
	if err != nil {
		return err
	}
	var why func(dst []Lit, k int) []Lit
	if learning {
		why = func(dst []Lit, k int) []Lit {
			for _, i := range c.positions[k] {
				dst = append(dst, s.IsNot(c.index, int(i)))
			}
			return dst
		}
	}
	return s.keepSupported(c.value, c.distinct, c.supported, why)
}

// keepSupported removes from v the values that are not among the distinct
// values (in increasing order) marked supported. When why is not nil, it
// explains each removal: why(dst, k) appends the reason the k-th distinct
// value lost its support; a value that is not among them needs none.
func (s *Solver) keepSupported(v Var, distinct []int, supported []bool, why func(dst []Lit, k int) []Lit) error {
	if s.boundsOnly(v) {
		return s.keepSupportedBounds(v, distinct, supported, why)
	}
	k := 0
	var lits []Lit // SetReason copies them, so one buffer serves every removal
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		for k < len(distinct) && distinct[k] < x {
			k++
		}
		among := k < len(distinct) && distinct[k] == x
		if among && supported[k] {
			continue
		}
		if why != nil {
			lits = lits[:0]
			if among {
				lits = why(lits, k)
			}
			s.SetReason(lits...)
		}
		if err := s.Remove(v, x); err != nil {
			return err
		}
	}
	return nil
}

// keepSupportedBounds is keepSupported for a variable without holes: its
// bounds move to the nearest supported values, past the unsupported ones.
func (s *Solver) keepSupportedBounds(v Var, distinct []int, supported []bool, why func(dst []Lit, k int) []Lit) error {
	lo, hi := s.Min(v), s.Max(v)
	first, _ := slices.BinarySearch(distinct, lo)
	last, found := slices.BinarySearch(distinct, hi)
	if !found {
		last--
	}
	var lits []Lit
	k := first
	for k <= last && !supported[k] {
		if why != nil {
			lits = why(lits, k)
		}
		k++
	}
	if k > last {
		return s.Fail(append(lits, s.AtLeast(v, lo), s.AtMost(v, hi))...)
	}
	if why != nil {
		s.SetReason(append(lits, s.AtLeast(v, lo))...)
	}
	if err := s.SetMin(v, distinct[k]); err != nil {
		return err
	}
	lits = lits[:0]
	j := last
	for j > k && !supported[j] {
		if why != nil {
			lits = why(lits, j)
		}
		j--
	}
	if why != nil {
		s.SetReason(append(lits, s.AtMost(v, hi))...)
	}
	return s.SetMax(v, distinct[j])
}

// elementVar is the constraint array[index] = value over an array of
// variables.
type elementVar struct {
	array []Var
	index Var
	value Var
	// Residues: by position, a value its variable last shared with value;
	// by value - valueLo, the position whose variable last held it.
	common  []int
	holder  []int32
	valueLo int
}

// AddElementVar posts array[index] = value over an array of variables,
// indexing from 0. It is domain consistent on index and value: a position
// stays while its variable shares a value with value, and a value stays
// while the variable of some remaining position can take it; once index is
// fixed, the variable it picks and value keep their common values. Its cost
// is the product of index's and value's domain sizes. It explains its
// deductions by the values each position's variable lacks.
func (s *Solver) AddElementVar(array []Var, index, value Var) PropID {
	c := &elementVar{array: slices.Clone(array), index: index, value: value,
		common: make([]int, len(array)), valueLo: s.Min(value)}
	for i, v := range array {
		c.common[i] = s.Min(v)
	}
	if !s.boundsOnly(value) {
		c.holder = make([]int32, s.Max(value)-s.Min(value)+1)
	}
	id := s.Add(c)
	s.Watch(id, index, OnDomain)
	s.Watch(id, value, OnDomain)
	for _, v := range c.array {
		s.Watch(id, v, OnDomain)
	}
	return id
}

func (c *elementVar) Idempotent() bool { return true }

// Explains reports that the constraint explains its deductions.
func (c *elementVar) Explains() bool { return true }

func (c *elementVar) Propagate(s *Solver) error {
	learning := s.Learning()
	if learning {
		s.SetReason() // the constraint alone bounds the index
	}
	err := s.keepIndices(c.index, len(c.array), func(i int) bool {
		if w := c.common[i]; s.Contains(c.array[i], w) && s.Contains(c.value, w) {
			return true
		}
		if w, ok := s.common(c.array[i], c.value); ok {
			c.common[i] = w
			return true
		}
		if learning {
			s.SetReason(s.disjointWhy(c.array[i], c.value)...)
		}
		return false
	})
	if err != nil {
		return err
	}
	if s.Fixed(c.index) {
		at := s.Is(c.index, s.Value(c.index))
		picked := c.array[s.Value(c.index)]
		if err := s.keepCommon(c.value, picked, at); err != nil {
			return err
		}
		return s.keepCommon(picked, c.value, at)
	}
	for x := s.Min(c.value); x <= s.Max(c.value); x = s.next(c.value, x+1) {
		if c.held(s, x) {
			continue
		}
		if learning {
			why := make([]Lit, 0, len(c.array))
			for i, v := range c.array {
				if s.Contains(c.index, i) {
					why = append(why, s.IsNot(v, x))
				} else {
					why = append(why, s.IsNot(c.index, i))
				}
			}
			s.SetReason(why...)
		}
		if err := s.Remove(c.value, x); err != nil {
			return err
		}
	}
	return nil
}

// held reports whether the variable of a remaining position can take x, a
// value of value, trying first the position that held it last time.
func (c *elementVar) held(s *Solver, x int) bool {
	var at *int32
	if c.holder != nil {
		at = &c.holder[x-c.valueLo]
		if i := int(*at); s.Contains(c.index, i) && s.Contains(c.array[i], x) {
			return true
		}
	}
	for i := s.Min(c.index); i <= s.Max(c.index); i = s.next(c.index, i+1) {
		if s.Contains(c.array[i], x) {
			if at != nil {
				*at = int32(i)
			}
			return true
		}
	}
	return false
}

// keepIndices removes from index the values that are not positions of an
// array of n entries, then, in increasing order, each position i for which
// fits(i) is false: whose entry can no longer equal the element's value.
func (s *Solver) keepIndices(index Var, n int, fits func(i int) bool) error {
	if err := s.SetMin(index, 0); err != nil {
		return err
	}
	if err := s.SetMax(index, n-1); err != nil {
		return err
	}
	for i := s.Min(index); i <= s.Max(index); i = s.next(index, i+1) {
		if !fits(i) {
			if err := s.Remove(index, i); err != nil {
				return err
			}
		}
	}
	return nil
}
