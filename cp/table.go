package cp

import "fmt"

// table is the constraint that the tuple of its variables' values is one of
// a list of allowed tuples.
type table struct {
	vars   []Var
	tuples [][]int
	order  []int32 // a permutation of tuple indices; the first *live are live
	live   Rev
	seen   [][]bool          // scratch, by variable: value offset → supported
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
	for i, v := range vars {
		c.seen[i] = make([]bool, s.Max(v)-s.Min(v)+1)
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
	s.SetReason(c.lost(s, nil, c.with[j][x], j)...)
}

// Propagate drops tuples that lost a value and removes the values that no
// live tuple supports, until nothing changes.
func (c *table) Propagate(s *Solver) error {
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
			lo := s.Min(v)
			seen := c.seen[j][:s.Max(v)-lo+1]
			clear(seen)
			for _, ti := range c.order[:live] {
				seen[c.tuples[ti][j]-lo] = true
			}
			for x := lo; x <= s.Max(v); x = s.next(v, x+1) {
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
