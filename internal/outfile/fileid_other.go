//go:build !unix && !windows

package outfile

import "io/fs"

// fileID: no key here; files are compared by os.SameFile.
func fileID(string, fs.FileInfo) (id, bool) { return id{}, false }
