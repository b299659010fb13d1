package aquariumfmt

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// doneAfter is a context whose Err turns to context.Canceled on its
// calls' n-th, so that a test can stop a reader midway without timing.
type doneAfter struct {
	context.Context
	calls, n int
}

func (c *doneAfter) Err() error {
	c.calls++
	if c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

// bigGrid is a side x side grid in the text format, one aquarium a row.
func bigGrid(side int) []byte {
	var b strings.Builder
	b.WriteString(strings.TrimSpace(strings.Repeat("- ", side)) + "\n")
	for r := range side {
		b.WriteString("-")
		for range side {
			fmt.Fprintf(&b, " r%d", r)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// TestReadContextStops: a reader whose context is done partway returns
// the context's error and no document, however far it got: in the lines,
// in the rows of the grid, or in the lines of JSON Lines.
func TestReadContextStops(t *testing.T) {
	grid := bigGrid(60)
	var jsonl strings.Builder
	for i := range 50 {
		fmt.Fprintf(&jsonl, `{"id":"p%d","width":1,"height":1,"regions":[[0]],"cols":[1],"rows":[1]}`+"\n", i)
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		looks int // how often the reader looks at its context at least
	}{
		{"text", grid, 61 + 2*60}, // each line, and each row twice: its labels, its aquariums
		{"json lines", []byte(jsonl.String()), 50},
	} {
		never := &doneAfter{Context: context.Background(), n: 1 << 30}
		docs, err := ReadContext(never, "in", tc.data)
		require.NoError(t, err, tc.name)
		require.NotEmpty(t, docs, tc.name)
		assert.GreaterOrEqual(t, never.calls, tc.looks, "%s: the reader looks at its context at every line and row", tc.name)
		for _, n := range []int{1, 2, 10, 30, 61, 62, 63, 64, 90, 120} {
			ctx := &doneAfter{Context: context.Background(), n: n}
			docs, err := ReadContext(ctx, "in", tc.data)
			if ctx.calls < n { // finished before the context was done
				continue
			}
			assert.ErrorIs(t, err, context.Canceled, "%s, done at call %d", tc.name, n)
			assert.Empty(t, docs, "%s, done at call %d", tc.name, n)
		}
	}
}

// BenchmarkReadBigGrid reads a 900x900 grid, the input whose reading
// ReadContext makes stoppable; compare with the main branch's Read.
func BenchmarkReadBigGrid(b *testing.B) {
	data := bigGrid(900)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read("big", data); err != nil {
			b.Fatal(err)
		}
	}
}
