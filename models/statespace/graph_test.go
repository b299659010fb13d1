package statespace

// Random weighted digraphs, the test bed of every search: each engine is
// checked against the brute-force distances computed here, and each plan
// by replay on the graph.

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/sat"
)

type edge struct{ from, to, cost int }

// graph is a puzzle whose states are the nodes of a digraph and whose
// actions are its edges (by index).
type graph struct {
	n     int
	start int
	edges []edge
	out   [][]int // out[v]: the edges leaving v
	in    [][]int // in[v]: the edges entering v
	goal  []bool
	h     []int // an admissible estimate, for AStar, Greedy and IDAStar
}

// randomGraph draws a graph of n nodes with about density·n² edges of
// costs 1 to maxCost, some goals, and an admissible estimate that is
// usually not consistent: a random fraction of the true distance.
func randomGraph(r *rand.Rand, n int, density float64, maxCost int) *graph {
	g := &graph{n: n, start: r.IntN(n), out: make([][]int, n), in: make([][]int, n), goal: make([]bool, n)}
	for u := range n {
		for v := range n {
			if u != v && r.Float64() < density {
				g.addEdge(u, v, 1+r.IntN(maxCost))
			}
		}
	}
	for v := range n {
		g.goal[v] = r.IntN(4) == 0
	}
	toGoal := g.distToGoal()
	g.h = make([]int, n)
	for v := range n {
		if toGoal[v] == math.MaxInt {
			g.h[v] = r.IntN(50)
		} else {
			g.h[v] = toGoal[v] * r.IntN(5) / 4
		}
	}
	return g
}

func (g *graph) addEdge(u, v, c int) {
	g.out[u] = append(g.out[u], len(g.edges))
	g.in[v] = append(g.in[v], len(g.edges))
	g.edges = append(g.edges, edge{u, v, c})
}

// distances returns the cost of a cheapest path from start to every node
// (unit: counting edges), math.MaxInt where there is none, by
// Bellman-Ford.
func (g *graph) distances(unit bool) []int {
	d := make([]int, g.n)
	for i := range d {
		d[i] = math.MaxInt
	}
	d[g.start] = 0
	for range g.n {
		for _, e := range g.edges {
			c := e.cost
			if unit {
				c = 1
			}
			if d[e.from] != math.MaxInt && d[e.from]+c < d[e.to] {
				d[e.to] = d[e.from] + c
			}
		}
	}
	return d
}

// distToGoal returns the cost of a cheapest path from every node to a
// goal.
func (g *graph) distToGoal() []int {
	d := make([]int, g.n)
	for v := range d {
		d[v] = math.MaxInt
		if g.goal[v] {
			d[v] = 0
		}
	}
	for range g.n {
		for _, e := range g.edges {
			if d[e.to] != math.MaxInt && d[e.to]+e.cost < d[e.from] {
				d[e.from] = d[e.to] + e.cost
			}
		}
	}
	return d
}

// optimum returns the cost of a cheapest plan (unit: fewest edges), or -1.
func (g *graph) optimum(unit bool) int {
	best := -1
	for v, dv := range g.distances(unit) {
		if g.goal[v] && dv != math.MaxInt && (best < 0 || dv < best) {
			best = dv
		}
	}
	return best
}

// replay follows plan from the start and returns its cost, or an error
// when an edge does not leave the current node or the end is no goal.
func (g *graph) replay(plan []int) (int, error) {
	at, cost := g.start, 0
	for i, e := range plan {
		if e < 0 || e >= len(g.edges) || g.edges[e].from != at {
			return 0, fmt.Errorf("action %d (edge %d) does not leave node %d", i, e, at)
		}
		at, cost = g.edges[e].to, cost+g.edges[e].cost
	}
	if !g.goal[at] {
		return 0, fmt.Errorf("the plan ends at node %d, no goal", at)
	}
	return cost, nil
}

func (g *graph) goals() []int32 {
	var gs []int32
	for v, ok := range g.goal {
		if ok {
			gs = append(gs, int32(v))
		}
	}
	return gs
}

// The graph as a Space over int32 keys, with Estimate, Predecessors and
// Index.

func (g *graph) Successors(v int32, yield func(int, int32, int) bool) {
	for _, e := range g.out[v] {
		if !yield(e, int32(g.edges[e].to), g.edges[e].cost) {
			return
		}
	}
}

func (g *graph) Predecessors(v int32, yield func(int, int32, int) bool) {
	for _, e := range g.in[v] {
		if !yield(e, int32(g.edges[e].from), g.edges[e].cost) {
			return
		}
	}
}

func (g *graph) Goal(v int32) bool    { return g.goal[v] }
func (g *graph) Estimate(v int32) int { return g.h[v] }
func (g *graph) Index(v int32) uint64 { return uint64(v) }
func (g *graph) Size() uint64         { return uint64(g.n) }
func (g *graph) startKey() int32      { return int32(g.start) }
func (g *graph) String() string {
	return fmt.Sprintf("%d nodes, start %d, edges %v, goals %v", g.n, g.start, g.edges, g.goals())
}
func (g *graph) wide() *wideGraph        { return &wideGraph{g} }
func (g *graph) walker() *graphWalker    { return &graphWalker{g: g, at: g.start} }
func wideKey(v int) [3]uint64            { return [3]uint64{uint64(v), 7, ^uint64(v)} }
func (w *wideGraph) startKey() [3]uint64 { return wideKey(w.g.start) }

// wideGraph is the same graph over 24-byte keys, which the searches keep
// in the tagged store.
type wideGraph struct{ g *graph }

func (w *wideGraph) Successors(k [3]uint64, yield func(int, [3]uint64, int) bool) {
	w.g.Successors(int32(k[0]), func(e int, to int32, c int) bool { return yield(e, wideKey(int(to)), c) })
}
func (w *wideGraph) Goal(k [3]uint64) bool    { return w.g.goal[k[0]] }
func (w *wideGraph) Estimate(k [3]uint64) int { return w.g.h[k[0]] }

// graphWalker walks the graph in place for IDAStar.
type graphWalker struct {
	g    *graph
	at   int
	prev []int
}

func (w *graphWalker) Estimate() int { return w.g.h[w.at] }
func (w *graphWalker) Goal() bool    { return w.g.goal[w.at] }
func (w *graphWalker) Actions(dst []int) []int {
	return append(dst, w.g.out[w.at]...)
}
func (w *graphWalker) Do(e int) (int, int) {
	w.prev = append(w.prev, w.at)
	w.at = w.g.edges[e].to
	return w.g.edges[e].cost, w.g.h[w.at]
}
func (w *graphWalker) Undo(int) {
	w.at = w.prev[len(w.prev)-1]
	w.prev = w.prev[:len(w.prev)-1]
}

// graphSAT encodes the graph for SolveSAT: a state is one literal per node,
// exactly one true; a step is one literal per edge, exactly one true, tied
// to its ends. Its variants switch on the optional interfaces.
type graphSAT struct {
	g        *graph
	backward bool
	reified  bool // implement GoalLiteral
	budget   bool // costs as a budget, with idle steps
}

type satStep struct {
	edge []sat.Lit
	idle sat.Lit // budget only
}

func (m *graphSAT) State(f *sat.Formula) []sat.Lit {
	x := f.NewVars(m.g.n)
	f.AddClause(x...)
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			f.AddClause(x[i].Not(), x[j].Not())
		}
	}
	return x
}

func (m *graphSAT) Start(c sat.Adder, s []sat.Lit) { c.AddClause(s[m.g.start]) }

func (m *graphSAT) Goal(c sat.Adder, s []sat.Lit) {
	var some []sat.Lit
	for v, ok := range m.g.goal {
		if ok {
			some = append(some, s[v])
		}
	}
	c.AddClause(some...)
}

func (m *graphSAT) Step(f *sat.Formula, before, after []sat.Lit) satStep {
	st := satStep{edge: f.NewVars(len(m.g.edges))}
	choices := st.edge
	if m.budget {
		st.idle = f.NewVar()
		choices = append(append([]sat.Lit(nil), st.edge...), st.idle)
		for v := range before {
			f.AddClause(st.idle.Not(), before[v].Not(), after[v])
		}
	}
	f.AddClause(choices...)
	for i := range choices {
		for j := i + 1; j < len(choices); j++ {
			f.AddClause(choices[i].Not(), choices[j].Not())
		}
	}
	for i, e := range m.g.edges {
		f.AddClause(st.edge[i].Not(), before[e.from])
		f.AddClause(st.edge[i].Not(), after[e.to])
	}
	return st
}

func (m *graphSAT) Action(a sat.Assignment, st satStep) (int, bool) {
	for i, l := range st.edge {
		if a.Value(l) {
			return i, true
		}
	}
	return -1, false
}

func (m *graphSAT) Check(plan []int, k int) error {
	cost, err := m.g.replay(plan)
	switch {
	case err != nil:
		return err
	case m.budget && cost > k:
		return fmt.Errorf("the plan costs %d, over the budget %d", cost, k)
	case !m.budget && len(plan) != k:
		return fmt.Errorf("%d actions at horizon %d", len(plan), k)
	}
	return nil
}

func (m *graphSAT) Distinct(f *sat.Formula, s, t []sat.Lit) {
	for v := range s {
		f.AddClause(s[v].Not(), t[v].Not())
	}
}

// graphSATBackward, graphSATReified and graphSATBudget add one optional
// interface each.
type graphSATBackward struct{ *graphSAT }

func (graphSATBackward) Backward() bool { return true }

type graphSATReified struct{ *graphSAT }

func (m graphSATReified) GoalLit(f *sat.Formula, s []sat.Lit) sat.Lit {
	g := f.NewVar()
	some := []sat.Lit{g.Not()}
	for v, ok := range m.g.goal {
		if ok {
			some = append(some, s[v])
			f.AddClause(s[v].Not(), g)
		}
	}
	f.AddClause(some...)
	return g
}

type graphSATBudget struct{ *graphSAT }

// Steps: every edge costs at least 1, so a plan within budget k has at
// most k edges.
func (m graphSATBudget) Steps(k int) int { return k }

func (m graphSATBudget) Within(c sat.Adder, steps []satStep, k int) {
	var terms []sat.Term
	for _, st := range steps {
		for i, e := range m.g.edges {
			terms = append(terms, sat.Term{Lit: st.edge[i], Weight: e.cost})
		}
	}
	if len(terms) == 0 {
		return
	}
	if err := sat.Totalizer.Encode(c, sat.Linear{Terms: terms, Op: sat.AtMost, K: k}); err != nil {
		panic(err)
	}
}

// graphCP encodes the graph on the cp core: a state is a node variable, a
// step an edge variable with a table of (from, edge, to).
type graphCP struct{ g *graph }

type cpStep struct{ edge cp.Var }

func (m *graphCP) State(s *cp.Solver) cp.Var            { return s.NewVar(0, m.g.n-1) }
func (m *graphCP) Start(s *cp.Solver, v cp.Var) error   { return s.Assign(v, m.g.start) }
func (m *graphCP) Goal(s *cp.Solver, v cp.Var) error    { return m.keep(s, v, true) }
func (m *graphCP) NotGoal(s *cp.Solver, v cp.Var) error { return m.keep(s, v, false) }

// keep removes from v the nodes whose goal flag differs from goal.
func (m *graphCP) keep(s *cp.Solver, v cp.Var, goal bool) error {
	for u, ok := range m.g.goal {
		if ok != goal && s.Contains(v, u) {
			if err := s.Remove(v, u); err != nil {
				return err
			}
		}
	}
	return nil
}

func (m *graphCP) Step(s *cp.Solver, before, after cp.Var) cpStep {
	e := s.NewVar(0, max(len(m.g.edges)-1, 0)) // no tuple without edges: no step

	var tuples [][]int
	for i, ed := range m.g.edges {
		tuples = append(tuples, []int{ed.from, i, ed.to})
	}
	s.AddTable([]cp.Var{before, e, after}, tuples)
	return cpStep{e}
}

func (m *graphCP) Decisions(st cpStep) []cp.Var { return []cp.Var{st.edge} }

func (m *graphCP) Action(s *cp.Solver, st cpStep) (int, bool) { return s.Value(st.edge), true }

func (m *graphCP) Check(plan []int, k int) error {
	if _, err := m.g.replay(plan); err != nil {
		return err
	}
	if len(plan) != k {
		return fmt.Errorf("%d actions at horizon %d", len(plan), k)
	}
	return nil
}

func (m *graphCP) Distinct(s *cp.Solver, states []cp.Var) error {
	var unequal [][]int
	for u := range m.g.n {
		for v := range m.g.n {
			if u != v {
				unequal = append(unequal, []int{u, v})
			}
		}
	}
	if len(unequal) == 0 && len(states) > 1 {
		return fmt.Errorf("one node, two states: %w", cp.ErrInconsistent)
	}
	for i := range states {
		for j := i + 1; j < len(states); j++ {
			s.AddTable([]cp.Var{states[i], states[j]}, unequal)
		}
	}
	return nil
}
