package fzncp_test

import (
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

func TestSmoke(t *testing.T) {
	m := parse(t, `
var 1..3: x :: output_var;
var 1..3: y :: output_var;
var bool: b :: output_var;
constraint int_lt(x, y);
constraint int_le_reif(y, 2, b);
solve satisfy;
`)
	for _, e := range []fzncp.Engine{fzncp.Plain, fzncp.Learning} {
		sols, res := solveAll(t, m, fzncp.SolveOptions{All: true, Engine: e})
		t.Logf("%v: %v %v %v", e, sols, res.Status, res.Stats)
		if len(sols) != 3 {
			t.Errorf("%v: %d solutions, want 3", e, len(sols))
		}
	}
}
