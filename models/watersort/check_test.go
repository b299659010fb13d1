package watersort

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheck(t *testing.T) {
	// Bottles, bottom to top: [0 1 1] [1 0 0] [] at capacity 3.
	p := &Puzzle{Capacity: 3, Bottles: [][]int{{0, 1, 1}, {1, 0, 0}, {}}}
	tests := []struct {
		name string
		rule Rule
		plan Plan
		want string // substring of the error; "" for a valid plan
	}{
		{"solves", Whole, Plan{{0, 2}, {1, 0}, {1, 2}, {0, 1}}, ""},
		{"solves under fits", Fits, Plan{{0, 2}, {1, 0}, {1, 2}, {0, 1}}, ""},
		{"not solved", Whole, Plan{{0, 2}}, "neither empty nor full"},
		{"empty plan", Whole, nil, "bottle 1 is neither empty nor full"},
		{"no such bottle", Whole, Plan{{0, 3}}, "move 1: bottle 1 or 4 does not exist"},
		{"into itself", Whole, Plan{{1, 1}}, "pours bottle 2 into itself"},
		{"from empty", Whole, Plan{{2, 0}}, "bottle 3 is empty"},
		{"wrong colour", Whole, Plan{{0, 2}, {0, 2}}, "move 2: bottle 1 shows 0 on top, bottle 3 shows 1"},
		{"full", Whole, Plan{{0, 2}, {1, 0}, {2, 0}}, "move 3: bottle 1 is full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(p, tt.rule, tt.plan)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrWrongPlan)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestCheckFitsPartialPour: under fits a run larger than the room pours in
// part; under whole the same move is illegal.
func TestCheckFitsPartialPour(t *testing.T) {
	// Capacity 3: bottle 1 shows a run of two 0s, bottle 2 has room for one.
	p := &Puzzle{Capacity: 3, Bottles: [][]int{{1, 0, 0}, {1, 0}, {1}}}
	err := Check(p, Whole, Plan{{0, 1}})
	assert.ErrorContains(t, err, "move 1: the run of 2 from bottle 1 does not fit")
	err = Check(p, Fits, Plan{{0, 1}})
	assert.ErrorContains(t, err, "after 1 moves bottle 1 is neither empty nor full", "the move itself is legal")
	// The transition system agrees on how much moves.
	s, err := p.Start()
	require.NoError(t, err)
	assert.Equal(t, 1, s.Amount(Fits, Move{0, 1}))
	assert.Equal(t, 0, s.Amount(Whole, Move{0, 1}))
	after, err := s.Apply(Fits, Move{0, 1})
	require.NoError(t, err)
	assert.Equal(t, []int{1, 0}, after.Bottle(0))
	assert.Equal(t, []int{1, 0, 0}, after.Bottle(1))
}
