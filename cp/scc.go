package cp

// digraph is a directed graph over nodes 0..n-1 in compressed rows: the
// successors of node v are adj[start[v]:start[v+1]]. Build it node by
// node, in order: add the node's edges, then close it.
type digraph struct {
	start, adj []int32
}

// reset empties the graph.
func (g *digraph) reset() {
	g.start = append(g.start[:0], 0)
	g.adj = g.adj[:0]
}

// edge adds an edge from the node being built to w.
func (g *digraph) edge(w int32) { g.adj = append(g.adj, w) }

// close ends the node being built; the next edges leave the next node.
func (g *digraph) close() { g.start = append(g.start, int32(len(g.adj))) }

// nodes returns the number of nodes closed.
func (g *digraph) nodes() int { return len(g.start) - 1 }

// sccFinder numbers the strongly connected components of a digraph with
// Tarjan's algorithm, iteratively, keeping its slices from one call to
// the next so that a propagator that runs it often allocates once.
type sccFinder struct {
	index, low []int32
	comp       []int32 // by node: its component, valid after run
	onStack    []bool
	stack      []int32
	frames     []sccFrame
	comps      int32 // the number of components after run
}

// sccFrame is a node being visited and the position of the next edge to
// follow.
type sccFrame struct {
	node, next int32
}

// run numbers the components of g.
func (f *sccFinder) run(g *digraph) {
	n := g.nodes()
	if cap(f.index) < n {
		f.index, f.low = make([]int32, n), make([]int32, n)
		f.comp, f.onStack = make([]int32, n), make([]bool, n)
	}
	f.index, f.low, f.comp, f.onStack = f.index[:n], f.low[:n], f.comp[:n], f.onStack[:n]
	for i := range f.index {
		f.index[i] = -1
	}
	f.comps, f.stack = 0, f.stack[:0]
	counter := int32(0)
	for root := range int32(n) {
		if f.index[root] >= 0 {
			continue
		}
		f.frames = append(f.frames[:0], sccFrame{root, g.start[root]})
		f.index[root], f.low[root] = counter, counter
		counter++
		f.stack = append(f.stack, root)
		f.onStack[root] = true
		for len(f.frames) > 0 {
			top := &f.frames[len(f.frames)-1]
			v := top.node
			if top.next < g.start[v+1] {
				w := g.adj[top.next]
				top.next++
				switch {
				case f.index[w] < 0:
					f.index[w], f.low[w] = counter, counter
					counter++
					f.stack = append(f.stack, w)
					f.onStack[w] = true
					f.frames = append(f.frames, sccFrame{w, g.start[w]})
				case f.onStack[w]:
					f.low[v] = min(f.low[v], f.index[w])
				}
				continue
			}
			f.frames = f.frames[:len(f.frames)-1]
			if len(f.frames) > 0 {
				parent := f.frames[len(f.frames)-1].node
				f.low[parent] = min(f.low[parent], f.low[v])
			}
			if f.low[v] == f.index[v] {
				f.popComponent(v)
			}
		}
	}
}

// popComponent gives the nodes on the stack down to v a new component.
func (f *sccFinder) popComponent(v int32) {
	for {
		top := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		f.onStack[top] = false
		f.comp[top] = f.comps
		if top == v {
			break
		}
	}
	f.comps++
}
