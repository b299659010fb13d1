// Package files holds what the frontends share about writing files: an
// atomic write, for the command line's output files and the caches of
// the layer beneath it, and the wording of a file's error.
package files

import (
	"errors"
	"os"
	"path/filepath"
)

// WriteAtomic writes data to the file path so that a reader, or Make,
// sees either the old file or the whole new one, never a part: it writes a
// temporary file in the same directory, flushes it to disk and renames it
// over path. A new file gets mode 0644; a file that exists keeps its mode,
// and a symbolic link is followed, so that the file it names is replaced.
// A path that names something other than a regular file (a device such as
// /dev/null, a named pipe) is written in place, since a rename would
// replace it. On failure the temporary file is removed.
func WriteAtomic(path string, data []byte) (err error) {
	mode := os.FileMode(0o644)
	if info, statErr := os.Stat(path); statErr == nil {
		if !info.Mode().IsRegular() {
			return os.WriteFile(path, data, 0o644)
		}
		mode = info.Mode().Perm()
		if resolved, linkErr := filepath.EvalSymlinks(path); linkErr == nil {
			path = resolved
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Reason returns the reason of a *os.PathError without the path and the
// operation, which the caller's message names already.
func Reason(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
