package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/google/renameio/v2"

	"github.com/shpack/shpack/hlsl"
)

// stdinName is how standard input is named in diagnostics.
const stdinName = "<stdin>"

// maxInputBytes is the largest input file read (the preprocessor applies the
// same limit to includes).
const maxInputBytes = 16 << 20

// frontFlags are the preprocessor flags every command takes.
type frontFlags struct {
	defines      stringList
	includes     stringList
	allowMissing bool
	// cache keeps the headers this run scans for its other inputs (one
	// command is one build step: files do not change under it).
	cache *hlsl.ScanCache
}

func (f *frontFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.defines, "D", "define a macro: NAME or NAME=VALUE (repeatable)")
	fs.Var(&f.includes, "I", "add an include directory (repeatable)")
	fs.BoolVar(&f.allowMissing, "allow-missing-includes", false, "warn about include files that cannot be found and go on")
	f.cache = hlsl.NewScanCache()
}

// ppOptions are the preprocessor options the flags ask for.
func (f *frontFlags) ppOptions() *hlsl.PPOptions {
	return &hlsl.PPOptions{Defines: f.defines, IncludeDirs: f.includes, AllowMissingIncludes: f.allowMissing, Cache: f.cache}
}

// load reads, preprocesses and parses one input file ("-" is standard input).
func (e *env) load(file string, ff *frontFlags) (*hlsl.Unit, error) {
	if file == "-" {
		src, err := io.ReadAll(io.LimitReader(e.stdin, maxInputBytes+1))
		return parseInput(stdinName, src, err, ff)
	}
	return loadFile(file, ff)
}

// loadFile reads, preprocesses and parses the file at path.
func loadFile(path string, ff *frontFlags) (*hlsl.Unit, error) {
	src, err := readLimited(path, maxInputBytes)
	return parseInput(path, src, err, ff)
}

// parseInput preprocesses and parses src, read from name with error err
// (at most maxInputBytes+1 bytes, so that a larger input is refused).
func parseInput(name string, src []byte, err error, ff *frontFlags) (*hlsl.Unit, error) {
	if err != nil {
		return nil, fileError(name, "cannot read: %v", unwrapPathError(err))
	}
	if len(src) > maxInputBytes {
		return nil, fileError(name, "file too large (more than %d bytes)", maxInputBytes)
	}
	return hlsl.ParseFile(name, src, ff.ppOptions())
}

// warnings returns the preprocessor's warnings (missing includes under
// --allow-missing-includes) as lines to print.
func warnings(u *hlsl.Unit) []string {
	var out []string
	for _, w := range u.PP.Warnings {
		out = append(out, w.Error())
	}
	return out
}

// readAllLimited reads at most limit+1 bytes from r.
func readAllLimited(r io.Reader, limit int) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, int64(limit)+1))
}

// readLimited reads at most limit+1 bytes of a file, so a huge input is
// refused without reading it all.
func readLimited(path string, limit int) ([]byte, error) {
	if st, err := os.Stat(path); err == nil {
		if m := st.Mode(); m&fs.ModeSocket != 0 || m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0 {
			return nil, errors.New("not a regular file")
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("is a directory")
	}
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

// unwrapPathError strips the operation and paths from a file-system error
// (the message names the file already; temporary names must not leak).
func unwrapPathError(err error) error {
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

// A fileWrite is one output file and its new contents.
type fileWrite struct {
	path string
	data []byte
}

// writeOutputs writes a set of outputs all or nothing: every changed file is
// first written in full to a temporary file beside its target, and only
// when all of them are ready are they renamed over their targets (atomic
// per file). A file that already holds exactly its new contents is left
// untouched, so its timestamp stays put for make. On error nothing has
// been replaced.
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
func writeOutputs(writes []fileWrite, touch bool) error {
	var pending []*renameio.PendingFile
	cleanup := func() {
		for _, p := range pending {
			p.Cleanup()
		}
	}
	var targets []string
	var direct []fileWrite
	for _, w := range writes {
		path, special, err := outputTarget(w.path)
		if err != nil {
			cleanup()
			return fileError(filepath.Clean(w.path), "cannot write: %v", unwrapPathError(err))
		}
		if special {
			direct = append(direct, fileWrite{path, w.data})
			continue
		}
		if unchanged(path, w.data) {
			if touch {
				now := time.Now()
				if err := os.Chtimes(path, now, now); err != nil {
					cleanup()
					return fileError(filepath.Clean(w.path), "cannot touch: %v", unwrapPathError(err))
				}
			}
			continue
		}
		dir := filepath.Dir(path)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			cleanup()
			return fileError(filepath.Clean(w.path), "cannot write: directory %s does not exist", dir)
		}
		p, err := renameio.NewPendingFile(path, renameio.WithPermissions(0o644), renameio.WithExistingPermissions())
		if err == nil {
			_, err = p.Write(w.data)
			if err != nil {
				p.Cleanup()
			}
		}
		if err != nil {
			cleanup()
			return fileError(filepath.Clean(w.path), "cannot write: %v", unwrapPathError(err))
		}
		pending = append(pending, p)
		targets = append(targets, w.path)
	}
	for _, w := range direct {
		if err := writeInPlace(w.path, w.data); err != nil {
			cleanup()
			return fileError(filepath.Clean(w.path), "cannot write: %v", unwrapPathError(err))
		}
	}
	for i, p := range pending {
		if err := p.CloseAtomicallyReplace(); err != nil {
			for _, rest := range pending[i+1:] {
				rest.Cleanup()
			}
			return fileError(filepath.Clean(targets[i]), "cannot write: %v", unwrapPathError(err))
		}
	}
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
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// samePath reports whether two output paths name one file: the same file
// through any link when both exist, else the same absolute path once the
// links of their directories are followed.
func samePath(a, b string) bool {
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

// sameFileAs returns the input among inputs that path names (the same file,
// through any link), or "".
func sameFileAs(path string, inputs []string) string {
	out, err := os.Stat(path)
	if err != nil {
		return ""
	}
	for _, in := range inputs {
		if in == "-" {
			continue
		}
		if st, err := os.Stat(in); err == nil && os.SameFile(st, out) {
			return in
		}
	}
	return ""
}
