package aquarium_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

func TestCheckAcceptsCorpusSolutions(t *testing.T) {
	for _, c := range aqcorpus.Load(t) {
		if c.Solution == nil {
			continue
		}
		p := c.Puzzle()
		s := aquarium.NewSolution(c.Width, c.Height)
		for r, row := range c.Solution {
			for col, ch := range row {
				s.Cells[r*c.Width+col] = map[rune]aquarium.Cell{'#': aquarium.Water, '.': aquarium.Empty}[ch]
			}
		}
		require.NoError(t, aquarium.Check(p, s, aquarium.RegionRule), c.ID)
		// Flipping any one cell breaks a row count at least.
		i := slices.Index(s.Cells, aquarium.Water)
		s.Cells[i] = aquarium.Empty
		require.ErrorIs(t, aquarium.Check(p, s, aquarium.RegionRule), aquarium.ErrWrongSolution, c.ID)
	}
}

// TestCheckAgreesWithSearch cross-checks the checker against the CP
// model's exhaustive search on random small puzzles: of every filling of
// the grid, Check accepts exactly the solutions the search finds, under
// both rules.
func TestCheckAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		for range 60 {
			p := aqtest.RandomSmallPuzzle(rng, rule)
			if rng.IntN(2) == 0 { // without clues, every filling that keeps the rule is a solution
				for i := range p.Rows {
					p.Rows[i] = aquarium.NoClue
				}
				for i := range p.Cols {
					p.Cols[i] = aquarium.NoClue
				}
			}
			want := map[string]bool{}
			for _, s := range aqtest.AllSolutions(t, p, rule, aquarium.Solution{}) {
				want[s.String()] = true
			}
			n := p.Width * p.Height
			for bits := range 1 << n {
				s := aquarium.NewSolution(p.Width, p.Height)
				for i := range n {
					s.Cells[i] = aquarium.Empty
					if bits>>i&1 == 1 {
						s.Cells[i] = aquarium.Water
					}
				}
				err := aquarium.Check(p, s, rule)
				if want[s.String()] != (err == nil) {
					t.Fatalf("%v rule, puzzle %+v, filling\n%s\nCheck: %v, search finds it: %v", rule, p, s, err, want[s.String()])
				}
				if err != nil {
					require.ErrorIs(t, err, aquarium.ErrWrongSolution)
				}
			}
		}
	}
}

// TestCheckPoolRuleErrors checks the pool rule's two ways to fail on a
// U-shaped aquarium (0) around a cell of another (1).
func TestCheckPoolRuleErrors(t *testing.T) {
	p := &aquarium.Puzzle{Width: 3, Height: 2, Regions: []int{0, 1, 0, 0, 0, 0},
		Cols: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue}, Rows: []int{aquarium.NoClue, aquarium.NoClue}}
	for _, tc := range []struct{ rows, want string }{
		{"#.#\n###", ""},
		{".#.\n###", ""},
		{"#..\n###", "has its surface below the level of row 1"},
		{"#..\n.##", "would run out into row 2, column 1"},
	} {
		s, err := aqtest.SolutionFromString(tc.rows)
		require.NoError(t, err)
		err = aquarium.Check(p, s, aquarium.PoolRule)
		if tc.want == "" {
			require.NoError(t, err, tc.rows)
			continue
		}
		require.ErrorIs(t, err, aquarium.ErrWrongSolution, tc.rows)
		require.ErrorContains(t, err, tc.want, tc.rows)
	}
}
