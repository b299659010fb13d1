package fzncp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

// parse reads FlatZinc text.
func parse(t testing.TB, text string) *fzn.Model {
	t.Helper()
	m, err := fznfmt.Parse(context.Background(), "test.fzn", strings.NewReader(text))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	return m
}

// solveAll builds m and returns every solution Solve hands out, with the
// result.
func solveAll(t testing.TB, m *fzn.Model, opts fzncp.SolveOptions) ([]fzn.Solution, fzn.Result) {
	t.Helper()
	cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	var sols []fzn.Solution
	res, err := fzncp.Solve(context.Background(), cm, opts, func(s fzn.Solution) { sols = append(sols, s) })
	if err != nil {
		t.Fatalf("solve (%v): %v", opts.Engine, err)
	}
	return sols, res
}
