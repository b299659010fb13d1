package cp

import "fmt"

// table is the constraint that the tuple of its variables' values is one of
// a list of allowed tuples.
type table struct {
	vars   []Var
	tuples [][]int
	order  []int32 // a permutation of tuple indices; the first *live are live
	live   Rev
	seen   [][]bool // scratch, by variable: value offset → supported
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
			return ErrInconsistent
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
