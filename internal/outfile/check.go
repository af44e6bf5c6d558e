package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Clash says what is wrong with a set of outputs ("" if nothing): an
// output that is one of the inputs named on the command line, or one of
// the other files the run read (its includes), or two outputs that name
// one file; as gcc does, the command refuses the line. "-" (standard
// output) is no file.
func Clash(files []File, inputs, reads []string) string {
	for i, w := range files {
		if w.Path == "-" {
			continue
		}
		if in := SameAs(w.Path, inputs); in != "" {
			return w.Path + ": input file is the same as output file"
		}
		if in := SameAs(w.Path, reads); in != "" {
			return fmt.Sprintf("%s: an output of this run would overwrite %s, which it reads (an include of its input)", w.Path, in)
		}
		for _, o := range files[:i] {
			switch {
			case o.Path == "-" || !Same(o.Path, w.Path):
			case o.Path == w.Path:
				return w.Path + ": two outputs of this run name the same file"
			default:
				return fmt.Sprintf("%s: two outputs of this run name the same file (%s and %s)", w.Path, o.Path, w.Path)
			}
		}
	}
	return ""
}

// DirNames names one output per input in dir: the input's base name, its
// extension replaced by ext unless ext is "". Two inputs with one name, an
// output that is its input, or standard input ("-") are errors.
func DirNames(inputs []string, dir, ext string) ([]string, error) {
	var outs []string
	seen := map[string]string{}
	for _, in := range inputs {
		if in == "-" {
			return nil, fmt.Errorf("--out-dir cannot name an output for standard input")
		}
		base := filepath.Base(in)
		if ext != "" {
			base = strings.TrimSuffix(base, filepath.Ext(base)) + ext
		}
		out := filepath.Join(dir, base)
		if prev, dup := seen[out]; dup {
			return nil, fmt.Errorf("%s and %s would both write %s", prev, in, out)
		}
		if filepath.Clean(out) == filepath.Clean(in) || Same(out, in) {
			return nil, fmt.Errorf("the output for %s would overwrite it; choose another --out-dir", in)
		}
		seen[out] = in
		outs = append(outs, out)
	}
	return outs, nil
}

// Unreadable reports whether a file of mode m is no input at all: a
// socket or a block device. A FIFO or a character device is read, as cat
// reads them.
func Unreadable(m fs.FileMode) bool {
	return m&fs.ModeSocket != 0 || m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0
}

// ReadInput reads at most limit+1 bytes of an input file, so that a huge
// input is refused without reading it all. A FIFO or a character device
// is read as cat would; a block device, a socket or a directory is an
// error.
func ReadInput(path string, limit int) ([]byte, error) {
	if st, err := os.Stat(path); err == nil {
		if Unreadable(st.Mode()) {
			return nil, errors.New("not a regular file")
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errors.New("is a directory")
	}
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}
