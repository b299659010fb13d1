package aqcp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
)

// levelProblem is a levelSum with random terms: each a stack of blocks
// under gravity and a random function of its level, negative values
// included.
type levelProblem struct {
	k     int
	sizes []int   // blocks of each term
	f     [][]int // f[i][x]: term i's value at level index x
}

func randomLevelProblem(rng *rand.Rand) levelProblem {
	n := 1 + rng.IntN(4)
	p := levelProblem{sizes: make([]int, n), f: make([][]int, n)}
	for i := range n {
		p.sizes[i] = 1 + rng.IntN(4)
		p.f[i] = make([]int, p.sizes[i]+1)
		for x := range p.f[i] {
			p.f[i][x] = rng.IntN(7) - 3
		}
	}
	// A reachable k most of the time, an unreachable one now and then.
	for i := range n {
		p.k += p.f[i][rng.IntN(p.sizes[i]+1)]
	}
	if rng.IntN(5) == 0 {
		p.k += rng.IntN(5) - 2
	}
	return p
}

// bruteForce lists the level indices of every term that satisfy the sum.
func (p levelProblem) bruteForce() []string {
	var sols []string
	x := make([]int, len(p.sizes))
	var walk func(i, sum int)
	walk = func(i, sum int) {
		if i == len(p.sizes) {
			if sum == p.k {
				sols = append(sols, fmt.Sprint(x))
			}
			return
		}
		for x[i] = 0; x[i] <= p.sizes[i]; x[i]++ {
			walk(i+1, sum+p.f[i][x[i]])
		}
	}
	walk(0, 0)
	return sols
}

// solve posts the problem, fixes the blocks in fixed first (block index in
// the flat list → value) and enumerates its solutions with the learning
// search, as level indices.
func (p levelProblem) solve(t *testing.T, fixed map[int]int) []string {
	s := cp.New()
	var all []cp.Var
	terms := make([]levelTerm, len(p.sizes))
	for i, m := range p.sizes {
		terms[i].f = p.f[i]
		for j := range m {
			v := s.NewBool()
			if j > 0 {
				s.AddImplication(cp.Pos(terms[i].blocks[j-1]), cp.Pos(v)) // gravity
			}
			terms[i].blocks = append(terms[i].blocks, v)
			all = append(all, v)
		}
	}
	newLevelSum(s, p.k, terms)
	for b, val := range fixed {
		if s.Assign(all[b], val) != nil {
			return nil
		}
	}
	var sols []string
	err := s.SearchLearning(context.Background(), all, cp.Limits{}, func() bool {
		x := make([]int, len(terms))
		for i, t := range terms {
			for _, v := range t.blocks {
				x[i] += 1 - s.Value(v) // empty blocks above the level
			}
		}
		sols = append(sols, fmt.Sprint(x))
		return true
	})
	require.NoError(t, err)
	return sols
}

// TestLevelSumAgainstBruteForce enumerates the solutions of random level
// sums with the learning search, which learns from the explanations, and
// compares them with brute force.
func TestLevelSumAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	for i := range 3000 {
		p := randomLevelProblem(rng)
		require.ElementsMatch(t, p.bruteForce(), p.solve(t, nil), "case %d: %+v", i, p)
	}
}

// TestLevelSumWithFixedBlocks fixes some blocks before the search, so that
// the constraint starts from narrowed intervals, and compares with brute
// force on the same blocks.
func TestLevelSumWithFixedBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for i := range 1000 {
		p := randomLevelProblem(rng)
		total := 0
		for _, m := range p.sizes {
			total += m
		}
		fixed := map[int]int{rng.IntN(total): rng.IntN(2)}
		var want []string
		for _, sol := range p.bruteForce() {
			x := make([]int, len(p.sizes))
			_, _ = fmt.Sscan(sol[1:len(sol)-1], sliceOfPointers(x)...)
			if p.agrees(x, fixed) {
				want = append(want, sol)
			}
		}
		require.ElementsMatch(t, want, p.solve(t, fixed), "case %d: %+v, fixed %v", i, p, fixed)
	}
}

func sliceOfPointers(x []int) []any {
	ps := make([]any, len(x))
	for i := range x {
		ps[i] = &x[i]
	}
	return ps
}

// agrees reports whether level indices x give the fixed blocks their
// values: block j of a term is full when its level index is at most j.
func (p levelProblem) agrees(x []int, fixed map[int]int) bool {
	b := 0
	for i, m := range p.sizes {
		for j := range m {
			if val, ok := fixed[b]; ok && (val == 1) != (x[i] <= j) {
				return false
			}
			b++
		}
	}
	return true
}
