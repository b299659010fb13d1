package cp

import "fmt"

// table is the constraint that the tuple of its variables' values is one of
// a list of allowed tuples.
type table struct {
	vars   []Var
	tuples [][]int
	order  []int32 // a permutation of tuple indices; the first *live are live
	live   Rev
	lo, hi []int             // by variable: the smallest and largest value of its column
	seen   [][]bool          // scratch, by variable: value - lo → supported
	with   []map[int][]int32 // by variable then value: the tuples that hold it, made when first explaining
}

// AddTable posts that (vars[0], ..., vars[n-1]) takes one of the tuples,
// kept domain consistent: every value left in a domain belongs to an allowed
// tuple whose other values are still possible. Its cost is linear in the
// number of tuples.
func (s *Solver) AddTable(vars []Var, tuples [][]int) PropID {
	for i, t := range tuples {
		if len(t) != len(vars) {
			panic(fmt.Sprintf("cp: tuple %d has %d values for %d variables", i, len(t), len(vars)))
		}
	}
	c := &table{vars: append([]Var(nil), vars...), tuples: tuples}
	c.order = make([]int32, len(tuples))
	for i := range c.order {
		c.order[i] = int32(i)
	}
	c.live = s.NewRev(int64(len(tuples)))
	c.seen = make([][]bool, len(vars))
	c.lo, c.hi = make([]int, len(vars)), make([]int, len(vars))
	for i, v := range vars {
		// The values outside the column go at the first run, so the
		// scratch spans the column's values within the domain.
		c.lo[i], c.hi[i] = s.Min(v), s.Max(v)
		if len(tuples) > 0 {
			lo, hi := tuples[0][i], tuples[0][i]
			for _, t := range tuples {
				lo, hi = min(lo, t[i]), max(hi, t[i])
			}
			c.lo[i], c.hi[i] = max(c.lo[i], lo), min(c.hi[i], hi)
		}
		c.seen[i] = make([]bool, max(c.hi[i]-c.lo[i]+1, 0))
	}
	id := s.Add(c)
	for _, v := range c.vars {
		s.Watch(id, v, OnDomain)
	}
	return id
}

func (c *table) Priority() Priority { return PriorityHeavy }
func (c *table) Idempotent() bool   { return true }

// Explains reports that the table explains its deductions: a value goes
// because each tuple that holds it lost another of its values.
func (c *table) Explains() bool { return true }

// lost appends to dst, for each tuple of ts, a value it holds that its
// variable has lost, other than that of variable skip (-1 for none).
func (c *table) lost(s *Solver, dst []Lit, ts []int32, skip int) []Lit {
	for _, ti := range ts {
		t := c.tuples[ti]
		for k, v := range c.vars {
			if k != skip && !s.Contains(v, t[k]) {
				dst = append(dst, s.IsNot(v, t[k]))
				break
			}
		}
	}
	return dst
}

// explainRemoval declares the reason of the removal of x from variable j.
func (c *table) explainRemoval(s *Solver, j, x int) {
	s.SetReason(c.lost(s, nil, c.holding(j, x), j)...)
}

// holding returns the tuples whose variable j takes the value x.
func (c *table) holding(j, x int) []int32 {
	if c.with == nil {
		c.with = make([]map[int][]int32, len(c.vars))
		for k := range c.vars {
			c.with[k] = make(map[int][]int32)
		}
		for ti, t := range c.tuples {
			for k, x := range t {
				c.with[k][x] = append(c.with[k][x], int32(ti))
			}
		}
	}
	return c.with[j][x]
}

// Propagate drops tuples that lost a value and removes the values that no
// live tuple supports, until nothing changes.
func (c *table) Propagate(s *Solver) error {
	for j, v := range c.vars {
		if s.Learning() {
			s.SetReason() // the table alone rules out what no tuple holds
		}
		if err := s.SetMin(v, c.lo[j]); err != nil {
			return err
		}
		if err := s.SetMax(v, c.hi[j]); err != nil {
			return err
		}
	}
	for {
		live := int(s.Get(c.live))
		for i := 0; i < live; {
			t := c.tuples[c.order[i]]
			ok := true
			for j, v := range c.vars {
				if !s.Contains(v, t[j]) {
					ok = false
					break
				}
			}
			if ok {
				i++
				continue
			}
			live--
			c.order[i], c.order[live] = c.order[live], c.order[i]
		}
		s.Set(c.live, int64(live))
		if live == 0 {
			if !s.Learning() {
				return ErrInconsistent
			}
			all := make([]int32, len(c.tuples))
			for i := range all {
				all[i] = int32(i)
			}
			return s.Fail(c.lost(s, nil, all, -1)...)
		}
		changed := false
		for j, v := range c.vars {
			lo := c.lo[j]
			seen := c.seen[j]
			clear(seen)
			for _, ti := range c.order[:live] {
				seen[c.tuples[ti][j]-lo] = true
			}
			if s.boundsOnly(v) {
				moved, err := c.narrowBounds(s, j)
				if err != nil {
					return err
				}
				changed = changed || moved
				continue
			}
			for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
				if !seen[x-lo] {
					if s.Learning() {
						c.explainRemoval(s, j, x)
					}
					if err := s.Remove(v, x); err != nil {
						return err
					}
					changed = true
				}
			}
		}
		if !changed {
			return nil
		}
	}
}

// narrowBounds moves the bounds of variable j, which has no holes, to its
// nearest supported values, and reports whether they moved.
func (c *table) narrowBounds(s *Solver, j int) (bool, error) {
	v, seen, base := c.vars[j], c.seen[j], c.lo[j]
	lo, hi := s.Min(v), s.Max(v)
	newLo, newHi := lo, hi
	for newLo <= hi && !seen[newLo-base] {
		newLo++
	}
	for newHi >= newLo && !seen[newHi-base] {
		newHi--
	}
	if newLo == lo && newHi == hi {
		return false, nil
	}
	// Each value passed lost its tuples; the old bound keeps the values
	// beyond it out.
	explain := func(from, to int, bound Lit) {
		if !s.Learning() {
			return
		}
		why := []Lit{bound}
		for x := from; x <= to; x++ {
			why = c.lost(s, why, c.holding(j, x), j)
		}
		s.SetReason(why...)
	}
	explain(lo, min(newLo, hi+1)-1, s.AtLeast(v, lo))
	if err := s.SetMin(v, newLo); err != nil {
		return false, err
	}
	explain(newHi+1, hi, s.AtMost(v, hi))
	return true, s.SetMax(v, newHi)
}
