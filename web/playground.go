// Command web is the shpack playground: built for GOOS=js GOARCH=wasm, it
// runs the real pipeline (hlsl, pack, emit) in the browser, and
// index.html calls it as the source is edited. Build and open it:
//
//	GOOS=js GOARCH=wasm go build -o web/shpack.wasm ./web
//	cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" web/
//	python3 -m http.server -d web 8080    # any static file server
//
// and open http://127.0.0.1:8080/. TestPlayground drives the page in
// headless Chromium.
//
// This file holds what does not depend on the browser: one run of the
// pipeline on a source text, tested like any Go code.
package main

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// inputName is the file name diagnostics give the edited source.
const inputName = "input.hlsl"

// Options are the playground's controls.
type Options struct {
	Strategy string // a pack strategy name
	Profile  string // vs_3_0, ps_3_0, ...
	MultiDcl bool   // one declaration per member instead of the portable layout
}

// Result is what one run shows: the register map, the assembly and the
// JSON of the layout, or the diagnostics (gcc style, with carets).
type Result struct {
	SVG, Asm, JSON string
	Diagnostics    string
	OK             bool
}

// Run packs the default signature of src under opts, as shpack FILE does.
// Includes cannot be read in the browser: they are reported and skipped.
func Run(src string, opts Options) Result {
	printer := ir.DiagPrinter{Source: func(string) []byte { return []byte(src) }}
	fail := func(err error) Result {
		var b strings.Builder
		errs := ir.Errors(err)
		if len(errs) == 0 {
			return Result{Diagnostics: inputName + ": error: " + err.Error() + "\n"}
		}
		for _, e := range errs {
			b.WriteString(printer.Format(e) + "\n")
		}
		return Result{Diagnostics: b.String()}
	}
	st, ok := pack.Lookup(opts.Strategy)
	if !ok {
		return fail(errors.New("unknown strategy " + opts.Strategy))
	}
	f, err := ir.FileFor(opts.Profile, "")
	if err != nil {
		return fail(err)
	}
	u, err := hlsl.ParseFile(inputName, []byte(src), &hlsl.PPOptions{
		ReadFile:             func(string) ([]byte, error) { return nil, fs.ErrNotExist },
		AllowMissingIncludes: true,
	})
	if err != nil {
		return fail(err)
	}
	sig, err := driver.DefaultSignature(u, f, "", "")
	if err != nil {
		return fail(err)
	}
	l, err := pack.ForFile(st, sig, f, ir.Constraints{Portable: f.Packs() && !opts.MultiDcl})
	if err != nil && l == nil {
		return fail(err)
	}
	var r Result
	if err != nil { // an overflow: show the layout it would need, and why
		r = fail(err)
	}
	var asm, js, svg bytes.Buffer
	title, sub := emit.MapTitles(l, inputName)
	if e := emit.RegisterMap(&svg, title, sub, []emit.MapPanel{{Heading: emit.SideHeading(f), Layout: l}}, 0); e != nil {
		return fail(e)
	}
	if e := emit.JSON(&js, l, inputName); e != nil {
		return fail(e)
	}
	if err == nil {
		if e := emit.Asm(&asm, l); e != nil {
			return fail(e)
		}
	}
	r.SVG, r.Asm, r.JSON, r.OK = svg.String(), asm.String(), js.String(), err == nil
	return r
}
