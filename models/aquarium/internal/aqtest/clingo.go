package aqtest

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
)

// ClingoCount enumerates up to limit solutions of p under the region rule
// with clingo on the ASP program (0: all), each checked, and returns them
// sorted as strings, and whether clingo explored every possibility. It
// skips the test when clingo is not installed.
func ClingoCount(t testing.TB, p *aquarium.Puzzle, limit int) ([]string, bool) {
	t.Helper()
	if !aqasp.Available() {
		t.Skip("clingo not found in PATH (apt-get install gringo): not cross-checking with clingo")
	}
	res, err := aqasp.Solve(context.Background(), p, aquarium.RegionRule, limit)
	require.NoError(t, err)
	var got []string
	for _, s := range res.Solutions {
		require.NoError(t, aquarium.Check(p, s, aquarium.RegionRule))
		got = append(got, s.String())
	}
	slices.Sort(got)
	return got, res.Exhausted
}
