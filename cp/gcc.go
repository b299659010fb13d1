package cp

import (
	"fmt"
	"slices"
)

// gcc is the global cardinality constraint: for each cover position j,
// the number of x[i] equal to cover[j] lies within bounds, either those of
// a variable counts[j] or the constants fixedLow[j]..fixedUp[j].
//
// The filter is Régin's (1996) flow: a network from the variables to the
// values they can take, where each variable sends one unit and each value
// receives between the low and up bounds of its count. A feasible flow
// exists exactly when the constraint can hold (with the counts relaxed to
// their bounds), and an edge x[i] → v outside the flow belongs to some
// feasible flow exactly when x[i] and v lie in one strongly connected
// component of the residual graph. The values outside cover all behave
// alike, so they share one node, "other": a variable has an edge to it
// when its domain holds a value outside cover. The graph's size thus
// depends on cover, not on how wide the domains are.
type gcc struct {
	x        []Var
	values   []int    // the distinct cover values, sorted: value nodes 0..k-1
	coverSet valueSet // the same values, as intervals
	other    int32    // the node of the values outside cover: k
	cover    []int32  // by cover position: its value node
	repeat   []bool   // by cover position: whether an earlier one has its value
	counts   []Var    // by cover position, nil for the constant form
	// by cover position, for the constant form
	fixedLow, fixedUp []int
	closed, sumOK     bool
	idem              bool

	low, up   []int32 // by value number: the bounds of its count this run
	must, may []int32 // by value number: variables fixed to it, and that can take it

	// The flow, kept from run to run and repaired.
	match []int32 // by variable: its value number, or -1
	load  []int32 // by value number: the variables matched to it

	graph    valueGraph
	visited  []uint32 // by value number, for the searches of paths
	stamp    uint32
	residual digraph
	scc      sccFinder
}

// AddGlobalCardinality posts that for each j, counts[j] is the number of
// x[i] equal to cover[j], and that the counts sum to at most len(x), as
// MiniZinc's fzn_global_cardinality states (the sum matters only when
// cover repeats a value). With closed set (global_cardinality_closed),
// every x[i] also takes a value of cover.
//
// On x it is domain consistent with respect to the bounds of the counts:
// it keeps a feasible flow from the variables to the values (Régin 1996)
// and removes the values no feasible flow uses, through the strongly
// connected components of the residual graph. The counts are narrowed to
// the number of variables fixed to their value and the number that can
// take it, and by the sums (every x[i] takes one value), which is weaker
// than their exact range. The values outside cover share one node of the
// flow, so a run costs O(Σ min(|D(x[i])|, |cover|)), however wide the
// domains, plus repairing the flow, which is kept from run to run. It
// does not explain its deductions.
func (s *Solver) AddGlobalCardinality(x []Var, cover []int, counts []Var, closed bool) PropID {
	if len(cover) != len(counts) {
		panic(fmt.Sprintf("cp: %d cover values for %d counts", len(cover), len(counts)))
	}
	p := newGCC(x, cover, closed)
	p.counts = slices.Clone(counts)
	p.sumOK = true
	p.idem = distinctVars(x, counts)
	id := s.Add(p)
	p.watch(s, id)
	return id
}

// AddGlobalCardinalityLowUp posts that for each j the number of x[i]
// equal to cover[j] lies within low[j]..up[j] (MiniZinc's
// global_cardinality with bounds, formerly global_cardinality_low_up).
// With closed set (global_cardinality_low_up_closed), every x[i] also
// takes a value of cover, and len(x) lies within Σlow..Σup. It is domain
// consistent, with the flow filter and cost of AddGlobalCardinality.
func (s *Solver) AddGlobalCardinalityLowUp(x []Var, cover, low, up []int, closed bool) PropID {
	if len(cover) != len(low) || len(cover) != len(up) {
		panic(fmt.Sprintf("cp: %d cover values for %d low and %d up bounds", len(cover), len(low), len(up)))
	}
	p := newGCC(x, cover, closed)
	p.fixedLow, p.fixedUp = slices.Clone(low), slices.Clone(up)
	p.sumOK = true
	if closed {
		sumLow, sumUp := 0, 0
		for j := range cover {
			sumLow, sumUp = sumLow+low[j], sumUp+up[j]
		}
		p.sumOK = sumLow <= len(x) && len(x) <= sumUp
	}
	p.idem = distinctVars(x)
	id := s.Add(p)
	p.watch(s, id)
	return id
}

// newGCC numbers the cover values.
func newGCC(x []Var, cover []int, closed bool) *gcc {
	p := &gcc{x: slices.Clone(x), closed: closed}
	p.values = slices.Compact(slices.Sorted(slices.Values(cover)))
	p.coverSet = newValueSet(cover)
	p.other = int32(len(p.values))
	p.cover, p.repeat = make([]int32, len(cover)), make([]bool, len(cover))
	for j, v := range cover {
		a, _ := slices.BinarySearch(p.values, v)
		p.cover[j] = int32(a)
		p.repeat[j] = slices.Contains(cover[:j], v)
	}
	m := len(p.values) + 1
	p.low, p.up, p.load = make([]int32, m), make([]int32, m), make([]int32, m)
	p.must, p.may = make([]int32, m), make([]int32, m)
	p.match = make([]int32, len(x))
	for i := range p.match {
		p.match[i] = -1
	}
	p.visited = make([]uint32, m)
	return p
}

// forNodes calls f with each value node x's domain holds: the cover values
// it can take (found through the smaller of the domain and cover), then
// other when it can take a value outside cover.
func (p *gcc) forNodes(s *Solver, x Var, f func(a int32)) {
	if s.Size(x) <= len(p.values) {
		for v := s.Min(x); v <= s.Max(x); v = s.next(x, v+1) {
			if a, found := slices.BinarySearch(p.values, v); found {
				f(int32(a))
			}
		}
	} else {
		for a, v := range p.values {
			if s.Contains(x, v) {
				f(int32(a))
			}
		}
	}
	if !p.coverSet.holds(s, x) {
		f(p.other)
	}
}

// holdsNode reports whether x's domain holds a value of node a.
func (p *gcc) holdsNode(s *Solver, x Var, a int32) bool {
	if a == p.other {
		return !p.coverSet.holds(s, x)
	}
	return s.Contains(x, p.values[a])
}

// removeNode removes the values of node a from x's domain.
func (p *gcc) removeNode(s *Solver, x Var, a int32) error {
	if a == p.other {
		return p.coverSet.restrict(s, x)
	}
	return s.Remove(x, p.values[a])
}

func (p *gcc) watch(s *Solver, id PropID) {
	for _, v := range p.x {
		s.Watch(id, v, OnDomain)
	}
	for _, c := range p.counts {
		s.Watch(id, c, OnBounds)
	}
}

func (p *gcc) Priority() Priority { return PriorityHeavy }
func (p *gcc) Idempotent() bool   { return p.idem }

// Propagate alternates narrowing the counts and filtering x by the flow
// until the counts' bounds settle: the flow filter is exact for given
// bounds, so once they hold still nothing more can go.
func (p *gcc) Propagate(s *Solver) error {
	if !p.sumOK {
		return ErrInconsistent
	}
	for first := true; ; first = false {
		changed, err := p.narrowCounts(s)
		if err != nil {
			return err
		}
		if !first && !changed {
			return nil
		}
		if err := p.setBounds(s); err != nil {
			return err
		}
		if err := p.filterX(s); err != nil {
			return err
		}
	}
}

// setBounds fills low and up from the counts. The values outside cover
// may be taken by any number of variables, or by none when closed; a
// value that cover repeats gets the intersection of its bounds.
func (p *gcc) setBounds(s *Solver) error {
	n := int32(len(p.x))
	p.low[p.other], p.up[p.other] = 0, n
	if p.closed {
		p.up[p.other] = 0
	}
	for j, a := range p.cover {
		lo, hi := p.countBounds(s, j)
		lo32, hi32 := int32(max(lo, 0)), int32(min(hi, int(n)))
		if p.repeat[j] {
			lo32, hi32 = max(p.low[a], lo32), min(p.up[a], hi32)
		}
		p.low[a], p.up[a] = lo32, hi32
		if lo32 > hi32 {
			return ErrInconsistent
		}
	}
	return nil
}

// countBounds returns the bounds of cover position j's count.
func (p *gcc) countBounds(s *Solver, j int) (lo, hi int) {
	if p.counts == nil {
		return p.fixedLow[j], p.fixedUp[j]
	}
	return s.Min(p.counts[j]), s.Max(p.counts[j])
}

// narrowCounts bounds each count between the number of variables fixed
// to its value and the number that can take it, then by the sums: the
// counts sum to at most len(x), and when closed the counts of the distinct
// cover values sum to exactly len(x). It reports whether a bound moved.
func (p *gcc) narrowCounts(s *Solver) (bool, error) {
	if p.counts == nil {
		return false, nil
	}
	changed := false
	narrow := func(c Var, lo, hi int) error {
		oldLo, oldHi := s.Min(c), s.Max(c)
		if err := s.SetMin(c, lo); err != nil {
			return err
		}
		if err := s.SetMax(c, hi); err != nil {
			return err
		}
		changed = changed || s.Min(c) != oldLo || s.Max(c) != oldHi
		return nil
	}
	// The variables fixed to each value and those that can take it.
	clear(p.must)
	clear(p.may)
	for _, x := range p.x {
		fixed := s.Fixed(x)
		p.forNodes(s, x, func(a int32) {
			p.may[a]++
			if fixed {
				p.must[a]++
			}
		})
	}
	for j, a := range p.cover {
		if err := narrow(p.counts[j], int(p.must[a]), int(p.may[a])); err != nil {
			return false, err
		}
	}
	n := len(p.x)
	sumLo, distinctLo, distinctHi := 0, 0, 0
	for j, c := range p.counts {
		sumLo += s.Min(c)
		if !p.repeat[j] {
			distinctLo, distinctHi = distinctLo+s.Min(c), distinctHi+s.Max(c)
		}
	}
	for j, c := range p.counts {
		lo, hi := s.Min(c), s.Max(c)
		if err := narrow(c, lo, n-(sumLo-lo)); err != nil {
			return false, err
		}
		if p.closed && !p.repeat[j] {
			if err := narrow(c, n-(distinctHi-hi), n-(distinctLo-lo)); err != nil {
				return false, err
			}
		}
	}
	return changed, nil
}

// filterX repairs the flow for the current domains and bounds, then
// removes the values of x that no feasible flow uses.
func (p *gcc) filterX(s *Solver) error {
	p.graph.reset()
	for _, x := range p.x {
		p.forNodes(s, x, p.graph.add)
		p.graph.closeVar()
	}
	p.graph.finish(len(p.low))
	if !p.repairFlow(s) {
		return ErrInconsistent
	}
	n := int32(len(p.x))
	p.buildResidual()
	p.scc.run(&p.residual)
	comp := p.scc.comp
	for i, x := range p.x {
		for _, a := range p.graph.valuesOf(int32(i)) {
			if a == p.match[i] || comp[i] == comp[n+a] {
				continue
			}
			if err := p.removeNode(s, x, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// buildResidual builds the residual graph of the flow: nodes 0..n-1 are
// the variables, n..n+m-1 the values, n+m the sink. A variable leads to
// the values it can take but is not matched to; a value leads to the
// variables matched to it, and to the sink while it is below its upper
// bound; the sink leads to each value above its lower bound.
func (p *gcc) buildResidual() {
	n, m := int32(len(p.x)), int32(len(p.low))
	g := &p.residual
	g.reset()
	for i := range n {
		for _, a := range p.graph.valuesOf(i) {
			if a != p.match[i] {
				g.edge(n + a)
			}
		}
		g.close()
	}
	for a := range m {
		for _, i := range p.graph.varsOf(a) {
			if p.match[i] == a {
				g.edge(i)
			}
		}
		if p.load[a] < p.up[a] {
			g.edge(n + m)
		}
		g.close()
	}
	for a := range m {
		if p.load[a] > p.low[a] {
			g.edge(n + a)
		}
	}
	g.close()
}

// repairFlow turns the flow of the last run into a feasible one for the
// current domains and bounds, if there is one: it drops the pairs whose
// value has left the domain and the excess over upper bounds, matches the
// variables left unmatched along augmenting paths, then fills each value
// below its lower bound by pulling a variable from a value that can spare
// one, along an alternating path.
func (p *gcc) repairFlow(s *Solver) bool {
	for i, x := range p.x {
		if a := p.match[i]; a >= 0 && (!p.holdsNode(s, x, a) || p.load[a] > p.up[a]) {
			p.match[i] = -1
			p.load[a]--
		}
	}
	for i := range p.x {
		if p.match[i] < 0 {
			p.newStamp()
			if !p.augment(int32(i)) {
				return false
			}
		}
	}
	for a := range int32(len(p.low)) {
		for p.load[a] < p.low[a] {
			p.newStamp()
			p.visited[a] = p.stamp
			if !p.pull(a) {
				return false
			}
		}
	}
	return true
}

func (p *gcc) newStamp() {
	p.stamp++
	if p.stamp == 0 {
		clear(p.visited)
		p.stamp = 1
	}
}

// augment matches variable i to a value below its upper bound, moving
// other variables along an alternating path when needed.
func (p *gcc) augment(i int32) bool {
	for _, a := range p.graph.valuesOf(i) {
		if p.load[a] < p.up[a] {
			p.match[i] = a
			p.load[a]++
			return true
		}
	}
	for _, a := range p.graph.valuesOf(i) {
		if p.visited[a] == p.stamp {
			continue
		}
		p.visited[a] = p.stamp
		for _, j := range p.graph.varsOf(a) {
			if p.match[j] == a && p.augment(j) {
				// j moved on and gave a its place back: load[a] is unchanged.
				p.load[a]--
				p.match[i] = a
				p.load[a]++
				return true
			}
		}
	}
	return false
}

// pull raises the load of value a by one, moving a variable that can take
// a from a value above its lower bound, or from a value that can itself
// pull one.
func (p *gcc) pull(a int32) bool {
	for _, i := range p.graph.varsOf(a) {
		b := p.match[i]
		if b == a || p.visited[b] == p.stamp {
			continue
		}
		p.visited[b] = p.stamp
		if p.load[b] > p.low[b] || p.pull(b) {
			p.match[i] = a
			p.load[b]--
			p.load[a]++
			return true
		}
	}
	return false
}

// valueGraph is the bipartite graph of variables and value nodes, in
// compressed rows both ways, rebuilt at each run: reset, then for each
// variable in order add its value nodes and close it, then finish.
type valueGraph struct {
	varStart, varAdj []int32 // nodes of variable i: varAdj[varStart[i]:varStart[i+1]]
	valStart, valAdj []int32 // variables of node a: valAdj[valStart[a]:valStart[a+1]]
	fill             []int32 // scratch of finish
}

func (g *valueGraph) valuesOf(i int32) []int32 { return g.varAdj[g.varStart[i]:g.varStart[i+1]] }
func (g *valueGraph) varsOf(a int32) []int32   { return g.valAdj[g.valStart[a]:g.valStart[a+1]] }

func (g *valueGraph) reset() {
	g.varStart = append(g.varStart[:0], 0)
	g.varAdj = g.varAdj[:0]
}

// add gives the variable being built the value node a.
func (g *valueGraph) add(a int32) { g.varAdj = append(g.varAdj, a) }

// closeVar ends the variable being built.
func (g *valueGraph) closeVar() { g.varStart = append(g.varStart, int32(len(g.varAdj))) }

// finish builds the rows by value node, for m nodes.
func (g *valueGraph) finish(m int) {
	g.valStart = slices.Grow(g.valStart[:0], m+1)[:m+1]
	clear(g.valStart)
	for _, a := range g.varAdj {
		g.valStart[a+1]++
	}
	for a := 1; a <= m; a++ {
		g.valStart[a] += g.valStart[a-1]
	}
	g.valAdj = slices.Grow(g.valAdj[:0], len(g.varAdj))[:len(g.varAdj)]
	g.fill = append(g.fill[:0], g.valStart[:m]...) // where the next variable of each node goes
	for i := range len(g.varStart) - 1 {
		for _, a := range g.valuesOf(int32(i)) {
			g.valAdj[g.fill[a]] = int32(i)
			g.fill[a]++
		}
	}
}

// AddAllDifferentExcept posts that the variables take pairwise different
// values, except that any number of them may take values of except:
// FlatZinc's alldifferent_except, and with except = {0}
// all_different_except_0. It is the global cardinality constraint that
// allows each other value at most once (MiniZinc's own decomposition), so
// it is domain consistent with the flow filter of
// AddGlobalCardinalityLowUp, over every value of the domains outside
// except.
func (s *Solver) AddAllDifferentExcept(x []Var, except []int) PropID {
	skip := newValueSet(except)
	var cover []int
	for _, v := range x {
		for val := s.Min(v); val <= s.Max(v); val = s.next(v, val+1) {
			if !skip.contains(val) {
				cover = append(cover, val)
			}
		}
	}
	slices.Sort(cover)
	cover = slices.Compact(cover)
	low, up := make([]int, len(cover)), make([]int, len(cover))
	for j := range up {
		up[j] = 1
	}
	return s.AddGlobalCardinalityLowUp(x, cover, low, up, false)
}
