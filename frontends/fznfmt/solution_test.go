package fznfmt

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// arraysSolution solves testdata/fzn/good/arrays.fzn: a = b, q.
var arraysSolution = fzn.Solution{"a": 4, "b": 4, "p": 1, "q": 1}

// TestWriteSolutionGolden prints solutions, status lines and statistics as
// a FlatZinc solver does.
func TestWriteSolutionGolden(t *testing.T) {
	m, err := parseFile(t, filepath.Join(testdata, "good", "arrays.fzn"))
	require.NoError(t, err)
	require.NoError(t, fzn.Check(m, arraysSolution), "the test's solution must be one")
	var b bytes.Buffer
	require.NoError(t, WriteStats(&b, Stat{"nodes", 0}, Stat{"objective", 1e308}))
	require.NoError(t, WriteSolution(&b, m, arraysSolution))
	second := fzn.Solution{"a": -2, "b": -2, "p": 0, "q": 1}
	require.NoError(t, WriteSolution(&b, m, second))
	require.NoError(t, WriteStatus(&b, StatusComplete))
	require.NoError(t, WriteStats(&b,
		Stat{"nodes", int64(12)}, Stat{"failures", uint64(3)}, Stat{"solveTime", 1500 * time.Millisecond},
		Stat{"peakMem", 2.0}, Stat{"method", `say "hi"`}, Stat{"complete", true}))
	golden(t, filepath.Join(testdata, "output", "arrays.golden"), b.Bytes())

	out, err := ReadOutput("arrays.golden", bytes.NewReader(b.Bytes()), m)
	require.NoError(t, err)
	assert.Equal(t, []fzn.Solution{
		{"a": 4, "b": 4, "p": 1}, // q is no output, and ps's second element is a literal
		{"a": -2, "b": -2, "p": 0},
	}, out.Solutions)
	assert.Equal(t, StatusComplete, out.Status)
	require.Len(t, out.Stats, 8)
	assert.Equal(t, Stat{"solveTime", "1.5"}, out.Stats[4])
}

func TestWriteStatus(t *testing.T) {
	for s := StatusNone; s <= StatusError; s++ {
		var b bytes.Buffer
		require.NoError(t, WriteStatus(&b, s))
		if s == StatusNone {
			assert.Empty(t, b.String())
			continue
		}
		assert.Equal(t, s.String()+"\n", b.String())
		out, err := ReadOutput("status", &b, &fzn.Model{})
		require.NoError(t, err)
		assert.Equal(t, s, out.Status)
	}
	assert.Error(t, WriteStatus(&bytes.Buffer{}, StatusError+1))
	assert.Equal(t, "=====UNSATISFIABLE=====", StatusUnsatisfiable.String())
	assert.Equal(t, "==========", StatusComplete.String())
	assert.Equal(t, "=====UNKNOWN=====", StatusUnknown.String())
}

func TestWriteSolutionErrors(t *testing.T) {
	m, err := parseFile(t, filepath.Join(testdata, "good", "arrays.fzn"))
	require.NoError(t, err)
	var b bytes.Buffer
	assert.ErrorContains(t, WriteSolution(&b, m, fzn.Solution{"a": 1}), "no value for the output variable b")
	assert.ErrorContains(t, WriteSolution(&b, m, fzn.Solution{"a": 1, "b": 1, "p": 2}), "the value 2 of p is not a bool")
	assert.Empty(t, b.String(), "nothing is printed after an error")
	assert.ErrorContains(t, WriteStats(&b, Stat{"bad name", 1}), "not an identifier")
	assert.ErrorContains(t, WriteStats(&b, Stat{"x", math.Inf(1)}), "no MiniZinc literal")
	assert.ErrorContains(t, WriteStats(&b, Stat{"x", []int{1}}), "cannot write a value of type []int")
	assert.Empty(t, b.String())
}

// TestReadOutput reads what solvers print, the 2.7 form of arrays
// included, and reports values that do not fit the model.
func TestReadOutput(t *testing.T) {
	m, err := parseFile(t, filepath.Join(testdata, "good", "arrays.fzn"))
	require.NoError(t, err)
	good := "% a comment\n\nxs = [1, 3, 2, 3];\nps = array1d(1..2, [false, true]);\n" +
		"none = [];\ncube = array3d(1..1, 1..2, 1..3, [1, 2, 1, 2, 1, 2]);\n----------\n" +
		"%%%mzn-stat: nodes=5\n%%%mzn-stat-end\n"
	out, err := ReadOutput("good", strings.NewReader(good), m)
	require.NoError(t, err)
	assert.Equal(t, []fzn.Solution{{"a": 1, "b": 2, "p": 0}}, out.Solutions)
	assert.Equal(t, StatusNone, out.Status)
	assert.Equal(t, []Stat{{"nodes", "5"}}, out.Stats)

	bad := []struct{ text, msg string }{
		{"a = 1;\n", "bad:1:1: values without the separator ---------- after them"},
		{"\nzz = 1;\n----------\n", "bad:2:1: \"zz\" is not a variable of the model"},
		{"three = 1;\n----------\n", "bad:1:1: \"three\" is not a variable of the model"},
		{"a = true;\n----------\n", "bad:1:5: want a value of type int for a, found \"true\""},
		{"p = 1;\n----------\n", "bad:1:5: want a value of type bool for p, found \"1\""},
		{"xs = [1, 4, 2, 3];\n----------\n", "bad:1:10: 3 is 3, not 4"},
		{"xs = [1, 3, 2];\n----------\n", "bad:1:14: xs has 4 elements, the output 3"},
		{"xs = [1, 3, 2, 3, 5];\n----------\n", "bad:1:19: xs has 4 elements, the output more"},
		{"ys = [1, 2, 3];\n----------\n", "bad:1:13: a gets two values, 1 and 3"},
		{"----------\na = 1\n----------\n", "bad:3:1: want \";\", found the end of the solution"},
	}
	for _, tc := range bad {
		_, err := ReadOutput("bad", strings.NewReader(tc.text), m)
		assert.EqualError(t, err, tc.msg, "reading %q", tc.text)
	}
}
