package aqcp_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
)

// TestCorpusCP solves every corpus puzzle with the CP model under both
// rules, checks every solution independently, and compares uniqueness with
// the corpus's own counts.
func TestCorpusCP(t *testing.T) {
	for _, c := range aqcorpus.Load(t) {
		t.Run(c.ID, func(t *testing.T) {
			p := c.Puzzle()
			require.NoError(t, p.Validate())
			for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
				res, err := aqcp.SolveCP(context.Background(), p, rule, 2, cp.Limits{})
				require.NoError(t, err)
				require.NotEmpty(t, res.Solutions, "%v rule: no solution", rule)
				for _, s := range res.Solutions {
					require.NoError(t, aquarium.Check(p, s, rule), "%v rule", rule)
				}
				unique := len(res.Solutions) == 1 && res.Exhausted
				want := c.IsUnique()
				if rule == aquarium.PoolRule {
					want = c.IsUniquePoolRule()
				}
				require.Equal(t, want, unique, "%v rule: uniqueness", rule)
				if rule == aquarium.RegionRule && c.IsUnique() && c.Solution != nil {
					require.Equal(t, c.Solution, res.Solutions[0].Rows())
				}
			}
		})
	}
}
