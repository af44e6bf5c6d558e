package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/ir"
)

// What shpack_rewrite does, in Go: export.go reads the C request into a
// request and writes the response into C memory; everything between is
// here, and testable without a C compiler.

// Return codes (shpack.h).
const (
	codeOK         = 0
	codeErrors     = 1
	codeBadRequest = 2
)

// maxLayoutFile bounds a layout file read by --layout=FILE, as the
// command bounds its inputs.
const maxLayoutFile = 16 << 20

// A request is shpack_rewrite's request, read out of C memory.
type request struct {
	source  []byte
	name    string   // "" when source_name is NULL
	defines []string // "NAME" or "NAME=VALUE"
	// open is the request's open callback (nil: none): the file's bytes,
	// or false when it has none; an error when the callback misbehaved
	// (bytes that cannot be read). parent is "" for the main source.
	open             func(system bool, name, parent string) ([]byte, bool, error)
	vsEntry, psEntry string
	options          string
	layout           []byte // the request's layout; nil: none
}

// A response is what shpack_rewrite hands out.
type response struct {
	code        int
	text        []byte // nil unless code is codeOK
	diagnostics []byte
	layout      []byte // nil without --layout-out
}

// badRequest is the response to a request that cannot be run.
func badRequest(format string, args ...any) response {
	return response{code: codeBadRequest, diagnostics: diagnostics(ir.ErrorList{{Msg: fmt.Sprintf(format, args...)}}, nil, nil)}
}

// rewrite runs the request. A panic while the source is worked on is an
// internal error with code 1 (this source made shpack fail: compile it as
// it is); the caller recovers those that come from reading the request.
func (r *request) rewrite() response {
	o, err := parseOptions(r.options)
	if err != nil {
		return badRequest("%v", err)
	}
	name := r.name
	if name == "" {
		name = "<source>"
	}
	vs, ps := r.vsEntry != "", r.psEntry != ""
	layout, layoutName := r.layout, "<layout>"
	switch {
	case r.layout != nil && o.layoutFile != "":
		return badRequest("options: --layout=%s and the request's layout: give one", o.layoutFile)
	case o.layoutOut && r.layout != nil:
		return badRequest("options: --layout-out and the request's layout cannot be used together: a layout applied is the layout planned")
	case r.open != nil && len(o.includeDirs) > 0:
		return badRequest("options: -I %s: include folders are searched when open is NULL; your open callback finds every #include", o.includeDirs[0])
	}
	lay := r.layout != nil || o.layoutFile != ""
	switch {
	case vs && !ps && !lay && !o.layoutOut:
		return badRequest("vs_entry alone rewrites the vertex stage alone: give --layout-out in options to get its layout for the pixel stage (shpack_result_layout), or a layout to apply, or ps_entry too")
	case ps && !vs && o.layoutOut:
		return badRequest("options: --layout-out records a vertex shader's layout; a pixel stage alone applies one (the request's layout)")
	case ps && !vs && !lay:
		return badRequest("ps_entry alone rewrites the pixel stage alone: give the layout of its vertex shader (the request's layout: what shpack_result_layout gave with --layout-out), or vs_entry too")
	case lay && vs == ps:
		return badRequest("a layout applies to one stage rewritten alone: give vs_entry or ps_entry, not both or neither")
	}
	if o.layoutFile != "" {
		data, err := readLimited(o.layoutFile, maxLayoutFile)
		if pe, ok := err.(*fs.PathError); ok {
			err = pe.Err
		}
		if err != nil {
			return response{code: codeErrors, diagnostics: diagnostics(ir.ErrorList{{Pos: ir.Pos{File: o.layoutFile}, Msg: fmt.Sprintf("cannot read the layout file: %v", err)}}, nil, nil)}
		}
		layout, layoutName = data, o.layoutFile
	}
	c := &rewriteCall{
		name: name, src: r.source,
		defines: append(append([]string(nil), r.defines...), o.defines...), includeDirs: o.includeDirs,
		allowMissingIncludes: o.allowMissingIncludes,
		strategy:             o.strategy, mixColor: o.mixColor, texcoord: o.semantics == "texcoord", all: o.all,
		vsEntry: r.vsEntry, psEntry: r.psEntry,
		layout: layout, layoutName: layoutName, layoutOut: o.layoutOut,
	}
	var in *includer
	if r.open != nil {
		in = newIncluder(r.open, name)
		c.include, c.readInclude = in.include, in.read
	}
	return guarded(codeErrors, func() response { return r.finish(c, o, in) })
}

// finish runs the rewrite the request became.
func (r *request) finish(c *rewriteCall, o *options, in *includer) response {
	done, err := callRewrite(c)
	if in != nil && in.fault != nil {
		return badRequest("the open callback: %v", in.fault)
	}
	warnings := done.warnings
	if o.quiet {
		warnings = nil
	}
	var oe *driver.OptionError
	if errors.As(err, &oe) {
		// An option that does not apply: the request's fault.
		return badRequest("%v", oe)
	}
	if err != nil {
		errs := ir.Errors(err)
		if errs == nil {
			errs = ir.ErrorList{{Msg: err.Error()}}
		}
		return response{code: codeErrors, diagnostics: diagnostics(errs, warnings, nil)}
	}
	if done.text == nil {
		done.text = []byte{}
	}
	var notes []ir.Note
	for _, n := range done.notes {
		if !o.quiet && (n.Packed || o.verbose) {
			notes = append(notes, n)
		}
	}
	return response{code: codeOK, text: done.text, layout: done.layout, diagnostics: diagnostics(nil, warnings, notes)}
}

// requestHint renders a hint of the library as a request sets it: the
// pair as the request's fields (vs_entry=NAME), anything else as the
// option of the options string (--all, --layout=FILE).
func requestHint(h ir.Hint) string {
	switch h.Option {
	case ir.OptVSEntry, ir.OptPSEntry:
		return strings.ReplaceAll(string(h.Option), "-", "_") + "=" + h.Value
	}
	if h.Value == "" {
		return "--" + string(h.Option)
	}
	return "--" + string(h.Option) + "=" + h.Value
}

// diagnostics is the shpack.diagnostics/1 document of a run, written as
// shpack --diagnostics-format=json writes it: the warnings, the notes,
// then the errors sorted by position.
func diagnostics(errs, warnings ir.ErrorList, notes []ir.Note) []byte {
	var ds []ir.Diagnostic
	for _, w := range warnings {
		ds = append(ds, w.Diagnostic())
	}
	for _, n := range notes {
		ds = append(ds, n.Diagnostic())
	}
	errs = slices.Clone(errs)
	errs.Sort()
	for _, e := range errs {
		ds = append(ds, e.Diagnostic())
	}
	printer := ir.DiagPrinter{Hint: requestHint}
	for i := range ds {
		ds[i].Msg = printer.Message(ds[i])
		ds[i].Notes = slices.Clone(ds[i].Notes) // the error's own stay as they are
		for k := range ds[i].Notes {
			ds[i].Notes[k].Msg = printer.Message(ds[i].Notes[k].Diagnostic())
		}
	}
	var b bytes.Buffer
	if err := ir.WriteDiagnosticsJSON(&b, ds); err != nil {
		panic(err) // a document of strings and numbers always encodes
	}
	return b.Bytes()
}

// guarded runs f; a panic is an internal error with code.
func guarded(code int, f func() response) (resp response) {
	defer func() {
		if p := recover(); p != nil {
			resp = internalError(p, code)
		}
	}()
	return f()
}

// internalError is the response to a panic: a diagnostic "internal
// error: ..." whose notes are where it happened, with code.
func internalError(p any, code int) response {
	e := &ir.Error{Msg: fmt.Sprintf("internal error: %v (please report it, with the source, at https://github.com/shpack/shpack/issues)", p)}
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for len(e.Notes) < 8 {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			e.Notes = append(e.Notes, ir.Note{Pos: ir.Pos{File: f.File, Line: f.Line}, Msg: "in " + f.Function})
		}
		if !more {
			break
		}
	}
	return response{code: code, diagnostics: diagnostics(ir.ErrorList{e}, nil, nil)}
}

// readLimited reads a file of at most limit bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("larger than %d bytes", limit)
	}
	return data, err
}
