package fznkind_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/kinds"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"minimal", "var 1..3: x;\nsolve satisfy;\n", true},
		{"comments first", "% made by hand\n\n  % indented\nvar bool: b :: output_var;\nsolve satisfy;", true},
		{"predicate first", "predicate p(var int: x);\nconstraint p(1);\nsolve satisfy;", true},
		{"solve on one line with others", "var 1..3: x; solve minimize x;", true},
		{"MiniZinc", "include \"globals.mzn\";\nvar 1..3: x;\nsolve satisfy;\n", false},
		{"MiniZinc output", "var 1..3: x;\nsolve satisfy;\noutput [show(x)];\n", false},
		{"no solve", "var 1..3: x;\nconstraint int_le(x, 2);\n", false},
		{"varx is not var", "varx\nsolve satisfy;", false},
		{"empty", "", false},
		{"aquarium", "2 1\n1 1\nAB\nAB\n", false},
		{"json", `{"id": "a", "regions": ["AB"]}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Detect([]byte(tc.text)))
		})
	}
}

// TestDetectTestdata: every model of testdata/fzn's good and check models
// is FlatZinc, and the list of kinds finds it so, before any puzzle.
func TestDetectTestdata(t *testing.T) {
	var paths []string
	for _, dir := range []string{"good", "check", "minizinc"} {
		more, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "fzn", dir, "*.fzn"))
		require.NoError(t, err)
		paths = append(paths, more...)
	}
	require.NotEmpty(t, paths)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.True(t, Detect(data), path)
		k, ok := kinds.Detect(kinds.All(), data)
		if assert.True(t, ok, path) {
			assert.Equal(t, Name, k.Name, path)
		}
	}
}
