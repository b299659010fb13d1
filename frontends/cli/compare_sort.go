package cli

import (
	"context"
	"fmt"
)

// sortCompareKind is compare's part for Water Sort levels: corpus JSON
// Lines with bottles. It is a placeholder until the Water Sort engines join
// compare.
func sortCompareKind() compareKind {
	return compareKind{
		name: "sort",
		detect: func(data []byte) bool {
			fields, ok := firstJSONObject(data)
			_, has := fields["bottles"]
			return ok && has
		},
		run: func(_ context.Context, c *comparison, in input) int {
			fmt.Fprintf(c.stdio.Err, "%s: compare does not handle Water Sort levels yet\n", in.name)
			return ExitUsage
		},
	}
}
