package cli

import (
	"os"
	"testing"

	"github.com/waterworks-solver/waterworks/sat/backends"
)

// TestMain lets the test binary serve as gophersat's worker process, which
// the gophersat backend starts under --timeout so that it can be killed.
func TestMain(m *testing.M) {
	backends.ServeIfWorker()
	os.Exit(m.Run())
}
