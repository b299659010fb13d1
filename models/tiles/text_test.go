package tiles

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFromText(t *testing.T) {
	p, err := FromText("\n  1 2 .\n\n  3 4 5\n")
	require.NoError(t, err)
	assert.Equal(t, &Puzzle{Width: 3, Height: 2, Tiles: []int{1, 2, 0, 3, 4, 5}}, p)
	same, err := FromText("1\t2 0\n3 4 5")
	require.NoError(t, err)
	assert.Equal(t, p, same, "0 or '.', and any spaces, do not matter")

	for text, want := range map[string]string{
		"":             "a 0×0 board",
		"1 2 .\n3 4":   "row 2 has 2 tiles; the first row has 3",
		"1 x .\n3 4 5": `row 1, column 2: "x" is not a tile`,
		"1 1 .\n3 4 5": "tile 1",
		"1 2 .\n3 4 9": "cell 5 holds 9, outside 0..5",
		"1 2 3\n4 5 6": "cell 5 holds 6",
	} {
		_, err := FromText(text)
		require.Error(t, err, "%q", text)
		assert.ErrorIs(t, err, ErrInvalidPuzzle, "%q", text)
		assert.Contains(t, err.Error(), want, "%q", text)
	}
}
