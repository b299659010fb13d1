package aqcp_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

// bruteForce returns every filling of p's cells that Check accepts.
func bruteForce(p *aquarium.Puzzle, rule aquarium.Rule) []string {
	n := p.Width * p.Height
	var sols []string
	s := aquarium.NewSolution(p.Width, p.Height)
	for mask := 0; mask < 1<<n; mask++ {
		for i := range s.Cells {
			s.Cells[i] = aquarium.Empty
			if mask&(1<<i) != 0 {
				s.Cells[i] = aquarium.Water
			}
		}
		if aquarium.Check(p, s, rule) == nil {
			sols = append(sols, s.String())
		}
	}
	return sols
}

// requireAll checks that a search found exactly the solutions want, in
// any order, and knows it found them all.
func requireAll(t *testing.T, want []string, res aqcp.Result, err error, msg ...any) {
	t.Helper()
	require.NoError(t, err, msg...)
	require.True(t, res.Exhausted, msg...)
	var got []string
	for _, s := range res.Solutions {
		got = append(got, s.String())
	}
	require.ElementsMatch(t, want, got, msg...)
}

// TestModelAgainstBruteForce compares the CP model's solutions with every
// filling the independent checker accepts, under both rules.
func TestModelAgainstBruteForce(t *testing.T) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(rule)))
			for i := range 1500 {
				p := aqtest.RandomSmallPuzzle(rng, rule)
				want := bruteForce(p, rule)
				res, err := aqcp.SolveCP(context.Background(), p, rule, 0, cp.Limits{})
				requireAll(t, want, res, err, "case %d: %+v", i, p)
			}
		})
	}
}

// TestRedundantAgainstBruteForce adds the redundant constraints that
// Search posts on large grids (neighbouring columns' differences) to small
// puzzles, where they would not be posted, and compares the solutions with
// brute force.
func TestRedundantAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	for i := range 1500 {
		p := aqtest.RandomSmallPuzzle(rng, aquarium.RegionRule)
		want := bruteForce(p, aquarium.RegionRule)
		m, err := aqcp.NewModel(p, aquarium.RegionRule)
		require.NoError(t, err)
		m.AddRedundant()
		res, err := m.Search(context.Background(), 0, cp.Limits{})
		requireAll(t, want, res, err, "case %d: %+v", i, p)
	}
}
