package aquarium_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func TestLayoutBlocks(t *testing.T) {
	// A U-shaped aquarium A around B:
	//   A B A
	//   A A A
	p := &aquarium.Puzzle{Width: 3, Height: 2, Regions: []int{0, 1, 0, 0, 0, 0},
		Cols: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue}, Rows: []int{aquarium.NoClue, aquarium.NoClue}}
	region := aquarium.NewLayout(p, aquarium.RegionRule)
	require.Len(t, region.Blocks, 3, "A's two arms share a block under the region rule")
	require.Equal(t, []int{0, 2}, region.Blocks[0].Cols)
	pool := aquarium.NewLayout(p, aquarium.PoolRule)
	require.Len(t, pool.Blocks, 4, "each arm is its own block under the pool rule")
	require.Equal(t, []int{3}, pool.Below[0])
	require.Equal(t, []int{3}, pool.Below[2])
	require.Equal(t, []int{0, 2}, pool.Above[3])
}
