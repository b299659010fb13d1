package jugsfmt

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/jugs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/jugs")

// golden compares got with the golden file name in testdata/jugs, or
// rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(testdataDir, name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), string(got), "differs from %s (go test -update rewrites it)", path)
}

func TestWritePlanGolden(t *testing.T) {
	cases := []struct {
		name string
		p    *jugs.Puzzle
		plan jugs.Plan
	}{
		{"3 and 5, tap, some jug to hold 4",
			&jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4},
			jugs.Plan{jugs.Fill(1), jugs.Pour(1, 0), jugs.Empty(0), jugs.Pour(1, 0), jugs.Fill(1), jugs.Pour(1, 0)}},
		{"two jugs of 6 named by position",
			&jugs.Puzzle{Capacities: []int{6, 6, 1}, Initial: []int{6, 0, 0}, Target: 2},
			jugs.Plan{jugs.Pour(0, 2), jugs.Pour(2, 1), jugs.Pour(0, 2), jugs.Pour(2, 1)}},
		{"wide numbers",
			&jugs.Puzzle{Capacities: []int{9973, 10007}, Initial: []int{0, 0}, Tap: true, Target: 34},
			jugs.Plan{jugs.Fill(1), jugs.Pour(1, 0)}},
		{"start at the goal",
			&jugs.Puzzle{Capacities: []int{5, 2}, Initial: []int{3, 0}, Tap: true, Target: 3},
			jugs.Plan{}},
	}
	var out bytes.Buffer
	for _, c := range cases {
		require.NoError(t, jugs.Check(c.p, c.plan), c.name)
		fmt.Fprintf(&out, "# %s\n", c.name)
		require.NoError(t, WritePlan(&out, c.p, c.plan))
		fmt.Fprintln(&out)
	}
	golden(t, "writeplan.golden", out.Bytes())
}

func TestWritePlanRejectsIllegalStep(t *testing.T) {
	p := &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}}
	err := WritePlan(&bytes.Buffer{}, p, jugs.Plan{jugs.Fill(0)})
	assert.ErrorContains(t, err, "step 1 (fill(0)) is not legal")
}

func TestDescribe(t *testing.T) {
	p := &jugs.Puzzle{Capacities: []int{5, 3}}
	assert.Equal(t, "Fill J5", Describe(p, jugs.Fill(0)))
	assert.Equal(t, "Empty J3", Describe(p, jugs.Empty(1)))
	assert.Equal(t, "Pour J5 into J3", Describe(p, jugs.Pour(0, 1)))
	assert.Equal(t, "Op(0)(0)", Describe(p, jugs.Action{}))
}

func TestCompact(t *testing.T) {
	assert.Equal(t, "fill(1) pour(1,0) empty(0)", Compact(jugs.Plan{jugs.Fill(1), jugs.Pour(1, 0), jugs.Empty(0)}))
	assert.Equal(t, "", Compact(nil))
}

func TestStepJSON(t *testing.T) {
	plan := jugs.Plan{jugs.Fill(0), jugs.Empty(1), jugs.Pour(0, 1)}
	data, err := json.Marshal(StepsOf(plan))
	require.NoError(t, err)
	assert.Equal(t, `[{"op":"fill","jug":0},{"op":"empty","jug":1},{"op":"pour","from":0,"to":1}]`, string(data))

	var back Steps
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, plan, back.Plan())

	one, err := json.Marshal(Step(jugs.Pour(2, 1)))
	require.NoError(t, err)
	assert.Equal(t, `{"op":"pour","from":2,"to":1}`, string(one))

	record := struct {
		Solved, Unsolved Steps
	}{Solved: StepsOf(jugs.Plan{})}
	data, err = json.Marshal(record)
	require.NoError(t, err)
	assert.Equal(t, `{"Solved":[],"Unsolved":null}`, string(data), "an empty plan is [], no plan is null")

	_, err = json.Marshal(Step{})
	assert.Error(t, err, "an action without an op cannot be written")
	_, err = json.Marshal(Steps{Step(jugs.Fill(0)), {}})
	assert.Error(t, err)

	for _, bad := range []string{
		`{"op":"fill"}`,
		`{"op":"fill","jug":0,"to":1}`,
		`{"op":"pour","from":0}`,
		`{"op":"pour","jug":0,"to":1}`,
		`{"op":"spill","jug":0}`,
		`{"op":3}`,
	} {
		var s Step
		assert.Error(t, json.Unmarshal([]byte(bad), &s), bad)
	}
}

// FuzzSteps reads arbitrary JSON as a plan: whatever reads without error
// must write back and read again to the same plan.
func FuzzSteps(f *testing.F) {
	f.Add([]byte(`[{"op":"fill","jug":0},{"op":"empty","jug":1},{"op":"pour","from":0,"to":1}]`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[{"op":"pour","from":-3,"to":99999999999}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var steps Steps
		if json.Unmarshal(data, &steps) != nil {
			return
		}
		out, err := json.Marshal(steps)
		require.NoError(t, err, "steps read from %s", data)
		var again Steps
		require.NoError(t, json.Unmarshal(out, &again), "%s", out)
		assert.Equal(t, steps.Plan(), again.Plan())
	})
}
