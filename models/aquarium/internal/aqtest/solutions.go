package aqtest

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqrecord"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// AllSolutions lists every solution of p under rule that agrees with start.
func AllSolutions(t *testing.T, p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution) []aquarium.Solution {
	t.Helper()
	m, err := aqcp.NewModel(p, rule)
	require.NoError(t, err)
	if start.Width > 0 {
		if err := m.Restrict(start); err != nil {
			return nil
		}
	}
	res, err := m.Search(context.Background(), 0, cp.Limits{})
	require.NoError(t, err)
	require.True(t, res.Exhausted)
	return res.Solutions
}

// RequireSound checks that every cell a deduction decides has that value in
// every solution.
func RequireSound(t *testing.T, d logic.Deduction, sols []aquarium.Solution, msg ...any) {
	t.Helper()
	require.False(t, d.Conflict, "a conflict where solutions exist: %s", d.Text)
	require.NotEmpty(t, d.Cells, "a deduction decides something: %s", d.Text)
	require.NotEmpty(t, d.Text)
	for _, c := range d.Cells {
		for _, s := range sols {
			require.Equal(t, s.At(c.Row, c.Col), c.Cell, "%s\nrow %d, column %d\n%v", d.Text, c.Row+1, c.Col+1, msg)
		}
	}
}

// SolutionFromString reads rows of '#', '.' and '?' separated by newlines.
func SolutionFromString(s string) (aquarium.Solution, error) {
	return aqrecord.SolutionFromRows(strings.Split(s, "\n"))
}
