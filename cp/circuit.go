package cp

import "slices"

// circuit is the no-subtour part of circuit and subcircuit: succ[i] = j
// (values numbered from base) is an edge i → j, and in a subcircuit
// succ[i] = i leaves node i out.
type circuit struct {
	succ []Var
	base int
	sub  bool

	// Scratch of one run, by node.
	pred    []int32 // the node whose fixed successor it is, or -1
	onChain []bool  // on a path or cycle of fixed edges already walked
	graph   digraph
	scc     sccFinder
}

// AddCircuit posts that succ forms a single Hamiltonian circuit,
// FlatZinc's circuit: succ[i] = j says node j follows node i, nodes being
// numbered from base (the first index of the array in the MiniZinc model),
// and following successors from any node visits all len(succ) nodes
// before coming back. An empty array holds; one node cannot be its own
// successor, so a single node fails.
//
// It posts a domain-consistent AllDifferent on succ and a propagator
// that returns the PropID. That one walks the paths of fixed edges and
// removes the edge that would close each into a cycle too early (the
// classic "chains" rule), and fails when the graph of the domains is not
// strongly connected. Domain consistency would be NP-hard; a run costs
// O(Σ|D(succ[i])|). It does not explain its deductions.
func (s *Solver) AddCircuit(succ []Var, base int) PropID { return s.addCircuit(succ, base, false) }

// AddSubcircuit posts that the nodes i with succ[i] ≠ i form a single
// circuit and the others are their own successors, FlatZinc's subcircuit;
// nodes are numbered from base, and an empty circuit (every node its own
// successor) is allowed. It posts a domain-consistent AllDifferent too,
// and prunes as AddCircuit does, with "too early" meaning that some node
// that must be on the circuit is not on the cycle yet; an edge between
// two strongly connected components of the graph of the domains (without
// its loops) is removed, and nodes outside the component of those that
// must be on the circuit are left out. A run costs O(Σ|D(succ[i])|).
func (s *Solver) AddSubcircuit(succ []Var, base int) PropID { return s.addCircuit(succ, base, true) }

func (s *Solver) addCircuit(succ []Var, base int, sub bool) PropID {
	n := len(succ)
	c := &circuit{succ: slices.Clone(succ), base: base, sub: sub,
		pred: make([]int32, n), onChain: make([]bool, n)}
	id := s.Add(c)
	for _, v := range c.succ {
		s.Watch(id, v, OnDomain)
	}
	s.AddAllDifferent(succ, DomainConsistency)
	return id
}

// Idempotent holds: Propagate repeats its passes until they fix no
// variable.
func (c *circuit) Idempotent() bool { return true }

// Propagate keeps the successors among the nodes (and off the node itself
// for a circuit), then repeats the passes over fixed edges and components
// until they fix nothing more.
func (c *circuit) Propagate(s *Solver) error {
	n := len(c.succ)
	for i, v := range c.succ {
		if err := s.SetMin(v, c.base); err != nil {
			return err
		}
		if err := s.SetMax(v, c.base+n-1); err != nil {
			return err
		}
		if !c.sub {
			if err := s.Remove(v, c.base+i); err != nil {
				return err
			}
		}
	}
	for {
		fixed := c.numFixed(s)
		if err := c.chains(s); err != nil {
			return err
		}
		if err := c.components(s); err != nil {
			return err
		}
		if c.numFixed(s) == fixed {
			return nil
		}
	}
}

func (c *circuit) numFixed(s *Solver) int {
	k := 0
	for _, v := range c.succ {
		if s.Fixed(v) {
			k++
		}
	}
	return k
}

// next returns the node succ[i] is fixed to, or -1 when it is not fixed
// or fixed to i itself.
func (c *circuit) next(s *Solver, i int) int {
	v := c.succ[i]
	if !s.Fixed(v) || s.Min(v)-c.base == i {
		return -1
	}
	return s.Min(v) - c.base
}

// mustJoin reports whether node i must be on the circuit.
func (c *circuit) mustJoin(s *Solver, i int) bool {
	return !c.sub || !s.Contains(c.succ[i], c.base+i)
}

// chains walks the paths and cycles of fixed edges. A path from start to
// end may not close into a cycle while a node that must be on the circuit
// is off it; a cycle closed already must hold every such node, and in a
// subcircuit leaves every other node out.
func (c *circuit) chains(s *Solver) error {
	n := len(c.succ)
	for i := range n {
		c.pred[i], c.onChain[i] = -1, false
	}
	must := 0
	for i := range n {
		if c.mustJoin(s, i) {
			must++
		}
		j := c.next(s, i)
		if j < 0 {
			continue
		}
		if c.pred[j] >= 0 {
			return ErrInconsistent // two edges into j: AllDifferent will see it too
		}
		c.pred[j] = int32(i)
	}
	for start := range n {
		if c.pred[start] >= 0 || c.next(s, start) < 0 {
			continue
		}
		end, inside := c.walk(s, start)
		if inside < must {
			if err := s.Remove(c.succ[end], c.base+start); err != nil {
				return err
			}
		}
	}
	for i := range n {
		if c.onChain[i] || c.next(s, i) < 0 {
			continue
		}
		// i lies on a cycle of fixed edges.
		if _, inside := c.walk(s, i); inside < must {
			return ErrInconsistent
		}
		if !c.sub {
			continue
		}
		for k := range n {
			if !c.onChain[k] {
				if err := s.Assign(c.succ[k], c.base+k); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// walk follows the fixed edges from start until a node without one, or
// back to start, marking the nodes on the way; it returns the last node
// and how many of the nodes walked must be on the circuit.
func (c *circuit) walk(s *Solver, start int) (end, inside int) {
	for i := start; ; {
		c.onChain[i] = true
		if c.mustJoin(s, i) {
			inside++
		}
		j := c.next(s, i)
		if j < 0 || j == start {
			return i, inside
		}
		i = j
	}
}

// components finds the strongly connected components of the graph of the
// domains, loops left out. A circuit needs one component; in a
// subcircuit, edges between components lie on no cycle, and the nodes
// outside the component of those that must join are left out.
func (c *circuit) components(s *Solver) error {
	n := len(c.succ)
	if n == 0 {
		return nil
	}
	c.graph.reset()
	for i, v := range c.succ {
		for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
			if j := x - c.base; j != i {
				c.graph.edge(int32(j))
			}
		}
		c.graph.close()
	}
	c.scc.run(&c.graph)
	comp := c.scc.comp
	if !c.sub {
		if c.scc.comps > 1 {
			return ErrInconsistent
		}
		return nil
	}
	joined := int32(-1) // the component of a node that must join
	for i := range n {
		if c.mustJoin(s, i) {
			joined = comp[i]
			break
		}
	}
	for i, v := range c.succ {
		if joined >= 0 && comp[i] != joined {
			// Out of the circuit; this fails when i must join too.
			if err := s.Assign(v, c.base+i); err != nil {
				return err
			}
			continue
		}
		for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
			if j := x - c.base; j != i && comp[j] != comp[i] {
				if err := s.Remove(v, x); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
