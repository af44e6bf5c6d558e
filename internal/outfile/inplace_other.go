//go:build !unix

package outfile

import "os"

// openInPlace opens an output that is not a regular file (a device) for
// writing.
func openInPlace(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY, 0)
}
