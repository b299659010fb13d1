package files

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.WriteFile(real, []byte("old"), 0o640))
	require.NoError(t, os.Symlink("real.txt", link))
	require.NoError(t, WriteAtomic(link, []byte("new")))
	assert.Equal(t, "new", string(must(os.ReadFile(real))), "a link's file is replaced")
	target, err := os.Readlink(link)
	require.NoError(t, err)
	assert.Equal(t, "real.txt", target, "the link stays a link")

	require.NoError(t, WriteAtomic(os.DevNull, []byte("x")), "a device is written in place")
	info, err := os.Stat(os.DevNull)
	require.NoError(t, err)
	assert.False(t, info.Mode().IsRegular(), "and not replaced")

	err = WriteAtomic(dir, []byte("x"))
	assert.Error(t, err, "a directory is not a file")
	var pathErr *os.PathError
	assert.True(t, errors.As(err, &pathErr))
}

func must(data []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return data
}

func TestReason(t *testing.T) {
	_, err := os.ReadFile(filepath.Join(t.TempDir(), "missing"))
	assert.Equal(t, "no such file or directory", Reason(err).Error())
	other := errors.New("other")
	assert.Equal(t, other, Reason(other))
}
