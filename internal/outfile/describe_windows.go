package outfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// replaceable says why a regular file cannot be replaced, before
// anything is: Windows refuses to replace a read-only file (a file not
// checked out of Perforce is one), and so does shpack, also where Wine
// would let it.
func replaceable(st fs.FileInfo) error {
	if st.Mode().Perm()&0o200 == 0 {
		return errors.New("it is read-only")
	}
	return nil
}

// Windows' errors for a file another process holds open without
// sharing it, or has locked a range of.
const (
	errorSharingViolation syscall.Errno = 32
	errorLockViolation    syscall.Errno = 33
)

// describeReplace says why target could not be replaced. Windows cannot
// replace a file that another program holds open without sharing its
// deletion (a running build, some editors) or a read-only one: both
// come back as "Access is denied" or a sharing violation, which say
// nothing of the cause by themselves.
func describeReplace(target string, err error) string {
	msg := Unwrap(err).Error()
	switch {
	case errors.Is(err, errorSharingViolation), errors.Is(err, errorLockViolation):
		return "another program has it open (close it, or stop the build that uses it, and run again): " + msg
	case errors.Is(err, syscall.ERROR_ACCESS_DENIED):
		if st, serr := os.Stat(target); serr == nil && st.Mode().Perm()&0o200 == 0 {
			return "it is read-only: " + msg
		}
		return "it may be open in another program (close it, or stop the build that uses it, and run again): " + msg
	}
	return msg
}
