package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

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
}

func (f *frontFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.defines, "D", "define a macro: NAME or NAME=VALUE (repeatable)")
	fs.Var(&f.includes, "I", "add an include directory (repeatable)")
	fs.BoolVar(&f.allowMissing, "allow-missing-includes", false, "warn about include files that cannot be found and go on")
}

// load reads, preprocesses and parses one input file ("-" is standard input).
func (e *env) load(file string, ff *frontFlags) (*hlsl.Unit, error) {
	name := file
	var src []byte
	var err error
	if file == "-" {
		name = stdinName
		src, err = io.ReadAll(io.LimitReader(e.stdin, maxInputBytes+1))
	} else {
		src, err = readLimited(file, maxInputBytes)
	}
	if err != nil {
		return nil, fileError(name, "cannot read: %v", unwrapPathError(err))
	}
	if len(src) > maxInputBytes {
		return nil, fileError(name, "file too large (more than %d bytes)", maxInputBytes)
	}
	return hlsl.ParseFile(name, src, &hlsl.PPOptions{
		Defines: ff.defines, IncludeDirs: ff.includes, AllowMissingIncludes: ff.allowMissing,
	})
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

// readLimited reads at most limit+1 bytes of a file, so a huge input is
// refused without reading it all.
func readLimited(path string, limit int) ([]byte, error) {
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

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// writeOutput writes data to path atomically (a temporary file in the same
// directory, renamed over the target), and leaves the file untouched when it
// already holds exactly data, so timestamps stay put for make.
func writeOutput(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := renameio.WriteFile(path, data, 0o644); err != nil {
		return fileError(filepath.Clean(path), "cannot write: %v", unwrapPathError(err))
	}
	return nil
}
