package serve

import (
	"os"
	"testing"

	"github.com/waterworks-solver/waterworks/sat/backends"
)

// TestMain lets the test binary run gophersat in a child process, as the
// race's gophersat engines do under their deadline.
func TestMain(m *testing.M) {
	backends.ServeIfWorker()
	os.Exit(m.Run())
}
