package aqsat_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

// TestEncodeEstimate checks that the estimate the budget is checked
// against is within a factor of three of the memory a formula and its
// layout take.
func TestEncodeEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes 150x150 grids")
	}
	aqtest.CheckEstimates(t, func(p *aquarium.Puzzle, rule aquarium.Rule) (any, int64) {
		m, err := aqsat.EncodeSAT(p, rule)
		require.NoError(t, err)
		want, _ := aqsat.Estimate(p, m.Layout)
		return m, want
	})
}

// TestEncodeBudget checks that a model that cannot fit the memory budget is
// refused before it is allocated, and that building stops with the
// context.
func TestEncodeBudget(t *testing.T) {
	aqtest.CheckBudget(t, func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule) error {
		_, err := aqsat.EncodeSATContext(ctx, p, rule)
		return err
	}, "memory budget of 1 GiB reached at encoding the 1000x1000 grid under the pool rule with 332334333 level variables")
}
