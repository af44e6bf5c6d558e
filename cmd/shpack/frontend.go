package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/outfile"
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

// A fileWrite is one output file and its new contents.
type fileWrite struct {
	path string
	data []byte
}

// writeOutputs writes the outputs all or nothing (outfile.Write).
func writeOutputs(writes []fileWrite, touch bool) error {
	files := make([]outfile.File, len(writes))
	for i, w := range writes {
		files[i] = outfile.File{Path: w.path, Data: w.data}
	}
	return outfile.Write(files, touch)
}
func samePath(a, b string) bool                      { return outfile.Same(a, b) }
func sameFileAs(path string, inputs []string) string { return outfile.SameAs(path, inputs) }
func unwrapPathError(err error) error                { return outfile.Unwrap(err) }
