package minizinc_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

// Solve a model with Gecode for at most ten seconds, then have Gecode on
// the standard library confirm the answer. (No Output comment: the
// example needs minizinc and Gecode, so go test compiles it but does not
// run it.)
func ExampleProgram_Solve() {
	ctx := context.Background()
	p, err := minizinc.Find()
	if err != nil {
		log.Fatal(err) // minizinc is not installed: ...
	}
	in := minizinc.Instance{Model: "testdata/pack.mzn"}
	r, err := p.Solve(ctx, minizinc.Request{Instance: in, Solver: "gecode", TimeLimit: 10 * time.Second})
	if err != nil {
		log.Fatal(err)
	}
	if err := r.Err(); err != nil {
		log.Fatal(err)
	}
	best := r.Best()
	fmt.Println(r.Status, *best.Objective, best.Values["take"])

	exe, err := minizinc.FindFznGecode()
	if err != nil {
		log.Fatal(err)
	}
	std, err := minizinc.GecodeStd(exe).WriteFile(os.TempDir())
	if err != nil {
		log.Fatal(err)
	}
	c := minizinc.Checker{Program: p, Solvers: []string{"gecode", std}}
	check, err := c.Confirm(ctx, in, best)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(check.Verdict, check.Reason)
}
