package cli

import (
	"context"
	"fmt"
)

// jugsCompareKind is compare's part for jug puzzles: corpus JSON Lines with
// capacities. It is a placeholder until the jug engines join compare.
func jugsCompareKind() compareKind {
	return compareKind{
		name: "jugs",
		detect: func(data []byte) bool {
			fields, ok := firstJSONObject(data)
			_, has := fields["capacities"]
			return ok && has
		},
		run: func(_ context.Context, c *comparison, in input) int {
			fmt.Fprintf(c.stdio.Err, "%s: compare does not handle jug puzzles yet\n", in.name)
			return ExitUsage
		},
	}
}
