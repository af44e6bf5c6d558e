package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/outfile"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

var packCommand = &command{
	usage:   "[flags] FILE...",
	summary: `pack a signature of FILE ("-" reads stdin); several with --out-dir`,
	about: `shpack packs the vertex-shader outputs of an HLSL struct or entry point into
as few Direct3D 9 registers as the rules allow, and prints the declarations.

Microsoft's compiler gives every semantic a vs_3_0 output register of its own,
so shaders run out of registers ("too many interpolators") long before they run
out of components. shpack packs several semantics into one register, as the
dcl_usage rules allow, in the portable layout: one declaration per register,
named after one of its members (dcl_texcoord0 o1 holding uv0 in .xy and uv1
in .zw), which every runtime reads. Flags may come anywhere on the line.
`,
	after: `Without --struct or --entry, shpack packs the outputs of the vertex shader the
file's techniques compile (the inputs of their pixel shader for a pixel
profile); in a file without techniques it picks the only struct with semantics
that a function returns (if several, the only one of them with a POSITION0
member); if no function returns one, the only struct with a four-component
POSITION0 member, or the only struct with semantics in the file; in a file
without structs, the only function that writes POSITION0 (a pixel shader's
inputs for a pixel profile). Otherwise it lists the candidates and asks. A
pixel shader's SV_Position input is the pixel position (dcl vPos.xy), as fxc
has it.

Exit status: 0 success; 1 errors in the input (each printed as
FILE:LINE:COL: error: message, at most 10 unless --max-errors, sorted;
nothing is written); 2 bad command line.
`,
	flags:   "struct entry profile direction variants pack o out-dir format svg layout-out layout depfile touch front",
	formats: "asm|json|hlsl|svg",
	fmtHelp: `asm: vs_3_0 dcl lines; json: the layout (docs/json.md); hlsl: HLSL that makes fxc produce the packed layout: S_Packed/S_PackedPS structs, S_Pack/S_Unpack functions and S_PACK/S_UNPACK statement macros (F_Pack/F_Unpack for --entry=F with out parameters); svg: the register map, every member's place in a grid of registers and components. --out-dir names outputs .vsh, .psh, .json, .packed.hlsl or .svg`,
	help: map[string]string{
		"variants": "`FILE` pack every #define permutation of FILE's signature as one family (lines NAME: -DFOO -DBAR=2, '#' comments): a semantic has one register, components and declared semantic in every variant that has it, so any variant's pixel shader reads any variant's vertex shader that writes it. Output: a block per variant; --out-dir writes FILE.VARIANT.vsh; JSON gives each variant's layout and what it would need alone",
	},
	run: (*env).runPack,
}

func (e *env) runPack(files []string) int {
	switch {
	case len(files) == 0:
		return e.usageError("no input file")
	case e.svg != "" && len(files) > 1:
		return e.usageError("--svg draws one input's layout: give one file (or --format=svg with --out-dir)")
	case len(files) > 1 && e.outDir == "":
		return e.usageError("%d input files: several inputs need --out-dir=DIR (one output per input)", len(files))
	case e.registers < 0 || e.registers > 32:
		return e.usageError("--registers=%d: the budget must be between 1 and 32", e.registers)
	}
	file, err := ir.FileFor(e.profile, e.direction)
	if err != nil {
		return e.usageError("%v", err)
	}
	if msg := e.resolve(file.Profile.Major == 3, file.Profile.Name); msg != "" {
		return e.usageError("%s", msg)
	}
	switch regs := e.registers; {
	case e.format == "hlsl" && e.multiDcl:
		return e.usageError("--format=hlsl writes the portable layout: HLSL cannot declare a register twice")
	case regs > 0 && !file.Packs():
		return e.usageError("--registers applies to packed register files (vs_3_0 outputs, ps_3_0 inputs), not %s %ss", file.Profile.Name, file.Dir.Word())
	case regs > file.General && e.format != "json" && e.format != "svg":
		return e.usageError("--registers=%d exceeds the %d general registers of %s: assembly would name registers that do not exist; use --format=json", regs, file.General, file.Profile.Name)
	}
	if e.layoutIn != "" || e.layoutOut != "" {
		// A layout file holds the portable interface of one vs_3_0/ps_3_0 pair.
		name := "--layout"
		if e.layoutIn == "" {
			name = "--layout-out"
		}
		switch {
		case !file.Packs():
			return e.usageError("%s applies to vs_3_0 outputs and ps_3_0 inputs, not %s %ss", name, file.Profile.Name, file.Dir.Word())
		case len(files) > 1:
			return e.usageError("%s takes one input file: a layout file holds the interface of one pair", name)
		}
	}
	if err := e.readLayout(); err != nil {
		return e.report(err)
	}
	if e.variants != "" {
		return e.packVariants(files, file)
	}
	outputs := []string{e.out}
	if e.outDir != "" {
		ext := map[string]string{"json": ".json", "hlsl": ".packed.hlsl", "svg": ".svg", "asm": ".vsh"}[e.format]
		if e.format == "asm" && file.Profile.Stage == ir.Pixel {
			ext = ".psh"
		}
		if outputs, err = outfile.DirNames(files, e.outDir, ext); err != nil {
			return e.usageError("%v", err)
		}
	}
	// Every input is packed (in parallel with --out-dir); nothing is
	// written unless all succeed, and diagnostics come in input order.
	type packed struct {
		out   []byte
		deps  []string
		notes []ir.Diagnostic
		err   error
		l     *ir.Layout
	}
	res := parallelMap(files, func(f string) packed {
		var p packed
		p.out, p.deps, p.notes, p.l, p.err = e.packFile(f, file)
		return p
	})
	failed := false
	for _, r := range res {
		e.rep.Diagnose(r.notes...)
		if r.err != nil {
			e.report(r.err)
			failed = true
		}
	}
	if failed {
		return exitInput
	}
	var r result
	l := res[0].l
	if r.side, err = e.sides(l.Sig.Pos.File, 0, []emit.MapPanel{{Heading: emit.SideHeading(l.File), Layout: l}}, iface(l)); err != nil {
		return e.report(err)
	}
	if e.outDir == "" {
		r.text, r.deps = res[0].out, res[0].deps
		return e.finish(r)
	}
	for i, p := range res {
		r.files = append(r.files, fileWrite{outputs[i], p.out, p.deps})
		r.deps = append(r.deps, p.deps...)
	}
	return e.finish(r)
}

// packFile runs the whole pipeline on one file and returns the output
// bytes, the files read (for depfiles) and the warnings and notes to
// print.
func (e *env) packFile(file string, f *ir.RegisterFile) (out []byte, deps []string, notes []ir.Diagnostic, layout *ir.Layout, err error) {
	src, name, err := e.readInput(file)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	res, err := driver.Pack(driver.Source{Name: name, Src: src}, e.packOptions(f))
	if res != nil {
		for _, w := range res.Warnings {
			notes = append(notes, w.Diagnostic())
		}
	}
	if err != nil {
		return nil, nil, notes, nil, err
	}
	for _, n := range res.Notes {
		if n.Packed || e.verbose {
			notes = append(notes, n.Diagnostic())
		}
	}
	var buf bytes.Buffer
	err = emit.Single(&buf, e.format, res.Layout, name, relToWorkDir(name), res.Vars)
	return buf.Bytes(), res.Deps, notes, res.Layout, err
}

// packOptions are Pack's options of the flags, for register file f.
func (e *env) packOptions(f *ir.RegisterFile) driver.PackOptions {
	return driver.PackOptions{
		Packing: e.packing(), PP: e.ppOptions(), File: f,
		Select: driver.Selector{Struct: e.structN, Entry: e.entry}, HLSL: e.format == "hlsl",
	}
}

// packVariants is shpack --variants=FILE FILE.
func (e *env) packVariants(files []string, f *ir.RegisterFile) int {
	switch {
	case len(files) != 1 || e.depfile != "":
		return e.usageError("--variants takes one input file (and no --depfile)")
	case f.Profile.Name != "vs_3_0" || f.Dir != ir.Out:
		return e.usageError("--variants packs vs_3_0 outputs (pixel shaders: shpack link --variants)")
	case e.format == "hlsl":
		return e.usageError("--variants writes asm or json")
	case e.svg != "":
		return e.usageError("--variants draws its register map with --format=svg (a row per variant), not --svg")
	case e.out != "" && e.format != "json" && e.format != "svg":
		return e.usageError("--variants writes one block per variant: use --out-dir=DIR (or -o with --format=json)")
	}
	vars, srcs, err := e.variantInputs(files)
	if err != nil {
		return e.report(err)
	}
	o := e.packOptions(f)
	o.Variants, o.LayoutOut = vars, e.layoutOut != ""
	res, err := driver.Pack(srcs[0], o)
	if res != nil {
		e.warn(res.Warnings...)
	}
	if err != nil {
		return e.report(err)
	}
	return e.writeVariants(srcs[0].Name, res.Family, res.Variants, res.Notes, res.Interfaces)
}

// writeVariants prints or writes the variants' layouts (emit.Variants, or
// emit.VariantFiles into --out-dir), after the notes on what the family
// costs; --layout-out gets the family's vertex layouts, each interface
// naming the variants it covers.
func (e *env) writeVariants(source string, fam emit.Family, vl []emit.VariantLayouts, notes []ir.Note, ifaces []layoutfile.Interface) int {
	e.notes(notes)
	var r result
	r.side, _ = e.sides(source, 0, nil, func() ([]layoutfile.Interface, error) { return ifaces, nil })
	if e.outDir == "" {
		var b bytes.Buffer
		if err := emit.Variants(&b, e.format, source, fam, vl); err != nil {
			return e.report(err)
		}
		r.text = b.Bytes()
		return e.finish(r)
	}
	base := strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
	for _, v := range vl {
		files, err := emit.VariantFiles(e.format, source, fam, v)
		if err != nil {
			return e.report(err)
		}
		for _, f := range files {
			r.files = append(r.files, fileWrite{path: filepath.Join(e.outDir, base+"."+v.Name+f.Suffix), data: f.Data})
		}
	}
	return e.finish(r)
}

// relToWorkDir names an absolute path below the working directory
// relative to it, as the pictures print it (issue 28: subtitles printed
// absolute paths); other names stay as given.
func relToWorkDir(p string) string {
	wd, err := os.Getwd()
	if !filepath.IsAbs(p) || err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
