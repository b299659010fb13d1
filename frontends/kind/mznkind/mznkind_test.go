package mznkind_test

import (
	"context"
	"errors"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	. "github.com/waterworks-solver/waterworks/frontends/kind/mznkind"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"include", "include \"globals.mzn\";\nvar 1..3: x;\nsolve satisfy;\n", true},
		{"output only", "var 1..3: x;\nconstraint x > 1;\noutput [show(x)];\n", true},
		{"include after a comment", "% a model\n\n  include \"alldifferent.mzn\"; var 1..3: x;\n", true},
		{"reads like FlatZinc", "int: n = 3;\nvar 1..n: x;\nconstraint x > 1; solve satisfy;\n", false}, // its name (.mzn) tells it
		{"FlatZinc", "var 1..3: x :: output_var;\nsolve satisfy;\n", false},
		{"data", "n = 4;\nweight = [1, 2];\n", false},
		{"include in a comment", "% include \"x.mzn\";\nn = 4;\n", false},
		{"empty", "", false},
		{"aquarium", "2 1\n1 1\nAB\nAB\n", false},
	} {
		assert.Equal(t, tc.want, Detect([]byte(tc.text)), tc.name)
	}
}

func TestIsData(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"d.dzn", "", true},
		{"d.json", `{"n": 4}`, true},
		{"d.dzn", "anything: the name decides", true},
		{"-", "% the data\nn = 4;\n", true},
		{"-", "include \"globals.mzn\";\nsolve satisfy;\n", false},
		{"-", "2 1\n1 1\nAB\nAB\n", false},
		{"puzzles.jsonl", `{"id": "a"}`, false},
		{"model.mzn", "n = 4;\n", true}, // standard input's rule for a name it does not know
	} {
		assert.Equal(t, tc.want, IsData(tc.name, []byte(tc.text)), "%s %q", tc.name, tc.text)
	}
	assert.True(t, IsData("d.dzn", nil), "an unreadable data file is still data")
	assert.False(t, IsData("-", nil))
}

func newCompiler(t *testing.T) *Compiler {
	t.Helper()
	if _, err := exec.LookPath("minizinc"); err != nil {
		t.Skip("minizinc is not installed")
	}
	c, err := NewCompiler()
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// stdin is an input read from standard input.
func stdin(text string) kind.Input { return kind.Input{Name: "-", Data: []byte(text)} }

const tourModel = `include "globals.mzn";
int: n;
array[0..n-1] of var 0..n-1: next;
constraint circuit(next);
solve maximize next[0];
`

// TestCompileLibraries checks that our library keeps circuit native (its
// 0-based form), and that for Gecode a model whose FlatZinc the checker
// could not judge (gecode_circuit) or that Gecode's library does not
// compile goes to the standard library, with the reason, while a model
// Gecode's library compiles into known constraints stays on it.
func TestCompileLibraries(t *testing.T) {
	c := newCompiler(t)
	ctx := context.Background()
	tour := Instance{Model: stdin(tourModel), Data: []kind.Input{stdin("n = 4;\n")}}
	m, err := c.Compile(ctx, tour, Ours)
	require.NoError(t, err)
	assert.True(t, hasConstraint(m, "waterworks_circuit"))

	m, note, err := c.ForGecode(ctx, tour)
	require.NoError(t, err)
	assert.NotEmpty(t, note, "globals.mzn does not compile with Gecode 6.2's library under MiniZinc 2.6")
	assert.False(t, hasConstraint(m, "waterworks_circuit"))
	for _, con := range m.Constraints {
		assert.True(t, fzn.Knows(con.Name, len(con.Args)), con.Name)
	}

	own := Instance{Model: stdin("include \"circuit.mzn\";\narray[1..3] of var 1..3: next;\nconstraint circuit(next);\nsolve satisfy;\n")}
	_, note, err = c.ForGecode(ctx, own)
	require.NoError(t, err)
	assert.Contains(t, note, "gecode_circuit", "Gecode's own circuit, which the checker does not know")

	plain := Instance{Model: stdin("var 1..3: x;\nvar 1..3: y;\nconstraint x < y;\nsolve maximize x;\n")}
	m, note, err = c.ForGecode(ctx, plain)
	require.NoError(t, err)
	assert.Empty(t, note, "Gecode's own library")
	assert.NotNil(t, m)
}

func TestCompileError(t *testing.T) {
	c := newCompiler(t)
	_, err := c.Compile(context.Background(), Instance{Model: stdin("var 1..3: x;\nconstraint x > y;\nsolve satisfy;\n")}, Ours)
	var ce *minizinc.CompileError
	require.True(t, errors.As(err, &ce), "%v", err)
	assert.ErrorIs(t, err, minizinc.ErrCompile)
	assert.Equal(t, "-:2:16: type error: undefined identifier `y'", ce.Message[:len("-:2:16: type error: undefined identifier `y'")])
}

func TestNoMiniZinc(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := NewCompiler()
	assert.ErrorIs(t, err, ErrNoMiniZinc)
	assert.ErrorIs(t, err, minizinc.ErrNotFound)
	assert.NotContains(t, err.Error(), "exec:")
}

func hasConstraint(m *fzn.Model, name string) bool {
	for _, con := range m.Constraints {
		if con.Name == name {
			return true
		}
	}
	return false
}
