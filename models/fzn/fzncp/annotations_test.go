package fzncp_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

// firstDecisions builds text and returns the model with the plain
// engine's first decisions.
func firstDecisions(t *testing.T, text string, opts fzncp.SolveOptions, depth int) (*fzncp.Model, []cp.Decision) {
	t.Helper()
	cm, err := fzncp.Build(context.Background(), parse(t, text), fzncp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return cm, fzncp.FirstDecisions(cm, opts, depth)
}

// selectionModel's variables make each selection pick a different one.
//
//	a: 1..5 (5 values), first in order
//	b: 3..4 (2 values), the first smallest domain; one constraint
//	c: 0..9 (10 values), the largest domain; three constraints
//	d: {-2, 6} (2 values), the smallest minimum; two constraints; regret 8
//	e: 6..12 (7 values), the largest maximum
const selectionModel = `
var 1..5: a;
var 3..4: b;
var 0..9: c;
var {-2, 6}: d;
var 6..12: e;
constraint int_ne(b, c);
constraint int_le(c, 100);
constraint int_ne(c, d);
constraint int_le(d, 100);
solve :: int_search([a, b, c, d, e], %s, indomain_min, complete) satisfy;
`

func TestVariableSelection(t *testing.T) {
	for sel, want := range map[string]string{
		"input_order":      "a",
		"first_fail":       "b",
		"anti_first_fail":  "c",
		"smallest":         "d",
		"largest":          "e",
		"occurrence":       "c",
		"most_constrained": "d", // b and d have 2 values; d has more constraints
		"max_regret":       "d",
		"dom_w_deg":        "d", // 2 values over 2 constraints beats b's 2 over 1
		"no_such_choice":   "a", // unknown: input order
	} {
		cm, ds := firstDecisions(t, fmt.Sprintf(selectionModel, sel), fzncp.SolveOptions{}, 1)
		if len(ds) != 1 {
			t.Fatalf("%s: no decision", sel)
		}
		if got := cm.Solver().Name(ds[0].Var); got != want {
			t.Errorf("%s: branches on %s first, want %s", sel, got, want)
		}
	}
}

func TestValueOrder(t *testing.T) {
	const model = `var {1, 3, 4, 8}: x;
solve :: int_search([x], input_order, %s, complete) satisfy;
`
	for order, want := range map[string][]int{
		"indomain_min":           {1},
		"indomain":               {1},
		"indomain_max":           {8},
		"indomain_median":        {3},
		"indomain_middle":        {4},
		"indomain_split":         {1, 3, 4},
		"indomain_reverse_split": {8},
		"indomain_interval":      {1},
	} {
		cm, ds := firstDecisions(t, fmt.Sprintf(model, order), fzncp.SolveOptions{}, 1)
		if got := left(cm, ds); !slices.Equal(got, want) {
			t.Errorf("%s: the first branch leaves %v, want %v", order, got, want)
		}
	}
	// indomain_random: a value of the domain, the same for the same seed.
	text := fmt.Sprintf(model, "indomain_random")
	seen := map[int]bool{}
	for seed := range uint64(20) {
		cm, ds := firstDecisions(t, text, fzncp.SolveOptions{Seed: seed}, 1)
		got := left(cm, ds)
		cm2, ds2 := firstDecisions(t, text, fzncp.SolveOptions{Seed: seed}, 1)
		if len(got) != 1 || !slices.Equal(got, left(cm2, ds2)) {
			t.Fatalf("seed %d: %v then %v, want one value, twice the same", seed, got, left(cm2, ds2))
		}
		seen[got[0]] = true
	}
	if len(seen) < 2 {
		t.Errorf("20 seeds all chose %v", seen)
	}
}

// left returns the values the first decision leaves to its variable.
func left(cm *fzncp.Model, ds []cp.Decision) []int {
	if len(ds) == 0 {
		return nil
	}
	var vals []int
	cm.Solver().Try(ds[0], func() { vals = cm.Solver().Values(nil, ds[0].Var) })
	return vals
}

func TestSeqSearch(t *testing.T) {
	const model = `var 1..3: x;
var 1..3: y;
var bool: b;
var 1..3: z;
solve :: seq_search([int_search([y], input_order, indomain_max, complete),
  bool_search([b], input_order, indomain_max, complete),
  int_search([x], input_order, indomain_min, complete)]) satisfy;
`
	cm, ds := firstDecisions(t, model, fzncp.SolveOptions{}, 4)
	var got []string
	for _, d := range ds {
		got = append(got, cm.Solver().Name(d.Var))
	}
	// z, which no annotation names, comes last.
	if want := []string{"y", "b", "x", "z"}; !slices.Equal(got, want) {
		t.Fatalf("decisions on %v, want %v", got, want)
	}
	m := parse(t, model)
	sols, _ := solveAll(t, m, fzncp.SolveOptions{})
	if want := (fzn.Solution{"x": 1, "y": 3, "b": 1, "z": 1}); len(sols) != 1 || !maps(sols[0], want) {
		t.Errorf("first solution %v, want %v", sols, want)
	}
}

// TestFreeSearch: -f ignores the annotations.
func TestFreeSearch(t *testing.T) {
	const model = `var 0..9: big;
var 1..2: small;
constraint int_ne(big, small);
solve :: int_search([big], input_order, indomain_max, complete) satisfy;
`
	cm, ds := firstDecisions(t, model, fzncp.SolveOptions{}, 1)
	if len(ds) != 1 || cm.Solver().Name(ds[0].Var) != "big" || ds[0].Val != 9 {
		t.Fatalf("annotated search decides %v first, want big = 9", ds)
	}
	cm, ds = firstDecisions(t, model, fzncp.SolveOptions{Free: true}, 1)
	if len(ds) != 1 || cm.Solver().Name(ds[0].Var) != "small" {
		t.Fatalf("free search decides %v first, want small (the annotation ignored)", ds)
	}
}

// TestUnknownAnnotations: annotations Build does not know are ignored.
func TestUnknownAnnotations(t *testing.T) {
	m := parse(t, `var 1..3: x :: output_var;
solve :: restart_luby(100) :: float_search([], 0.1, input_order, indomain_split, complete) :: frobnicate(x, "s") satisfy;
`)
	sols, res := solveAll(t, m, fzncp.SolveOptions{All: true})
	if len(sols) != 3 || res.Status != fzn.AllSolutions {
		t.Fatalf("%d solutions, %v; want 3, all", len(sols), res.Status)
	}
}

func maps(a, b fzn.Solution) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestLearningPhases: the learning engine tries first the values the
// annotations' value orders name.
func TestLearningPhases(t *testing.T) {
	const model = `var {1, 3, 4, 8}: x :: output_var;
var 0..9: y :: output_var;
constraint int_ne(x, y);
solve :: int_search([x], input_order, %s, complete) satisfy;
`
	for order, want := range map[string]int64{
		"indomain_min": 1, "indomain_max": 8, "indomain_median": 3, "indomain_middle": 4,
		"indomain_split": 1, "indomain_reverse_split": 8,
	} {
		sols, _ := solveAll(t, parse(t, fmt.Sprintf(model, order)), fzncp.SolveOptions{Engine: fzncp.Learning})
		if len(sols) != 1 || sols[0]["x"] != want {
			t.Errorf("%s: first solution %v, want x = %d", order, sols, want)
		}
	}
}
