package aqcp_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

// TestModelEstimate checks that the estimate the budget is checked against
// is within a factor of three of the memory a model and its layout take.
func TestModelEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 150x150 models")
	}
	aqtest.CheckEstimates(t, func(p *aquarium.Puzzle, rule aquarium.Rule) (any, int64) {
		m, err := aqcp.NewModel(p, rule)
		require.NoError(t, err)
		want, _ := aqcp.Estimate(p, m.Layout)
		return m, want
	})
}

// TestModelBudget checks that a model that cannot fit the memory budget is
// refused before it is allocated, and that building stops with the
// context.
func TestModelBudget(t *testing.T) {
	aqtest.CheckBudget(t, func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule) error {
		_, err := aqcp.NewModelContext(ctx, p, rule)
		return err
	}, "memory budget of 1 GiB reached at building the CP model of the 1000x1000 grid under the pool rule, mostly the pool rule's levels, 332334333 variables")
}
