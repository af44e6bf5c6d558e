// Command web is the shpack playground: built for GOOS=js GOARCH=wasm, it
// runs the real pipeline (hlsl, driver, emit) in the browser, and
// index.html calls it as the files are edited. Build and open it:
//
//	GOOS=js GOARCH=wasm go build -o web/shpack.wasm ./web
//	cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" web/
//	python3 -m http.server -d web 8080    # any static file server
//
// and open http://127.0.0.1:8080/. TestPlayground drives the page in
// headless Chromium.
//
// This file holds what does not depend on the browser: one run of the
// pipeline on a set of files, tested like any Go code.
package main

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// A File is one tab of the page: a name and its text.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Options are the playground's controls.
type Options struct {
	// Mode is "pack" (shpack FILE: the layout of one signature) or
	// "rewrite" (shpack rewrite: the files rewritten).
	Mode      string `json:"mode"`
	Strategy  string `json:"strategy"`  // a pack strategy name
	Profile   string `json:"profile"`   // pack: vs_3_0, ps_3_0, ...
	MultiDcl  bool   `json:"multiDcl"`  // pack: one declaration per member instead of the portable layout
	Semantics string `json:"semantics"` // "member" (default) or "texcoord"
	// Struct and Entry choose the signature to pack ("": the default).
	Struct string `json:"struct"`
	Entry  string `json:"entry"`
	// Technique packs the shader its first pass compiles for the profile's
	// stage (pack mode).
	Technique string `json:"technique"`
	// VSEntry and PSEntry choose the pair to rewrite ("": the techniques').
	VSEntry string `json:"vsEntry"`
	PSEntry string `json:"psEntry"`
	// All rewrites every pair, not only those that overflow.
	All bool `json:"all"`
	// Defines are -D definitions: NAME or NAME=VALUE.
	Defines []string `json:"defines"`
	// Variants is the text of a variants file (lines NAME: -DFOO ...):
	// every permutation packed as one family.
	Variants string `json:"variants"`
}

// Result is what one run shows.
type Result struct {
	OK bool `json:"ok"`
	// Diagnostics are the errors and warnings, gcc style with carets,
	// each at its file's own name.
	Diagnostics string   `json:"diagnostics"`
	Notes       string   `json:"notes"`
	SVG         string   `json:"svg"`
	Asm         string   `json:"asm"`     // pack
	JSON        string   `json:"json"`    // pack
	Outputs     []Output `json:"outputs"` // rewrite: every input, rewritten
	// Inputs are the files compiled: the tabs no other tab includes.
	Inputs []string `json:"inputs"`
	// Structs, Functions and Techniques are what the inputs hold, for the
	// page's choices.
	Structs    []string `json:"structs"`
	Functions  []string `json:"functions"`
	Techniques []string `json:"techniques"`
}

// An Output is one input rewritten, and its diff against the input.
type Output struct {
	Name string `json:"name"`
	Text string `json:"text"`
	Diff string `json:"diff"`
}

// includeLine finds the files a text includes.
var includeLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"\n]+)[>"]`)

// Run runs the pipeline on files as the command would: the files no
// other file includes are the inputs (the first one alone in pack mode),
// the others are their includes, found by name.
func Run(files []File, opts Options) Result {
	if len(files) == 0 {
		return Result{Diagnostics: "error: no file\n"}
	}
	texts := map[string]string{}
	included := map[string]bool{}
	for _, f := range files {
		texts[f.Name] = f.Text
		for _, m := range includeLine.FindAllStringSubmatch(f.Text, -1) {
			if m[1] != f.Name {
				included[path.Base(m[1])] = true
			}
		}
	}
	var r Result
	var srcs []driver.Source
	for _, f := range files {
		if !included[f.Name] {
			srcs = append(srcs, driver.Source{Name: f.Name, Src: []byte(f.Text)})
			r.Inputs = append(r.Inputs, f.Name)
		}
	}
	if len(srcs) == 0 { // every file includes another: the first is the input
		srcs, r.Inputs = []driver.Source{{Name: files[0].Name, Src: []byte(files[0].Text)}}, []string{files[0].Name}
	}
	printer := ir.DiagPrinter{Source: func(name string) []byte { return []byte(texts[name]) }}
	diag := func(err error) {
		errs := ir.Errors(err)
		if errs == nil {
			r.Diagnostics += "error: " + err.Error() + "\n"
			return
		}
		errs.Sort()
		for _, e := range errs {
			r.Diagnostics += printer.Format(e) + "\n"
		}
	}
	pp := hlsl.PPOptions{
		Defines: opts.Defines,
		ReadFile: func(p string) ([]byte, error) {
			if t, ok := texts[path.Base(p)]; ok {
				return []byte(t), nil
			}
			return nil, fs.ErrNotExist
		},
		AllowMissingIncludes: true,
	}
	st, err := pack.Lookup(opts.Strategy)
	if err != nil {
		diag(err)
		return r
	}
	var vars []driver.Variant
	if strings.TrimSpace(opts.Variants) != "" {
		var err error
		if vars, err = driver.ParseVariants("variants", []byte(opts.Variants)); err != nil {
			diag(err)
			return r
		}
	}
	// The choices: what every input holds.
	for _, s := range srcs {
		o := pp
		u, err := hlsl.ParseFile(s.Name, s.Src, &o)
		if err != nil {
			continue // the run below reports it
		}
		for _, l := range u.List() {
			list := &r.Functions
			if l.Kind == "struct" {
				list = &r.Structs
			}
			if !slices.Contains(*list, l.Name) {
				*list = append(*list, l.Name)
			}
		}
		for _, t := range u.Techniques() {
			if t.Name != "" {
				r.Techniques = append(r.Techniques, t.Name)
			}
		}
	}
	if opts.Mode == "rewrite" {
		r.rewrite(srcs, pp, st, vars, opts, diag)
	} else {
		r.pack(srcs[0], pp, st, vars, opts, diag)
	}
	return r
}

// rewrite is shpack rewrite on the inputs.
func (r *Result) rewrite(srcs []driver.Source, pp hlsl.PPOptions, st pack.Strategy, vars []driver.Variant, opts Options, diag func(error)) {
	ro := driver.RewriteOptions{
		Packing: driver.Packing{Strategy: st, TexcoordNames: opts.Semantics == "texcoord"},
		PP:      pp, All: opts.All, VSEntry: opts.VSEntry, PSEntry: opts.PSEntry, Variants: vars,
	}
	if (ro.VSEntry == "") != (ro.PSEntry == "") {
		diag(errors.New("choose both entry points of the pair (or neither: the techniques' pairs)"))
		return
	}
	res, err := driver.Rewrite(srcs, ro)
	if res != nil {
		for _, w := range res.Warnings {
			diag(ir.ErrorList{w})
		}
	}
	if err != nil {
		diag(err)
		return
	}
	for _, n := range res.Notes {
		r.Notes += n.String() + "\n"
	}
	for i, s := range srcs {
		out := string(res.Outputs[i])
		r.Outputs = append(r.Outputs, Output{Name: s.Name, Text: out, Diff: Diff(string(s.Src), out)})
	}
	if len(res.Panels) > 0 {
		var b bytes.Buffer
		title, sub := emit.MapTitles(res.Panels[0].Layout, srcs[0].Name)
		if err := emit.RegisterMap(&b, title, sub, res.Panels, 2); err != nil {
			diag(err)
			return
		}
		r.SVG = b.String()
	}
	r.OK = true
}

// pack is shpack FILE on the first input: the layout of its signature,
// shown even when it overflows (with why), or of a family of variants.
func (r *Result) pack(src driver.Source, pp hlsl.PPOptions, st pack.Strategy, vars []driver.Variant, opts Options, diag func(error)) {
	f, err := ir.FileFor(opts.Profile, "")
	if err != nil {
		diag(err)
		return
	}
	portable := f.Packs() && !opts.MultiDcl
	res, err := driver.Pack(src, driver.PackOptions{
		Packing: driver.Packing{Strategy: st, Portable: portable, TexcoordNames: opts.Semantics == "texcoord" && portable},
		PP:      pp, File: f, Variants: vars,
		Select: driver.Selector{Struct: opts.Struct, Entry: opts.Entry, Technique: opts.Technique},
	})
	if res != nil {
		for _, w := range res.Warnings {
			diag(ir.ErrorList{w})
		}
	}
	if err != nil {
		diag(err)
		if res == nil || res.Layout == nil {
			return
		}
		// An overflow: the layout it would need, which has no registers
		// to declare in assembly.
	}
	for _, n := range res.Notes {
		r.Notes += n.String() + "\n"
	}
	var svg, asm, js bytes.Buffer
	outs := map[string]*bytes.Buffer{"svg": &svg, "json": &js, "asm": &asm}
	for _, format := range []string{"svg", "json", "asm"} {
		var e error
		switch {
		case len(vars) > 0:
			e = emit.Variants(outs[format], format, src.Name, res.Family, res.Variants)
		case err != nil && format == "asm":
			continue
		default:
			e = emit.Single(outs[format], format, res.Layout, src.Name, src.Name, nil)
		}
		if e != nil {
			diag(e)
			return
		}
	}
	r.SVG, r.Asm, r.JSON, r.OK = svg.String(), asm.String(), js.String(), err == nil
}

// withoutHarness returns a corpus file as a reader of the playground
// should see it: without the lines at its top that tell shpack's tests
// what to do with it ("// shpack: rewrite ...", "// render: ..."), nor the
// empty comment line that followed them.
func withoutHarness(text string) string {
	rest, cut := text, false
	for {
		line, after, _ := strings.Cut(rest, "\n")
		if !strings.HasPrefix(line, "// shpack:") && !strings.HasPrefix(line, "// render:") {
			break
		}
		rest, cut = after, true
	}
	if line, after, _ := strings.Cut(rest, "\n"); cut && strings.TrimSpace(line) == "//" {
		rest = after
	}
	return rest
}

// An Example is a set of files and the options that show it.
type Example struct {
	Title   string  `json:"title"`
	Files   []File  `json:"files"`
	Options Options `json:"options"`
}

// Examples are the corpus examples one click away: an SDK effect that
// overflows, rewritten; a permutation set, rewritten into one source; a
// pair in two files that share a header.
func Examples() []Example {
	file := func(p string) File { return File{Name: path.Base(p), Text: withoutHarness(string(corpus.Example(p)))} }
	base := Options{Strategy: "optimal", Profile: "vs_3_0", Semantics: "member", Mode: "rewrite"}
	lit := base
	lit.VSEntry, lit.PSEntry, lit.Variants = "VS", "PS", string(corpus.Example("variants/lit.variants"))
	two := base
	two.VSEntry, two.PSEntry = "MainVS", "MainPS"
	return []Example{
		{"An SDK effect with too many interpolators", []File{file("rewrite/sdk_effect_out_params.fx")}, base},
		{"Every permutation of an uber shader, one source", []File{file("variants/lit.hlsl")}, lit},
		{"A pair in two files with a shared header", []File{file("rewrite/two_files_vs.hlsl"), file("rewrite/two_files_ps.hlsl"), file("rewrite/two_files_common.fxh")}, two},
	}
}
