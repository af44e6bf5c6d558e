//go:build unix

package outfile

import (
	"io/fs"
	"syscall"
)

// fileID is what makes a file itself (os.SameFile's test, as a key): its
// device and inode.
func fileID(_ string, st fs.FileInfo) (id, bool) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return id{}, false
	}
	return id{uint64(s.Dev), uint64(s.Ino)}, true
}
