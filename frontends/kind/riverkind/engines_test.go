package riverkind

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/crossings"
	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/models/river"
)

// TestEnginesAgree runs every engine of compare's list on the river
// crossings of testdata, one of them unsolvable: each plan passes Run's
// check, and the engines agree on the fewest crossings or on
// unsolvability, each proving it its own way.
func TestEnginesAgree(t *testing.T) {
	for _, name := range []string{"wolf-goat-cabbage.txt", "missionaries-3-3.txt", "missionaries-4-4.txt", "jealous-husbands-3.txt"} {
		data, err := os.ReadFile(filepath.Join("../../../testdata/river", name))
		require.NoError(t, err)
		p, err := riverfmt.Parse(name, data)
		require.NoError(t, err)
		var votes []kind.Vote
		for _, e := range crossings.Engines(MethodNames()) {
			m, ok := MethodNamed(e.Method)
			require.True(t, ok, e.Method)
			r := Run(context.Background(), name, m, p, e.Options(crossings.DefaultOptions()))
			require.True(t, r.Status.Settled(), "%s on %s: %s %s", e.Name, name, r.Status, r.Error)
			if r.Status == kind.StatusSolved {
				require.NoError(t, river.Check(p, r.Actions))
				assert.Nil(t, r.Cost, "every crossing counts one")
			} else {
				assert.NotEmpty(t, r.Reason, "a proof says how")
			}
			votes = append(votes, kind.Vote{Engine: e.Name, Answer: r.Answer()})
		}
		a := kind.Agree(votes)
		assert.True(t, a.Agree, "%s: %s", name, a.Answers())
	}
	assert.Equal(t, []string{"bfs", "sat"}, MethodNames())
}

// TestHorizon gives breadth-first search a horizon short of the fewest
// crossings: unknown, not unsolvable.
func TestHorizon(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/river/wolf-goat-cabbage.txt")
	require.NoError(t, err)
	p, err := riverfmt.Parse("wgc", data)
	require.NoError(t, err)
	bfs, _ := MethodNamed(crossings.MethodBFS)
	o := crossings.DefaultOptions()
	o.MaxSteps = 6
	r := Run(context.Background(), "wgc", bfs, p, o)
	assert.Equal(t, kind.StatusUnknown, r.Status)
	assert.Equal(t, "no plan within --max-steps 6", r.Reason)
	o.MaxSteps = 7
	assert.Equal(t, "optimal 7 crossings", Run(context.Background(), "wgc", bfs, p, o).Answer().Words)
}
