package minizinccli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readMSC(t *testing.T, path string) msc {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var c msc
	require.NoError(t, json.Unmarshal(data, &c))
	return c
}

func TestInstallWritesTheConfiguration(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "solvers") // made as needed
	exe := "/opt/waterworks/bin/waterworks"
	path, err := Install(dir, exe)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "waterworks.msc"), path)
	c := readMSC(t, path)
	assert.Equal(t, SolverID, c.ID)
	assert.Equal(t, "waterworks", c.Name)
	assert.Equal(t, []string{exe, "fzn"}, c.Executable)
	assert.True(t, c.SupportsFzn)
	assert.True(t, c.NeedsSolns2Out)
	for _, f := range []string{"-a", "-n", "-f", "-s", "-t", "-r", "-p"} {
		assert.Contains(t, c.StdFlags, f)
	}
	first, err := os.ReadFile(path)
	require.NoError(t, err)

	_, err = Install(dir, exe)
	require.NoError(t, err, "running it again does no harm")
	again, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(first), string(again))

	_, err = Install(dir, "waterworks")
	assert.ErrorContains(t, err, "not absolute")
}

func TestInstallWritesTheLibrary(t *testing.T) {
	saved := solverLibrary
	defer func() { solverLibrary = saved }()
	dir := t.TempDir()
	lib := filepath.Join(dir, libName)
	require.NoError(t, os.MkdirAll(lib, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(lib, "fzn_gone.mzn"), []byte("% from an older install\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(lib, "notes.txt"), []byte("the user's\n"), 0o644))
	solverLibrary = fstest.MapFS{
		"fzn_all_different_int.mzn": {Data: []byte("predicate fzn_all_different_int(array [int] of var int: x);\n")},
		"redefinitions.mzn":         {Data: []byte("% none\n")},
		"sub/ignored.mzn":           {Data: []byte("% not at the root\n")},
	}
	path, err := Install(dir, "/usr/bin/waterworks")
	require.NoError(t, err)
	assert.Equal(t, libName, readMSC(t, path).MznLib, "relative to the configuration")
	entries, err := os.ReadDir(lib)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"fzn_all_different_int.mzn", "notes.txt", "redefinitions.mzn"}, names,
		"the library's files, an older install's .mzn gone, other files left alone")
	data, err := os.ReadFile(filepath.Join(lib, "fzn_all_different_int.mzn"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "predicate fzn_all_different_int"))
}

// TestMinizincFindsTheInstall: with MZN_SOLVER_PATH naming the directory,
// minizinc lists waterworks among its solvers.
func TestMinizincFindsTheInstall(t *testing.T) {
	mzn, err := exec.LookPath("minizinc")
	if err != nil {
		t.Skip("minizinc is not installed")
	}
	exe, err := executable()
	require.NoError(t, err)
	dir := t.TempDir()
	_, err = Install(dir, exe)
	require.NoError(t, err)
	cmd := exec.Command(mzn, "--solvers")
	cmd.Env = append(os.Environ(), "MZN_SOLVER_PATH="+dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "waterworks devel ("+SolverID)
}
