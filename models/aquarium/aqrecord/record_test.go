package aqrecord_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqrecord"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
)

// TestRoundTrip writes random puzzles with a partial solution as records,
// reads them back, and wants the same puzzles and solutions.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 0))
	var buf bytes.Buffer
	var puzzles []*aquarium.Puzzle
	var grids []aquarium.Solution
	for i := range 40 {
		p := aqtest.RandomSmallPuzzle(rng, aquarium.RegionRule)
		p.Cols[rng.IntN(p.Width)] = aquarium.NoClue
		s := aquarium.NewSolution(p.Width, p.Height)
		for c := range s.Cells {
			s.Cells[c] = aquarium.Cell(rng.IntN(3))
		}
		if i%4 == 0 {
			s = aquarium.Solution{}
		}
		puzzles, grids = append(puzzles, p), append(grids, s)
		line, err := json.Marshal(aqrecord.Of("p", p, s, nil))
		require.NoError(t, err)
		buf.Write(line)
		buf.WriteString("\n\n")
	}
	recs, err := aqrecord.ReadAll(&buf)
	require.NoError(t, err)
	require.Len(t, recs, len(puzzles))
	for i, rec := range recs {
		require.Equal(t, puzzles[i], rec.Puzzle(), "puzzle %d", i)
		grid, err := rec.Grid()
		require.NoError(t, err)
		require.Equal(t, grids[i], grid, "solution %d", i)
		require.NotNil(t, rec.CorpusInfo)
		require.False(t, rec.IsUnique())
	}
}

// TestReadAllCorpusFields reads the corpus fields and says which line is
// not a record.
func TestReadAllCorpusFields(t *testing.T) {
	recs, err := aqrecord.ReadAll(strings.NewReader(
		`{"id":"a","width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[null],"unique":true,"unique_pool_rule":false,"difficulty":"easy"}` + "\n" +
			`{"id":"b","width":"x"}` + "\n"))
	require.ErrorContains(t, err, "line 2:")
	require.Len(t, recs, 1)
	require.True(t, recs[0].IsUnique())
	require.False(t, recs[0].IsUniquePoolRule())
	require.Equal(t, "easy", recs[0].Difficulty)
	require.Equal(t, []int{aquarium.NoClue}, recs[0].Puzzle().Rows)
}

func TestSolutionFromRows(t *testing.T) {
	for _, bad := range [][]string{nil, {""}, {"#.", "#"}, {"#x"}} {
		_, err := aqrecord.SolutionFromRows(bad)
		require.Error(t, err, "%q", bad)
	}
	s, err := aqrecord.SolutionFromRows([]string{"#.?", "..#"})
	require.NoError(t, err)
	require.Equal(t, []string{"#.?", "..#"}, s.Rows())
}
