//go:build !windows

package outfile

import "io/fs"

// replaceable says why a regular file cannot be replaced, before
// anything is: on POSIX systems a rename replaces any file in a folder
// the user may write, as it does for every other program.
func replaceable(fs.FileInfo) error { return nil }

// describeReplace says why target could not be replaced.
func describeReplace(target string, err error) string {
	return Unwrap(err).Error()
}
