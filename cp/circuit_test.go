package cp

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type circuitC struct {
	succ []int // variable numbers
	base int
	sub  bool
}

func (c circuitC) post(s *Solver, vars []Var) {
	if c.sub {
		s.AddSubcircuit(varsAt(vars, c.succ), c.base)
	} else {
		s.AddCircuit(varsAt(vars, c.succ), c.base)
	}
}

// holds follows the successors from a node on the circuit: they must come
// back to it after visiting exactly the nodes that are not their own
// successors (all of them for a circuit), each once.
func (c circuitC) holds(values []int) bool {
	n := len(c.succ)
	next := make([]int, n)
	start, members := -1, 0
	for i, v := range c.succ {
		next[i] = values[v] - c.base
		if next[i] < 0 || next[i] >= n {
			return false
		}
		if next[i] != i {
			start = i
			members++
		} else if !c.sub {
			return false
		}
	}
	if start < 0 {
		return true // no node on the circuit: a subcircuit, or no node at all
	}
	seen := make([]bool, n)
	i := start
	for range members {
		if seen[i] || next[i] == i {
			return false
		}
		seen[i] = true
		i = next[i]
	}
	return i == start
}

func randomCircuit(r *rand.Rand) testProblem {
	n := r.IntN(6)
	c := circuitC{succ: seq(0, n), base: r.IntN(4) - 1, sub: r.IntN(2) == 0}
	p := smallDomains(r, n, c.base-1, c.base+n, n+2)
	if n == 6 { // keep brute force small
		for i := range n {
			p.hi[i] = min(p.hi[i], p.lo[i]+3)
		}
	}
	p.constraints = []testConstraint{c}
	return p
}

func TestCircuitAgainstBruteForce(t *testing.T) {
	forRandom(t, 40, 4000, randomCircuit, func(p testProblem) { requireSameSolutions(t, p) })
}

// TestCircuitSound propagates at the root only: no value of a solution
// may go.
func TestCircuitSound(t *testing.T) {
	forRandom(t, 41, 6000, randomCircuit, func(p testProblem) { requireDomainConsistent(t, p, nil) })
}

// TestCircuitCounts counts the circuits and subcircuits of complete
// graphs: (n-1)! Hamiltonian circuits (none for one node, which may not
// be its own successor), and Σ C(n,k)·(k-1)! subcircuits over k ≥ 2
// nodes, plus the empty one.
func TestCircuitCounts(t *testing.T) {
	for n := 1; n <= 7; n++ {
		for _, sub := range []bool{false, true} {
			s := New()
			succ := make([]Var, n)
			for i := range succ {
				succ[i] = s.NewVar(1, n)
			}
			if sub {
				s.AddSubcircuit(succ, 1)
			} else {
				s.AddCircuit(succ, 1)
			}
			got, err := s.Count(context.Background(), FirstFail(succ, ValueMin), Limits{}, 0, nil)
			require.NoError(t, err)
			want := factorial(n - 1)
			if n == 1 {
				want = 0
			}
			if sub {
				want = 1
				for k := 2; k <= n; k++ {
					want += factorial(n) / factorial(k) / factorial(n-k) * factorial(k-1)
				}
			}
			assert.Equal(t, want, got, "n=%d sub=%v", n, sub)
		}
	}
}

func factorial(n int) int {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	return f
}

// TestCircuitRules checks each rule of the no-subtour propagator on its
// own, on crafted states: at the leaves the rules and AllDifferent
// overlap, so a rule that pruned too little would go unseen there.
func TestCircuitRules(t *testing.T) {
	full := []int{0, 1, 2, 3, 4}
	for _, c := range []struct {
		name string
		sub  bool
		doms [][]int // by node; nodes are numbered from 0
		rule func(c *circuit, s *Solver) error
		want [][]int // nil: the rule fails
	}{
		{"path closes early", false, [][]int{{1}, {2}, full, full, full}, (*circuit).chains,
			[][]int{{1}, {2}, {1, 2, 3, 4}, full, full}},
		{"path closes last", false, [][]int{{1}, {2}, {3}, {4}, full}, (*circuit).chains,
			[][]int{{1}, {2}, {3}, {4}, full}},
		{"short cycle", false, [][]int{{1}, {0}, full, full}, (*circuit).chains, nil},
		{"cycle misses one node", false, [][]int{{1}, {0}, {0, 1}}, (*circuit).chains, nil},
		{"sub: path, a node must join", true, [][]int{{1}, {0, 2}, {0, 1, 2}, {0, 1, 2}}, (*circuit).chains,
			[][]int{{1}, {2}, {0, 1, 2}, {0, 1, 2}}},
		{"sub: path, none must join", true, [][]int{{1}, {0, 1, 2}, {0, 1, 2}}, (*circuit).chains,
			[][]int{{1}, {0, 1, 2}, {0, 1, 2}}},
		{"sub: cycle, a node must join", true, [][]int{{1}, {0}, {2, 3}, {0, 2}}, (*circuit).chains, nil},
		{"sub: cycle leaves out the rest", true, [][]int{{0, 1}, {0, 1}, {3}, {2}}, (*circuit).chains,
			[][]int{{0}, {1}, {3}, {2}}},
		{"two components", false, [][]int{{1, 2}, {0, 2}, {0, 1}, {4, 5}, {3, 5}, {3, 4}}, (*circuit).components, nil},
		{"sub: must-join nodes apart", true, [][]int{{1}, {0, 1}, {3}, {2, 3}}, (*circuit).components, nil},
		{"sub: edges between components", true, [][]int{{0, 1, 2}, {0, 1}, {2, 3}, {2, 3}}, (*circuit).components,
			[][]int{{0, 1}, {0, 1}, {2, 3}, {2, 3}}},
		{"sub: outside the joined component", true, [][]int{{1}, {0, 1}, {2, 3}, {2, 3}}, (*circuit).components,
			[][]int{{1}, {0, 1}, {2}, {3}}},
	} {
		s := New()
		succ := make([]Var, len(c.doms))
		for i, dom := range c.doms {
			succ[i] = s.NewVar(dom[0], dom[len(dom)-1])
			for x := dom[0]; x <= dom[len(dom)-1]; x++ {
				if !slices.Contains(dom, x) {
					require.NoError(t, s.Remove(succ[i], x))
				}
			}
		}
		p := &circuit{succ: succ, sub: c.sub, pred: make([]int32, len(succ)), onChain: make([]bool, len(succ))}
		err := c.rule(p, s)
		if c.want == nil {
			assert.ErrorIs(t, err, ErrInconsistent, c.name)
			continue
		}
		require.NoError(t, err, c.name)
		for i, v := range succ {
			assert.Equal(t, c.want[i], s.Values(nil, v), "%s: node %d", c.name, i)
		}
	}
}
