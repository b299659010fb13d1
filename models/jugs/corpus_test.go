package jugs_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/jugs"
)

// corpusDir is the shared corpus of jug puzzles, beside the repository.
const corpusDir = "../../../shared/corpus/pour"

// TestCorpus solves every corpus puzzle: a solvable one must get a plan of
// exactly its optimal_steps that the checker accepts, an unsolvable one
// must be proven so, with and without the number-theory fast path.
func TestCorpus(t *testing.T) {
	entries := readCorpus(t)
	for _, e := range entries {
		require.NotNil(t, e.Solvable, "%s has no solvable field", e.ID)
		for _, noFast := range []bool{false, true} {
			r, err := jugs.BFS(context.Background(), e.Puzzle, jugs.Options{NoFastPath: noFast})
			require.NoError(t, err, e.ID)
			if !assert.Equal(t, *e.Solvable, r.Solvable(), "%s (fast path allowed: %v)", e.ID, !noFast) || !r.Solvable() {
				continue
			}
			require.NotNil(t, e.OptimalSteps, "%s is solvable but has no optimal_steps", e.ID)
			assert.Len(t, r.Plan, *e.OptimalSteps, e.ID)
			assert.NoError(t, jugs.Check(e.Puzzle, r.Plan), e.ID)
		}
	}
	t.Logf("%d corpus puzzles", len(entries))
}
