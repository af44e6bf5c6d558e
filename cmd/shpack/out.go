package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/outfile"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

// Files in and out, and diagnostics: what every command shares.

// stdinName is how standard input is named in diagnostics.
const stdinName = "<stdin>"

// maxInputBytes is the largest input file read (the preprocessor applies the
// same limit to includes).
const maxInputBytes = 16 << 20

// A fileWrite is one output file and its new contents; deps, when set,
// are the files it was made from (else the run's).
type fileWrite struct {
	path string
	data []byte
	deps []string
}

// A result is what a command made: the text it prints (to -o FILE when
// given), or the files it writes, which a depfile names; side files
// written with them (--svg, --layout-out); the files it read.
type result struct {
	text  []byte
	files []fileWrite
	side  []fileWrite
	deps  []string
}

// finish writes a command's result: every file or none, then the text on
// stdout. An output that is an input, or a file the run read, is a usage
// error, as in gcc.
func (e *env) finish(r result) int {
	if r.files == nil && e.out != "" {
		r.files = []fileWrite{{path: e.out, data: r.text}}
		r.text = nil
	}
	var extra []string // files every output is made from
	for _, f := range []string{e.layoutIn, e.variants, e.vsVariants, e.psVariants} {
		if f != "" {
			extra = append(extra, f)
		}
	}
	deps := append(slices.Clone(r.deps), extra...)
	e.reads = deps
	writes := r.files
	if e.depfile != "" {
		if len(r.files) == 0 {
			return e.usageError("--depfile needs -o FILE or --out-dir=DIR: its targets are the output files")
		}
		outs, all := make([]string, len(r.files)), make([][]string, len(r.files))
		for i, w := range r.files {
			if w.path == "-" {
				return e.usageError("an output goes to standard output (-), which a depfile cannot name")
			}
			outs[i], all[i] = w.path, deps
			if w.deps != nil {
				all[i] = append(slices.Clone(w.deps), extra...)
			}
		}
		d, err := outfile.Depfile(outs, all, e.inputs, stdinName)
		if err != nil {
			return e.report(fileError(e.depfile, "%v", err))
		}
		writes = append(slices.Clone(writes), fileWrite{path: e.depfile, data: d})
	}
	if e.outDir != "" && len(r.files) > 0 {
		if err := os.MkdirAll(e.outDir, 0o755); err != nil {
			return e.report(fileError(e.outDir, "cannot create: %v", outfile.Unwrap(err)))
		}
	}
	if code := e.writeFiles(append(writes, r.side...)); code != exitOK || r.text == nil {
		return code
	}
	return e.print(string(r.text))
}

// print writes text to stdout; a failed write is an error (exit 1).
func (e *env) print(text string) int {
	if _, err := io.WriteString(e.stdout, text); err != nil {
		fmt.Fprintf(e.stderr, "shpack: error: cannot write: %v\n", outfile.Unwrap(err))
		return exitInput
	}
	return exitOK
}

// writeFiles writes outputs all or nothing (outfile.Write); an output
// named "-" goes to standard output, after the files: one at most.
func (e *env) writeFiles(writes []fileWrite) int {
	var stdout []fileWrite
	var files []outfile.File
	for _, w := range writes {
		files = append(files, outfile.File{Path: w.path, Data: w.data})
		if w.path == "-" {
			stdout = append(stdout, w)
			files = files[:len(files)-1]
		}
	}
	if msg := outfile.Clash(files, e.inputs, e.reads); msg != "" {
		return e.usageError("%s", msg)
	}
	if len(stdout) > 1 {
		return e.usageError("%d outputs of this run name standard output (-): one at most", len(stdout))
	}
	if err := outfile.Write(files, e.touch); err != nil {
		return e.report(err)
	}
	if len(stdout) == 1 {
		return e.print(string(stdout[0].data))
	}
	return exitOK
}

// report prints diagnostics (sorted, at most --max-errors) and returns
// exitInput.
func (e *env) report(err error) int {
	// An option that does not apply to the input is the command line's
	// fault: a usage error, the option spelled as its flag.
	var oe *driver.OptionError
	if errors.As(err, &oe) {
		return e.usageError("%s %s", flagHint(ir.Hint{Option: oe.Option}), oe.Msg)
	}
	errs := ir.Errors(err)
	if errs == nil && e.rep.Doc == "" {
		fmt.Fprintf(e.stderr, "shpack: error: %v\n", err)
		return exitInput
	}
	if errs == nil {
		errs = ir.ErrorList{&ir.Error{Msg: err.Error()}}
	}
	e.rep.Report(errs, true)
	return exitInput
}

// fileError is a diagnostic about a whole file: "FILE: error: msg".
func fileError(file, format string, args ...any) error {
	return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf(format, args...)}}
}

// source returns a file's contents for the source lines of diagnostics.
func (e *env) source(file string) []byte {
	if file == stdinName {
		return nil // read once, and not kept
	}
	if b, ok := e.sources[file]; ok {
		return b
	}
	b, err := outfile.ReadInput(file, maxInputBytes)
	if err != nil || len(b) > maxInputBytes {
		b = nil
	}
	if e.sources == nil {
		e.sources = map[string][]byte{}
	}
	e.sources[file] = b
	return b
}

// say prints notes of the run that it prints whatever -v says (what a
// check found, what compare skipped), unless -q.
func (e *env) say(ns ...ir.Note) { e.rep.Notes(ns...) }

// warn prints warnings, unless -q.
func (e *env) warn(ws ...*ir.Error) {
	for _, w := range ws {
		e.rep.Diagnose(w.Diagnostic())
	}
}

// ppOptions are the preprocessor options of the flags, with extra
// definitions (one stage's).
func (e *env) ppOptions(extra ...string) hlsl.PPOptions {
	o := e.pp
	o.Defines = append(slices.Clone(o.Defines), extra...)
	return o
}

// load reads, preprocesses and parses one input file ("-" is standard
// input), printing the preprocessor's warnings.
func (e *env) load(file string, extra ...string) (*hlsl.Unit, error) {
	u, warns, err := e.readUnit(file, extra...)
	e.warn(warns...)
	return u, err
}

// readUnit reads, preprocesses and parses one input file ("-" is standard
// input) and returns the preprocessor's warnings.
func (e *env) readUnit(file string, extra ...string) (*hlsl.Unit, ir.ErrorList, error) {
	src, name, err := e.readInput(file)
	if err != nil {
		return nil, nil, err
	}
	pp := e.ppOptions(extra...)
	u, err := hlsl.ParseFile(name, src, &pp)
	if u == nil {
		return nil, nil, err
	}
	return u, u.PP.Warnings, err
}

// readInput reads one input file ("-" is standard input) and returns its
// contents and its name for diagnostics.
func (e *env) readInput(file string) ([]byte, string, error) {
	name, src, err := file, []byte(nil), error(nil)
	if file == "-" {
		name = stdinName
		src, err = io.ReadAll(io.LimitReader(e.stdin, maxInputBytes+1))
	} else {
		src, err = outfile.ReadInput(file, maxInputBytes)
	}
	if err != nil {
		return nil, name, fileError(name, "cannot read: %v", outfile.Unwrap(err))
	}
	if len(src) > maxInputBytes {
		return nil, name, fileError(name, "file too large (more than %d bytes)", maxInputBytes)
	}
	return src, name, nil
}

// readSources reads the input files.
func (e *env) readSources(files []string) ([]driver.Source, error) {
	var srcs []driver.Source
	for _, f := range files {
		src, name, err := e.readInput(f)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, driver.Source{Name: name, Src: src})
	}
	return srcs, nil
}

// readLayout reads --layout's file, when given.
func (e *env) readLayout() error {
	if e.layoutIn == "" {
		return nil
	}
	data, err := outfile.ReadInput(e.layoutIn, maxInputBytes)
	if err != nil {
		return fileError(e.layoutIn, "cannot read the layout file: %v", outfile.Unwrap(err))
	}
	if len(data) > maxInputBytes {
		return fileError(e.layoutIn, "layout file too large (more than %d bytes)", maxInputBytes)
	}
	e.layoutFile, err = layoutfile.Read(e.layoutIn, data)
	return err
}

// variantInputs reads --variants' file and the input files.
func (e *env) variantInputs(files []string) ([]driver.Variant, []driver.Source, error) {
	vars, err := e.loadVariants(e.variants)
	if err != nil {
		return nil, nil, err
	}
	srcs, err := e.readSources(files)
	return vars, srcs, err
}

// loadVariants reads and parses a variants file.
func (e *env) loadVariants(path string) ([]driver.Variant, error) {
	src, name, err := e.readInput(path)
	if err != nil {
		return nil, err
	}
	vars, err := driver.ParseVariants(name, src)
	for _, v := range vars {
		e.warn(v.Warnings...)
	}
	return vars, err
}

// sides are the files written beside the main output: the register map
// of panels (--svg, titled after source, cols panels side by side) and
// the layout file of the interfaces ifaces makes (--layout-out), each made
// only when its flag asks for it.
func (e *env) sides(source string, cols int, panels []emit.MapPanel, ifaces func() ([]layoutfile.Interface, error)) ([]fileWrite, error) {
	var out []fileWrite
	if e.svg != "" {
		if len(panels) == 0 {
			return nil, fileError(source, "no vertex and pixel shader pair to draw")
		}
		var b bytes.Buffer
		title, sub := emit.MapTitles(panels[0].Layout, relToWorkDir(source))
		if err := emit.RegisterMap(&b, title, sub, panels, cols); err != nil {
			return nil, err
		}
		out = append(out, fileWrite{path: e.svg, data: b.Bytes()})
	}
	if e.layoutOut != "" && ifaces != nil {
		its, err := ifaces()
		if err != nil {
			return nil, err
		}
		out = append(out, fileWrite{path: e.layoutOut, data: layoutfile.Marshal(its)})
	}
	return out, nil
}

// iface is the layout file's interface of a vertex layout and the pixel
// shaders it feeds, for sides.
func iface(vs *ir.Layout, ps ...string) func() ([]layoutfile.Interface, error) {
	return func() ([]layoutfile.Interface, error) {
		it, err := layoutfile.FromLayout(vs, []string{vs.Sig.Name}, ps)
		return []layoutfile.Interface{it}, err
	}
}
