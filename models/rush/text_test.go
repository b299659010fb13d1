package rush

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFromText(t *testing.T) {
	p, err := FromText("\n  ..B.\n  AAB.\n  x...\n  .CCC\n")
	require.NoError(t, err)
	assert.Equal(t, &Puzzle{Width: 4, Height: 4, Walls: []int{8}, Pieces: []Piece{
		{Label: 'A', Row: 1, Col: 0, Len: 2},
		{Label: 'B', Row: 0, Col: 2, Len: 2, Orientation: Vertical},
		{Label: 'C', Row: 3, Col: 1, Len: 3},
	}}, p)
	same, err := FromText("..B.\nAAB.\nx...\n.CCC")
	require.NoError(t, err)
	assert.Equal(t, p, same, "'o' or '.', and the spaces around rows, do not matter")

	for text, want := range map[string]string{
		"":                 "no rows",
		"AA.\n..":          "row 2 has 2 cells; the first row has 3",
		"AA?\n...":         `row 1, column 3: '?' is not a cell`,
		"AAB\n..B\n.B.":    "piece B is not one straight run of cells",
		"AA.B\n...B\n.B..": "piece B is not one straight run of cells",
		"A.A\n...":         "piece A is not one straight run of cells",
		"BB.\n...":         "no primary car A",
		"..A\n..A":         "the primary car A is vertical",
		".AA\nB..\n...":    "piece B has 1 cell",
		"AA.B\n.B..\n....": "piece B is not one straight run of cells",
		"...B\nAAB.\n....": "piece B is not one straight run of cells",
		"AA..\n...B\nB...": "piece B is not one straight run of cells",
	} {
		_, err := FromText(text)
		require.Error(t, err, "%q", text)
		assert.ErrorIs(t, err, ErrInvalidPuzzle, "%q", text)
		assert.Contains(t, err.Error(), want, "%q", text)
	}
}
