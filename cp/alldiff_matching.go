package cp

import "slices"

// allDiffDomain is AllDifferent kept domain consistent by Régin's
// algorithm. Variables are nodes 0..n-1 of a bipartite graph, the values
// the shifted domains can take are nodes n.., and a value node's index is
// found through values.
//
// A maximum matching pairs each variable with a value. Orient matching
// edges from variable to value and the others from value to variable, and
// add a node T with an edge from T to each free value and from each matched
// value to T. An edge that no maximum matching uses is then exactly an edge
// between two strongly connected components: edges inside a component lie
// on an even alternating cycle, or on an even alternating path from a free
// value (through T).
type allDiffDomain struct {
	vars    []Var
	offsets []int
	values  valueIndex

	match    []int32 // by variable: its value node, or -1
	valMatch []int32 // by value: its variable, or -1
	visited  []uint32
	stamp    uint32

	// The graph of one run, in compressed rows: the variables whose domain
	// holds value a are adj[start[a]:start[a+1]].
	start []int32
	adj   []int32

	// Tarjan's algorithm, over variables, values and T.
	index, low []int32
	onStack    []bool
	stack      []int32
	comp       []int32
	counter    int32
	comps      int32
}

// valueIndex numbers the values the variables can take, densely when they
// span a range not much wider than their number, else by binary search.
type valueIndex struct {
	lo     int
	dense  []int32 // value-lo → number, or -1
	sorted []int   // the values in increasing order
}

func (x *valueIndex) number(v int) int {
	if x.dense != nil {
		if v < x.lo || v-x.lo >= len(x.dense) {
			return -1
		}
		return int(x.dense[v-x.lo])
	}
	if i, ok := slices.BinarySearch(x.sorted, v); ok {
		return i
	}
	return -1
}

func newAllDiffDomain(s *Solver, vars []Var, offsets []int) *allDiffDomain {
	c := &allDiffDomain{vars: vars, offsets: offsets}
	var all []int
	for i, v := range vars {
		for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
			all = append(all, x+offsets[i])
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	c.values.sorted = all
	if len(all) > 0 && all[len(all)-1]-all[0] < 4*len(all)+64 {
		c.values.lo = all[0]
		c.values.dense = make([]int32, all[len(all)-1]-all[0]+1)
		for i := range c.values.dense {
			c.values.dense[i] = -1
		}
		for i, x := range all {
			c.values.dense[x-all[0]] = int32(i)
		}
	}
	n, m := len(vars), len(all)
	c.match = make([]int32, n)
	for i := range c.match {
		c.match[i] = -1
	}
	c.valMatch = make([]int32, m)
	for i := range c.valMatch {
		c.valMatch[i] = -1
	}
	c.visited = make([]uint32, m)
	c.start = make([]int32, m+1)
	nodes := n + m + 1
	c.index, c.low, c.onStack, c.comp = make([]int32, nodes), make([]int32, nodes), make([]bool, nodes), make([]int32, nodes)
	return c
}

func (c *allDiffDomain) Priority() Priority { return PriorityHeavy }
func (c *allDiffDomain) Idempotent() bool   { return true }

// forValues calls f with the value number of each value of variable i.
func (c *allDiffDomain) forValues(s *Solver, i int, f func(a int32)) {
	v, o := c.vars[i], c.offsets[i]
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		f(int32(c.values.number(x + o)))
	}
}

// Propagate repairs the matching, then removes the edges between
// components. Removing them leaves every maximum matching intact, so one
// run reaches the fixpoint.
func (c *allDiffDomain) Propagate(s *Solver) error {
	if !c.repairMatching(s) {
		return ErrInconsistent
	}
	c.buildGraph(s)
	c.components()
	for i, v := range c.vars {
		o := c.offsets[i]
		for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
			a := int32(c.values.number(x + o))
			if a == c.match[i] || c.comp[int32(len(c.vars))+a] == c.comp[i] {
				continue
			}
			if err := s.Remove(v, x); err != nil {
				return err
			}
		}
	}
	return nil
}

// repairMatching drops the pairs whose value has left its variable's
// domain and matches the variables left unmatched along augmenting paths.
// It reports false when some variable cannot be matched.
func (c *allDiffDomain) repairMatching(s *Solver) bool {
	for i, v := range c.vars {
		if a := c.match[i]; a >= 0 && !s.Contains(v, c.values.sorted[a]-c.offsets[i]) {
			c.match[i], c.valMatch[a] = -1, -1
		}
	}
	for i := range c.vars {
		if c.match[i] >= 0 {
			continue
		}
		c.stamp++
		if c.stamp == 0 {
			clear(c.visited)
			c.stamp = 1
		}
		if !c.augment(s, int32(i)) {
			return false
		}
	}
	return true
}

// augment looks for an alternating path from variable i to a free value
// and flips it, matching i. It tries i's free values first.
func (c *allDiffDomain) augment(s *Solver, i int32) bool {
	v, o := c.vars[i], c.offsets[i]
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		if a := c.values.number(x + o); c.valMatch[a] < 0 {
			c.match[i], c.valMatch[a] = int32(a), i
			return true
		}
	}
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		a := c.values.number(x + o)
		if c.visited[a] == c.stamp {
			continue
		}
		c.visited[a] = c.stamp
		if c.augment(s, c.valMatch[a]) {
			c.match[i], c.valMatch[a] = int32(a), i
			return true
		}
	}
	return false
}

// buildGraph lists, for each value, the variables whose domain holds it.
func (c *allDiffDomain) buildGraph(s *Solver) {
	clear(c.start)
	for i := range c.vars {
		c.forValues(s, i, func(a int32) { c.start[a+1]++ })
	}
	for a := 1; a < len(c.start); a++ {
		c.start[a] += c.start[a-1]
	}
	total := int(c.start[len(c.start)-1])
	if cap(c.adj) < total {
		c.adj = make([]int32, total)
	}
	c.adj = c.adj[:total]
	fill := c.index[:len(c.start)-1] // borrowed: Tarjan resets it
	copy(fill, c.start)
	for i := range c.vars {
		c.forValues(s, i, func(a int32) {
			c.adj[fill[a]] = int32(i)
			fill[a]++
		})
	}
}

// components numbers the strongly connected components of the oriented
// graph by Tarjan's algorithm.
func (c *allDiffDomain) components() {
	for i := range c.index {
		c.index[i] = -1
		c.onStack[i] = false
	}
	c.counter, c.comps, c.stack = 0, 0, c.stack[:0]
	for node := range c.index {
		if c.index[node] < 0 {
			c.strongConnect(int32(node))
		}
	}
}

// successors calls f for each successor of node, stopping when f returns
// false: a variable's successor is its value; a value's are the other
// variables whose domain holds it, and T when it is matched; T's are the
// free values.
func (c *allDiffDomain) successors(node int32, f func(int32) bool) {
	n, m := int32(len(c.vars)), int32(len(c.valMatch))
	switch {
	case node < n:
		f(n + c.match[node])
	case node < n+m:
		a := node - n
		for _, i := range c.adj[c.start[a]:c.start[a+1]] {
			if c.match[i] != a && !f(i) {
				return
			}
		}
		if c.valMatch[a] >= 0 {
			f(n + m)
		}
	default:
		for a := range m {
			if c.valMatch[a] < 0 && !f(n+a) {
				return
			}
		}
	}
}

// strongConnect is Tarjan's recursive visit; its depth is at most the
// number of nodes.
func (c *allDiffDomain) strongConnect(node int32) {
	c.index[node], c.low[node] = c.counter, c.counter
	c.counter++
	c.stack = append(c.stack, node)
	c.onStack[node] = true
	c.successors(node, func(next int32) bool {
		switch {
		case c.index[next] < 0:
			c.strongConnect(next)
			c.low[node] = min(c.low[node], c.low[next])
		case c.onStack[next]:
			c.low[node] = min(c.low[node], c.index[next])
		}
		return true
	})
	if c.low[node] != c.index[node] {
		return
	}
	for {
		top := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		c.onStack[top] = false
		c.comp[top] = c.comps
		if top == node {
			break
		}
	}
	c.comps++
}
