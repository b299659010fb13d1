package cli

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// examplesDir holds the worked example of scripting waterworks with Make.
const examplesDir = "../../testdata/examples"

// copyExamples copies the example's Makefile and puzzle folders to dir,
// leaving out results of earlier runs (out/).
func copyExamples(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(examplesDir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(examplesDir, path)
		if err != nil {
			return err
		}
		if e.IsDir() {
			if rel == "out" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	require.NoError(t, err)
}

// TestExampleMakefile runs the example Makefile in a copy, as a user would
// from a clean clone: the puzzles build to checked solutions and pictures,
// a second run has nothing to redo, and the folder of an ambiguous puzzle
// fails the build without leaving its target behind.
func TestExampleMakefile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the waterworks binary; skipped in -short mode")
	}
	makeCmd, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed: the example Makefile cannot run")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: the example Makefile cannot build waterworks")
	}
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	copyExamples(t, dir)
	runMake := func(args ...string) (string, error) {
		cmd := exec.Command(makeCmd, append([]string{"-C", dir, "ROOT=" + root, "GO=" + goCmd}, args...)...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	out, err := runMake()
	require.NoError(t, err, "make:\n%s", out)
	puzzles, err := filepath.Glob(filepath.Join(dir, "puzzles", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, puzzles)
	var solutions []string
	for _, p := range puzzles {
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		for _, ext := range []string{".solution", ".svg", ".png"} {
			info, err := os.Stat(filepath.Join(dir, "out", "puzzles", name+ext))
			require.NoError(t, err, "make must build %s%s", name, ext)
			assert.Positive(t, info.Size(), name+ext)
		}
		solutions = append(solutions, filepath.Join(dir, "out", "puzzles", name+".solution"))
	}
	code, checked, errOut := run(t, "", append([]string{"aquarium", "check"}, solutions...)...)
	assert.Equal(t, ExitOK, code, "the solutions check:\n%s%s", checked, errOut)
	assert.Equal(t, len(solutions), strings.Count(checked, ": ok\n"))

	out, err = runMake()
	require.NoError(t, err, "second make:\n%s", out)
	assert.NotContains(t, out, "aquarium solve", "nothing to solve again:\n%s", out)
	assert.NotContains(t, out, "aquarium render", "nothing to draw again:\n%s", out)

	out, err = runMake("PUZZLES=ambiguous")
	require.Error(t, err, "a puzzle that is not unique must fail the build:\n%s", out)
	assert.Contains(t, out, "not unique")
	_, err = os.Stat(filepath.Join(dir, "out", "ambiguous", "two-ways.solution"))
	assert.ErrorIs(t, err, fs.ErrNotExist, ".DELETE_ON_ERROR removes the failed target")

	out, err = runMake("check-failure")
	require.NoError(t, err, "make check-failure:\n%s", out)
	assert.Contains(t, out, "check-failure: ok")
}
