package aquarium_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
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
