package aqcp_test

import (
	"context"
	"math/rand/v2"
	"slices"
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
				require.NoError(t, err)
				require.True(t, res.Exhausted)
				var got []string
				for _, s := range res.Solutions {
					got = append(got, s.String())
				}
				slices.Sort(got)
				slices.Sort(want)
				require.Equal(t, want, got, "case %d: %+v", i, p)
			}
		})
	}
}
