package progress

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMeter: counts add up across goroutines, the context carries the
// meter, and a nil meter (no one watching) does nothing.
func TestMeter(t *testing.T) {
	m := &Meter{}
	ctx := WithMeter(context.Background(), m)
	assert.Same(t, m, From(ctx))
	assert.Nil(t, From(context.Background()))

	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				From(ctx).AddNodes(2)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, int64(16000), m.Nodes())
	assert.Equal(t, "", m.Phase())
	m.SetPhase("probing, depth 2")
	assert.Equal(t, "probing, depth 2", m.Phase())

	var none *Meter
	none.AddNodes(5)
	none.SetPhase("x")
	assert.Equal(t, int64(0), none.Nodes())
	assert.Equal(t, "", none.Phase())
}
