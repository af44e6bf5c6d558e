// Package scratch owns shpack's temporary folders: made in one place and
// removed whole, also where os.RemoveAll cannot remove them. Go's
// os.RemoveAll on Windows deletes through FileDispositionInformationEx,
// which Wine 8.0 does not implement ("Invalid function"): the Windows
// build's tests run under Wine, and a front end that leaves a folder
// behind at every compile is a leak there.
package scratch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Dir makes a new folder in parent (the system's temporary folder if
// parent is ""), its name pattern as os.MkdirTemp takes it.
func Dir(parent, pattern string) (string, error) { return os.MkdirTemp(parent, pattern) }

// RemoveAll removes path and everything under it, as os.RemoveAll does;
// where that fails, it removes what is left one entry at a time with
// os.Remove (DeleteFile and RemoveDirectory on Windows), deepest first.
// A path that does not exist is no error.
func RemoveAll(path string) error {
	err := os.RemoveAll(path)
	if err == nil {
		return nil
	}
	var entries []string
	werr := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		entries = append(entries, p)
		return nil
	})
	if errors.Is(werr, fs.ErrNotExist) {
		return nil
	}
	if werr != nil {
		return werr
	}
	for i := len(entries) - 1; i >= 0; i-- {
		if rerr := os.Remove(entries[i]); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			return rerr
		}
	}
	return nil
}
