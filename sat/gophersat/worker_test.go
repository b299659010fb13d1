package gophersat

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/sat"
)

// TestNoWorker checks that without the worker hook a solve that could
// not be stopped in time is refused, while one under a context that
// cannot end runs.
func TestNoWorker(t *testing.T) {
	ready := workerReady.Load()
	workerReady.Store(false)
	defer workerReady.Store(ready)
	s := New()
	s.AddClause(1, 2)
	st, err := s.Solve(t.Context())
	assert.Equal(t, sat.Unknown, st)
	assert.ErrorIs(t, err, ErrNoWorker)
	st, err = s.Solve(context.Background())
	require.NoError(t, err)
	assert.Equal(t, sat.Sat, st)
}

func TestServe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"p cnf 2 2\n1 0\n-1 -2 0\n", "s SATISFIABLE\nv 1 -2 0\n"},
		{"p cnf 1 2\n1 0\n-1 0\n", "s UNSATISFIABLE\n"},
		{"* #variable= 2 #constraint= 1\n+2 x1 +1 ~x2 >= 3 ;\n", "s SATISFIABLE\nv 1 -2 0\n"},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		require.NoError(t, serve(strings.NewReader(tc.in), &out))
		assert.True(t, strings.HasSuffix(out.String(), tc.want), "%q gave %q", tc.in, out.String())
	}
	assert.Error(t, serve(strings.NewReader("p cnf 1 1\n2 0\n"), new(bytes.Buffer)))
}
