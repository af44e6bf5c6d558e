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
// output) is no file, and neither is an output that exists and is not a
// regular file (/dev/null, a FIFO, a terminal): it is written in place,
// never replaced, so that two outputs may both go to /dev/null.
//
// Its work is linear in the number of files: each is looked at once
// (stat), and found among the others by its identity (device and inode,
// or a Windows file index) and its resolved path in maps, so that a run
// over a thousand inputs into --out-dir checks a thousand outputs, not a
// million pairs.
func Clash(files []File, inputs, reads []string) string {
	ins, rds := newIndex(inputs), newIndex(reads)
	dirs := map[string]string{}
	// The earlier outputs: those that exist by identity, every one by its
	// resolved path, and those that do not exist by it too (Same: two
	// files that exist are compared as files, else by path).
	byID := map[id]int{}
	var unkeyed []int // outputs that exist, without a key
	stats := make([]fs.FileInfo, len(files))
	byPath, missingByPath := map[string]int{}, map[string]int{}
	for i, w := range files {
		if w.Path == "-" {
			continue
		}
		st, err := os.Stat(w.Path)
		if err == nil && !st.Mode().IsRegular() && !st.IsDir() {
			continue // written in place (InPlace): nothing is replaced
		}
		if err == nil {
			stats[i] = st
			if in := ins.find(w.Path, st); in != "" {
				return w.Path + ": input file is the same as output file"
			}
			if in := rds.find(w.Path, st); in != "" {
				return fmt.Sprintf("%s: an output of this run would overwrite %s, which it reads (an include of its input)", w.Path, in)
			}
		}
		res := resolvedIn(w.Path, dirs)
		j := -1 // the first earlier output that names the same file
		consider := func(k int, found bool) {
			if found && (j < 0 || k < j) {
				j = k
			}
		}
		key, keyed := id{}, false
		if st != nil {
			key, keyed = fileID(w.Path, st)
			if keyed {
				k, found := byID[key]
				consider(k, found)
				for _, k := range unkeyed {
					consider(k, os.SameFile(stats[k], st))
				}
			} else {
				for k := range i {
					consider(k, stats[k] != nil && os.SameFile(stats[k], st))
				}
			}
			k, found := missingByPath[res]
			consider(k, found)
		} else {
			k, found := byPath[res]
			consider(k, found)
		}
		if j >= 0 {
			if o := files[j]; o.Path != w.Path {
				return fmt.Sprintf("%s: two outputs of this run name the same file (%s and %s)", w.Path, o.Path, w.Path)
			}
			return w.Path + ": two outputs of this run name the same file"
		}
		switch {
		case st == nil:
			first(missingByPath, res, i)
		case keyed:
			first(byID, key, i)
		default:
			unkeyed = append(unkeyed, i)
		}
		first(byPath, res, i)
	}
	return ""
}

// first records v under k unless k has a value.
func first[K comparable, V any](m map[K]V, k K, v V) {
	if _, ok := m[k]; !ok {
		m[k] = v
	}
}

// id is a file's identity as a key (fileID).
type id struct{ a, b uint64 }

// An index finds, among files, the first that a path names (the same file,
// through any link): each file looked at once.
type index struct {
	byID map[id]string
	// all are the files that exist, in order, for a path without a key
	// (os.SameFile against each); unkeyed those without one.
	all, unkeyed []named
}

type named struct {
	name string
	st   fs.FileInfo
}

// newIndex looks at each of paths once ("-", standard input, is no file;
// a file that does not exist is none).
func newIndex(paths []string) *index {
	x := &index{byID: map[id]string{}}
	for _, p := range paths {
		if p == "-" {
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		x.all = append(x.all, named{p, st})
		if k, ok := fileID(p, st); ok {
			first(x.byID, k, p)
		} else {
			x.unkeyed = append(x.unkeyed, named{p, st})
		}
	}
	return x
}

// find returns the first of the index's files that path (st: its stat)
// is, or "".
func (x *index) find(path string, st fs.FileInfo) string {
	k, ok := fileID(path, st)
	others := x.all
	if ok {
		if name, found := x.byID[k]; found {
			return name
		}
		others = x.unkeyed
	}
	for _, o := range others {
		if os.SameFile(o.st, st) {
			return o.name
		}
	}
	return ""
}

// resolvedIn is resolved(path), the links of each folder followed once
// (dirs keeps them).
func resolvedIn(path string, dirs map[string]string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	dir := filepath.Dir(abs)
	real, ok := dirs[dir]
	if !ok {
		real = dir
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			real = r
		}
		dirs[dir] = real
	}
	return filepath.Join(real, filepath.Base(abs))
}

// InPlace reports whether an output path names a file that is written in
// place, never replaced (Write): one that exists and is not a regular
// file or a folder (/dev/null, a FIFO, a terminal). Outputs that name it
// do not clobber one another.
func InPlace(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.Mode().IsRegular() && !st.IsDir()
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
