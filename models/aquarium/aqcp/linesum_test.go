package aqcp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
)

// rowLine is a weighted line of single blocks, as a row is: the blocks of
// the problem it covers, their weights and its clue.
type rowLine struct {
	blocks  []int
	weights []int
	need    int
}

// rowProblem is one or two rowLines over blocks 0..n-1; the second, over
// a random subset of the blocks in a random order, makes the first line
// run on states that another propagator narrowed.
type rowProblem struct {
	n     int
	lines []rowLine
}

// randomRowProblem draws a problem with repeated weights (so that groups
// hold several blocks), of three sizes: small (sums below 64, which
// propagateSmall takes), around ten (sums that cross 64 in search, so that
// runs alternate between propagateSmall and propagateGroups) and up to 60
// (sums over several words), and with clues that some assignment reaches
// most of the time.
func randomRowProblem(rng *rand.Rand) rowProblem {
	p := rowProblem{n: 1 + rng.IntN(10)}
	size := rng.IntN(3)
	least, most := [3]int{1, 5, 1}[size], [3]int{6, 16, 60}[size]
	weights := make([]int, p.n)
	for i := range weights {
		weights[i] = least + rng.IntN(most)
		if i > 0 && rng.IntN(3) == 0 {
			weights[i] = weights[rng.IntN(i)]
		}
	}
	full := make([]bool, p.n)
	for i := range full {
		full[i] = rng.IntN(2) == 0
	}
	line := func(blocks []int) rowLine {
		l := rowLine{blocks: blocks}
		for _, b := range blocks {
			l.weights = append(l.weights, weights[b])
			if full[b] {
				l.need += weights[b]
			}
		}
		if rng.IntN(6) == 0 {
			l.need = max(0, l.need+rng.IntN(7)-3)
		}
		return l
	}
	p.lines = append(p.lines, line(rng.Perm(p.n)))
	if rng.IntN(2) == 0 {
		p.lines = append(p.lines, line(rng.Perm(p.n)[:1+rng.IntN(p.n)]))
	}
	return p
}

// holds reports whether the assignment x (bit b: block b full) meets
// every line.
func (p rowProblem) holds(x int) bool {
	for _, l := range p.lines {
		sum := 0
		for i, b := range l.blocks {
			sum += l.weights[i] * (x >> b & 1)
		}
		if sum != l.need {
			return false
		}
	}
	return true
}

// post builds the problem on a new solver; with reference, the lines use
// the dynamic program per block instead of per weight.
func (p rowProblem) post(reference bool) (*cp.Solver, []cp.Var, []*lineSum) {
	s := cp.New()
	vars := make([]cp.Var, p.n)
	for i := range vars {
		vars[i] = s.NewBool()
	}
	var lines []*lineSum
	for _, l := range p.lines {
		chains := make([]lineChain, len(l.blocks))
		for i, b := range l.blocks {
			chains[i] = makeChain([]cp.Var{vars[b]}, func(int) int { return l.weights[i] })
		}
		c := newLineSum(s, l.need, chains)
		if reference {
			c.groups = nil
		}
		lines = append(lines, c)
	}
	return s, vars, lines
}

// domains writes the blocks' domains: 0, 1 or ? for both.
func domains(s *cp.Solver, vars []cp.Var) string {
	b := make([]byte, len(vars))
	for i, v := range vars {
		b[i] = "01?"[s.Min(v)+2*(s.Max(v)-s.Min(v))]
	}
	return string(b)
}

// consistent checks that every line is domain consistent on its own in
// the state dom: each value left to a block is the block's value in some
// assignment of the line's open blocks that meets the line, and a fixed
// point of propagation has no line without one.
func (p rowProblem) consistent(t *testing.T, dom string) {
	for li, l := range p.lines {
		seen := make([][2]bool, len(l.blocks))
		var open []int
		base := 0
		for i, b := range l.blocks {
			switch dom[b] {
			case '?':
				open = append(open, i)
			case '1':
				base += l.weights[i]
			}
		}
		for m := range 1 << len(open) {
			sum := base
			for k, i := range open {
				sum += l.weights[i] * (m >> k & 1)
			}
			if sum != l.need {
				continue
			}
			for k, i := range open {
				seen[i][m>>k&1] = true
			}
		}
		for _, i := range open {
			require.True(t, seen[i][0] && seen[i][1],
				"line %d, block %d (weight %d) in state %s: value not supported or no completion", li, l.blocks[i], l.weights[i], dom)
		}
	}
}

// walk runs a complete search whose brancher picks a random open block
// and value (from a generator seeded with seed), and returns the state at
// every node the brancher saw and every solution, in order.
func walk(t *testing.T, s *cp.Solver, vars []cp.Var, seed uint64) (states, solutions []string) {
	rng := rand.New(rand.NewPCG(seed, 3))
	branch := cp.BranchFunc(func(s *cp.Solver) (cp.Decision, bool) {
		var open []cp.Var
		for _, v := range vars {
			if !s.Fixed(v) {
				open = append(open, v)
			}
		}
		states = append(states, domains(s, vars))
		if len(open) == 0 {
			return cp.Decision{}, false
		}
		return cp.Decision{Var: open[rng.IntN(len(open))], Rel: cp.Equal, Val: rng.IntN(2)}, true
	})
	err := s.Search(context.Background(), branch, cp.Limits{}, func() bool {
		solutions = append(solutions, domains(s, vars))
		return true
	})
	require.NoError(t, err)
	return states, solutions
}

// TestRowsPerWeightAgainstPerBlock drives the per-weight propagation of
// rows (propagateGroups, with its sets kept between runs) and the dynamic
// program per block side by side through the same random searches, with
// their decisions and backtracking, and requires the same state at every
// node. An independent brute force checks every state (each line domain
// consistent) and the solutions (exactly those of the problem); the
// learning search, which learns from the explanations, must find them too.
func TestRowsPerWeightAgainstPerBlock(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	grouped := 0
	for i := range 2000 {
		p := randomRowProblem(rng)
		var want []string
		for x := range 1 << p.n {
			if p.holds(x) {
				b := make([]byte, p.n)
				for i := range b {
					b[i] = byte('0' + x>>i&1)
				}
				want = append(want, string(b))
			}
		}
		name := fmt.Sprintf("case %d: %+v", i, p)
		s, vars, lines := p.post(false)
		if lines[0].groups != nil {
			grouped++
		}
		rs, rvars, _ := p.post(true)
		for seed := range uint64(3) {
			states, sols := walk(t, s, vars, seed)
			refStates, refSols := walk(t, rs, rvars, seed)
			require.Equal(t, refStates, states, name)
			require.Equal(t, refSols, sols, name)
			require.ElementsMatch(t, want, sols, name)
			for _, dom := range states {
				p.consistent(t, dom)
			}
		}
		s, vars, _ = p.post(false)
		var learned []string
		require.NoError(t, s.SearchLearning(context.Background(), vars, cp.Limits{}, func() bool {
			learned = append(learned, domains(s, vars))
			return true
		}), name)
		require.ElementsMatch(t, want, learned, name)
	}
	require.Greater(t, grouped, 300, "rows with a clue of 64 or more, solved per weight")
}
