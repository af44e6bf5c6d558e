package outfile

import (
	"io/fs"
	"syscall"
)

// fileID is what makes a file itself (os.SameFile's test, as a key): its
// volume's serial number and its file index, which only an open handle
// tells, as os.SameFile finds them.
func fileID(path string, _ fs.FileInfo) (id, bool) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return id{}, false
	}
	h, err := syscall.CreateFile(p, 0, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE, nil,
		syscall.OPEN_EXISTING, syscall.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return id{}, false
	}
	defer syscall.CloseHandle(h)
	var d syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(h, &d); err != nil {
		return id{}, false
	}
	return id{uint64(d.VolumeSerialNumber), uint64(d.FileIndexHigh)<<32 | uint64(d.FileIndexLow)}, true
}
