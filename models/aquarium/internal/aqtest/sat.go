package aqtest

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// SATCount enumerates up to limit solutions with a built-in backend.
func SATCount(t testing.TB, p *aquarium.Puzzle, rule aquarium.Rule, backend string, enc sat.Encoding, limit int) ([]string, bool) {
	t.Helper()
	m, err := aqsat.EncodeSAT(p, rule)
	require.NoError(t, err)
	s, err := backends.Prepare(backend, m.Formula, enc)
	require.NoError(t, err)
	sols, exhausted, err := m.Solutions(context.Background(), s, limit)
	require.NoError(t, err)
	var rows []string
	for _, sol := range sols {
		require.NoError(t, aquarium.Check(p, sol, rule), "%s/%v: %v", backend, enc, p)
		rows = append(rows, sol.String())
	}
	slices.Sort(rows)
	return rows, exhausted
}
