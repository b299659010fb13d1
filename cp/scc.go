package cp

// sccFinder numbers the strongly connected components of a graph given by
// a successor function, with Tarjan's algorithm. Its slices are kept from
// one call to the next, so a propagator that runs it often allocates
// once.
type sccFinder struct {
	index, low []int32
	comp       []int32 // by node: its component, valid after run
	onStack    []bool
	stack      []int32
	counter    int32
	comps      int32
	succ       func(node int32, visit func(next int32))
}

// run numbers the components of the graph of nodes 0..nodes-1 whose edges
// leave each node as succ lists them.
func (f *sccFinder) run(nodes int, succ func(node int32, visit func(next int32))) {
	if cap(f.index) < nodes {
		f.index, f.low = make([]int32, nodes), make([]int32, nodes)
		f.comp, f.onStack = make([]int32, nodes), make([]bool, nodes)
	}
	f.index, f.low, f.comp, f.onStack = f.index[:nodes], f.low[:nodes], f.comp[:nodes], f.onStack[:nodes]
	for i := range f.index {
		f.index[i] = -1
	}
	f.counter, f.comps, f.stack, f.succ = 0, 0, f.stack[:0], succ
	for node := range int32(nodes) {
		if f.index[node] < 0 {
			f.visit(node)
		}
	}
	f.succ = nil
}

// visit is Tarjan's recursive visit; its depth is at most the number of
// nodes.
func (f *sccFinder) visit(node int32) {
	f.index[node], f.low[node] = f.counter, f.counter
	f.counter++
	f.stack = append(f.stack, node)
	f.onStack[node] = true
	f.succ(node, func(next int32) {
		switch {
		case f.index[next] < 0:
			f.visit(next)
			f.low[node] = min(f.low[node], f.low[next])
		case f.onStack[next]:
			f.low[node] = min(f.low[node], f.index[next])
		}
	})
	if f.low[node] != f.index[node] {
		return
	}
	for {
		top := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		f.onStack[top] = false
		f.comp[top] = f.comps
		if top == node {
			break
		}
	}
	f.comps++
}
