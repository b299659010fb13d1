package minizinc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDznNames(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"", nil},
		{"n = 3;", []string{"n"}},
		{"n=3;m=[1,2]", []string{"n", "m"}},
		{"% x = 1;\nn = 3;\n  m =\n [1,\n 2];", []string{"n", "m"}},
		{"/* x = 1; */ y = 2;", []string{"y"}},
		{`s = "a = b; c = d"; t = 1;`, []string{"s", "t"}},
		{`s = "say \"x = 1;\""; t = 1;`, []string{"s", "t"}},
		{"'quoted name' = 1; _u = 2;", []string{"quoted name", "_u"}},
		{"d = array2d(S, T, [\n0, 0,\n1, 1]);\nk = {1, 3};", []string{"d", "k"}},
		{"a == b;", nil},
		{"x;", nil},
		{"= 3; y = 4;", []string{"y"}},
		{"/* unterminated x = 1;", nil},
		{`s = "unterminated; y = 1;`, []string{"s"}},
		{"'unterminated = 1;", nil},
	} {
		assert.Equal(t, tc.want, dznNames([]byte(tc.text)), "%q", tc.text)
	}
}

func TestAssignedNames(t *testing.T) {
	dir := t.TempDir()
	dzn, js, bad := filepath.Join(dir, "a.dzn"), filepath.Join(dir, "b.json"), filepath.Join(dir, "c.json")
	require.NoError(t, os.WriteFile(dzn, []byte("n = 3; % m = 1;\n"), 0o644))
	require.NoError(t, os.WriteFile(js, []byte(`{"d": [1, 2], "e": {"set": [1]}}`), 0o644))
	require.NoError(t, os.WriteFile(bad, []byte(`[1]`), 0o644))
	got, err := assignedNames([]string{dzn, js})
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{"n": true, "d": true, "e": true}, got)
	_, err = assignedNames([]string{bad})
	assert.ErrorContains(t, err, "c.json")
	_, err = assignedNames([]string{filepath.Join(dir, "none.dzn")})
	assert.Error(t, err)
}

// TestConfirmDataAssignsVariable: when the data assigns a decision
// variable, the output still prints it, and Confirm leaves it to the data
// (minizinc would refuse a second assignment).
func TestConfirmDataAssignsVariable(t *testing.T) {
	p, std := needGecode(t)
	in := Instance{Model: testdata("given.mzn"), Data: []string{testdata("given.dzn")}}
	r, err := p.Solve(t.Context(), Request{Instance: in, Solver: "gecode"})
	require.NoError(t, err)
	require.NoError(t, r.Err())
	s := r.Best()
	require.Contains(t, s.Names, "d", "the output prints the variable the data gives")
	c := Checker{Program: p, Solvers: []string{"gecode", std}}
	check, err := c.Confirm(t.Context(), in, s)
	require.NoError(t, err)
	assert.Equal(t, Confirmed, check.Verdict, check.Reason)
	s.Set("x", Int(ints(t, s.Values["d"])[0]))
	check, err = c.Confirm(t.Context(), in, s)
	require.NoError(t, err)
	assert.Equal(t, Refuted, check.Verdict, check.Reason)
}

// FuzzDznNames: no panic, and every name found is a name: not empty, no
// quote in it.
func FuzzDznNames(f *testing.F) {
	for _, seed := range []string{"n = 3; m = [1, 2];", "% c\n'q' = 1; /* x */ s = \"a;b\";", "d = array2d(1..2, 1..1, [1, 2]);"} {
		f.Add([]byte(seed))
	}
	if data, err := os.ReadFile(testdata("given.dzn")); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		for _, n := range dznNames(text) {
			if n == "" || strings.ContainsRune(n, '\'') {
				t.Fatalf("%q: name %q", text, n)
			}
		}
	})
}
