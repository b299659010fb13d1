package backends_test

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// Run every backend with every encoding it takes on one formula, as
// compare does, and count its models over the primary variables.
func ExamplePrepare() {
	f := sat.NewFormula()
	x := f.NewVars(4)
	f.Exactly(2, x...)
	f.AddClause(x[0], x[1])
	for _, name := range backends.Builtin() {
		for _, enc := range sat.Encodings() {
			if !backends.Supports(name, enc) {
				continue
			}
			s, err := backends.Prepare(name, f, enc)
			if err != nil {
				panic(err)
			}
			n, all, err := sat.Count(context.Background(), s, x, 0)
			fmt.Println(name, enc, n, all, err)
		}
	}
	// Output:
	// gini totalizer 5 true <nil>
	// gini sequential 5 true <nil>
	// gini sortnet 5 true <nil>
	// gini bdd 5 true <nil>
	// gini mdd 5 true <nil>
	// gini auto 5 true <nil>
	// gophersat totalizer 5 true <nil>
	// gophersat sequential 5 true <nil>
	// gophersat sortnet 5 true <nil>
	// gophersat bdd 5 true <nil>
	// gophersat mdd 5 true <nil>
	// gophersat auto 5 true <nil>
	// gophersat native 5 true <nil>
}
