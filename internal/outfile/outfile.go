// Package outfile owns how shpack writes its outputs: all or nothing
// (every file ready beside its target before any is renamed over it),
// unchanged files left alone (or touched), devices written in place,
// links followed; the comparison of output and input paths; and the
// Make/Ninja dependency files that name what an output was made from.
package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/shpack/shpack/ir"
)

// fileError is a diagnostic about a whole file: "FILE: error: msg", the
// file named as the user gave it (on Windows, cleaning it would turn the
// user's '/' into '\').
func fileError(file, format string, args ...any) error {
	return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf(format, args...)}}
}

// Unwrap strips the operation and paths from a file-system error
// (the message names the file already; temporary names must not leak).
func Unwrap(err error) error {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// A File is one output file and its new contents.
type File struct {
	Path string
	Data []byte
}

// Write writes a set of outputs all or nothing: every changed file is
// first written in full to a temporary file beside its target, and only
// when all of them are ready are they renamed over their targets (atomic
// per file). Before a target is replaced its old contents are kept under
// a second name (a hard link where the file system has them, else a
// copy), so that when a later rename fails (on Windows, a target another
// program holds open) the targets already replaced get their old
// contents back: on error nothing has been replaced. A file that already
// holds exactly its new contents is left untouched, so its timestamp
// stays put for make.
//
// As gcc does, a target that exists and is not a regular file (a device
// such as /dev/null, a FIFO) is written in place and never read or
// replaced; a symbolic link is followed, and the file it names is
// replaced, the link kept. The in-place writes go after every temporary
// file is ready and before the renames, so a failed one (/dev/full) still
// leaves the regular targets untouched.
//
// With touch, an unchanged file gets the current time instead (--touch):
// make compares timestamps and would otherwise run shpack again on every
// build once an input is newer than an output that did not change.
func Write(writes []File, touch bool) error { return write(writes, touch, os.Rename) }

// write is Write with the rename that replaces a target given: os.Rename,
// or in tests one that fails where a test wants it to.
func write(writes []File, touch bool, rename func(from, to string) error) error {
	var ready []*pending
	cleanup := func() {
		for _, p := range ready {
			p.cleanup()
		}
	}
	var direct []File
	for _, w := range writes {
		path, special, err := outputTarget(w.Path)
		if err != nil {
			cleanup()
			return fileError(w.Path, "cannot write: %v", Unwrap(err))
		}
		if special {
			direct = append(direct, File{path, w.Data})
			continue
		}
		if unchanged(path, w.Data) {
			if touch {
				now := time.Now()
				if err := os.Chtimes(path, now, now); err != nil {
					cleanup()
					return fileError(w.Path, "cannot touch: %v", Unwrap(err))
				}
			}
			continue
		}
		dir := filepath.Dir(path)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			cleanup()
			return fileError(w.Path, "cannot write: directory %s does not exist", dir)
		}
		p, err := prepare(w.Path, path, w.Data)
		if err != nil {
			cleanup()
			return fileError(w.Path, "cannot write: %v", Unwrap(err))
		}
		ready = append(ready, p)
	}
	for _, w := range direct {
		if err := writeInPlace(w.Path, w.Data); err != nil {
			cleanup()
			return fileError(w.Path, "cannot write: %v", Unwrap(err))
		}
	}
	for i, p := range ready {
		if err := p.replace(rename); err != nil {
			for j := i - 1; j >= 0; j-- {
				ready[j].restore()
			}
			cleanup()
			return fileError(p.name, "cannot write: %s", describeReplace(p.target, err))
		}
	}
	cleanup()
	return nil
}

// outputTarget resolves where a write to path goes: through symbolic
// links (a dangling one too) to the path they name, and whether that is
// something other than a regular file, to be written in place (special).
func outputTarget(path string) (target string, special bool, err error) {
	p := path
	for range 40 {
		st, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return p, false, nil
		case err != nil:
			return "", false, err
		case st.Mode()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return "", false, err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(p), link)
			}
			p = link
		case st.IsDir():
			return "", false, errors.New("is a directory")
		case st.Mode().IsRegular():
			return p, false, nil
		default:
			return p, true, nil
		}
	}
	return "", false, errors.New("too many levels of symbolic links")
}

// unchanged reports whether the regular file at path holds exactly data;
// it reads the file only when the sizes agree.
func unchanged(path string, data []byte) bool {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() != int64(len(data)) {
		return false
	}
	old, err := readLimited(path, len(data))
	return err == nil && bytes.Equal(old, data)
}

// writeInPlace writes data into an existing file that is not a regular
// one (a device, a FIFO), as a shell's > does, without truncating,
// creating or reading it.
//
// A FIFO is opened without waiting for a reader (openInPlace): with no
// process reading it, the write is an error, not a run that never ends.
func writeInPlace(path string, data []byte) error {
	f, err := openInPlace(path)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Same reports whether two output paths name one file: the same file
// through any link when both exist, else the same absolute path once the
// links of their directories are followed.
func Same(a, b string) bool {
	if sa, err := os.Stat(a); err == nil {
		if sb, err := os.Stat(b); err == nil {
			return os.SameFile(sa, sb)
		}
	}
	return resolved(a) == resolved(b)
}

// resolved is path made absolute, its directory's links followed.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// SameAs returns the input among inputs that path names (the same file,
// through any link), or "".
func SameAs(path string, inputs []string) string {
	out, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return newIndex(inputs).find(path, out)
}

// Depfile writes a Make/Ninja dependency file: one rule per output naming
// every file read to make it (the input and its includes; skip, the name
// standard input goes by, is no file and is left out), then, as gcc -MP does, an empty rule for
// every prerequisite that is not an input named on the command line, so
// that make does not fail once a header is deleted or renamed.
func Depfile(outputs []string, deps [][]string, inputs []string, skip string) ([]byte, error) {
	for i, out := range outputs {
		for _, p := range append([]string{out}, deps[i]...) {
			if strings.ContainsAny(p, "\t\n\r") {
				return nil, fmt.Errorf("cannot write a dependency file: the path %q holds a tab or a line break, which neither Make nor Ninja can read", p)
			}
		}
	}
	var b strings.Builder
	named := map[string]bool{}
	for _, in := range inputs {
		named[filepath.Clean(in)] = true
	}
	var phony []string
	seen := map[string]bool{}
	for i, out := range outputs {
		b.WriteString(depEscape(out))
		b.WriteByte(':')
		for _, d := range deps[i] {
			if d == skip {
				continue
			}
			b.WriteString(" \\\n  ")
			b.WriteString(depEscape(d))
			if c := filepath.Clean(d); !named[c] && !seen[c] {
				seen[c] = true
				phony = append(phony, d)
			}
		}
		b.WriteByte('\n')
	}
	for _, d := range phony {
		b.WriteString("\n" + depEscape(d) + ":\n")
	}
	return []byte(b.String()), nil
}

// depEscape escapes a path for a Make rule: spaces, '#' and ':' with a
// backslash, '$' doubled. GNU Make reads "g\:h.fxh" as the file g:h.fxh
// (unescaped, "out: g:h.fxh" is a static pattern rule it refuses), and
// Ninja's depfile reader takes the same forms. A Windows drive letter's
// colon (C:\Shaders\a.fxh) stays as it is, as gcc and clang write it on
// Windows: Make for Windows and Ninja read it as part of the path, and
// backslashes before letters are no escapes to either.
func depEscape(p string) string {
	vol := filepath.VolumeName(p)
	if len(vol) == 2 && vol[1] == ':' {
		return vol + depEscaper.Replace(p[2:])
	}
	return depEscaper.Replace(p)
}

var depEscaper = strings.NewReplacer(" ", `\ `, "#", `\#`, "$", "$$", ":", `\:`)

// readLimited reads at most limit+1 bytes of a regular file.
func readLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}
