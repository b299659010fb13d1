package jugs_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/membudget"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// TestFits checks which puzzles the bounded-horizon engines refuse as too
// large, and that SolveCP and SolveSAT refuse exactly those, with
// ErrTooLarge and no panic, while BFS's limit (MaxCapacity) is higher.
func TestFits(t *testing.T) {
	tap := func(target int, caps ...int) *jugs.Puzzle {
		return &jugs.Puzzle{Capacities: caps, Initial: make([]int, len(caps)), Tap: true, Target: target}
	}
	for _, tt := range []struct {
		name    string
		p       *jugs.Puzzle
		opts    jugs.HorizonOptions
		cp, sat string // "" when it fits, else a part of the message
	}{
		{name: "die hard", p: tap(4, 3, 5)},
		{name: "2^24 is one value too many", p: tap(1, 1<<24, 3),
			cp: "jug 1 has capacity 16777216; the CP model holds at most 16777215", sat: "jug 1 has capacity 16777216; the SAT encoding holds at most 16777215"},
		{name: "2^24-1 fits the domains", p: tap(1, 1<<24-1, 2)},
		{name: "the largest capacity allowed", p: tap(1, jugs.MaxCapacity, 3),
			cp: "capacity 1000000000000;", sat: "capacity 1000000000000;"},
		{name: "counted in units of the common divisor", p: tap(2, 1<<25-2, 6)},
		{name: "too many units of the common divisor", p: tap(4, 1<<25, 6),
			cp: "capacity 33554432 (16777216 units of 2)", sat: "capacity 33554432 (16777216 units of 2)"},
		{name: "ruled out by number theory, whatever the size", p: tap(3, jugs.MaxCapacity, 6)},
		{name: "one step over the clause limit", p: tap(4, 1_000_001, 5), opts: jugs.HorizonOptions{Encoding: jugs.EncodingOrder, HorizonOptions: statespace.HorizonOptions{MaxClauses: 4_000_000}},
			sat: "one step of the SAT encoding needs at least 18000060 clauses"},
		{name: "no clause limit", p: tap(4, 1_000_001, 5)},
		{name: "invalid", p: tap(4, 0), cp: "invalid puzzle", sat: "invalid puzzle"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []struct {
				method, want string
				err          error
			}{{"cp", tt.cp, jugs.FitsCP(tt.p)}, {"sat", tt.sat, jugs.FitsSAT(tt.p, tt.opts)}} {
				if c.want == "" {
					assert.NoError(t, c.err, c.method)
					continue
				}
				require.Error(t, c.err, c.method)
				assert.Contains(t, c.err.Error(), c.want, c.method)
				assert.Equal(t, c.want != "invalid puzzle", errors.Is(c.err, jugs.ErrTooLarge), "%s: %v", c.method, c.err)
			}
			if !errors.Is(jugs.FitsCP(tt.p), jugs.ErrTooLarge) || !errors.Is(jugs.FitsSAT(tt.p, tt.opts), jugs.ErrTooLarge) {
				return
			}
			// The solvers refuse it before allocating for it.
			_, err := jugs.SolveCP(context.Background(), tt.p, jugs.CPOptions{HorizonOptions: tt.opts})
			assert.ErrorIs(t, err, jugs.ErrTooLarge, "SolveCP")
			_, err = jugs.SolveSAT(context.Background(), tt.p, gini.New(), tt.opts)
			assert.ErrorIs(t, err, jugs.ErrTooLarge, "SolveSAT")
		})
	}
}

// TestHorizonBudget checks that the models are sized against the memory
// budget in the context before they are built: a formula or model that
// would not fit ends the search with a *membudget.Error naming it, and a
// generous budget changes nothing.
func TestHorizonBudget(t *testing.T) {
	big := &jugs.Puzzle{Capacities: []int{3_000_001, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}
	tight := membudget.WithBudget(context.Background(), 64<<20)
	// The order encoding: one variable per unit of water.
	_, err := jugs.SolveSAT(tight, big, gini.New(), jugs.HorizonOptions{Encoding: jugs.EncodingOrder})
	var be *membudget.Error
	require.ErrorAs(t, err, &be, "SAT")
	assert.Contains(t, be.At, "step 1 of the SAT formula")
	assert.Greater(t, be.Need, be.Budget)

	_, err = jugs.SolveCP(membudget.WithBudget(context.Background(), 1<<20), big, jugs.CPOptions{})
	require.ErrorAs(t, err, &be, "CP")
	assert.Contains(t, be.At, "the CP model of")

	diehard := &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}
	s, err := jugs.SolveSAT(tight, diehard, gini.New(), jugs.HorizonOptions{})
	require.NoError(t, err)
	assert.Len(t, s.Plan, 6)
	c, err := jugs.SolveCP(tight, diehard, jugs.CPOptions{})
	require.NoError(t, err)
	assert.Len(t, c.Plan, 6)
}
